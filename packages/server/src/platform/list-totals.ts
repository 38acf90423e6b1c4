// The total of a large list: exact where counting is cheap, the planner's estimate above a threshold.
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/client';

/**
 * Lists count their matching rows exactly up to this many; above it they answer the planner's estimate
 * and say so (`total_estimated: 1`). Counting a million rows costs 50–200 ms on PostgreSQL, counting
 * 2,001 at most a few ms (docs/decisions.md, Lists & performance).
 */
export const EXACT_COUNT_LIMIT = 2000;

/**
 * Lists whose count also sums their money and answers the page from the same read (the orders' and the purchase
 * orders' searches and other filters no rollup answers) count exactly up to this many; above it the total is
 * estimated (docs/decisions.md, 'Exact or estimated totals'). Higher than EXACT_COUNT_LIMIT: a search of a few
 * thousand matches is then read once, not counted to the limit, estimated and read again for its page.
 */
export const SUMMED_COUNT_LIMIT = 5000;

export interface ListTotal {
  total: number;
  /** true: `total` is the planner's estimate (more than EXACT_COUNT_LIMIT rows match). */
  estimated: boolean;
}

/**
 * The total of a page's list. `rows` is the list's row query without order and paging (`select 1 from …
 * where …`). A page shorter than the limit tells the total by itself (no count); otherwise the rows
 * are counted up to `limit` + 1, and past that the planner's row estimate of `rows` is answered.
 */
export async function listTotal(
  db: Db,
  rows: SQL,
  page: { offset: number; limit: number; length: number },
  limit = EXACT_COUNT_LIMIT,
): Promise<ListTotal> {
  if (page.length < page.limit && (page.length > 0 || page.offset === 0))
    return { total: page.offset + page.length, estimated: false };
  // Counted without parallel workers: the app's PostgreSQL connections start none (db/client.ts).
  return countCapped(db, rows, limit);
}

/** The `n` a count statement answers (null when it answers null). */
const countOf = async (db: Db, statement: SQL): Promise<number | null> => {
  const [c] = await queryRows<{ n: number | string | null }>(db, statement);
  return c?.n == null ? null : Number(c.n);
};

const countUpTo = async (db: Db, rows: SQL, cap: number) =>
  (await countOf(db, sql`select count(*)::int as n from (${rows} limit ${cap + 1}) x`)) ?? 0;

/**
 * How many rows `rows` (`select 1 from … where …`) answers: counted up to `cap` + 1; above the cap, the
 * planner's estimate (at least cap + 1), flagged. `subset`: a cheaper query of some of those rows (e.g. the
 * events a role opens by type, without the per-row membership check of the rest): when more than `cap` of them
 * match, so do `rows`, which are then not counted.
 */
export async function countCapped(db: Db, rows: SQL, cap: number, subset?: SQL): Promise<ListTotal> {
  const over = () => totalOverCap(db, rows, cap);
  // With a subset, one statement (one turn for a connection under load): PostgreSQL runs a CASE's subqueries only
  // when it needs their value, so `rows` are counted only when the subset's count stays within the cap.
  const n = subset
    ? await countOf(
        db,
        sql`select case when (select count(*) from (${subset} limit ${cap + 1}) s) > ${cap}::int then null
          else (select count(*) from (${rows} limit ${cap + 1}) x) end::int as n`,
      )
    : await countUpTo(db, rows, cap);
  return n !== null && n <= cap ? { total: n, estimated: false } : over();
}

/**
 * The total of `rows` known to be more than `cap` (a capped count or read stopped there): the planner's estimate,
 * at least cap + 1, flagged.
 */
export async function totalOverCap(db: Db, rows: SQL, cap = EXACT_COUNT_LIMIT): Promise<ListTotal> {
  return { total: Math.max(cap + 1, await estimate(db, rows)), estimated: true };
}

/** The planner's estimate of how many rows a query returns (EXPLAIN, nothing is read). */
export async function estimate(db: Db, rows: SQL): Promise<number> {
  const [r] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${rows}`);
  const raw = r ? Object.values(r)[0] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | null;
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/** `{ total, total_estimated }` beside a page's rows (contract `listTotalMeta`). */
export const totalMeta = (t: ListTotal) => ({
  total: t.total,
  total_estimated: t.estimated ? (1 as const) : (0 as const),
});

const planned = new Map<string, { n: number; at: number }>();

/**
 * The number of rows the planner knows `table` has (pg_class.reltuples, kept by ANALYZE), read at most once a
 * minute: the page finders size their bounded walks by it (docs/performance.md, issue 14).
 */
export async function plannedRows(db: Db, table: string): Promise<number> {
  const seen = planned.get(table);
  if (seen && Date.now() - seen.at <= 60_000) return seen.n;
  const [r] = await queryRows<{ n: number | string }>(
    db,
    sql`select reltuples as n from pg_class where oid = ${table}::regclass`,
  );
  const n = Number(r?.n ?? 0);
  planned.set(table, { n, at: Date.now() });
  return n;
}

/**
 * A filter's count and sums estimated from a block sample of about `sampleRows` rows of `table` (every row of a
 * table no larger: then exact), scaled by the share of the sampled rows that match: the number of blocks a
 * sample draws varies (±10 % at 0.25 %), the share much less. `sums`: expressions summed over the matches.
 */
export async function sampledTotals<K extends string>(
  db: Db,
  table: PgTable,
  where: SQL,
  sums: Record<K, SQL>,
  sampleRows: number,
): Promise<{ n: number } & Record<K, number>> {
  const keys = Object.keys(sums) as K[];
  const rows = await plannedRows(db, getTableName(table));
  const answer = (n: unknown, r: Record<string, unknown> | undefined, scale: number) =>
    ({
      n: Math.round(Number(n ?? 0) * scale),
      ...Object.fromEntries(keys.map((k) => [k, Number(r?.[k] ?? 0) * scale])),
    }) as { n: number } & Record<K, number>;
  if (rows <= sampleRows) {
    const columns = keys.map((k) => sql`coalesce(sum(${sums[k]}), 0) as ${sql.identifier(k)}`);
    const [all] = await queryRows<Record<string, unknown>>(
      db,
      sql`select count(*)::int as n, ${sql.join(columns, sql`, `)} from ${table} where ${where}`,
    );
    return answer(all?.n, all, 1);
  }
  const values = keys.map((k) => sql`${sums[k]} as ${sql.identifier(k)}`);
  const totals = keys.map((k) => sql`coalesce(sum(${sql.identifier(k)}) filter (where m), 0) as ${sql.identifier(k)}`);
  const [s] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*)::int as seen, count(*) filter (where m)::int as n, ${sql.join(totals, sql`, `)}
        from (select ${sql.join(values, sql`, `)}, (${where}) as m
              from ${table} tablesample system (${(100 * sampleRows) / rows}::real) repeatable (14)) x`,
  );
  return answer(s?.n, s, rows / Math.max(1, Number(s?.seen ?? 0)));
}
