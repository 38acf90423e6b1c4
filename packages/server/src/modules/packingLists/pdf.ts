import { createRequire } from 'node:module';
import type { PackingList } from '@bpm/contract/packingLists';
import type { TableCell } from 'pdfmake/interfaces';
import type { Db } from '../../db/client';
import type { GeneratedFile } from '../../platform/file-types';
import { safeFileName } from '../../platform/files';
import { getPackingList } from './service';

// pdfmake's package entry is the browser build; the Node printer lives in src/printer.
const PdfPrinter = createRequire(import.meta.url)('pdfmake/src/printer') as typeof import('pdfmake');
const printer = new PdfPrinter({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});
const fmtDate = (sec: number | null) => (sec ? new Date(sec * 1000).toISOString().slice(0, 10) : '-');

/** The packing list: header, then per line its serials and warranty end (shipping date + warranty days). */
export function packingListPdf(pl: PackingList): Promise<Buffer> {
  const body: TableCell[][] = [
    ['Product', 'Qty', 'Box', 'Serial Numbers', 'Warranty End'].map((text) => ({ text, bold: true })),
    ...pl.products.map((l) => [
      l.pl_name,
      String(l.quantity),
      l.pl_box,
      l.pl_serial,
      l.warranty ? fmtDate(l.warranty_end) : '-',
    ]),
  ];
  const doc = printer.createPdfKitDocument({
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    content: [
      ...(pl.show_logo ? [{ text: 'BPM Hardware Inc.', bold: true, fontSize: 12 }] : []),
      { text: `Packing List ${pl.oc_ref || `#${pl.id}`}`, fontSize: 16, bold: true, margin: [0, 4, 0, 8] },
      {
        layout: 'noBorders',
        table: {
          widths: [90, '*'],
          body: [
            ['Customer', pl.customer || pl.dealer_name],
            ['Country', pl.country || '-'],
            ['PO Number', pl.po_number || '-'],
            ['Shipping Date', fmtDate(pl.shipping_date)],
            ['Revision', String(pl.revision)],
          ].map(([k, v]) => [{ text: k!, bold: true }, v!]),
        },
      },
      { text: ' ' },
      { table: { headerRows: 1, widths: ['*', 30, 40, '*', 70], body } },
    ],
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** packing_list/packing_list_pdf through the shared file call. */
export async function packingListPdfFile(db: Db, id: number): Promise<GeneratedFile> {
  const pl = await getPackingList(db, id);
  return {
    data: await packingListPdf(pl),
    mime: 'application/pdf',
    fileName: `packing_list_${safeFileName(pl.oc_ref || String(pl.id))}.pdf`,
  };
}
