// Totals and summaries of the orders lists: exact over the matching orders, or from the rollups.

import type { OrderSummary } from '@bpm/contract/order-reads';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orderDayStatusTotals, orderDayTotals, orderRollup, orders } from '../../db/schema/sales';
import { type PageOfMatches, pageIdsOf } from '../../platform/list-page';
import { SUMMED_COUNT_LIMIT, totalOverCap } from '../../platform/list-totals';
import { num } from './kinds';

/** The filters the rollups can answer: dealer, statuses, payment and an inclusive date range. */
export interface RollupFilter {
  dealer: number;
  statuses?: string[];
  payment?: string;
  /** Inclusive unix-seconds bounds of the date filter. */
  start?: number;
  end?: number;
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

/** Live orders: a cancelled one counts in the total, not in the summary. */
const live = sql`shipping_status <> 'cancel'`;
/** The summary's money sums over the live rows. */
const liveSums = sql`coalesce(sum(value) filter (where ${live}), 0) as value,
  coalesce(sum(shipping_cost) filter (where ${live}), 0) as shipping_cost,
  coalesce(sum(actual_shipping_cost) filter (where ${live}), 0) as actual_shipping_cost,
  coalesce(sum(payment_received) filter (where ${live}), 0) as payment_received,
  coalesce(sum(outstanding) filter (where ${live}), 0) as outstanding,
  coalesce(sum(outstanding_shipped) filter (where ${live}), 0) as outstanding_shipped`;

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

/**
 * Total and summary (cancelled excluded) of the rows matching `where` (a filter no rollup answers: search,
 * shipments for today, expected before today), reading at most `cap` + 1 of them: exact up to the cap; above it
 * the planner's estimate and no summary.
 * With `page`, the same read also answers the page's ids when the total is exact (a search: its matches
 * are read once, not again by the filter first).
 */
export async function summarise(
  db: Db,
  where: SQL,
  page?: PageOfMatches,
  cap = SUMMED_COUNT_LIMIT,
): Promise<{ total: number; summary: OrderSummary | null; estimated: boolean; ids?: number[] }> {
  const ids = page ? sql`, ${pageIdsOf('x', page.order, page)} as ids` : sql``;
  const [r] = await queryRows<SummaryRaw & { ids?: Array<number | string> }>(
    db,
    sql`with x as materialized (
          select ${orders.id} as id, ${page?.key ?? sql`null`} as k,
            ${orders.shippingStatus}, ${orders.value}, ${orders.shippingCost}, ${orders.actualShippingCost},
            ${orders.paymentReceived}, ${orders.outstanding}, ${orders.outstandingShipped}
          from ${orders} where ${where} limit ${cap + 1})
        select count(*) as total,
          count(*) filter (where ${live}) as count,
          ${liveSums}${ids}
        from x`,
  );
  if (num(r?.total) > cap) {
    return { ...(await totalOverCap(db, sql`select 1 from ${orders} where ${where}`, cap)), summary: null };
  }
  return { ...toSummary(r), estimated: false, ...(page ? { ids: (r?.ids ?? []).map(Number) } : {}) };
}

const DAY = 86400;

/**
 * The same from the rollups: without a date filter order_rollup (a few dozen rows); with one, the
 * whole UTC days inside the range from order_day_totals (one dealer) or order_day_status_totals (all
 * dealers) plus the orders of the two cut edge days (at most two days of orders), so a range of any
 * length reads about days × statuses × payments rows.
 */
export async function summariseRollup(db: Db, f: RollupFilter): Promise<{ total: number; summary: OrderSummary }> {
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
  const filter = sql.join(conds, sql` and `);
  const cols = sql`shipping_status, n, value, shipping_cost, actual_shipping_cost, payment_received, outstanding,
    outstanding_shipped`;
  let source: SQL;
  if (f.start === undefined && f.end === undefined) source = sql`select ${cols} from ${orderRollup} where ${filter}`;
  else {
    // Whole days [firstDay, lastDay] lie inside [start, end]; the rest of the range is its edges.
    const firstDay = f.start === undefined ? undefined : Math.ceil(f.start / DAY);
    const lastDay = f.end === undefined ? undefined : Math.floor((f.end + 1) / DAY) - 1;
    const days: SQL[] = [];
    if (firstDay !== undefined) days.push(sql`day >= ${firstDay}`);
    if (lastDay !== undefined) days.push(sql`day <= ${lastDay}`);
    const edges: SQL[] = [];
    if (f.start !== undefined) edges.push(sql`(date >= ${f.start} and date < ${firstDay! * DAY})`);
    if (f.end !== undefined) edges.push(sql`(date > ${(lastDay! + 1) * DAY - 1} and date <= ${f.end})`);
    const empty = firstDay !== undefined && lastDay !== undefined && firstDay > lastDay;
    const orderCols = sql`shipping_status, 1 as n, value, shipping_cost, actual_shipping_cost, payment_received,
      outstanding, outstanding_shipped`;
    source = empty
      ? // No whole day inside: the range is short, read its orders.
        sql`select ${orderCols} from ${orders} where deleted = 0 and ${filter} and date >= ${f.start!} and date <= ${f.end!}`
      : sql`select ${cols} from ${f.dealer > 0 ? orderDayTotals : orderDayStatusTotals}
          where ${filter} and ${sql.join(days, sql` and `)}
          ${sql.join(
            // One range scan per edge (an OR would read the table through a bitmap): index-only on orders_date_idx.
            edges.map(
              (e) => sql`union all select ${orderCols} from ${orders} where deleted = 0 and ${filter} and ${e}`,
            ),
            sql` `,
          )}`;
  }
  const [r] = await queryRows<SummaryRaw>(
    db,
    sql`select coalesce(sum(n), 0) as total, coalesce(sum(n) filter (where ${live}), 0) as count,
      ${liveSums}
    from (${source}) x`,
  );
  return toSummary(r);
}
