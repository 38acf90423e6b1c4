import { createRequire } from 'node:module';
import type { Order } from '@bpm/contract/orderReads';
import { formatMoney } from '@bpm/contract/orders';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { COMPANY } from '../../platform/company';

// pdfmake's package entry is the browser build; the Node printer lives in src/printer.
const PdfPrinter = createRequire(import.meta.url)('pdfmake/src/printer') as typeof import('pdfmake');

/** The standard 14 PDF fonts: nothing to ship or embed. */
const printer = new PdfPrinter({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});

const fmtDate = (sec: number | null) => (sec ? new Date(sec * 1000).toISOString().slice(0, 10) : '');

function block(title: string, lines: string[]): Content {
  return {
    stack: [{ text: title, bold: true, margin: [0, 0, 0, 4] }, ...lines.filter(Boolean).map((l) => ({ text: l }))],
  };
}

/** The order confirmation or invoice of an order, as PDF bytes. */
export function orderDocument(order: Order, which: 'oc' | 'invoice'): Promise<Buffer> {
  const title = which === 'oc' ? 'Order Confirmation' : 'Invoice';
  const ref = which === 'oc' ? order.oc_ref : order.invoice;
  const showDiscount = !order.hide_discount;
  const lines = order.products.filter((l) => l.active);
  const header: TableCell[] = [
    { text: '#', bold: true },
    { text: 'Product', bold: true },
    { text: 'Description', bold: true },
    { text: 'Qty', bold: true, alignment: 'right' },
    { text: 'Unit price', bold: true, alignment: 'right' },
    ...(showDiscount ? [{ text: 'Discount', bold: true, alignment: 'right' } as TableCell] : []),
    { text: 'Amount', bold: true, alignment: 'right' },
  ];
  const body: TableCell[][] = [
    header,
    ...lines.map((l, i): TableCell[] => [
      String(i + 1),
      l.product_code,
      l.name,
      { text: String(l.quantity), alignment: 'right' },
      { text: formatMoney(l.msrp), alignment: 'right' },
      ...(showDiscount ? [{ text: `${l.discount}%`, alignment: 'right' } as TableCell] : []),
      { text: formatMoney(l.amount), alignment: 'right' },
    ]),
  ];
  const widths = showDiscount ? [18, 80, '*', 35, 70, 50, 75] : [18, 90, '*', 35, 75, 80];
  const totals: TableCell[][] = [
    ['Subtotal', { text: formatMoney(order.value - order.shipping_cost), alignment: 'right' }],
    ['Shipping cost', { text: formatMoney(order.shipping_cost), alignment: 'right' }],
    [
      { text: 'Total (US$)', bold: true },
      { text: formatMoney(order.value), bold: true, alignment: 'right' },
    ],
  ];
  const def: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    info: { title: `${title} ${ref}`, author: COMPANY.name },
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, margin: [0, 20, 0, 0] }),
    content: [
      {
        columns: [
          { stack: [{ text: COMPANY.name, fontSize: 16, bold: true }, ...COMPANY.address, COMPANY.contact] },
          {
            width: 200,
            stack: [
              { text: title, fontSize: 16, bold: true, alignment: 'right' },
              { text: `No. ${ref}`, alignment: 'right' },
              { text: `Date: ${fmtDate(order.date)}`, alignment: 'right' },
              order.customer_ref ? { text: `Customer ref: ${order.customer_ref}`, alignment: 'right' } : '',
              order.quote_ref ? { text: `Quotation: ${order.quote_ref}`, alignment: 'right' } : '',
            ],
          },
        ],
        margin: [0, 0, 0, 20],
      },
      {
        columns: [
          block('Bill to', [
            order.billing_company || order.dealer_name,
            order.billing_address,
            order.billing_country,
            order.billing_vat ? `VAT: ${order.billing_vat}` : '',
            order.billing_email,
            order.billing_phone,
            order.billing_mobile,
          ]),
          block('Ship to', [
            order.shipping_company || order.dealer_name,
            order.shipping_address,
            order.shipping_country,
            order.shipping_vat ? `VAT: ${order.shipping_vat}` : '',
            order.shipping_email,
            order.shipping_phone,
            order.shipping_mobile,
          ]),
        ],
        columnGap: 20,
        margin: [0, 0, 0, 16],
      },
      { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines' },
      {
        columns: [{ text: '' }, { width: 200, table: { widths: ['*', 90], body: totals }, layout: 'noBorders' }],
        margin: [0, 12, 0, 12],
      },
      order.invoice_note ? { stack: [{ text: 'Notes', bold: true }, { text: order.invoice_note }] } : '',
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
