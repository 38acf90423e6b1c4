// Lists of orders: pages, totals and summaries in SQL; the rollup answers unfiltered summaries.

import type {
  DeleteRequestRow,
  OrderListQuery,
  OrderRow,
  OrderSummary,
  OrderTimeRow,
  ShippingOrderRow,
} from '@bpm/contract/orderReads';
import { localMidnight, parseStatusFilter, SHIPPING_STATUSES } from '@bpm/contract/orders';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { dealers, orders } from '../../db/schema/sales';
import { likePattern } from '../../platform/paging';
import { type DocTable, num } from './kinds';
import { type RollupFilter, summarise } from './list-totals';
import { rowColumns, toRow } from './read';
import { dealerCountries, listPage, rollupTotals } from './totals-cache';

const STATUS_ALL = SHIPPING_STATUSES.length;

interface ListFilter {
  conds: SQL[];
  /**
   * Only dealer, status, payment and date-range filters (or none): the rollups answer total and
   * summary (whole days from order_day_totals, the cut edge days from the orders).
   */
  rollup: RollupFilter | null;
  /**
   * A date-sorted page of these filters walks an index in order (none, or one of dealer, payment,
   * a single status, shipping for today, with or without the date range): no need to filter first.
   */
  dateIndexed: boolean;
}

export function listConditions(t: DocTable, q: OrderListQuery, nowSec: number, opts: { payment: boolean }): ListFilter {
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
  if (q.start !== undefined) conds.push(sql`${t.date} >= ${q.start}`);
  if (q.end !== undefined) conds.push(sql`${t.date} <= ${q.end}`);
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
  const equalities = [q.dealer > 0, !!payment, !!statuses, !!q.shipping_for_today].filter(Boolean).length;
  const dateIndexed = !q.search && !q.expected_before_today && equalities <= 1 && (!statuses || statuses.length === 1);
  return {
    conds,
    rollup: other ? null : { dealer: q.dealer, statuses, payment, start: q.start, end: q.end },
    dateIndexed,
  };
}

type SortQuery = { sort?: string; order?: 'asc' | 'desc'; search: string };

/** The sort's own column (undefined for the default date order). */
export function sortColumn(t: DocTable, q: SortQuery): SQL | undefined {
  const sorts: Record<string, SQL> = {
    id: sql`${t.id}`,
    oc_ref: sql`${t.ocRef}`,
    invoice: sql`${t.invoice}`,
    quote_ref: sql`${t.quoteRef}`,
    // The first 64 characters (orders_note_sort_idx).
    note: sql`left(${t.note}, 64)`,
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
  return q.sort && q.sort !== 'date' ? sorts[q.sort] : undefined;
}

export function listOrder(t: DocTable, q: SortQuery): SQL {
  const asc = q.order === 'asc';
  // Plain asc/desc matches the (column, id) sort indexes; the date index is DESC NULLS LAST.
  const dir = asc ? sql`asc` : sql`desc`;
  const col = sortColumn(t, q);
  if (col) return q.sort === 'id' ? sql`${t.id} ${dir}` : sql`${col} ${dir}, ${t.id} ${dir}`;
  // Newest first. With a search, `date + 0` keeps the planner on the trigram index instead of
  // walking the date index through non-matching rows (ARCHITECTURE.md, Measured here).
  const date = q.search ? sql`(${t.date} + 0)` : sql`${t.date}`;
  return asc
    ? sql`${date} asc nulls first, ${t.id} asc nulls first`
    : sql`${date} desc nulls last, ${t.id} desc nulls last`;
}

/**
 * How long a filtered page may walk its sort index before the filter runs first instead (PostgreSQL);
 * 0 runs the filter first at once (the tests page both ways).
 */
export const listTuning = { walkBudgetMs: 40 };

/** Runs `fetch` under a statement timeout; undefined when it ran out (PostgreSQL's 57014). */
async function within<T>(db: Db, ms: number, fetch: (tx: Db) => Promise<T>): Promise<T | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
      return fetch(tx);
    });
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '57014' || e.cause?.code === '57014') return undefined;
    throw err;
  }
}

/** Rows of the given ids, in the ids' order. */
const inOrder = <T extends { id: number }>(ids: number[], rows: T[]) => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/**
 * One page of a filtered, sorted list. Walking the sort index and skipping rows that do not match is
 * fastest when matches are spread through the sort order, but a filter whose rows sit at one end of
 * it (open orders by date ascending, 'not paid' by received descending, the last 180 days by expected
 * date) walked a million rows — seconds at 1M orders. So the walk gets listTuning.walkBudgetMs; past it, the
 * filter runs first: the matching rows' sort keys are collected through the filters' own indexes and
 * only they are sorted (docs/performance.md, issue 14). `fetch(d)` reads the page by the walk,
 * `fetch(d, ids)` reads the given rows. (PGlite has no statement timeout: there the walk completes.)
 */
async function filteredPage<T extends { id: number }>(
  db: Db,
  f: ListFilter,
  where: SQL,
  q: OrderListQuery,
  fetch: (d: Db, ids?: number[]) => Promise<T[]>,
): Promise<T[]> {
  const col = sortColumn(orders, q);
  // No filter, or a date order of an indexed filter: the index walk finds every row it reads.
  if (!f.conds.length || (!col && f.dateIndexed)) return fetch(db);
  const walked = listTuning.walkBudgetMs > 0 ? await within(db, listTuning.walkBudgetMs, (tx) => fetch(tx)) : undefined;
  if (walked) return walked;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const order = col
    ? sql`k ${dir}, id ${dir}`
    : q.order === 'asc'
      ? sql`date asc nulls first, id asc nulls first`
      : sql`date desc nulls last, id desc nulls last`;
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`with f as materialized (select ${orders.id} as id, ${orders.date} as date, ${col ?? sql`null`} as k
            from ${orders} where ${where})
          select id from f order by ${order} limit ${q.limit} offset ${q.offset}`,
    )
  ).map((r) => Number(r.id));
  return ids.length ? inOrder(ids, await fetch(db, ids)) : [];
}

/** GET /orders: one page, the total and the summary, all in SQL. */
export async function listOrders(
  db: Db,
  q: OrderListQuery,
  nowSec: number,
): Promise<{ rows: OrderRow[]; total: number; summary: OrderSummary }> {
  const filter = listConditions(orders, q, nowSec, { payment: true });
  const where = and(eq(orders.deleted, 0), ...filter.conds)!;
  const [totals, rows] = await Promise.all([
    filter.rollup ? rollupTotals(db, 'orders', filter.rollup) : summarise(db, where),
    listPage(db, 'orders', filter.rollup && q, () =>
      filteredPage(db, filter, where, q, (d, ids) =>
        ids
          ? d.select(rowColumns).from(orders).where(inArray(orders.id, ids))
          : d
              .select(rowColumns)
              .from(orders)
              .where(where)
              .orderBy(listOrder(orders, q))
              .limit(q.limit)
              .offset(q.offset),
      ),
    ),
  ]);
  // Countries after the page: a per-row subquery would also run for every skipped (offset) row.
  const countries = await dealerCountries(
    db,
    rows.map((r) => r.dealerId),
  );
  return { rows: rows.map((r) => toRow(r, countries.get(r.dealerId) ?? '')), ...totals };
}

/** The fields of a shipping or production list row: no money. */
export const shippingRowColumns = {
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
};

/** GET /shipping/orders and /production/orders: the listed row fields only, no money. */
export async function listShippingOrders(
  db: Db,
  q: OrderListQuery,
  nowSec: number,
): Promise<{ rows: ShippingOrderRow[]; total: number }> {
  const filter = listConditions(orders, q, nowSec, { payment: false });
  const where = and(eq(orders.deleted, 0), ...filter.conds)!;
  const [total, rows] = await Promise.all([
    filter.rollup
      ? rollupTotals(db, 'shipping', filter.rollup).then((s) => s.total)
      : db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(where)
          .then((r) => r[0]?.n ?? 0),
    filteredPage(db, filter, where, q, (d, ids) =>
      ids
        ? d.select(shippingRowColumns).from(orders).where(inArray(orders.id, ids))
        : d
            .select(shippingRowColumns)
            .from(orders)
            .where(where)
            .orderBy(listOrder(orders, q))
            .limit(q.limit)
            .offset(q.offset),
    ),
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
