// Finding one page of a filtered, sorted orders list: which plan, chosen per filter × sort class
// (docs/performance.md, issue 14 third round). Every way gives the same rows in the same order.

import type { OrderListQuery } from '@bpm/contract/orderReads';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { plannedRows } from '../../db/count';
import { orders } from '../../db/schema/sales';
import type { DocTable } from './kinds';

/** What the page finder needs to know of the list's filter. */
export interface PageFilter {
  /** Every condition but `deleted = 0`. */
  conds: SQL[];
  /** The status condition among `conds` (the per-status merge replaces it). */
  statusCond?: SQL;
  /**
   * The conditions among `conds` a walk of each sort's index reads as its range, by sort (the sort column's own,
   * or the open statuses of a partial index): the bounded walk reads only that range (a status sort under a
   * status filter skips the other statuses).
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

/**
 * The page finder's limits. A filter matching at most `filterFirstMax` orders (known from the
 * rollups or the capped count) runs first without a walk (-1: never). Otherwise the sort index walk
 * reads at most `walkSlack` × the rows it should need (page end × orders / matches) and `walkShare` of the
 * matches (half for a search), between `walkMin` and `walkRows`, stopping at the page's end. Without a count
 * (the CSV export) the walk has `walkBudgetMs` (PostgreSQL's statement timeout; 0: none). The tests find every
 * page every way.
 */
export const listTuning = {
  walkBudgetMs: 40,
  filterFirstMax: 5000,
  walkSlack: 4,
  walkMin: 500,
  walkRows: 20000,
  // A walked row costs a table row (~1.4 µs at 1M orders), the filter first a covering index entry per match
  // (~0.25 µs): a walk of a twelfth of the matches costs at most half the filter first it may save. A search's
  // filter first reads table rows too: half.
  walkShare: 1 / 12,
  // A covered filter (one dealer) of at most this many orders runs first at once (~9 ms for 34k at 1M, warm or
  // cold): a walk reads table rows, which cost 2–5× more when they are not in PostgreSQL's buffers.
  coveredFirstMax: 40000,
};

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

const where = (conds: SQL[]) => sql.join([sql`${orders.deleted} = 0`, ...conds], sql` and `);

/**
 * One page of a filtered, sorted list. `fetch(d)` reads the page by walking the sort index,
 * `fetch(d, ids)` reads the given rows; `matches` is the filter's number of orders (exact, or the
 * planner's estimate above the totals' cap) — it only chooses the plan (docs/performance.md);
 * `known`: the page's ids, already found with the total (a search):
 *
 * - No filter, a date order of an indexed filter, or a sort of `direct`: the index walk finds every
 *   row it reads.
 * - The date order over several statuses: the per-status date index walks merged (each reads at
 *   most offset + limit entries).
 * - A filter of at most filterFirstMax orders: the filter runs first — the matching ids and sort
 *   keys through the filter's own index, a top-N sort, then the page's rows by id.
 * - A date range by expected date: one walk per week of the range, merged (weekMerge).
 * - Else the sort index walk over a bounded number of rows, stopping at the page's end (fast when
 *   matches are spread through the sort order), then the filter first (a filter whose rows sit at
 *   one end of the sort order) — through a covering index where the filter has one (one dealer,
 *   open statuses, shipments for today, a date range by a numeric key): index-only.
 */
export async function filteredPage<T extends { id: number }>(
  db: Db,
  f: PageFilter,
  q: OrderListQuery,
  matches: number | undefined,
  fetch: (d: Db, ids?: number[]) => Promise<T[]>,
  known?: number[],
): Promise<T[]> {
  const byIds = async (ids: number[]) => (ids.length ? inOrder(ids, await fetch(db, ids)) : []);
  if (known) return byIds(known);
  const col = sortColumn(orders, q);
  if (!f.conds.length || (!col && f.dateIndexed) || (q.sort && f.direct.includes(q.sort))) return fetch(db);
  if (!col && f.statuses && f.statuses.length > 1 && !q.search) return byIds(await statusMerge(db, f, q));
  if (matches !== undefined && matches <= listTuning.filterFirstMax) return byIds(await filterFirst(db, f, q, col));
  if (f.covered && matches !== undefined && matches <= listTuning.coveredFirstMax)
    return byIds(await filterFirst(db, f, q, col));
  if (f.range && q.sort === 'shipping_date_expected') return byIds(await weekMerge(db, f, q));
  if (matches === undefined) {
    const walked =
      listTuning.walkBudgetMs > 0 ? await within(db, listTuning.walkBudgetMs, (tx) => fetch(tx)) : undefined;
    if (walked) return walked;
  } else {
    const walked = await boundedWalk(db, f, q, matches);
    if (walked) return byIds(walked);
  }
  return byIds(await filterFirst(db, f, q, col));
}

/**
 * The sort index walk over at most W rows: their matches, in order, are the first matches of the
 * whole list when there are enough of them (page end), or when the walk read every row. Else
 * undefined (the filter's matches sit further along the sort order: run the filter first).
 */
async function boundedWalk(db: Db, f: PageFilter, q: OrderListQuery, matches: number): Promise<number[] | undefined> {
  const end = q.offset + q.limit;
  const n = await plannedRows(db, 'orders');
  const want = n > 0 ? (listTuning.walkSlack * end * n) / Math.max(1, matches) : listTuning.walkRows;
  // Never more than walkShare of the matches: past that, the filter first (often index-only) is cheaper.
  const share = q.search ? 0.5 : listTuning.walkShare;
  const rows = Math.ceil(Math.max(listTuning.walkMin, end, Math.min(listTuning.walkRows, want, matches * share)));
  // Fewer rows than matches spread evenly would need to fill the page (a selective filter, e.g. shipments
  // for today, 1 in 120 orders): the walk would read its rows' heap pages and then fail. Filter first.
  if (n > 0 && (end * n) / Math.max(1, matches) > rows) return undefined;
  // The walk stops at the page's end: the filter reads the walked rows as they come, in the sort
  // index's order (a subquery with ORDER BY and LIMIT keeps its order through the filter above).
  const range = where((q.sort && f.sortConds?.[q.sort]) || []);
  const found = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from (select ${orders.id} as id, (${sql.join(f.conds, sql` and `)}) as m
                          from ${orders} where ${range}
                          order by ${listOrder(orders, { ...q, search: '' })} limit ${rows}) w
          where m limit ${end}`,
    )
  ).map((r) => Number(r.id));
  if (found.length === end) return found.slice(q.offset);
  // Fewer: exact only if the walk read every row of its range (no row left beyond it).
  const [r] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from ${orders} where ${range} limit ${rows}) x`,
  );
  return Number(r?.n) < rows ? found.slice(q.offset) : undefined;
}

/** The page's order over (id, date, k) rows. */
export const pageOrder = (q: OrderListQuery, col: SQL | undefined) => {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  return col
    ? sql`k ${dir}, id ${dir}`
    : q.order === 'asc'
      ? sql`date asc nulls first, id asc nulls first`
      : sql`date desc nulls last, id desc nulls last`;
};

/** The page's ids: every match's sort key through the filter's index, a top-N sort of them. */
async function filterFirst(db: Db, f: PageFilter, q: OrderListQuery, col: SQL | undefined): Promise<number[]> {
  const order = pageOrder(q, col);
  // `offset 0` fences the subquery: the planner reads the matches by the filter's index instead of
  // walking the sort index, and the sort above keeps only the top offset + limit (a bounded heap).
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from (select ${orders.id} as id, ${orders.date} as date, ${col ?? sql`null`} as k
          from ${orders} where ${where(f.conds)} offset 0) f
        order by ${order} limit ${q.limit} offset ${q.offset}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The date order over several statuses: one date-index walk per status, merged. */
async function statusMerge(db: Db, f: PageFilter, q: OrderListQuery): Promise<number[]> {
  const order =
    q.order === 'asc' ? sql`date asc nulls first, id asc nulls first` : sql`date desc nulls last, id desc nulls last`;
  const branches = (f.statuses ?? []).map(
    (s) =>
      sql`(select ${orders.id} as id, ${orders.date} as date from ${orders}
           where ${where([...f.conds.filter((c) => c !== f.statusCond), sql`${orders.shippingStatus} = ${s}`])}
           order by ${order} limit ${q.limit + q.offset})`,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from (${sql.join(branches, sql` union all `)}) u order by ${order} limit ${q.limit} offset ${q.offset}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The order date's 7-day bucket of orders_week_expected_idx, inlined to match the index's expression. */
const WEEK = sql.raw('604800');

/**
 * A date range by expected date: the expected date follows the order date, so one walk of the expected
 * date index would cross every order expected before the range's first. Instead, one walk per 7-day
 * bucket of the order date (orders_week_expected_idx, index-only), each to the page's end, merged;
 * the range is clamped to the orders there are, so an open or very wide range walks only weeks that
 * hold some. The bucket the range cuts reads at most a week of orders outside it.
 */
async function weekMerge(db: Db, f: PageFilter, q: OrderListQuery): Promise<number[]> {
  const range = f.range ?? {};
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select m.id from generate_series(
          greatest(${range.start ?? null}::bigint, (select min(${orders.date}) from ${orders} where ${orders.deleted} = 0)) / ${WEEK},
          least(${range.end ?? null}::bigint, (select max(${orders.date}) from ${orders} where ${orders.deleted} = 0)) / ${WEEK}) b
        cross join lateral (
          select ${orders.id} as id, ${orders.shippingDateExpected} as k from ${orders}
          where ${where(f.conds)} and ${orders.date} / ${WEEK} = b
          order by ${orders.shippingDateExpected} ${dir}, ${orders.id} ${dir} limit ${q.offset + q.limit}) m
        order by m.k ${dir}, m.id ${dir} limit ${q.limit} offset ${q.offset}`,
  );
  return rows.map((r) => Number(r.id));
}
