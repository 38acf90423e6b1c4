// Lists of orders: pages, totals and summaries in SQL; the rollup answers unfiltered summaries.

import type {
  DeleteRequestRow,
  OrderListQuery,
  OrderRow,
  OrderSummary,
  OrderTimeRow,
  ShippingOrderRow,
} from '@bpm/contract/order-reads';
import { localMidnight, parseStatusFilter, SHIPPING_STATUSES } from '@bpm/contract/orders';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, orders } from '../../db/schema/sales';
import { findPage, withMatches } from '../../platform/list-page';
import { countCapped, SUMMED_COUNT_LIMIT } from '../../platform/list-totals';
import { trigramSearch } from '../../platform/paging';
import { type DocTable, num } from './kinds';
import { keyedOrder, listOrder, orderPagePlan, type PageFilter, sortColumn } from './list-page';
import { type RollupFilter, summarise } from './list-totals';
import { rowColumns, toRow } from './read';
import { dealerCountries, listPage, rollupTotals } from './totals-cache';

const STATUS_ALL = SHIPPING_STATUSES.length;

interface ListFilter extends PageFilter {
  /**
   * Only dealer, status, payment and date-range filters (or none): the rollups answer total and
   * summary (whole days from order_day_totals or, over all dealers, order_day_status_totals; the cut edge
   * days from the orders).
   */
  rollup: RollupFilter | null;
}

/**
 * Sorts with a partial index of the open orders (0028): open orders sit at one end of them (no AWB before
 * shipping, mostly unpaid), so a walk of the whole order's index crosses the done ones first.
 */
const OPEN_SORTS = ['shipping_awb', 'payment_received', 'outstanding', 'payment_status'];

export function listConditions(t: DocTable, q: OrderListQuery, nowSec: number, opts: { payment: boolean }): ListFilter {
  const conds: SQL[] = [];
  let other = false;
  let statuses: string[] | undefined;
  let statusCond: SQL | undefined;
  if (q.search) {
    other = true;
    conds.push(
      trigramSearch(
        sql`lower(${t.ocRef} || ' ' || ${t.invoice} || ' ' || ${t.note} || ' ' || ${t.shippingAwb})`,
        q.search,
      ),
    );
  }
  if (q.dealer > 0) conds.push(eq(t.dealerId, q.dealer));
  // The conditions a walk of each sort's index can read as its range (the sort column's own condition — the date
  // range for the date order; the open statuses for the sorts with a partial index of the open orders).
  const sortConds: Record<string, SQL[]> = {};
  const bySort = (sort: string, cond: SQL) => {
    sortConds[sort] = [...(sortConds[sort] ?? []), cond];
    return cond;
  };
  if (q.start !== undefined) conds.push(bySort('date', sql`${t.date} >= ${q.start}`));
  if (q.end !== undefined) conds.push(bySort('date', sql`${t.date} <= ${q.end}`));
  if (q.shipping_status !== undefined) {
    const parsed = parseStatusFilter(q.shipping_status);
    if (parsed.length === 0) {
      statuses = [];
      conds.push(sql`false`);
    } else if (parsed.length < STATUS_ALL) {
      statuses = parsed;
      statusCond = inArray(t.shippingStatus, parsed);
      conds.push(statusCond);
    }
  }
  if (statusCond) bySort('shipping_status', statusCond);
  const openOnly = !!statuses?.length && statuses.every((x) => x === 'wait' || x === 'ship');
  if (openOnly && statusCond) for (const sort of OPEN_SORTS) bySort(sort, statusCond);
  if (q.shipping_for_today) {
    other = true;
    conds.push(bySort('shipping_for_today', sql`${t.shippingForToday} = 1`));
  }
  if (q.expected_before_today) {
    other = true;
    const midnight = q.today_start ?? localMidnight(nowSec, q.tz_offset ?? 0);
    conds.push(bySort('shipping_date_expected', sql`${t.shippingDateExpected} < ${midnight}`));
  }
  const payment = opts.payment && q.payment_status !== 'all' ? q.payment_status : undefined;
  if (payment) conds.push(bySort('payment_status', eq(t.paymentStatus, payment)));
  const equalities = [q.dealer > 0, !!payment, !!statuses, !!q.shipping_for_today].filter(Boolean).length;
  const dateIndexed = !q.search && !q.expected_before_today && equalities <= 1 && (!statuses || statuses.length === 1);
  // Sorts an index of this filter's own column answers in order (the plain walk reads the page only).
  const only =
    equalities === 1 && !q.search && !q.expected_before_today && q.start === undefined && q.end === undefined;
  const direct: string[] = [];
  if (only && payment) direct.push('payment_received', 'outstanding', 'payment_status', 'shipping_date_expected');
  if (only && statuses) direct.push('shipping_status');
  if (only && q.shipping_for_today) direct.push('shipping_for_today', 'note');
  if (only && q.dealer > 0) direct.push('value', 'sales', 'outstanding', 'dealer_name');
  if (openOnly && equalities === 1 && !q.search) direct.push('shipping_date_expected');
  if (openOnly && only) direct.push(...OPEN_SORTS);
  return {
    conds,
    statusCond,
    sortConds,
    direct,
    statuses: statuses?.length ? statuses : undefined,
    rollup: other ? null : { dealer: q.dealer, statuses, payment, start: q.start, end: q.end },
    dateIndexed,
    covered: q.dealer > 0 && !q.search,
    range: (q.start !== undefined || q.end !== undefined) && !q.search ? { start: q.start, end: q.end } : undefined,
  };
}

/** GET /orders: one page, the total and the summary, all in SQL. */
export async function listOrders(
  db: Db,
  q: OrderListQuery,
  nowSec: number,
): Promise<{ rows: OrderRow[]; total: number; total_estimated: 0 | 1; summary: OrderSummary | null }> {
  const filter = listConditions(orders, q, nowSec, { payment: true });
  const plan = orderPagePlan(filter, q);
  const where = and(eq(orders.deleted, 0), ...filter.conds)!;
  // A search's matches are read once: the read that counts them also answers the page while it is exact.
  const col = sortColumn(orders, q);
  const pageOfMatches = {
    key: col ?? sql`${orders.date}`,
    order: keyedOrder(q, col),
    limit: q.limit,
    offset: q.offset,
  };
  const totals = async (paged: boolean) =>
    filter.rollup
      ? { ...(await rollupTotals(db, 'orders', filter.rollup)), estimated: false, ids: undefined }
      : summarise(db, where, paged && q.search ? pageOfMatches : undefined);
  const page = (matches: number | undefined, known?: number[]) =>
    listPage(db, 'orders', filter.rollup && q, () =>
      findPage(
        db,
        plan,
        q,
        matches,
        {
          byIds: (d, ids) => d.select(rowColumns).from(orders).where(inArray(orders.id, ids)),
          walk: (d) =>
            d
              .select(rowColumns)
              .from(orders)
              .where(where)
              .orderBy(listOrder(orders, q))
              .limit(q.limit)
              .offset(q.offset),
        },
        known,
      ),
    );
  const [{ estimated, ids: _ids, ...total }, rows] = await withMatches(plan, totals, page);
  // Countries after the page: a per-row subquery would also run for every skipped (offset) row.
  const countries = await dealerCountries(
    db,
    rows.map((r) => r.dealerId),
  );
  return {
    rows: rows.map((r) => toRow(r, countries.get(r.dealerId) ?? '')),
    ...total,
    total_estimated: estimated ? 1 : 0,
  };
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
): Promise<{ rows: ShippingOrderRow[]; total: number; total_estimated: 0 | 1 }> {
  const filter = listConditions(orders, q, nowSec, { payment: false });
  const plan = orderPagePlan(filter, q);
  const where = and(eq(orders.deleted, 0), ...filter.conds)!;
  const count = async () =>
    filter.rollup
      ? { total: (await rollupTotals(db, 'shipping', filter.rollup)).total, estimated: false }
      : countCapped(db, sql`select 1 from ${orders} where ${where}`, SUMMED_COUNT_LIMIT);
  const page = (matches: number | undefined) =>
    findPage(db, plan, q, matches, {
      byIds: (d, ids) => d.select(shippingRowColumns).from(orders).where(inArray(orders.id, ids)),
      walk: (d) =>
        d
          .select(shippingRowColumns)
          .from(orders)
          .where(where)
          .orderBy(listOrder(orders, q))
          .limit(q.limit)
          .offset(q.offset),
    });
  const [{ total, estimated }, rows] = await withMatches(plan, count, page);
  return {
    rows: rows.map((r) => ({
      ...r,
      shipping_status: r.shipping_status as ShippingOrderRow['shipping_status'],
      shipping_date_expected: r.shipping_date_expected ?? '',
    })),
    total,
    total_estimated: estimated ? 1 : 0,
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
