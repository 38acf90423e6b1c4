// The orders lists' declaration for the list engine (platform/list-page.ts): their sorts, and for each
// filter the ways its indexes allow (docs/performance.md). Every way gives the same rows in the same order.

import type { OrderListQuery } from '@bpm/contract/order-reads';
import { type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/sales';
import { COVERED_FIRST_MAX, keySort, type Merge, type PagePlan } from '../../platform/list-page';
import type { DocTable } from './kinds';

/** What the page finder needs to know of the list's filter. */
export interface PageFilter {
  /** Every condition but `deleted = 0`. */
  conds: SQL[];
  /** The status condition among `conds` (the per-status merge replaces it). */
  statusCond?: SQL;
  /**
   * The conditions among `conds` a walk of each sort's index reads as its range, by sort (the sort column's own —
   * the date range's for the date order — or the open statuses of a partial index): the bounded walk reads only
   * that range (a status sort under a status filter skips the other statuses).
   */
  sortConds?: Record<string, SQL[]>;
  /**
   * Sorts an index led by the filter's own column reads in order (payment → received, outstanding,
   * expected; open statuses → expected date; one dealer → value, sales, outstanding; shipments for
   * today → note; a status, payment or today filter → its own column): the plain walk reads the
   * page's rows only.
   */
  direct: string[];
  /** The statuses of a status filter that selects some but not all of them. */
  statuses?: string[];
  /**
   * A date-sorted page of these filters walks an index in order (none, or one of dealer, payment,
   * a single status, shipping for today, with or without the date range): no need to filter first.
   */
  dateIndexed: boolean;
  /**
   * One dealer without a search: orders_dealer_date_idx holds the matches and every sort key (the note's key and
   * the dealer name since 0029), so the filter first reads no table row.
   */
  covered?: boolean;
  /** The date range of a filter that has one (and no search): by expected date, week walks merged. */
  range?: { start?: number; end?: number };
}

type SortQuery = { sort?: string; order?: 'asc' | 'desc'; search: string };

/** The sort's own column (undefined for the default date order). */
export function sortColumn(t: DocTable, q: SortQuery): SQL | undefined {
  const sorts: Record<string, SQL> = {
    id: sql`${t.id}`,
    oc_ref: sql`${t.ocRef}`,
    invoice: sql`${t.invoice}`,
    quote_ref: sql`${t.quoteRef}`,
    // The first 64 characters (orders.note_key, stored: orders_note_sort_idx and the dealer's covering index).
    note: 'noteKey' in t ? sql`${t.noteKey}` : sql`left(${t.note}, 64)`,
    // Case-insensitive, as the test order and packing lists: orders_test_dealer_name_sort_idx, and under one
    // dealer (whose orders all carry its name) orders_test_dealer_dealer_name_idx.
    dealer_name: sql`lower(${t.dealerName})`,
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

/** The page's order over derived (k, id) rows: the sort key, or the date for the default order. */
export const keyedOrder = (q: SortQuery, col: SQL | undefined) =>
  keySort(col ?? sql`${orders.date}`, orders.id, q.order === 'asc', { nullable: !col }).keyed;

/** The order date's 7-day bucket of orders_week_expected_idx, inlined to match the index's expression. */
const WEEK = sql.raw('604800');

/**
 * The date order over several statuses: one date-index walk per status, merged (each reads at most the
 * page's end).
 */
const statusMerge = (f: PageFilter): Merge => ({
  kind: 'union',
  when: 'first',
  branches: async () =>
    (f.statuses ?? []).map((s) =>
      sql.join([...f.conds.filter((c) => c !== f.statusCond), sql`${orders.shippingStatus} = ${s}`], sql` and `),
    ),
});

/**
 * A date range by expected date: the expected date follows the order date, so one walk of the expected
 * date index would cross every order expected before the range's first. Instead, one walk per 7-day
 * bucket of the order date (orders_week_expected_idx, index-only), each to the page's end, merged;
 * the range is clamped to the orders there are, so an open or very wide range walks only weeks that
 * hold some. The bucket the range cuts reads at most a week of orders outside it.
 */
const weekMerge = (range: NonNullable<PageFilter['range']>): Merge => ({
  kind: 'buckets',
  when: 'large',
  bucket: sql`${orders.date} / ${WEEK}`,
  series: async () => ({
    lo: sql`greatest(${range.start ?? null}::bigint,
              (select min(${orders.date}) from ${orders} where ${orders.deleted} = 0)) / ${WEEK}`,
    hi: sql`least(${range.end ?? null}::bigint,
              (select max(${orders.date}) from ${orders} where ${orders.deleted} = 0)) / ${WEEK}`,
  }),
});

/**
 * An orders list's page plan (platform/list-page.ts findPage):
 * - no filter, a date order of an indexed filter (`dateIndexed`), or a sort of `direct`: the index walk;
 * - the date order over several statuses: the per-status date walks merged;
 * - the filter first up to the engine's limit, or up to COVERED_FIRST_MAX for one dealer (its covering index
 *   holds every sort key: index-only);
 * - a date range by expected date: the week walks merged;
 * - else a bounded walk of the sort index (over its range: the sort's own condition, or the open statuses
 *   of a partial index), then the filter first. Without a search the walk is index-only (the sort indexes
 *   INCLUDE the filters' columns) and may read as many entries as there are matches; a search's walk reads
 *   table rows: at most half the matches.
 *   (The id sort has no such index: a twelfth.)
 */
export function orderPagePlan(f: PageFilter, q: OrderListQuery): PagePlan {
  const col = sortColumn(orders, q);
  // Every sort index but the id's holds the filters' columns (0040; a search's text it does not).
  const covered = !q.search && q.sort !== 'id';
  const merges: Merge[] = [];
  if (!col && f.statuses && f.statuses.length > 1 && !q.search) merges.push(statusMerge(f));
  if (f.range && q.sort === 'shipping_date_expected') merges.push(weekMerge(f.range));
  return {
    list: { table: orders, live: sql`${orders.deleted} = 0` },
    conds: f.conds,
    sort: { key: col ?? sql`${orders.date}`, walk: listOrder(orders, { ...q, search: '' }), keyed: keyedOrder(q, col) },
    direct: (!col && f.dateIndexed) || (!!q.sort && f.direct.includes(q.sort)),
    merges,
    firstMax: f.covered ? COVERED_FIRST_MAX : undefined,
    large: {
      walk: 'bounded',
      share: covered ? 1 : q.search ? 0.5 : 1 / 12,
      covered,
      range: f.sortConds?.[col ? q.sort! : 'date'] ?? [],
    },
  };
}
