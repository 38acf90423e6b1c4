import { idParam } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import {
  applyShippingRules,
  type DeleteRequestRow,
  defaultLineDiscount,
  formatMoney,
  localMidnight,
  ORDER_FILE_FIELDS,
  type Order,
  type OrderFileField,
  type OrderLine,
  type OrderLineInput,
  type OrderListQuery,
  type OrderOption,
  type OrderRow,
  type OrderSave,
  type OrderSummary,
  type OrderTimeRow,
  orderTotals,
  type ProductionOrderSave,
  type ProductOption,
  parseStatusFilter,
  refFromFileName,
  SHIPPING_STATUSES,
  type ShippingOrder,
  type ShippingOrderRow,
  type ShippingOrderSave,
} from '@bpm/contract/orders';
import { productSave } from '@bpm/contract/products';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { files } from '../../db/schema/platform';
import { products } from '../../db/schema/products';
import { dealers, orderLines, orderRollup, orders, quotationLines, quotations } from '../../db/schema/sales';
import { AppError, invalid, invalidState, notFound } from '../../platform/errors';
import { type Actor, checkVersion, diff, recordEvent } from '../../platform/events';
import { likePattern } from '../../platform/paging';
import { monthRollup, rebuildMonthRollup } from '../dashboard/rollup';
import { saveProduct } from '../products/service';

// ---------------------------------------------------------------------------------------------
// Orders and quotations share columns (db/schema/sales.ts); one core serves both kinds.

export type Kind = 'order' | 'quotation';
type DocTable = typeof orders;
type LineTable = typeof orderLines;

interface KindInfo {
  t: DocTable;
  lines: LineTable;
  entity: Kind;
  notFound: string;
}
const KINDS: Record<Kind, KindInfo> = {
  order: { t: orders, lines: orderLines, entity: 'order', notFound: MSG.orderNotFound },
  // Same TypeScript keys and column types; only the SQL names of the tables and link columns differ.
  quotation: {
    t: quotations as unknown as DocTable,
    lines: quotationLines as unknown as LineTable,
    entity: 'quotation',
    notFound: MSG.quotationNotFound,
  },
};

/** An uploaded file, checked and stored by the route inside the save transaction. */
export type StoreFile = (tx: Db, field: OrderFileField) => Promise<{ id: number; fileName: string } | undefined>;

const num = (v: string | number | null | undefined) => Number(v ?? 0);
const str = (n: number | undefined | null) => String(n ?? 0);

// ---------------------------------------------------------------------------------------------
// Reading

const fOc = alias(files, 'f_oc');
const fInv = alias(files, 'f_inv');
const fShipInv = alias(files, 'f_ship_inv');
const fPack = alias(files, 'f_pack');

type DocRow = typeof orders.$inferSelect;

/** The columns a list row needs: a page reads these, not the whole 60-column record. */
const rowColumns = {
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

function toRow(d: ListRow, dealerCountry: string): OrderRow {
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

export async function getDoc(db: Db, kind: Kind, id: number): Promise<Doc> {
  const { t, lines, notFound: nf } = KINDS[kind];
  const [r] = await db
    .select({
      d: t,
      country: dealers.country,
      oc_pdf: fOc.fileName,
      invoice_pdf: fInv.fileName,
      shipping_invoice_pdf: fShipInv.fileName,
      shipping_packing_list_pdf: fPack.fileName,
    })
    .from(t)
    .innerJoin(dealers, eq(dealers.id, t.dealerId))
    .leftJoin(fOc, eq(fOc.id, t.ocFileId))
    .leftJoin(fInv, eq(fInv.id, t.invoiceFileId))
    .leftJoin(fShipInv, eq(fShipInv.id, t.shippingInvoiceFileId))
    .leftJoin(fPack, eq(fPack.id, t.shippingPackingListFileId))
    .where(and(eq(t.id, id), eq(t.deleted, 0)));
  if (!r) throw notFound(nf);
  const d = r.d;
  const lineRows = await db
    .select({ l: lines, code: products.productCode, warning: products.warning })
    .from(lines)
    .innerJoin(products, eq(products.id, lines.productId))
    .where(eq(lines.docId, id))
    .orderBy(asc(lines.position), asc(lines.id));
  const productLines: OrderLine[] = lineRows.map(({ l, code, warning }) => {
    const line = { quantity: l.quantity, msrp: num(l.msrp), discount: num(l.discount) };
    return {
      id: l.id,
      product_id: l.productId,
      product_code: code,
      name: l.name,
      ...line,
      amount: orderTotals([line]).value,
      bom_cost: num(l.bomCost),
      is_shipping_cost: l.isShippingCost,
      active: l.active,
      warning,
    };
  });
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

const MONEY_FIELDS = [
  'value',
  'sales',
  'payment_status',
  'payment_due_date',
  'payment_date',
  'payment_advance',
  'payment_full',
  'payment_received',
  'outstanding',
  'outstanding_shipped',
] as const;

/** What shipping and production see of an order or quotation: no money. */
export function withoutMoney(doc: Doc): ShippingOrder {
  const out: Record<string, unknown> = { ...doc };
  for (const f of MONEY_FIELDS) delete out[f];
  out.products = doc.products.map(({ msrp: _m, discount: _d, amount: _a, bom_cost: _b, ...l }) => l);
  return out as unknown as ShippingOrder;
}

// ---------------------------------------------------------------------------------------------
// Lists

const STATUS_ALL = SHIPPING_STATUSES.length;

interface ListFilter {
  conds: SQL[];
  /** Only dealer, status and payment filters (or none): the rollup answers total and summary. */
  rollup: { dealer: number; statuses?: string[]; payment?: string } | null;
}

function listConditions(t: DocTable, q: OrderListQuery, nowSec: number, opts: { payment: boolean }): ListFilter {
  const conds: SQL[] = [];
  let other = false;
  let statuses: string[] | undefined;
  if (q.search) {
    other = true;
    conds.push(
      sql`lower(${t.ocRef} || ' ' || ${t.invoice} || ' ' || ${t.note} || ' ' || ${t.shippingAwb}) like ${likePattern(q.search)}`,
    );
  }
  if (q.dealer > 0) conds.push(eq(t.dealerId, q.dealer));
  if (q.start !== undefined) {
    other = true;
    conds.push(sql`${t.date} >= ${q.start}`);
  }
  if (q.end !== undefined) {
    other = true;
    conds.push(sql`${t.date} <= ${q.end}`);
  }
  if (q.shipping_status !== undefined) {
    const parsed = parseStatusFilter(q.shipping_status);
    if (parsed.length === 0) {
      statuses = [];
      conds.push(sql`false`);
    } else if (parsed.length < STATUS_ALL) {
      statuses = parsed;
      conds.push(inArray(t.shippingStatus, parsed));
    }
  }
  if (q.shipping_for_today) {
    other = true;
    conds.push(sql`${t.shippingForToday} = 1`);
  }
  if (q.expected_before_today) {
    other = true;
    const midnight = q.today_start ?? localMidnight(nowSec, q.tz_offset ?? 0);
    conds.push(sql`${t.shippingDateExpected} < ${midnight}`);
  }
  const payment = opts.payment && q.payment_status !== 'all' ? q.payment_status : undefined;
  if (payment) conds.push(eq(t.paymentStatus, payment));
  return { conds, rollup: other ? null : { dealer: q.dealer, statuses, payment } };
}

function listOrder(t: DocTable, q: { sort?: string; order?: 'asc' | 'desc'; search: string }): SQL {
  const asc = q.order === 'asc';
  // Plain asc/desc matches the (column, id) sort indexes; the date index is DESC NULLS LAST.
  const dir = asc ? sql`asc` : sql`desc`;
  const sorts: Record<string, SQL> = {
    id: sql`${t.id}`,
    oc_ref: sql`${t.ocRef}`,
    invoice: sql`${t.invoice}`,
    quote_ref: sql`${t.quoteRef}`,
    note: sql`${t.note}`,
    dealer_name: sql`${t.dealerName}`,
    value: sql`${t.value}`,
    shipping_cost: sql`${t.shippingCost}`,
    sales: sql`(${t.value} - ${t.shippingCost})`,
    payment_received: sql`${t.paymentReceived}`,
    outstanding: sql`${t.outstanding}`,
    shipping_status: sql`${t.shippingStatus}`,
    payment_status: sql`${t.paymentStatus}`,
    shipping_date_expected: sql`${t.shippingDateExpected}`,
    shipping_date: sql`${t.shippingDate}`,
    shipping_awb: sql`${t.shippingAwb}`,
    shipping_for_today: sql`${t.shippingForToday}`,
  };
  const col = q.sort && q.sort !== 'date' ? sorts[q.sort] : undefined;
  if (col) return q.sort === 'id' ? sql`${t.id} ${dir}` : sql`${col} ${dir}, ${t.id} ${dir}`;
  // Newest first. With a search, `date + 0` keeps the planner on the trigram index instead of
  // walking the date index through non-matching rows (ARCHITECTURE.md, Measured here).
  const date = q.search ? sql`(${t.date} + 0)` : sql`${t.date}`;
  return asc
    ? sql`${date} asc nulls first, ${t.id} asc nulls first`
    : sql`${date} desc nulls last, ${t.id} desc nulls last`;
}

const EMPTY_SUMMARY: OrderSummary = {
  count: 0,
  value: 0,
  shipping_cost: 0,
  sales: 0,
  actual_shipping_cost: 0,
  payment_received: 0,
  outstanding: 0,
  outstanding_shipped: 0,
};

type SummaryRaw = {
  total: number | string | null;
  count: number | string | null;
  value: string | null;
  shipping_cost: string | null;
  actual_shipping_cost: string | null;
  payment_received: string | null;
  outstanding: string | null;
  outstanding_shipped: string | null;
};

function toSummary(r: SummaryRaw | undefined): { total: number; summary: OrderSummary } {
  if (!r) return { total: 0, summary: { ...EMPTY_SUMMARY } };
  const value = num(r.value);
  const shipping = num(r.shipping_cost);
  return {
    total: num(r.total),
    summary: {
      count: num(r.count),
      value,
      shipping_cost: shipping,
      sales: Math.round((value - shipping) * 100) / 100,
      actual_shipping_cost: num(r.actual_shipping_cost),
      payment_received: num(r.payment_received),
      outstanding: num(r.outstanding),
      outstanding_shipped: num(r.outstanding_shipped),
    },
  };
}

/** Total and summary (cancelled excluded) of the rows matching `where`. */
async function summarise(db: Db, where: SQL): Promise<{ total: number; summary: OrderSummary }> {
  const live = sql`${orders.shippingStatus} <> 'cancel'`;
  const [r] = await queryRows<SummaryRaw>(
    db,
    sql`select count(*) as total,
      count(*) filter (where ${live}) as count,
      coalesce(sum(${orders.value}) filter (where ${live}), 0) as value,
      coalesce(sum(${orders.shippingCost}) filter (where ${live}), 0) as shipping_cost,
      coalesce(sum(${orders.actualShippingCost}) filter (where ${live}), 0) as actual_shipping_cost,
      coalesce(sum(${orders.paymentReceived}) filter (where ${live}), 0) as payment_received,
      coalesce(sum(${orders.outstanding}) filter (where ${live}), 0) as outstanding,
      coalesce(sum(${orders.outstandingShipped}) filter (where ${live}), 0) as outstanding_shipped
    from ${orders} where ${where}`,
  );
  return toSummary(r);
}

/** The same from the rollup (dealer, status and payment filters only): a few dozen rows. */
async function summariseRollup(
  db: Db,
  f: { dealer: number; statuses?: string[]; payment?: string },
): Promise<{ total: number; summary: OrderSummary }> {
  const conds: SQL[] = [sql`true`];
  if (f.dealer > 0) conds.push(sql`dealer_id = ${f.dealer}`);
  if (f.statuses) {
    conds.push(
      f.statuses.length
        ? sql`shipping_status in (${sql.join(
            f.statuses.map((x) => sql`${x}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (f.payment) conds.push(sql`payment_status = ${f.payment}`);
  const live = sql`shipping_status <> 'cancel'`;
  const [r] = await queryRows<SummaryRaw>(
    db,
    sql`select coalesce(sum(n), 0) as total, coalesce(sum(n) filter (where ${live}), 0) as count,
      coalesce(sum(value) filter (where ${live}), 0) as value,
      coalesce(sum(shipping_cost) filter (where ${live}), 0) as shipping_cost,
      coalesce(sum(actual_shipping_cost) filter (where ${live}), 0) as actual_shipping_cost,
      coalesce(sum(payment_received) filter (where ${live}), 0) as payment_received,
      coalesce(sum(outstanding) filter (where ${live}), 0) as outstanding,
      coalesce(sum(outstanding_shipped) filter (where ${live}), 0) as outstanding_shipped
    from ${orderRollup} where ${sql.join(conds, sql` and `)}`,
  );
  return toSummary(r);
}

/** GET /orders: one page, the total and the summary, all in SQL. */
export async function listOrders(
  db: Db,
  q: OrderListQuery,
  nowSec: number,
): Promise<{ rows: OrderRow[]; total: number; summary: OrderSummary }> {
  const { conds, rollup: byRollup } = listConditions(orders, q, nowSec, { payment: true });
  const where = and(eq(orders.deleted, 0), ...conds)!;
  const [rows, totals] = await Promise.all([
    db.select(rowColumns).from(orders).where(where).orderBy(listOrder(orders, q)).limit(q.limit).offset(q.offset),
    byRollup ? summariseRollup(db, byRollup) : summarise(db, where),
  ]);
  // Countries after the page: a per-row subquery would also run for every skipped (offset) row.
  const countries = await dealerCountries(
    db,
    rows.map((r) => r.dealerId),
  );
  return { rows: rows.map((r) => toRow(r, countries.get(r.dealerId) ?? '')), ...totals };
}

async function dealerCountries(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: dealers.id, country: dealers.country })
    .from(dealers)
    .where(inArray(dealers.id, unique));
  return new Map(rows.map((r) => [r.id, r.country]));
}

/** GET /shipping/orders and /production/orders: the listed row fields only, no money. */
export async function listShippingOrders(
  db: Db,
  q: OrderListQuery,
  nowSec: number,
): Promise<{ rows: ShippingOrderRow[]; total: number }> {
  const { conds, rollup: byRollup } = listConditions(orders, q, nowSec, { payment: false });
  const where = and(eq(orders.deleted, 0), ...conds)!;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: orders.id,
        date: orders.date,
        oc_ref: orders.ocRef,
        invoice: orders.invoice,
        note: orders.note,
        shipping_awb: orders.shippingAwb,
        shipping_status: orders.shippingStatus,
        shipping_for_today: orders.shippingForToday,
        shipping_date_expected: orders.shippingDateExpected,
        dealer_name: orders.dealerName,
      })
      .from(orders)
      .where(where)
      .orderBy(listOrder(orders, q))
      .limit(q.limit)
      .offset(q.offset),
    byRollup
      ? summariseRollup(db, byRollup).then((s) => s.total)
      : db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(where)
          .then((r) => r[0]?.n ?? 0),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      shipping_status: r.shipping_status as ShippingOrderRow['shipping_status'],
      shipping_date_expected: r.shipping_date_expected ?? '',
    })),
    total,
  };
}

/** GET /orders/time/{start}/{end}: orders in the range (end -1 = open), cancelled and deleted left out. */
export async function ordersInTime(db: Db, start: number, end: number): Promise<OrderTimeRow[]> {
  const rows = await db
    .select({
      d: orders,
      country: sql<string>`(select country from ${dealers} where ${dealers.id} = ${orders.dealerId})`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.deleted, 0),
        sql`${orders.shippingStatus} <> 'cancel'`,
        sql`${orders.date} >= ${start}`,
        end >= 0 ? sql`${orders.date} <= ${end}` : undefined,
      ),
    )
    .orderBy(sql`${orders.date} asc nulls first`, orders.id);
  return rows.map(({ d, country }) => ({
    id: d.id,
    date: d.date,
    dealer: d.dealerId,
    dealer_name: d.dealerName,
    dealer_country: country ?? '',
    value: num(d.value),
    shipping_cost: num(d.shippingCost),
    sales: Math.round((num(d.value) - num(d.shippingCost)) * 100) / 100,
    payment_status: d.paymentStatus as OrderTimeRow['payment_status'],
    payment_received: num(d.paymentReceived),
    shipping_status: d.shippingStatus as OrderTimeRow['shipping_status'],
  }));
}

/** GET /orders/request-to-delete: live orders with a pending delete request, newest first. */
export async function deleteRequests(db: Db): Promise<DeleteRequestRow[]> {
  const rows = await db
    .select({
      id: orders.id,
      date: orders.date,
      oc_ref: orders.ocRef,
      invoice: orders.invoice,
      dealer: orders.dealerId,
      dealer_name: orders.dealerName,
      value: orders.value,
    })
    .from(orders)
    .where(and(eq(orders.deleted, 0), eq(orders.requestToDelete, 1)))
    .orderBy(sql`${orders.date} desc nulls last`, sql`${orders.id} desc`);
  return rows.map((r) => ({ ...r, value: num(r.value) }));
}

export async function orderOptions(db: Db, search: string, limit: number): Promise<OrderOption[]> {
  const rows = await db
    .select({ id: orders.id, oc_ref: orders.ocRef, dealer_name: orders.dealerName })
    .from(orders)
    .where(
      and(
        eq(orders.deleted, 0),
        search
          ? sql`(lower(${orders.ocRef} || ' ' || ${orders.invoice} || ' ' || ${orders.note} || ' ' || ${orders.shippingAwb}) like ${likePattern(search)} or lower(${orders.dealerName}) like ${likePattern(search)} or ${orders.id}::text = ${search})`
          : undefined,
      ),
    )
    .orderBy(sql`${orders.date} desc nulls last`, sql`${orders.id} desc`)
    .limit(limit);
  return rows.map((r) => ({ ...r, label: `${r.oc_ref || `#${r.id}`} (${r.dealer_name})` }));
}

export async function productOptions(db: Db, search: string, limit: number): Promise<ProductOption[]> {
  const rows = await db
    .select({
      id: products.id,
      product_code: products.productCode,
      desc: products.desc,
      msrp: products.msrp,
      discount: products.discount,
      bom_cost: products.bomCost,
      warning: products.warning,
      is_shipping_cost: products.isShippingCost,
    })
    .from(products)
    .where(
      and(
        eq(products.active, 1),
        search
          ? sql`lower(${products.productCode} || ' ' || ${products.hsCode} || ' ' || ${products.desc}) like ${likePattern(search)}`
          : undefined,
      ),
    )
    .orderBy(sql`lower(${products.productCode})`, products.id)
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    msrp: num(r.msrp),
    discount: num(r.discount),
    bom_cost: num(r.bom_cost),
    label: `${r.product_code} - ${r.desc}`,
  }));
}

// ---------------------------------------------------------------------------------------------
// Rollup: per-dealer totals kept in the write transaction

/** Adds (sign 1) or removes (sign −1) an order's current row from its rollup bucket. */
async function rollup(tx: Db, id: number, sign: 1 | -1) {
  await tx.execute(sql`
    insert into ${orderRollup} as r (dealer_id, shipping_status, payment_status, n, total, value, shipping_cost,
      actual_shipping_cost, payment_received, outstanding, outstanding_shipped)
    select dealer_id, shipping_status, payment_status, ${sign}, ${sign}, ${sign} * value, ${sign} * shipping_cost,
      ${sign} * actual_shipping_cost, ${sign} * payment_received, ${sign} * outstanding, ${sign} * outstanding_shipped
    from ${orders} where id = ${id} and deleted = 0
    on conflict (dealer_id, shipping_status, payment_status) do update set
      n = r.n + excluded.n, total = r.total + excluded.total, value = r.value + excluded.value,
      shipping_cost = r.shipping_cost + excluded.shipping_cost,
      actual_shipping_cost = r.actual_shipping_cost + excluded.actual_shipping_cost,
      payment_received = r.payment_received + excluded.payment_received,
      outstanding = r.outstanding + excluded.outstanding,
      outstanding_shipped = r.outstanding_shipped + excluded.outstanding_shipped`);
  // The dashboard's dealer × month sales (modules/dashboard/rollup.ts) move with the same write.
  await monthRollup(tx, id, sign);
}

/** Rebuilds the rollup from the orders (bulk loads). */
export async function rebuildRollup(db: Db) {
  await db.execute(sql`delete from ${orderRollup}`);
  await db.execute(sql`
    insert into ${orderRollup} (dealer_id, shipping_status, payment_status, n, total, value, shipping_cost,
      actual_shipping_cost, payment_received, outstanding, outstanding_shipped)
    select dealer_id, shipping_status, payment_status, count(*), count(*), sum(value), sum(shipping_cost),
      sum(actual_shipping_cost), sum(payment_received), sum(outstanding), sum(outstanding_shipped)
    from ${orders} where deleted = 0 group by 1, 2, 3`);
  await rebuildMonthRollup(db);
}

/** Credit used of a dealer: Σ (value − payment_received) of its live, uncancelled, unpaid orders. */
export async function creditUsed(db: Db, dealerId: number): Promise<number> {
  const [r] = await queryRows<{ used: string | null }>(
    db,
    sql`select coalesce(sum(value - payment_received), 0) as used from ${orderRollup}
        where dealer_id = ${dealerId} and shipping_status <> 'cancel' and payment_status = 'not paid'`,
  );
  return num(r?.used);
}

/** The credit warning of a save, or undefined (docs/decisions.md: credit). */
async function creditWarning(tx: Db, dealerId: number): Promise<string | undefined> {
  const [d] = await tx
    .select({ name: dealers.name, lim: dealers.creditLimit })
    .from(dealers)
    .where(eq(dealers.id, dealerId));
  if (!d) return undefined;
  const limit = num(d.lim);
  if (limit <= 0) return undefined;
  const used = await creditUsed(tx, dealerId);
  return used > limit ? MSG.creditLimitExceeded(d.name, formatMoney(used), formatMoney(limit)) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Saving

/** What an event shows of an order or quotation: the form's fields, lines as one text each. */
function snapshot(d: Doc): Record<string, unknown> {
  const {
    id: _id,
    version: _v,
    created_at: _c,
    updated_at: _u,
    products: lines,
    dealer_country: _dc,
    sales: _s,
    ...rest
  } = d;
  return {
    ...rest,
    products: lines.map(
      (l) =>
        `${l.quantity} × ${l.product_code} @ ${l.msrp.toFixed(2)}${l.discount ? ` −${l.discount}%` : ''}${l.is_shipping_cost ? ' (shipping)' : ''}${l.active ? '' : ' (inactive)'}`,
    ),
  };
}

async function loadForUpdate(tx: Db, kind: Kind, id: number, version: number | undefined): Promise<Doc> {
  const { t } = KINDS[kind];
  // Row lock: two saves of one record serialise, so the version check is exact.
  await tx.execute(sql`select id from ${t} where id = ${id} for update`);
  const before = await getDoc(tx, kind, id);
  await checkVersion(tx, kind, before, version);
  return before;
}

async function findDealer(tx: Db, id: number) {
  const [d] = await tx
    .select({ id: dealers.id, name: dealers.name, discount: dealers.discount })
    .from(dealers)
    .where(eq(dealers.id, id));
  if (!d) throw invalid({ dealer: MSG.dealerUnknown });
  return { ...d, discount: num(d.discount) };
}

interface ResolvedLine {
  productId: number;
  name: string;
  quantity: number;
  msrp: number;
  discount: number;
  bomCost: number;
  isShippingCost: number;
  active: number;
}

/** Checks product ids, creates the dialog's new products, applies the default discount rule. */
async function resolveLines(
  tx: Db,
  input: OrderLineInput[],
  dealer: { discount: number },
  actor: Actor,
  now: number,
): Promise<ResolvedLine[]> {
  const ids = [...new Set(input.map((l) => l.product_id).filter((x): x is number => x != null))];
  const found = ids.length
    ? await tx
        .select({
          id: products.id,
          code: products.productCode,
          desc: products.desc,
          discount: products.discount,
          bomCost: products.bomCost,
          isShippingCost: products.isShippingCost,
        })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const cause: Record<string, string> = {};
  input.forEach((l, i) => {
    if (l.product_id != null && !byId.has(l.product_id)) cause[`products.${i}.product_id`] = MSG.productUnknown;
  });
  if (Object.keys(cause).length) throw invalid(cause);

  const out: ResolvedLine[] = [];
  for (const [i, l] of input.entries()) {
    let p = l.product_id != null ? byId.get(l.product_id) : undefined;
    if (!p) {
      // A new product from the add-product dialog, created in this transaction (docs/decisions.md).
      const parsed = productSave.safeParse({
        product_code: l.product_code,
        desc: l.desc,
        msrp: l.msrp,
        // The line's discount is the dealer's, not the product's: the new product keeps its own (0).
        discount: 0,
        is_shipping_cost: l.is_shipping_cost ?? 0,
      });
      if (!parsed.success) throw invalid({ [`products.${i}.product_code`]: MSG.required });
      try {
        const created = await saveProduct(tx, parsed.data, undefined, actor, now);
        p = {
          id: created.id,
          code: created.product_code,
          desc: created.desc,
          discount: String(created.discount),
          bomCost: String(created.bom_cost),
          isShippingCost: created.is_shipping_cost,
        };
      } catch (err) {
        if (err instanceof AppError && err.fieldErrors) {
          throw invalid(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [`products.${i}.${k}`, v])));
        }
        throw err;
      }
    }
    const isShippingCost = l.is_shipping_cost ?? p.isShippingCost;
    out.push({
      productId: p.id,
      name: l.name || l.desc || p.desc,
      quantity: l.quantity,
      msrp: l.msrp,
      discount:
        l.discount ?? defaultLineDiscount({ discount: num(p.discount), is_shipping_cost: isShippingCost }, dealer),
      bomCost: l.bom_cost ?? num(p.bomCost),
      isShippingCost,
      active: l.active,
    });
  }
  return out;
}

async function writeLines(tx: Db, kind: Kind, docId: number, lines: ResolvedLine[]) {
  const { lines: lt } = KINDS[kind];
  await tx.delete(lt).where(eq(lt.docId, docId));
  if (!lines.length) return;
  await tx.insert(lt).values(
    lines.map((l, position) => ({
      docId,
      position,
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      msrp: String(l.msrp),
      discount: String(l.discount),
      bomCost: String(l.bomCost),
      isShippingCost: l.isShippingCost,
      active: l.active,
    })),
  );
}

/** Stores the uploaded PDFs; an oc_pdf / invoice_pdf names the OC / invoice reference. */
async function storeFiles(tx: Db, storeFile: StoreFile | undefined, allowed: readonly OrderFileField[]) {
  const set: Partial<
    Record<'ocFileId' | 'invoiceFileId' | 'shippingInvoiceFileId' | 'shippingPackingListFileId', number>
  > = {};
  const refs: { ocRef?: string; invoice?: string } = {};
  if (!storeFile) return { set, refs };
  const col = {
    oc_pdf: 'ocFileId',
    invoice_pdf: 'invoiceFileId',
    shipping_invoice_pdf: 'shippingInvoiceFileId',
    shipping_packing_list_pdf: 'shippingPackingListFileId',
  } as const;
  for (const field of allowed) {
    const stored = await storeFile(tx, field);
    if (!stored) continue;
    set[col[field]] = stored.id;
    if (field === 'oc_pdf') refs.ocRef = refFromFileName(stored.fileName);
    if (field === 'invoice_pdf') refs.invoice = refFromFileName(stored.fileName);
  }
  return { set, refs };
}

export interface SaveResult {
  doc: Doc;
  warning?: string;
}

async function finishSave(
  tx: Db,
  kind: Kind,
  id: number,
  before: Doc | null,
  event: string,
  actor: Actor,
  now: number,
  extra: Record<string, unknown> = {},
): Promise<SaveResult> {
  if (kind === 'order') await rollup(tx, id, 1);
  const after = await getDoc(tx, kind, id);
  await recordEvent(
    tx,
    actor,
    {
      entityType: kind,
      entityId: id,
      event,
      data: {
        ...(kind === 'order' ? { oc_ref: after.oc_ref } : { quote_ref: after.quote_ref }),
        ...extra,
        changes: diff(before ? snapshot(before) : null, snapshot(after)),
      },
    },
    now,
  );
  const counts = kind === 'order' && after.shipping_status !== 'cancel' && after.payment_status === 'not paid';
  const warning = counts ? await creditWarning(tx, after.dealer) : undefined;
  return { doc: after, warning };
}

/** POST /orders/save and /quotations/save (and production's quotation save): the full form. */
export async function saveSalesDoc(
  db: Db,
  kind: Kind,
  input: OrderSave,
  storeFile: StoreFile | undefined,
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  const { t } = KINDS[kind];
  return db.transaction(async (tx) => {
    const before = input.id ? await loadForUpdate(tx, kind, input.id, input.version) : null;
    const dealer = await findDealer(tx, input.dealer);
    const lineInput = input.products;
    const lines = lineInput ? await resolveLines(tx, lineInput, dealer, actor, now) : undefined;
    const { set: fileCols, refs } = await storeFiles(tx, storeFile, ORDER_FILE_FIELDS);

    // With lines, value and shipping cost are theirs; a document without lines keeps the entered amounts.
    const effectiveLines =
      lines ??
      before?.products.map((l) => ({
        quantity: l.quantity,
        msrp: l.msrp,
        discount: l.discount,
        isShippingCost: l.is_shipping_cost,
      })) ??
      [];
    const totals = effectiveLines.length
      ? orderTotals(effectiveLines.map((l) => ({ ...l, is_shipping_cost: l.isShippingCost })))
      : { value: input.value, shipping_cost: input.shipping_cost ?? 0 };
    const shipping = applyShippingRules({
      shipping_status: input.shipping_status,
      shipping_awb: input.shipping_awb,
      shipping_for_today: input.shipping_for_today,
    });
    const fields = {
      dealerId: dealer.id,
      dealerName: dealer.name,
      date: input.date,
      quoteRef: input.quote_ref,
      ocRef: refs.ocRef ?? input.oc_ref,
      invoice: refs.invoice ?? input.invoice,
      note: input.note,
      invoiceNote: input.invoice_note,
      customerRef: input.customer_ref,
      hideDiscount: input.hide_discount,
      sale: input.sale,
      value: str(totals.value),
      shippingCost: str(totals.shipping_cost),
      actualShippingCost: str(input.actual_shipping_cost),
      shippingStatus: shipping.shipping_status,
      shippingForToday: shipping.shipping_for_today,
      distributorShipments: input.distributor_shipments,
      shippingDateExpected: input.shipping_date_expected,
      shippingDate: input.shipping_date,
      shippingAwb: input.shipping_awb,
      shippingWeight: input.shipping_weight,
      paymentStatus: input.payment_status,
      paymentDueDate: input.payment_due_date,
      paymentDate: input.payment_date,
      paymentAdvance: str(input.payment_advance),
      paymentFull: str(input.payment_full),
      paymentReceived: str(input.payment_received),
      outstanding: str(input.outstanding),
      outstandingShipped: str(input.outstanding_shipped),
      billingCountry: input.billing_country,
      billingCompany: input.billing_company,
      billingAddress: input.billing_address,
      billingVat: input.billing_vat,
      billingEmail: input.billing_email,
      billingPhone: input.billing_phone,
      billingMobile: input.billing_mobile,
      shippingCountry: input.shipping_country,
      shippingCompany: input.shipping_company,
      shippingAddress: input.shipping_address,
      shippingVat: input.shipping_vat,
      shippingEmail: input.shipping_email,
      shippingPhone: input.shipping_phone,
      shippingMobile: input.shipping_mobile,
      ...fileCols,
    };

    let id: number;
    const revise = !!before && input.revise === 1;
    if (!before) {
      const [created] = await tx
        .insert(t)
        .values({ ...fields, createdBy: actor.user_id, createdAt: now, updatedAt: now })
        .returning({ id: t.id });
      id = created!.id;
      if (kind === 'quotation' && !fields.quoteRef) {
        await tx
          .update(t)
          .set({ quoteRef: `Q-${String(id).padStart(5, '0')}` })
          .where(eq(t.id, id));
      }
    } else {
      id = before.id;
      if (kind === 'order') await rollup(tx, id, -1);
      await tx
        .update(t)
        .set({
          ...fields,
          ...(revise ? { revision: sql`${t.revision} + 1` } : {}),
          version: sql`${t.version} + 1`,
          updatedAt: now,
        })
        .where(eq(t.id, id));
    }
    if (lines) await writeLines(tx, kind, id, lines);
    const event = !before ? `${kind}_created` : revise ? `${kind}_revised` : `${kind}_updated`;
    return finishSave(tx, kind, id, before, event, actor, now);
  });
}

/** Required dealer/date (create), oc_ref and oc_pdf on the saved order (shipping and production). */
function requireOc(ocRef: string, ocFile: number | null | undefined) {
  const cause: Record<string, string> = {};
  if (!ocRef) cause.oc_ref = MSG.required;
  if (!ocFile) cause.oc_pdf = MSG.required;
  if (Object.keys(cause).length) throw invalid(cause);
}

/**
 * The OC fields a shipping or production save would still lack, for a form that already failed its
 * schema: so an empty form shows oc_ref and oc_pdf beside dealer and date at once.
 */
export async function missingOc(db: Db, raw: unknown, hasOcFile: boolean): Promise<Record<string, string>> {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const parsed = idParam.safeParse(body.id);
  const id = parsed.success ? parsed.data : 0;
  const [before] =
    id > 0
      ? await db
          .select({ ocRef: orders.ocRef, ocFileId: orders.ocFileId })
          .from(orders)
          .where(and(eq(orders.id, id), eq(orders.deleted, 0)))
      : [];
  const typed = typeof body.oc_ref === 'string' ? body.oc_ref.trim() : '';
  const cause: Record<string, string> = {};
  if (!hasOcFile && !typed && !before?.ocRef) cause.oc_ref = MSG.required;
  if (!hasOcFile && !before?.ocFileId) cause.oc_pdf = MSG.required;
  return cause;
}

async function currentOcFile(tx: Db, id: number): Promise<number | null> {
  const [r] = await tx.select({ f: orders.ocFileId }).from(orders).where(eq(orders.id, id));
  return r?.f ?? null;
}

/** POST /shipping/orders/save: only the shipping fields change (docs/decisions.md). */
export async function saveShippingOrder(
  db: Db,
  input: ShippingOrderSave,
  storeFile: StoreFile | undefined,
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const before = input.id ? await loadForUpdate(tx, 'order', input.id, input.version) : null;
    const dealer = before ? null : await findDealer(tx, input.dealer);
    const { set: fileCols, refs } = await storeFiles(tx, storeFile, [
      'oc_pdf',
      'shipping_invoice_pdf',
      'shipping_packing_list_pdf',
    ]);
    const ocRef = refs.ocRef ?? (input.oc_ref || before?.oc_ref || '');
    requireOc(ocRef, fileCols.ocFileId ?? (before ? await currentOcFile(tx, before.id) : null));
    const awb = input.shipping_awb;
    const shipping = applyShippingRules({
      shipping_status: input.shipping_status ?? before?.shipping_status ?? 'wait',
      shipping_awb: awb,
      shipping_for_today: input.shipping_for_today ?? before?.shipping_for_today ?? 0,
    });
    if (shipping.shipping_status === 'done' && !awb) throw invalid({ shipping_awb: MSG.required });
    const fields = {
      ocRef,
      shippingStatus: shipping.shipping_status,
      shippingForToday: shipping.shipping_for_today,
      shippingAwb: awb,
      shippingWeight: input.shipping_weight,
      ...(input.distributor_shipments !== undefined ? { distributorShipments: input.distributor_shipments } : {}),
      ...(input.shipping_date_expected !== undefined ? { shippingDateExpected: input.shipping_date_expected } : {}),
      ...(input.shipping_date !== undefined ? { shippingDate: input.shipping_date } : {}),
      ...(input.shipping_cost !== undefined ? { shippingCost: str(input.shipping_cost) } : {}),
      ...(input.actual_shipping_cost !== undefined ? { actualShippingCost: str(input.actual_shipping_cost) } : {}),
      ...fileCols,
    };
    return writeLimited(tx, before, dealer, input.date, fields, actor, now);
  });
}

/** POST /production/orders/save. */
export async function saveProductionOrder(
  db: Db,
  input: ProductionOrderSave,
  storeFile: StoreFile | undefined,
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const before = input.id ? await loadForUpdate(tx, 'order', input.id, input.version) : null;
    const dealer = before ? null : await findDealer(tx, input.dealer);
    const { set: fileCols, refs } = await storeFiles(tx, storeFile, ['oc_pdf']);
    const ocRef = refs.ocRef ?? (input.oc_ref || before?.oc_ref || '');
    requireOc(ocRef, fileCols.ocFileId ?? (before ? await currentOcFile(tx, before.id) : null));
    const status = before?.shipping_status ?? 'wait';
    const fields = {
      ocRef,
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(input.shipping_for_today !== undefined
        ? { shippingForToday: status === 'done' ? 0 : input.shipping_for_today }
        : {}),
      ...(input.distributor_shipments !== undefined ? { distributorShipments: input.distributor_shipments } : {}),
      ...(input.shipping_date_expected !== undefined ? { shippingDateExpected: input.shipping_date_expected } : {}),
      ...fileCols,
    };
    return writeLimited(tx, before, dealer, input.date, fields, actor, now);
  });
}

async function writeLimited(
  tx: Db,
  before: Doc | null,
  dealer: { id: number; name: string } | null,
  date: number,
  fields: Partial<typeof orders.$inferInsert>,
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  let id: number;
  if (!before) {
    const [created] = await tx
      .insert(orders)
      .values({
        ...fields,
        dealerId: dealer!.id,
        dealerName: dealer!.name,
        date,
        createdBy: actor.user_id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    id = created!.id;
  } else {
    id = before.id;
    await rollup(tx, id, -1);
    await tx
      .update(orders)
      .set({ ...fields, version: sql`${orders.version} + 1`, updatedAt: now })
      .where(eq(orders.id, id));
  }
  return finishSave(tx, 'order', id, before, before ? 'order_updated' : 'order_created', actor, now);
}

// ---------------------------------------------------------------------------------------------
// Delete requests and deletion (document 1 section 4.3)

export type DeleteAction = 'request' | 'cancel' | 'approve' | 'reject' | 'delete';

export async function deleteAction(
  db: Db,
  kind: Kind,
  id: number,
  action: DeleteAction,
  actor: Actor,
  now: number,
): Promise<{ id: number; request_to_delete: number; deleted: number }> {
  const { t, notFound: nf } = KINDS[kind];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ rtd: t.requestToDelete, ocRef: t.ocRef, quoteRef: t.quoteRef })
      .from(t)
      .where(and(eq(t.id, id), eq(t.deleted, 0)))
      .for('update');
    if (!row) throw notFound(nf);
    if ((action === 'approve' || action === 'reject' || action === 'cancel') && row.rtd !== 1) {
      throw invalidState(MSG.noDeleteRequest);
    }
    const ident = kind === 'order' ? { oc_ref: row.ocRef } : { quote_ref: row.quoteRef };
    if (action === 'request' || action === 'cancel' || action === 'reject') {
      const value = action === 'request' ? 1 : 0;
      if (row.rtd !== value) {
        await tx.update(t).set({ requestToDelete: value, updatedAt: now }).where(eq(t.id, id));
        const event = {
          request: `${kind}_delete_requested`,
          cancel: `${kind}_delete_request_cancelled`,
          reject: `${kind}_delete_rejected`,
        }[action];
        await recordEvent(
          tx,
          actor,
          {
            entityType: kind,
            entityId: id,
            event,
            data: { ...ident, changes: { request_to_delete: { old: row.rtd, new: value } } },
          },
          now,
        );
      }
      return { id, request_to_delete: value, deleted: 0 };
    }
    if (kind === 'order') await rollup(tx, id, -1);
    await tx.update(t).set({ deleted: 1, requestToDelete: 0, updatedAt: now }).where(eq(t.id, id));
    await recordEvent(
      tx,
      actor,
      {
        entityType: kind,
        entityId: id,
        event: `${kind}_deleted`,
        data: { ...ident, approved_request: action === 'approve', changes: { deleted: { old: 0, new: 1 } } },
      },
      now,
    );
    return { id, request_to_delete: 0, deleted: 1 };
  });
}

// ---------------------------------------------------------------------------------------------
// Quotation → order

/** PUT /quotations/turn-to-order/{id}: a new order with the quotation's fields and lines, linked both ways. */
export async function turnToOrder(db: Db, quotationId: number, actor: Actor, now: number): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${quotations} where id = ${quotationId} for update`);
    const q = await getDoc(tx, 'quotation', quotationId);
    if (q.order_id) {
      const [linked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, q.order_id), eq(orders.deleted, 0)));
      if (linked) throw invalidState(MSG.quotationAlreadyConfirmed(linked.id));
    }
    const [src] = await tx.select().from(quotations).where(eq(quotations.id, quotationId));
    const {
      id: _id,
      linkId: _l,
      revision: _r,
      deleted: _d,
      version: _v,
      requestToDelete: _rtd,
      createdAt: _c,
      updatedAt: _u,
      createdBy: _cb,
      ...copy
    } = src!;
    // A confirmed order starts like any new order: waiting, dated today, not yet shipped.
    const [created] = await tx
      .insert(orders)
      .values({
        ...copy,
        date: now,
        shippingStatus: 'wait',
        shippingForToday: 0,
        shippingAwb: '',
        testStatus: 'pending',
        linkId: quotationId,
        createdBy: actor.user_id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    const orderId = created!.id;
    const lines = await tx.select().from(quotationLines).where(eq(quotationLines.docId, quotationId));
    if (lines.length) {
      await tx.insert(orderLines).values(lines.map(({ id: _i, docId: _q, ...l }) => ({ ...l, docId: orderId })));
    }
    await tx
      .update(quotations)
      .set({ linkId: orderId, version: sql`${quotations.version} + 1`, updatedAt: now })
      .where(eq(quotations.id, quotationId));
    await recordEvent(
      tx,
      actor,
      {
        entityType: 'quotation',
        entityId: quotationId,
        event: 'quotation_confirmed',
        data: { quote_ref: q.quote_ref, order_id: orderId, changes: { order_id: { old: q.order_id, new: orderId } } },
      },
      now,
    );
    return finishSave(tx, 'order', orderId, null, 'order_created', actor, now, { from_quotation: quotationId });
  });
}

// ---------------------------------------------------------------------------------------------
// Files

export const fileIdOf =
  (kind: Kind, field: OrderFileField) =>
  async (db: Db, id: number): Promise<number | null> => {
    const { t, notFound: nf } = KINDS[kind];
    const col = {
      oc_pdf: t.ocFileId,
      invoice_pdf: t.invoiceFileId,
      shipping_invoice_pdf: t.shippingInvoiceFileId,
      shipping_packing_list_pdf: t.shippingPackingListFileId,
    }[field];
    const [r] = await db
      .select({ f: col })
      .from(t)
      .where(and(eq(t.id, id), eq(t.deleted, 0)));
    if (!r) throw notFound(nf);
    return r.f;
  };

/** Attaches a generated OC or invoice to an order, naming the reference when it is empty. */
export async function attachGenerated(
  db: Db,
  id: number,
  which: 'oc' | 'invoice',
  store: (tx: Db, fileName: string) => Promise<{ id: number; fileName: string }>,
  actor: Actor,
  now: number,
): Promise<Doc> {
  return db.transaction(async (tx) => {
    const before = await loadForUpdate(tx, 'order', id, undefined);
    const fileCol = which === 'oc' ? orders.ocFileId : orders.invoiceFileId;
    const [prev] = await tx.select({ fileId: fileCol }).from(orders).where(eq(orders.id, id));
    const ref = which === 'oc' ? before.oc_ref || `OC-${id}` : before.invoice || `INV-${id}`;
    const stored = await store(tx, `${ref}.pdf`);
    await tx
      .update(orders)
      .set({
        ...(which === 'oc' ? { ocRef: ref, ocFileId: stored.id } : { invoice: ref, invoiceFileId: stored.id }),
        version: sql`${orders.version} + 1`,
        updatedAt: now,
      })
      .where(eq(orders.id, id));
    const after = await getDoc(tx, 'order', id);
    await recordEvent(
      tx,
      actor,
      {
        entityType: 'order',
        entityId: id,
        event: which === 'oc' ? 'order_oc_generated' : 'order_invoice_generated',
        data: {
          oc_ref: after.oc_ref,
          // A regenerated file keeps its name: the new file id is the change that shows it.
          changes: {
            ...diff(snapshot(before), snapshot(after)),
            [`${which === 'oc' ? 'oc_pdf' : 'invoice_pdf'}_file_id`]: { old: prev?.fileId ?? null, new: stored.id },
          },
        },
      },
      now,
    );
    return after;
  });
}
