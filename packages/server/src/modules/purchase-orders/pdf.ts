import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { formatAmount, formatPrice, linesTotal } from '@bpm/contract/purchase-orders';
import type { DocumentCompany } from '../../platform/company';
import {
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
  /** The stored company settings (company/service companyForDocuments). */
  company?: DocumentCompany,
): Promise<Buffer> {
  const cur = po.currency;
  // Amounts in the PO currency from its exact prices (not back from USD).
  const body: TableCell[][] = [
    [
      th('#'),
      th('Part number'),
      th('Description'),
      th('Qty', true),
      th('Unit'),
      th(`Unit price (${cur})`, true),
      th(`Amount (${cur})`, true),
    ],
    ...po.parts.map((l, i): TableCell[] => [
      String(i + 1),
      l.manuf_part_number,
      l.remarks ? { stack: [l.part_name, { text: l.remarks, italics: true, fontSize: 8 }] } : l.part_name,
      num(String(l.quantity)),
      l.unit,
      num(formatPrice(l.price_UI)),
      num(formatAmount(linesTotal([{ price: l.price_UI, quantity: l.quantity }]))),
    ]),
  ];
  const def: TDocumentDefinitions = {
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { fontSize: 9 },
    info: { title: `Purchase Order ${po.po_number}` },
    footer: pageFooter(),
    content: [
      companyHeader(
        'Purchase Order',
        [
          `No. ${po.po_number}`,
          `Date: ${pdfDate(po.po_date)}`,
          `Due date: ${pdfDate(po.due_date)}`,
          po.terms ? `Terms: ${po.terms}` : '',
          po.price_quote ? `Price quote: ${po.price_quote}` : '',
        ],
        220,
        company,
      ),
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
              body: [[th(`Total (${cur})`), num(formatAmount(po.currency_amount), true)]],
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
  return renderPdf(def, company);
}
