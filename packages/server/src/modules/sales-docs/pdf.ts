import type { Order } from '@bpm/contract/order-reads';
import { formatMoney } from '@bpm/contract/orders';
import type { DocumentCompany } from '../../platform/company';
import {
  bankBlock,
  type Content,
  companyHeader,
  num,
  pageFooter,
  pdfDate,
  renderPdf,
  type TableCell,
  type TDocumentDefinitions,
  th,
} from '../../platform/pdf';

function block(title: string, lines: string[]): Content {
  return {
    stack: [{ text: title, bold: true, margin: [0, 0, 0, 4] }, ...lines.filter(Boolean).map((l) => ({ text: l }))],
  };
}

/** What the OC and invoice print beside the order: the dealer's payment terms and the company block. */
export interface OrderDocumentExtras {
  /** The dealer's payment terms ('100% 45 days'); '' prints none. */
  paymentTerms: string;
  /** The stored company settings (company/service companyForDocuments). */
  company: DocumentCompany;
}

/** The terms block: payment terms, the payment's due date and the expected ship date, each when set. */
function termsLines(order: Order, paymentTerms: string): string[] {
  const due = typeof order.payment_due_date === 'number' ? order.payment_due_date : null;
  const ship = typeof order.shipping_date_expected === 'number' ? order.shipping_date_expected : null;
  return [
    paymentTerms && paymentTerms !== 'None' ? `Payment terms: ${paymentTerms}` : '',
    due ? `Payment due: ${pdfDate(due)}` : '',
    ship ? `Expected ship date: ${pdfDate(ship)}` : '',
  ].filter(Boolean);
}

/**
 * The order confirmation or invoice of an order, as PDF bytes: the company (logo, address, contact), the
 * bill-to and ship-to blocks, the lines and totals, the payment terms and expected ship date, the
 * company's bank details and the OC/Invoice note (issue 24 item 3).
 */
export function orderDocument(order: Order, which: 'oc' | 'invoice', extras: OrderDocumentExtras): Promise<Buffer> {
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
  const terms = termsLines(order, extras.paymentTerms);
  const def: TDocumentDefinitions = {
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
        extras.company,
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
      {
        columns: [terms.length ? block('Terms', terms) : { text: '' }, bankBlock(extras.company) || { text: '' }],
        columnGap: 20,
        margin: [0, 0, 0, 12],
      },
      order.invoice_note.trim()
        ? { stack: [{ text: 'OC/Invoice Note', bold: true, margin: [0, 0, 0, 4] }, order.invoice_note] }
        : '',
    ],
  };
  return renderPdf(def, extras.company);
}
