import type { PackingList } from '@bpm/contract/packing-lists';
import type { Db } from '../../db/client';
import { COMPANY } from '../../platform/company';
import type { GeneratedFile } from '../../platform/file-types';
import { safeFileName } from '../../platform/files';
import { pageFooter, pdfDate, renderPdf, type TableCell, th } from '../../platform/pdf';
import { getPackingList } from './service';

/** The packing list: header, then per line its serials and warranty end (shipping date + warranty days). */
export function packingListPdf(pl: PackingList): Promise<Buffer> {
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
  return renderPdf({
    info: { title: `Packing List ${pl.oc_ref || `#${pl.id}`}` },
    defaultStyle: { fontSize: 10 },
    footer: pageFooter(),
    content: [
      ...(pl.show_logo ? [{ text: COMPANY.name, bold: true, fontSize: 12 }] : []),
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
