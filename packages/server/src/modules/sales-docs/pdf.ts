import type { Order } from '@bpm/contract/order-reads';
import { formatMoney } from '@bpm/contract/orders';
import {
  type Content,
  companyHeader,
  num,
  pageFooter,
  pdfDate,
  renderPdf,
  type TableCell,
  th,
} from '../../platform/pdf';

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
    th('#'),
    th('Product'),
    th('Description'),
    th('Qty', true),
    th('Unit price', true),
    ...(showDiscount ? [th('Discount', true)] : []),
    th('Amount', true),
  ];
  const body: TableCell[][] = [
    header,
    ...lines.map((l, i): TableCell[] => [
      String(i + 1),
      l.product_code,
      l.name,
      num(String(l.quantity)),
      num(formatMoney(l.msrp)),
      ...(showDiscount ? [num(`${l.discount}%`)] : []),
      num(formatMoney(l.amount)),
    ]),
  ];
  const widths = showDiscount ? [18, 80, '*', 35, 70, 50, 75] : [18, 90, '*', 35, 75, 80];
  const totals: TableCell[][] = [
    ['Subtotal', num(formatMoney(order.value - order.shipping_cost))],
    ['Shipping cost', num(formatMoney(order.shipping_cost))],
    [th('Total (US$)'), num(formatMoney(order.value), true)],
  ];
  return renderPdf({
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 9 },
    info: { title: `${title} ${ref}` },
    footer: pageFooter(),
    content: [
      companyHeader(
        title,
        [
          `No. ${ref}`,
          `Date: ${pdfDate(order.date)}`,
          order.customer_ref ? `Customer ref: ${order.customer_ref}` : '',
          order.quote_ref ? `Quotation: ${order.quote_ref}` : '',
        ],
        200,
      ),
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
      order.invoice_note ? { stack: [{ text: 'Notes', bold: true }, order.invoice_note] } : '',
    ],
  });
}
