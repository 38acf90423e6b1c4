import { createRequire } from 'node:module';
import type { PurchaseOrder } from '@bpm/contract/purchaseOrderReads';
import { formatAmount, formatPrice, toDisplay } from '@bpm/contract/purchaseOrders';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { COMPANY } from '../../platform/company';

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

const fmtDate = (sec: number | null) => (sec ? new Date(sec * 1000).toISOString().slice(0, 10) : '');

function signer(title: string, name: string, position: string, sig: string | null): Content {
  return {
    stack: [
      { text: title, bold: true, margin: [0, 0, 0, 4] },
      sig ? { image: sig, fit: [140, 50] } : { text: ' ', margin: [0, 0, 0, 40] },
      { text: name || '—', margin: [0, 4, 0, 0] },
      { text: position, italics: true },
    ],
  };
}

/** The PO PDF: company header, supplier block, lines and totals in the PO currency, signatures. */
export function purchaseOrderPdf(
  po: PurchaseOrder,
  signatures: { prepared: string | null; approved: string | null },
): Promise<Buffer> {
  const cur = po.currency;
  const shown = (usd: number) => formatAmount(toDisplay(usd, po.currency_rate));
  const body: TableCell[][] = [
    [
      { text: '#', bold: true },
      { text: 'Part number', bold: true },
      { text: 'Description', bold: true },
      { text: 'Qty', bold: true, alignment: 'right' },
      { text: 'Unit', bold: true },
      { text: `Unit price (${cur})`, bold: true, alignment: 'right' },
      { text: `Amount (${cur})`, bold: true, alignment: 'right' },
    ],
    ...po.parts.map((l, i): TableCell[] => [
      String(i + 1),
      l.manuf_part_number,
      l.remarks ? { stack: [l.part_name, { text: l.remarks, italics: true, fontSize: 8 }] } : l.part_name,
      { text: String(l.quantity), alignment: 'right' },
      l.unit,
      { text: formatPrice(l.price_UI), alignment: 'right' },
      { text: shown(l.price * l.quantity), alignment: 'right' },
    ]),
  ];
  const def: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    info: { title: `Purchase Order ${po.po_number}`, author: COMPANY.name },
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, margin: [0, 20, 0, 0] }),
    content: [
      {
        columns: [
          { stack: [{ text: COMPANY.name, fontSize: 16, bold: true }, ...COMPANY.address, COMPANY.contact] },
          {
            width: 220,
            stack: [
              { text: 'Purchase Order', fontSize: 16, bold: true, alignment: 'right' },
              { text: `No. ${po.po_number}`, alignment: 'right' },
              { text: `Date: ${fmtDate(po.po_date)}`, alignment: 'right' },
              { text: `Due date: ${fmtDate(po.due_date)}`, alignment: 'right' },
              po.terms ? { text: `Terms: ${po.terms}`, alignment: 'right' } : '',
              po.price_quote ? { text: `Price quote: ${po.price_quote}`, alignment: 'right' } : '',
            ],
          },
        ],
        margin: [0, 0, 0, 20],
      },
      {
        columns: [
          {
            stack: [
              { text: 'Supplier', bold: true, margin: [0, 0, 0, 4] },
              po.supplier_name,
              po.supplier_contact_person ? `Attn: ${po.supplier_contact_person}` : '',
              po.supplier_address,
              po.supplier_2303 ? `TIN: ${po.supplier_2303}` : '',
              po.supplier_email,
              po.supplier_phone,
            ].filter(Boolean) as Content[],
          },
          { stack: [{ text: 'Ship to', bold: true, margin: [0, 0, 0, 4] }, po.ship_to] },
        ],
        columnGap: 20,
        margin: [0, 0, 0, 12],
      },
      {
        columns: [
          { text: [{ text: 'Requisitioner: ', bold: true }, po.requisitioner] },
          { text: [{ text: 'Department: ', bold: true }, po.department] },
        ],
        margin: [0, 0, 0, 4],
      },
      { text: [{ text: 'Purpose: ', bold: true }, po.purpose], margin: [0, 0, 0, 12] },
      { table: { headerRows: 1, widths: [18, 80, '*', 40, 30, 70, 75], body }, layout: 'lightHorizontalLines' },
      {
        columns: [
          { text: '' },
          {
            width: 220,
            table: {
              widths: ['*', 100],
              body: [
                [
                  { text: `Total (${cur})`, bold: true },
                  { text: shown(po.amount), bold: true, alignment: 'right' },
                ],
              ],
            },
            layout: 'noBorders',
          },
        ],
        margin: [0, 12, 0, 24],
      },
      {
        columns: [
          signer('Prepared by', po.prepared_by_name, po.prepared_by_position, signatures.prepared),
          signer('Approved by', po.approved_by_name, po.approved_by_position, signatures.approved),
        ],
        columnGap: 40,
      },
    ],
  };
  return new Promise((resolve, reject) => {
    const doc = printer.createPdfKitDocument(def);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
