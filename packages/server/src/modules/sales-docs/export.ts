// CSV export of the orders lists (issue 9 item 12): what the list's filters select, in the list's
// order, read by keyset chunks whatever the sort (platform/csv-keyset.ts).

import type { OrderListQuery, ShippingOrderRow } from '@bpm/contract/orderReads';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, orders } from '../../db/schema/sales';
import { jsonArray, type KeyCursor, type KeysetSort, keysetChunk } from '../../platform/csv-keyset';
import { listConditions, listOrder, shippingRowColumns, sortColumn } from './list';
import { rowColumns, toRow } from './read';

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
 * One chunk of an orders export: `fields` (name → column) of up to `limit` rows after `after`. Each
 * row is read as one JSON array (sort key, id, the fields…) and answered as `{ name: value }`.
 */
async function orderChunk(
  db: Db,
  q: OrderListQuery,
  nowSec: number,
  opts: { payment: boolean; fields: Record<string, Column | SQL> },
  limit: number,
  after: KeyCursor | undefined,
): Promise<{ rows: Record<string, unknown>[]; next?: KeyCursor }> {
  const sort = orderKeyset(q);
  const where = and(eq(orders.deleted, 0), ...listConditions(orders, q, nowSec, opts).conds);
  const names = Object.keys(opts.fields);
  const json = jsonArray([sort.key ?? orders.id, orders.id, ...Object.values(opts.fields)]);
  const order = listOrder(orders, q);
  return keysetChunk(
    sort,
    limit,
    after,
    async (condition, n) =>
      (await db.select({ j: json }).from(orders).where(and(where, condition)).orderBy(order).limit(n)).map(
        (r) => JSON.parse(r.j) as unknown[],
      ),
    (a) => ({ k: a[0], id: a[1] as number }),
  ).then(({ rows, next }) => ({
    rows: rows.map((a) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) row[names[i]!] = a[i + 2];
      return row;
    }),
    next,
  }));
}

const dealerCountry = sql<string>`coalesce((select ${dealers.country} from ${dealers} where ${dealers.id} = ${orders.dealerId}), '')`;

/** GET /orders/export.csv: the rows of GET /orders (same fields, same values). */
export async function exportOrders(db: Db, q: OrderListQuery, nowSec: number, limit: number, after?: unknown) {
  const fields = { ...rowColumns, dealerCountry };
  const { rows, next } = await orderChunk(db, q, nowSec, { payment: true, fields }, limit, after as KeyCursor);
  return { rows: rows.map((r) => toRow(r as Parameters<typeof toRow>[0], r.dealerCountry as string)), next };
}

/** GET /shipping/orders/export.csv and /production/…: the rows of their lists (no money). */
export async function exportShippingOrders(db: Db, q: OrderListQuery, nowSec: number, limit: number, after?: unknown) {
  const opts = { payment: false, fields: shippingRowColumns };
  const { rows, next } = await orderChunk(db, q, nowSec, opts, limit, after as KeyCursor);
  return {
    rows: rows.map((r) => ({ ...r, shipping_date_expected: r.shipping_date_expected ?? '' }) as ShippingOrderRow),
    next,
  };
}
