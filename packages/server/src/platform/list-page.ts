// The list engine's page finder: one page of a filtered, sorted list, found the cheapest way the list's
// declaration allows. A list module declares what it knows (its table, the filter's conditions, the sort's
// key and index order, whether an index of the filter's own columns reads the sort in order, the merges its
// indexes allow); the engine chooses and runs the way. Every way answers the same rows in the same order
// (the server's list-plan tests run each way against the plain query; test/list-engine.test.ts keeps page
// finding here; docs/performance.md has the figures).

import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/client';
import { EXACT_COUNT_LIMIT, estimate, plannedRows } from './list-totals';

/** The table a list pages through; `live`: the condition every row of the list meets (e.g. not deleted). */
export interface ListTable {
  table: PgTable & { id: AnyPgColumn };
  live?: SQL;
}

/** A sort as the engine reads it: the key, the table's order (the sort index's), the same over (k, id) rows. */
export interface PageSort {
  /** The sort key's expression on the table. */
  key: SQL;
  /** ORDER BY of a walk of the table: the sort's index order, ties by id. */
  walk: SQL;
  /** The same order over derived rows whose columns are `k` (the key) and `id`. */
  keyed: SQL;
}

/**
 * The usual sort: `key dir, id dir`, as a `(key, id)` index reads it. `nullable`: a key whose index is
 * `desc nulls last` (a date) — descending `nulls last`, ascending `nulls first`, on both columns. `walkKey`: the
 * key as the walk writes it when that differs (a search's `date + 0` keeps the planner off the date index).
 */
export function keySort(
  key: SQL,
  id: AnyPgColumn,
  asc: boolean,
  opts: { nullable?: boolean; walkKey?: SQL } = {},
): PageSort {
  const dir = asc ? sql`asc` : sql`desc`;
  const nulls = opts.nullable ? (asc ? sql` nulls first` : sql` nulls last`) : sql``;
  return {
    key,
    walk: sql`${opts.walkKey ?? key} ${dir}${nulls}, ${id} ${dir}${nulls}`,
    keyed: sql`k ${dir}${nulls}, id ${dir}${nulls}`,
  };
}

/**
 * A merge: the page from several ordered walks, each reading at most the page's end. `union`: one walk per
 * branch condition (e.g. one per status of a status filter); `buckets`: one walk per value of a bucket
 * expression over a series (e.g. the order date's weeks) or a set of values (e.g. the caller's projects), each
 * under the filter. `branches` / `series` may answer undefined: the merge does not apply to this query (the
 * engine goes on).
 * `when`: 'first' runs before the match count is consulted, 'large' only past the filter-first limit, 'last'
 * after a bounded walk found too few.
 */
export type Merge =
  | { kind: 'union'; when: MergeWhen; branches: () => Promise<SQL[] | undefined> }
  | {
      kind: 'buckets';
      when: MergeWhen;
      bucket: SQL;
      /** The buckets: a series from `lo` to `hi`, or the `values` a query selects (one column). */
      series: () => Promise<{ lo: SQL; hi: SQL } | { values: SQL } | undefined>;
      /** Conditions of the filter a bucket implies (e.g. the scope 'in my projects'): not checked within it. */
      implied?: SQL[];
    };
type MergeWhen = 'first' | 'large' | 'last';

/** What a list declares for one query: its filter, sort and the ways its indexes allow. */
export interface PagePlan {
  list: ListTable;
  /** The filter's conditions (without `live`). */
  conds: SQL[];
  sort: PageSort;
  /**
   * An index led by the filter's own columns reads this sort in order (or there is no filter): the
   * walk reads only matches, so the page is the walk's first rows.
   */
  direct: boolean;
  merges?: Merge[];
  /** At most this many matches: the filter first at once (its own index, often covering: cheap). */
  firstMax?: number;
  /** The filter's matches are few by construction (e.g. the caller's own tasks): the filter first, always. */
  small?: boolean;
  /**
   * Past firstMax: a bounded walk of the sort index, then the filter first (`bounded`), or the plain walk
   * (`plain`: no index serves the filter first better, e.g. a date range alone).
   */
  large?: BoundedWalk | { walk: 'plain' };
}

/** The bounded walk of a list: how much of the matches it may read. */
export interface BoundedWalk {
  walk: 'bounded';
  /** At most this share of the matches: past it, the filter first is cheaper. */
  share: number;
  /** Read up to WALK.rows whatever the estimate (a search: its filter first reads table rows). */
  long?: boolean;
  /** The sort index holds the filter's columns: the walk reads the index only, so it may read more rows. */
  covered?: boolean;
  /**
   * Conditions of the filter the sort index reads as its range (the walk reads only that range, and the matches
   * are spread over that range's rows, not the table's).
   */
  range?: SQL[];
}

/** The page: its offset and size. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** A page a read of a filter's matches also answers: the sort key each match carries (`k`), the page's order over `k`, `id`. */
export interface PageOfMatches extends PageWindow {
  key: SQL;
  order: SQL;
}

/**
 * SQL: the page's ids, as one array in the page's order, from the matches a statement read into the CTE `from`
 * (columns `id` and `k`) — the read that counts a filter's matches answers its page too, so they are read once.
 */
export const pageIdsOf = (from: string, order: SQL, w: PageWindow) =>
  sql`(select coalesce(array_agg(p.id order by ${order}), '{}')
       from (select id, k from ${sql.identifier(from)} order by ${order} limit ${w.limit} offset ${w.offset}) p)`;

/**
 * How the page's rows are read: by id; optionally by the walk itself in one query, or by a query of the page's
 * ids (`rows`: the rows whose id is `in (ids)`, in the sort's walk order) — one statement instead of two.
 */
export interface PageReader<T> {
  byIds(db: Db, ids: number[]): Promise<T[]>;
  walk?(db: Db): Promise<T[]>;
  rows?(db: Db, ids: SQL): Promise<T[]>;
}

/**
 * A filter whose own index holds every sort key (a covering index: the filter first reads index entries only)
 * runs first up to this many matches (~9 ms for 34k at 1M, warm or cold) — a list's `firstMax`.
 */
export const COVERED_FIRST_MAX = 40000;

/** The engine's limits (the same for every list: they are about PostgreSQL's costs, not a list's data). */
const LIMITS = {
  /** The filter first at once up to this many matches (unless the list says otherwise). */
  firstMax: 5000,
  /** A bounded walk reads at most this many times the rows it should need (page end × rows ÷ matches)… */
  walkSlack: 4,
  /** …at least this many… */
  walkMin: 500,
  /** …and at most this many (a covered walk: coveredRows, index entries only). */
  walkRows: 20000,
  coveredRows: 100000,
};

/** The table's own name (an alias's table's too: drizzle keeps it under this registered symbol). */
const tableName = (t: PgTable) =>
  (t as unknown as Record<symbol, string | undefined>)[Symbol.for('drizzle:OriginalName')] ?? getTableName(t);

/** The table as a FROM item: `"tasks" "t"` for an alias (in an SQL template an alias renders as its name alone). */
const from = (t: PgTable) =>
  tableName(t) === getTableName(t)
    ? sql`${t}`
    : sql`${sql.identifier(tableName(t))} ${sql.identifier(getTableName(t))}`;

const where = (list: ListTable, conds: SQL[]) => {
  const all = [...(list.live ? [list.live] : []), ...conds];
  return all.length ? sql.join(all, sql` and `) : sql`true`;
};

const ids = async (db: Db, query: SQL) => (await queryRows<{ id: number }>(db, query)).map((r) => Number(r.id));

/** Rows of the given ids, in the ids' order. */
async function inOrder<T>(db: Db, read: PageReader<T>, found: number[]): Promise<T[]> {
  if (!found.length) return [];
  const byId = new Map((await read.byIds(db, found)).map((r) => [(r as { id: number }).id, r]));
  return found.flatMap((id) => byId.get(id) ?? []);
}

/** The plain walk: the sort index in order under the filter, the page's ids. */
function walkSql(p: PagePlan, w: PageWindow): SQL {
  const { table } = p.list;
  return sql`select ${table.id} as id from ${from(table)} where ${where(p.list, p.conds)}
             order by ${p.sort.walk} limit ${w.limit} offset ${w.offset}`;
}

/** The filter first: every match's sort key through the filter's own index, a top-N sort of them. */
function filterFirstSql(p: PagePlan, w: PageWindow): SQL {
  const { table } = p.list;
  // `offset 0` fences the subquery: the planner reads the matches by the filter's index instead of
  // walking the sort index, and the sort above keeps only the top offset + limit (a bounded heap).
  return sql`select id from (select ${table.id} as id, ${p.sort.key} as k from ${from(table)}
                             where ${where(p.list, p.conds)} offset 0) f
             order by ${p.sort.keyed} limit ${w.limit} offset ${w.offset}`;
}

const walkIds = (db: Db, p: PagePlan, w: PageWindow) => ids(db, walkSql(p, w));
const filterFirst = (db: Db, p: PagePlan, w: PageWindow) => ids(db, filterFirstSql(p, w));

/** The page's rows from a query of their ids: in one statement when the reader can, else ids then rows. */
async function rowsOf<T>(db: Db, read: PageReader<T>, idsSql: SQL): Promise<T[]> {
  if (read.rows) return read.rows(db, sql`(select id from (${idsSql}) page)`);
  return inOrder(db, read, await ids(db, idsSql));
}

/**
 * The sort index walk over at most `rows` rows, stopping at the page's end: their matches, in order, are the
 * first matches of the whole list when there are enough of them (page end), or when the walk read every row
 * of its range. Else undefined (the matches sit further along the sort order).
 */
async function walkBounded(db: Db, p: PagePlan, w: PageWindow, range: SQL[], rows: number) {
  const { table } = p.list;
  const end = w.offset + w.limit;
  const filter = p.conds.length ? sql.join(p.conds, sql` and `) : sql`true`;
  // The filter reads the walked rows as they come, in the sort index's order (a subquery with ORDER BY and
  // LIMIT keeps its order through the filter above).
  const found = await ids(
    db,
    sql`select id from (select ${table.id} as id, (${filter}) as m from ${from(table)} where ${where(p.list, range)}
                        order by ${p.sort.walk} limit ${rows}) w
        where m limit ${end}`,
  );
  if (found.length === end) return found.slice(w.offset);
  // Fewer: exact only if the walk read every row of its range (no row left beyond it).
  const [r] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from ${from(table)} where ${where(p.list, range)} limit ${rows}) x`,
  );
  return Number(r?.n) < rows ? found.slice(w.offset) : undefined;
}

/** The rows a walk reads, with its slack, to reach the page's `end` when `matches` of `n` rows are evenly spread. */
const spreadRows = (end: number, n: number, matches: number) => (LIMITS.walkSlack * end * n) / Math.max(1, matches);

/**
 * How many rows a bounded walk reads for `matches` among the rows it walks (its range's, by the planner's estimate,
 * or the table's); undefined: hopeless, filter first.
 */
async function boundedRows(db: Db, p: PagePlan, b: BoundedWalk, w: PageWindow, matches: number) {
  const end = w.offset + w.limit;
  const n = b.range?.length
    ? await estimate(db, sql`select 1 from ${from(p.list.table)} where ${where(p.list, b.range)}`)
    : await plannedRows(db, tableName(p.list.table));
  const most = b.covered ? LIMITS.coveredRows : LIMITS.walkRows;
  const want = b.long ? most : n > 0 ? spreadRows(end, n, matches) : most;
  const rows = Math.ceil(Math.max(LIMITS.walkMin, end, Math.min(most, want, matches * b.share)));
  // Hopeless: fewer rows than evenly spread matches would need to fill the page (a selective filter) — the walk
  // would read its rows and then fail; the filter first at once.
  if (n > 0 && (end * n) / Math.max(1, matches) > rows) return undefined;
  return rows;
}

/**
 * Before a filter first of up to firstMax matches: a bounded walk of the sort index when that index holds the
 * filter's columns (`covered`) and the walk may read, with its slack, at most half the entries the filter first
 * reads and sorts (a status of 30k POs by department, a first page of 100: at most 13k entries, ~3k expected, against
 * 30k). Undefined when that does not hold or the walk found too few (the matches bunch later in the sort's order).
 */
async function coveredWalk(db: Db, p: PagePlan, w: PageWindow, matches: number) {
  const b = p.large;
  if (b?.walk !== 'bounded' || !b.covered) return undefined;
  const n = await plannedRows(db, tableName(p.list.table));
  if (n <= 0) return undefined;
  const rows = Math.ceil(Math.max(LIMITS.walkMin, spreadRows(w.offset + w.limit, n, matches)));
  if (rows * 2 > matches) return undefined;
  return walkBounded(db, p, w, b.range ?? [], rows);
}

/** A merge's page: the ordered walks of its branches or buckets, each to the page's end, merged. */
async function merged(db: Db, p: PagePlan, m: Merge, w: PageWindow): Promise<number[] | undefined> {
  const { table } = p.list;
  const end = w.offset + w.limit;
  if (m.kind === 'union') {
    const branches = await m.branches();
    if (!branches) return undefined;
    if (!branches.length) return [];
    // Branches replace the filter's conditions: each is the whole condition of its walk.
    const own = (cond: SQL) =>
      sql`(select ${table.id} as id, ${p.sort.key} as k from ${from(table)} where ${where(p.list, [cond])}
           order by ${p.sort.walk} limit ${end})`;
    return ids(
      db,
      sql`select id from (${sql.join(branches.map(own), sql` union all `)}) u
          order by ${p.sort.keyed} limit ${w.limit} offset ${w.offset}`,
    );
  }
  const series = await m.series();
  if (!series) return undefined;
  const buckets =
    'values' in series ? sql`(${series.values}) b(b)` : sql`generate_series(${series.lo}, ${series.hi}) b`;
  return ids(
    db,
    sql`select m.id from ${buckets}
        cross join lateral (select ${table.id} as id, ${p.sort.key} as k from ${from(table)}
                            where ${where(p.list, [...p.conds.filter((c) => !m.implied?.includes(c)), sql`${m.bucket} = b`])}
                            order by ${p.sort.walk} limit ${end}) m
        order by ${p.sort.keyed} limit ${w.limit} offset ${w.offset}`,
  );
}

/** The merges of a plan that run at `when`, tried in order; the first that applies answers. */
async function mergeAt(db: Db, p: PagePlan, when: MergeWhen, w: PageWindow) {
  for (const m of p.merges ?? []) {
    if (m.when !== when) continue;
    const found = await merged(db, p, m, w);
    if (found) return found;
  }
  return undefined;
}

/** The plan's page is the plain walk's (no filter, or `direct`): it needs no match count. */
export const walksDirectly = (p: PagePlan) => !p.conds.length || p.direct;

/**
 * One page of a list. `matches`: the filter's number of rows (exact, or an estimate above the totals' cap;
 * undefined: not counted) — it only chooses the way; `known`: the page's ids, already found with the total.
 *
 * 1. No filter, or an index of the filter's own columns reads the sort (`direct`): the plain walk; a filter
 *    of few rows by construction (`small`): the filter first.
 * 2. The plan's 'first' merges (e.g. the date order over several statuses: one date walk per status).
 * 3. At most `firstMax` matches: the filter first — or a covered bounded walk where it reads far fewer entries.
 * 4. The 'large' merges (e.g. a date range by expected date: one walk per week of the range).
 * 5. Not counted, or `large.walk` plain: the plain walk.
 * 6. A bounded walk of the sort index (none where evenly spread matches could not fill the page within the rows it
 *    may read); if it found too few, the 'last' merges, then the plain walk when most
 *    rows match (its ids index-only where the walk is `covered`), else the filter first.
 */
export async function findPage<T>(
  db: Db,
  p: PagePlan,
  w: PageWindow,
  matches: number | undefined,
  read: PageReader<T>,
  known?: number[],
): Promise<T[]> {
  if (known) return inOrder(db, read, known);
  // Counted: none match (an estimate is never 0).
  if (matches === 0) return [];
  const walk = () => (read.walk ? read.walk(db) : rowsOf(db, read, walkSql(p, w)));
  if (walksDirectly(p)) return walk();
  if (p.small) return rowsOf(db, read, filterFirstSql(p, w));
  const first = await mergeAt(db, p, 'first', w);
  if (first) return inOrder(db, read, first);
  if (matches !== undefined && matches <= (p.firstMax ?? LIMITS.firstMax)) {
    const quick = await coveredWalk(db, p, w, matches);
    return quick ? inOrder(db, read, quick) : rowsOf(db, read, filterFirstSql(p, w));
  }
  const large = await mergeAt(db, p, 'large', w);
  if (large) return inOrder(db, read, large);
  if (matches === undefined || !p.large || p.large.walk === 'plain') return walk();
  const rows = await boundedRows(db, p, p.large, w, matches);
  const found = rows === undefined ? undefined : await walkBounded(db, p, w, p.large.range ?? [], rows);
  if (found) return inOrder(db, read, found);
  const last = await mergeAt(db, p, 'last', w);
  if (last) return inOrder(db, read, last);
  // More than half the rows match (but not near the walk's start: e.g. expected before today, all but the newest
  // orders): the plain walk passes fewer rows than the filter first would sort (980k: 519 ms → a walk of 20k). Its
  // ids from the sort index where that holds the filter's columns (`covered`: the rows it passes are index entries,
  // not table rows — at 1M orders 20k passed, 45 → 4–7 ms), then the page's rows.
  if (matches * 2 > (await plannedRows(db, tableName(p.list.table))))
    return p.large.covered ? rowsOf(db, read, walkSql(p, w)) : walk();
  return rowsOf(db, read, filterFirstSql(p, w));
}

/**
 * The total, then the page knowing how many rows match (it may then run the filter first) — or both at once
 * when the page walks an index anyway. An estimate serves as well as a count: it only chooses the way, every
 * way finds the same rows. The count's read may have found the page already (`ids`: a search's few matches).
 */
export async function withMatches<C extends { total: number; ids?: number[] }, R>(
  p: PagePlan,
  count: (paged: boolean) => Promise<C>,
  page: (matches: number | undefined, known?: number[]) => Promise<R>,
): Promise<[C, R]> {
  // `paged`: the page may come from the count's read (its ids are used); a direct walk runs beside the count.
  if (walksDirectly(p)) return Promise.all([count(false), page(undefined)]);
  const c = await count(true);
  return [c, await page(c.total, c.ids)];
}

/** What searchOnce reads first: a search's conditions through their own indexes, only `columns` of the rows. */
export interface Fenced {
  conds: SQL[];
  /** The columns the plan's other conditions and the sort read (as the table's own name or alias). */
  columns: SQL;
}

/**
 * A search's matches read once for the page and the count: at most `cap` + 1 of them (null: all) through the
 * search's index, no sort walk, the page's ids sorted from those. `fenced`: read those conditions' matches
 * first (`offset 0` fences the subquery, so the planner cannot walk another index and filter every row), then
 * the plan's other conditions. Undefined when more match than `cap` (the page is then found by findPage, the
 * total counted or estimated).
 */
export async function searchOnce(
  db: Db,
  p: PagePlan,
  w: PageWindow,
  opts: { cap?: number | null; fenced?: Fenced } = {},
): Promise<{ ids: number[]; total: number } | undefined> {
  const { table } = p.list;
  const cap = opts.cap === undefined ? EXACT_COUNT_LIMIT : opts.cap;
  const fenced = opts.fenced;
  const source = fenced
    ? sql`(select ${fenced.columns} from ${from(table)} where ${sql.join(fenced.conds, sql` and `)} offset 0)
          ${sql.identifier(getTableName(table))}`
    : from(table);
  const conds = fenced ? p.conds.filter((c) => !fenced.conds.includes(c)) : p.conds;
  // The matches (every one, or at most cap + 1) read once: their count and the page's ids in one statement, so a
  // page past the end costs no second read (events of a person's tasks at 1M: two reads of 50–60 ms each).
  // Every match: its place in the sort's own order (`walk`, which may hold more than the key: the task panel's).
  // At most cap + 1: the key, sorted by `keyed` (the window would read every match before the limit).
  const matches =
    cap === null
      ? sql`select ${table.id} as id, row_number() over (order by ${p.sort.walk}) as k
            from ${source} where ${where(p.list, conds)}`
      : sql`select ${table.id} as id, ${p.sort.key} as k from ${source} where ${where(p.list, conds)} limit ${cap + 1}`;
  const order = cap === null ? sql`k` : p.sort.keyed;
  const [found] = await queryRows<{ n: number | string; ids: Array<number | string> | null }>(
    db,
    sql`with m as materialized (${matches})
        select (select count(*) from m) as n, ${pageIdsOf('m', order, w)} as ids`,
  );
  const n = Number(found?.n ?? 0);
  if (cap !== null && n > cap) return undefined;
  return { ids: (found?.ids ?? []).map(Number), total: n };
}

/** A way to find a page: each answers the same ids (or undefined where it does not apply). */
export type Way = 'walk' | 'filter first' | { bounded: number } | { merge: number };

/**
 * The page's ids by one way, whatever the plan would choose: the plan-equivalence tests run every way of
 * every list against the plain query. A bounded walk of `rows` rows answers undefined when it found too few.
 */
export async function pageBy(db: Db, p: PagePlan, w: PageWindow, way: Way): Promise<number[] | undefined> {
  if (way === 'walk') return walkIds(db, p, w);
  if (way === 'filter first') return filterFirst(db, p, w);
  if ('bounded' in way) {
    const range = p.large?.walk === 'bounded' ? (p.large.range ?? []) : [];
    return walkBounded(db, p, w, range, way.bounded);
  }
  const m = p.merges?.[way.merge];
  return m ? merged(db, p, m, w) : undefined;
}
