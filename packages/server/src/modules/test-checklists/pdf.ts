import { TC_MSG, type TestChecklist, type TestStep } from '@bpm/contract/test-checklists';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { type Db, queryRows } from '../../db/client';
import { orders } from '../../db/schema/sales';
import type { DocumentCompany } from '../../platform/company';
import { notFound } from '../../platform/errors';
import type { GeneratedFile } from '../../platform/file-types';
import { safeFileName } from '../../platform/files';
import {
  type Content,
  pageFooter,
  pdfDate,
  renderPdf,
  type TableCell,
  type TDocumentDefinitions,
  th,
} from '../../platform/pdf';
import { companyForDocuments } from '../company/service';
import { getChecklist, selectChecklists } from './core';
import { listSteps } from './steps';

/** Steps × serials with results; the header names tester, QC, dates, revision and status. */
export function checklistPdf(
  c: TestChecklist,
  steps: TestStep[],
  ocRef: string | null,
  company: DocumentCompany,
): Promise<Buffer> {
  const serials = c.serials;
  const header: TableCell[] = [th('SI'), th('Test Step'), ...serials.map((s) => th(s))];
  const body: TableCell[][] = [
    header,
    ...steps.map((s) => [
      String(s.si_number),
      s.test_desc,
      ...serials.map((_, i) => s.results.find((r) => r.itemId === i + 1)?.test_result ?? ''),
    ]),
  ];
  const info: Array<[string, string]> = [
    ['Product', `${c.product_code} ${c.product_desc}`],
    ...(ocRef !== null ? ([['OC Ref', ocRef || '-']] as Array<[string, string]>) : []),
    ['Revision', c.rev || 'No Revision'],
    ['Quantity', String(c.quantity)],
    ['Status', c.status],
    ['Test By', c.test_by_name || '-'],
    ['Test Date', pdfDate(c.test_date, '-')],
    ['QC By', c.qa_by_name || '-'],
    ['QC Date', pdfDate(c.qa_date, '-')],
  ];
  const content: Content[] = [
    { text: company.name, bold: true, fontSize: 9 },
    { text: `Test Checklist #${c.id}`, fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
    { table: { widths: [90, '*'], body: info.map(([k, v]) => [th(k), v]) }, layout: 'noBorders' },
    { text: ' ' },
    serials.length
      ? {
          table: { headerRows: 1, widths: [24, '*', ...serials.map(() => 'auto' as const)], body },
          fontSize: serials.length > 8 ? 6 : 9,
        }
      : { text: TC_MSG.assignSerials, italics: true },
  ];
  const def: TDocumentDefinitions = {
    pageOrientation: serials.length > 4 ? 'landscape' : 'portrait',
    info: { title: `Test Checklist #${c.id}` },
    defaultStyle: { fontSize: 10 },
    footer: pageFooter(),
    content,
  };
  return renderPdf(def, company);
}

async function ocRefOf(db: Db, orderId: number | null) {
  if (orderId == null) return null;
  const [o] = await queryRows<{ oc_ref: string }>(db, sql`select oc_ref from ${orders} where id = ${orderId}`);
  return o?.oc_ref ?? '';
}

/** test_checklist/test_checklist_pdf: one order checklist as PDF. */
export async function checklistPdfFile(db: Db, id: number): Promise<GeneratedFile> {
  const c = await getChecklist(db, 'order', id);
  const data = await checklistPdf(
    c,
    await listSteps(db, 'order', id),
    await ocRefOf(db, c.order_id),
    await companyForDocuments(db),
  );
  return { data, mime: 'application/pdf', fileName: `test_checklist_${c.id}_${safeFileName(c.product_code)}.pdf` };
}

/** test_checklist/test_checklist_order_zip: every checklist of an order, one PDF each. */
export async function orderZipFile(db: Db, orderId: number): Promise<GeneratedFile> {
  const ocRef = await ocRefOf(db, orderId);
  const list = await selectChecklists(db, sql`c.order_id = ${orderId}`);
  if (ocRef === null || !list.length) throw notFound(TC_MSG.orderNotFound);
  const entries: Record<string, Uint8Array> = {};
  const company = await companyForDocuments(db);
  for (const c of list)
    entries[`test_checklist_${c.id}_${safeFileName(c.product_code)}.pdf`] = await checklistPdf(
      c,
      await listSteps(db, 'order', c.id),
      ocRef,
      company,
    );
  const name = safeFileName(ocRef || `order_${orderId}`);
  return { data: zipSync(entries, { level: 6 }), mime: 'application/zip', fileName: `test_checklists_${name}.zip` };
}
