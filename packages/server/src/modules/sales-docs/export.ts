// CSV export of the orders lists (issue 9 item 12): what the list's filters select, in the list's
// order, read by keyset chunks whatever the sort (platform/csv-keyset.ts).

import type { OrderListQuery, OrderRow } from '@bpm/contract/order-reads';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, orders } from '../../db/schema/sales';
import { jsonArray, type KeyCursor, type KeysetSort, keysetChunk } from '../../platform/csv-keyset';
import { listConditions, shippingRowColumns } from './list';
import { listOrder, sortColumn } from './list-page';

/** The list's order (list.ts listOrder) as a keyset: the sort's column, or the date, then the id. */
function orderKeyset(q: OrderListQuery): KeysetSort {
  const desc = q.order !== 'asc';
  if (q.sort === 'id') return { id: orders.id, desc, nullsFirst: false };
  const key = sortColumn(orders, q);
  // The date order says NULLS LAST descending and NULLS FIRST ascending; the sort columns the default.
  if (!key) return { key: q.search ? sql`(${orders.date} + 0)` : orders.date, id: orders.id, desc, nullsFirst: !desc };
  return { key, id: orders.id, desc, nullsFirst: desc };
}

/**
 * One chunk of an orders export: up to `limit` rows after `after`, each row the values of `fields`
 * (name → SQL) in order as one JSON array text (the fields, then the sort key and id: the cursor),
 * parsed by csvStream as it writes the row.
 */
async function orderChunk(
  db: Db,
  q: OrderListQuery,
  nowSec: number,
  opts: { payment: boolean; fields: Record<string, Column | SQL> },
  limit: number,
  after: unknown,
): Promise<{ rows: string[]; next?: KeyCursor }> {
  const sort = orderKeyset(q);
  const where = and(eq(orders.deleted, 0), ...listConditions(orders, q, nowSec, opts).conds);
  const values = Object.values(opts.fields);
  const json = jsonArray([...values, sort.key ?? orders.id, orders.id]);
  const order = listOrder(orders, q);
  const n = values.length;
  return keysetChunk(
    sort,
    limit,
    after as KeyCursor | undefined,
    async (condition, max) =>
      (await db.select({ j: json }).from(orders).where(and(where, condition)).orderBy(order).limit(max)).map(
        (r) => r.j,
      ),
    (text) => {
      const a = JSON.parse(text) as unknown[];
      return { k: a[n], id: a[n + 1] as number };
    },
  );
}

/**
 * The fields of GET /orders' rows (read.ts toRow), computed in SQL so that a row goes straight from
 * JSON to its CSV line. Numbers arrive as JSON numbers (numeric too: 12.50 → 12.5, as toRow's
 * Number()); sales = value − shipping_cost exactly (toRow rounds the float difference to cents: the
 * same number); NULL dates and a missing country are empty cells either way.
 */
const orderFields = {
  id: orders.id,
  date: orders.date,
  dealer: orders.dealerId,
  dealer_name: orders.dealerName,
  dealer_country: sql`(select ${dealers.country} from ${dealers} where ${dealers.id} = ${orders.dealerId})`,
  quote_ref: orders.quoteRef,
  oc_ref: orders.ocRef,
  invoice: orders.invoice,
  note: orders.note,
  customer_ref: orders.customerRef,
  value: orders.value,
  shipping_cost: orders.shippingCost,
  sales: sql`(${orders.value} - ${orders.shippingCost})`,
  actual_shipping_cost: orders.actualShippingCost,
  shipping_status: orders.shippingStatus,
  shipping_for_today: orders.shippingForToday,
  shipping_date_expected: orders.shippingDateExpected,
  shipping_date: orders.shippingDate,
  shipping_awb: orders.shippingAwb,
  payment_status: orders.paymentStatus,
  payment_due_date: orders.paymentDueDate,
  payment_date: orders.paymentDate,
  payment_received: orders.paymentReceived,
  outstanding: orders.outstanding,
  outstanding_shipped: orders.outstandingShipped,
  request_to_delete: orders.requestToDelete,
  test_status: orders.testStatus,
  revision: orders.revision,
} satisfies Record<keyof OrderRow, Column | SQL>;

/** The orders CSV's columns: GET /orders' row fields, in its order. */
export const ORDER_EXPORT_COLUMNS = Object.keys(orderFields);
/** The shipping and production orders CSV's columns (their lists' row fields, no money). */
export const SHIPPING_EXPORT_COLUMNS = Object.keys(shippingRowColumns);

/** GET /orders/export.csv: one chunk, rows as JSON arrays of ORDER_EXPORT_COLUMNS' values. */
export const exportOrders = (db: Db, q: OrderListQuery, nowSec: number, limit: number, after?: unknown) =>
  orderChunk(db, q, nowSec, { payment: true, fields: orderFields }, limit, after);

/** GET /shipping/orders/export.csv and /production/…: one chunk, JSON arrays of SHIPPING_EXPORT_COLUMNS' values. */
export const exportShippingOrders = (db: Db, q: OrderListQuery, nowSec: number, limit: number, after?: unknown) =>
  orderChunk(db, q, nowSec, { payment: false, fields: shippingRowColumns }, limit, after);
