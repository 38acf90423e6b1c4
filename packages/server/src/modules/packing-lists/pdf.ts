import type { PackingList } from '@bpm/contract/packing-lists';
import type { Db } from '../../db/client';
import type { DocumentCompany } from '../../platform/company';
import type { GeneratedFile } from '../../platform/file-types';
import { type FileStore, safeFileName } from '../../platform/files';
import {
  companyBlock,
  pageFooter,
  pdfDate,
  renderPdf,
  type TableCell,
  type TDocumentDefinitions,
  th,
} from '../../platform/pdf';
import { companyForDocuments } from '../company/service';
import { getPackingList } from './service';

/**
 * The packing list: header (with Show Logo, the company's logo and name from the stored settings), then per
 * line its serials and warranty end (shipping date + warranty days).
 */
export function packingListPdf(pl: PackingList, company: DocumentCompany): Promise<Buffer> {
  const body: TableCell[][] = [
    ['Product', 'Qty', 'Box', 'Serial Numbers', 'Warranty End'].map((text) => th(text)),
    ...pl.products.map((l) => [
      l.pl_name,
      String(l.quantity),
      l.pl_box,
      l.pl_serial,
      l.warranty ? pdfDate(l.warranty_end, '-') : '-',
    ]),
  ];
  const def: TDocumentDefinitions = {
    info: { title: `Packing List ${pl.oc_ref || `#${pl.id}`}` },
    defaultStyle: { fontSize: 10 },
    footer: pageFooter(),
    content: [
      ...(pl.show_logo ? [companyBlock({ ...company, address: [], contact: '' }, 12)] : []),
      { text: `Packing List ${pl.oc_ref || `#${pl.id}`}`, fontSize: 16, bold: true, margin: [0, 4, 0, 8] },
      {
        layout: 'noBorders',
        table: {
          widths: [90, '*'],
          body: [
            ['Customer', pl.customer || pl.dealer_name],
            ['Country', pl.country || '-'],
            ['PO Number', pl.po_number || '-'],
            ['Shipping Date', pdfDate(pl.shipping_date, '-')],
            ['Revision', String(pl.revision)],
          ].map(([k, v]) => [th(k!), v!]),
        },
      },
      { text: ' ' },
      { table: { headerRows: 1, widths: ['*', 30, 40, '*', 70], body } },
    ],
  };
  return renderPdf(def, company);
}

/** packing_list/packing_list_pdf through the shared file call. */
export async function packingListPdfFile(db: Db, id: number, store: FileStore): Promise<GeneratedFile> {
  const pl = await getPackingList(db, id);
  return {
    data: await packingListPdf(pl, await companyForDocuments(db, store)),
    mime: 'application/pdf',
    fileName: `packing_list_${safeFileName(pl.oc_ref || String(pl.id))}.pdf`,
  };
}
