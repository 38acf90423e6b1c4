// Reading one order or quotation, and the money-free view of shipping and production.

import type { Order, OrderDocLine, OrderRow, ShippingOrder } from '@bpm/contract/order-reads';
import { orderTotals } from '@bpm/contract/orders';
import { LINE_MONEY_FIELDS, MONEY_FIELDS } from '@bpm/contract/permissions';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, fromJson, type JsonValue } from '../../db/client';
import { fixedRead } from '../../db/fixed-read';
import { files } from '../../db/schema/platform';
import { products } from '../../db/schema/products';
import { dealers, orders } from '../../db/schema/sales';
import { testChecklists } from '../../db/schema/testing';
import { notFound } from '../../platform/errors';
import { KINDS, type Kind, num } from './kinds';

type DocRow = typeof orders.$inferSelect;

/** The columns a list row needs: a page reads these, not the whole 60-column record. */
export const rowColumns = {
  id: orders.id,
  date: orders.date,
  dealerId: orders.dealerId,
  dealerName: orders.dealerName,
  quoteRef: orders.quoteRef,
  ocRef: orders.ocRef,
  invoice: orders.invoice,
  note: orders.note,
  customerRef: orders.customerRef,
  value: orders.value,
  shippingCost: orders.shippingCost,
  actualShippingCost: orders.actualShippingCost,
  shippingStatus: orders.shippingStatus,
  shippingForToday: orders.shippingForToday,
  shippingDateExpected: orders.shippingDateExpected,
  shippingDate: orders.shippingDate,
  shippingAwb: orders.shippingAwb,
  paymentStatus: orders.paymentStatus,
  paymentDueDate: orders.paymentDueDate,
  paymentDate: orders.paymentDate,
  paymentReceived: orders.paymentReceived,
  outstanding: orders.outstanding,
  outstandingShipped: orders.outstandingShipped,
  requestToDelete: orders.requestToDelete,
  testStatus: orders.testStatus,
  revision: orders.revision,
};
type ListRow = Pick<DocRow, keyof typeof rowColumns>;

export function toRow(d: ListRow, dealerCountry: string): OrderRow {
  return {
    id: d.id,
    date: d.date,
    dealer: d.dealerId,
    dealer_name: d.dealerName,
    dealer_country: dealerCountry,
    quote_ref: d.quoteRef,
    oc_ref: d.ocRef,
    invoice: d.invoice,
    note: d.note,
    customer_ref: d.customerRef,
    value: num(d.value),
    shipping_cost: num(d.shippingCost),
    sales: Math.round((num(d.value) - num(d.shippingCost)) * 100) / 100,
    actual_shipping_cost: num(d.actualShippingCost),
    shipping_status: d.shippingStatus as OrderRow['shipping_status'],
    shipping_for_today: d.shippingForToday,
    shipping_date_expected: d.shippingDateExpected ?? null,
    shipping_date: d.shippingDate ?? null,
    shipping_awb: d.shippingAwb,
    payment_status: d.paymentStatus as OrderRow['payment_status'],
    payment_due_date: d.paymentDueDate ?? null,
    payment_date: d.paymentDate ?? null,
    payment_received: num(d.paymentReceived),
    outstanding: num(d.outstanding),
    outstanding_shipped: num(d.outstandingShipped),
    request_to_delete: d.requestToDelete,
    test_status: d.testStatus,
    revision: d.revision,
  };
}

export type Doc = Order & { order_id?: number | null };

/**
 * The read of one order or quotation: its row, the dealer's country, the files' names and (unless a save kept
 * them) its lines, one statement by id (db/fixed-read.ts).
 */
function docRead(kind: Kind, lines: boolean) {
  return fixedRead(`${kind}_open${lines ? '' : '_row'}`, (db, name) => {
    const { t } = KINDS[kind];
    // The dealer's country and the files' names as subqueries of the one row, not joins: a six-table join cost the
    // planner ~0.6 ms on every order open and twice in every save (docs/performance.md, 'Where the time goes').
    const fileName = (col: AnyPgColumn) =>
      sql<string | null>`(select ${files.fileName} from ${files} where ${files.id} = ${col})`;
    return (
      db
        .select({
          d: t,
          country: sql<string>`(select ${dealers.country} from ${dealers} where ${dealers.id} = ${t.dealerId})`,
          oc_pdf: fileName(t.ocFileId),
          invoice_pdf: fileName(t.invoiceFileId),
          shipping_invoice_pdf: fileName(t.shippingInvoiceFileId),
          shipping_packing_list_pdf: fileName(t.shippingPackingListFileId),
          // The lines in the same statement (one round trip for an order open, and for a save's read of it).
          lines: lines ? linesJson(kind, sql`${t}.${sql.identifier(t.id.name)}`) : sql<null>`null`,
        })
        .from(t)
        // By id alone, the deleted one answered as not found by getDoc: with `deleted = 0` in its condition the
        // planner weighs every partial index whose predicate that implies (43 on the orders: 0.9 → 0.6 ms of
        // planning for the database's most frequent read; docs/performance.md 'Mixed workload' › session 11).
        .where(eq(t.id, sql.placeholder('id')))
        .prepare(name)
    );
  });
}

const docReads = {
  order: { withLines: docRead('order', true), row: docRead('order', false) },
  quotation: { withLines: docRead('quotation', true), row: docRead('quotation', false) },
};

/**
 * One order or quotation as the form reads it. `keptLines`: its lines as read earlier in the same transaction
 * (a save that left them as they were reads back only the document's row).
 */
export async function getDoc(db: Db, kind: Kind, id: number, keptLines?: OrderDocLine[]): Promise<Doc> {
  const { notFound: nf } = KINDS[kind];
  const [r] = await docReads[kind][keptLines ? 'row' : 'withLines'](db).execute({ id });
  if (r?.d.deleted !== 0) throw notFound(nf);
  const d = r.d;
  const productLines = keptLines ?? docLines(kind, r.lines);
  const doc: Doc = {
    ...toRow(d, r.country),
    invoice_note: d.invoiceNote,
    hide_discount: d.hideDiscount,
    sale: d.sale,
    distributor_shipments: d.distributorShipments,
    shipping_weight: d.shippingWeight,
    payment_advance: num(d.paymentAdvance),
    payment_full: num(d.paymentFull),
    billing_country: d.billingCountry,
    billing_company: d.billingCompany,
    billing_address: d.billingAddress,
    billing_vat: d.billingVat,
    billing_email: d.billingEmail,
    billing_phone: d.billingPhone,
    billing_mobile: d.billingMobile,
    shipping_country: d.shippingCountry,
    shipping_company: d.shippingCompany,
    shipping_address: d.shippingAddress,
    shipping_vat: d.shippingVat,
    shipping_email: d.shippingEmail,
    shipping_phone: d.shippingPhone,
    shipping_mobile: d.shippingMobile,
    oc_pdf: r.oc_pdf ?? null,
    invoice_pdf: r.invoice_pdf ?? null,
    shipping_invoice_pdf: r.shipping_invoice_pdf ?? null,
    shipping_packing_list_pdf: r.shipping_packing_list_pdf ?? null,
    quotation_id: kind === 'order' ? (d.linkId ?? null) : null,
    products: productLines,
    version: d.version,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
  if (kind === 'quotation') {
    const { quotation_id: _q, ...rest } = doc;
    return { ...rest, order_id: d.linkId ?? null } as Doc;
  }
  return doc;
}

/** A line as `linesJson` hands it over (numerics as JSON numbers). */
interface LineJson {
  id: number;
  product_id: number;
  name: string;
  quantity: number;
  msrp: number | string;
  discount: number | string;
  bom_cost: number | string;
  is_shipping_cost: number;
  active: number;
  code: string;
  warning: string;
  product_discount: number | string;
  tests: number;
}

/**
 * The lines of the document `docId` (SQL) in their order, as one JSON value. An order's line carries its units
 * under test ('Tests: n (+excess)'): the sum of its product's checklists in the order (counted on the product's
 * first line, `docLines`).
 */
function linesJson(kind: Kind, docId: SQL) {
  const { lines } = KINDS[kind];
  const col = (c: AnyPgColumn) => sql`l.${sql.identifier(c.name)}`;
  const tc = testChecklists;
  const tests =
    kind === 'order'
      ? sql`(select coalesce(sum(c.${sql.identifier(tc.quantity.name)}), 0)::int from ${tc} c
          where c.${sql.identifier(tc.orderId.name)} = ${col(lines.docId)}
            and c.${sql.identifier(tc.productId.name)} = ${col(lines.productId)})`
      : sql`0`;
  return sql<JsonValue<LineJson[]>>`(select coalesce(json_agg(json_build_object(
      'id', ${col(lines.id)}, 'product_id', ${col(lines.productId)}, 'name', ${col(lines.name)},
      'quantity', ${col(lines.quantity)}, 'msrp', ${col(lines.msrp)}, 'discount', ${col(lines.discount)},
      'bom_cost', ${col(lines.bomCost)}, 'is_shipping_cost', ${col(lines.isShippingCost)}, 'active', ${col(lines.active)},
      'code', p.${sql.identifier(products.productCode.name)}, 'warning', p.${sql.identifier(products.warning.name)},
      'product_discount', p.${sql.identifier(products.discount.name)}, 'tests', ${tests})
      order by ${col(lines.position)}, ${col(lines.id)}), '[]'::json)
    from ${lines} l join ${products} p on p.${sql.identifier(products.id.name)} = ${col(lines.productId)}
    where ${col(lines.docId)} = ${docId})`;
}

/** The lines `linesJson` read, as the form shows them. */
function docLines(kind: Kind, raw: JsonValue<LineJson[]> | null): OrderDocLine[] {
  const rows = fromJson(raw, []);
  const counted = new Set<number>();
  return rows.map((l) => {
    const line = { quantity: Number(l.quantity), msrp: num(l.msrp), discount: num(l.discount) };
    const first = !counted.has(l.product_id);
    counted.add(l.product_id);
    return {
      id: l.id,
      product_id: l.product_id,
      product_code: l.code,
      name: l.name,
      ...line,
      amount: orderTotals([line]).value,
      bom_cost: num(l.bom_cost),
      is_shipping_cost: l.is_shipping_cost,
      active: l.active,
      warning: l.warning,
      product_discount: num(l.product_discount),
      ...(kind === 'order' ? { test_count: first ? Number(l.tests) : 0 } : {}),
    };
  });
}

/** What shipping and production see of an order or quotation: no money (the permission module's fields). */
export function withoutMoney(doc: Doc): ShippingOrder {
  const without = <T extends object>(row: T, fields: object) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => !Object.hasOwn(fields, k)));
  return {
    ...without(doc, MONEY_FIELDS),
    // The product's own discount goes with the line's money.
    products: doc.products.map(({ product_discount: _pd, ...line }) => without(line, LINE_MONEY_FIELDS)),
  } as unknown as ShippingOrder;
}
