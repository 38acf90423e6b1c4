// Purchase order totals: the list's count and amount, and the rollups kept in every PO write.
import { type PoListQuery, roundPrice } from '@bpm/contract/purchase-orders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { poDayTotals, poRollup, purchaseOrders } from '../../db/schema/purchasing';
import { type PageOfMatches, pageIdsOf } from '../../platform/list-page';
import { estimate, SUMMED_COUNT_LIMIT, sampledTotals } from '../../platform/list-totals';
import { bareColumns } from '../../platform/sql-names';

const DAY = 86400;

const P = purchaseOrders;
/** Count and non-cancelled amount of the POs (or of a subquery of their amount and status columns). */
const amount = sql.identifier(P.amount.name);
const status = sql.identifier(P.status.name);
const sums = sql`count(*)::int as n, count(*) filter (where ${status} <> 'cancelled')::int as counted,
  coalesce(sum(${amount}) filter (where ${status} <> 'cancelled'), 0) as amount`;
type Sums = { n: number; counted: number; amount: string };

/**
 * A search's count: exact up to `limit`, then estimated from a block sample of about `sampleRows` POs (at 1M,
 * 0.25 %: 3 ms; a 1 % sample took 8.6 ms). The tests pass lower ones.
 */
export interface SearchCaps {
  limit: number;
  sampleRows: number;
}
/** A PO search counts and sums its matches, and pages them from that read, as the orders' searches do. */
const SEARCH_CAPS: SearchCaps = { limit: SUMMED_COUNT_LIMIT, sampleRows: 2500 };

/**
 * Count and non-cancelled USD amount of the filtered POs: from po_rollup when only supplier, status
 * and payment filter (a handful of rows); for a date range by an index-only scan of
 * purchase_orders_date_totals_idx; for a search over its matches, counted exactly up to the limit and
 * above it estimated from a block sample (searchSample). With `page`, a search's count also answers the page's
 * ids while it is exact (`ids`): its matches are read once, not again for the page.
 */
export async function totals(
  db: Db,
  q: Partial<PoListQuery>,
  where: SQL,
  caps = SEARCH_CAPS,
  page?: PageOfMatches,
): Promise<{ total: number; counted: number; amount: number; estimated: boolean; ids?: number[] }> {
  const result = (n: unknown, counted: unknown, amount: unknown, estimated = false) => ({
    total: Number(n ?? 0),
    counted: Math.round(Number(counted ?? 0)),
    amount: roundPrice(Number(amount ?? 0)),
    estimated,
  });
  if (!q.search && q.start === undefined && q.end === undefined) {
    const R = poRollup;
    const conds: SQL[] = [];
    if (q.supplier) conds.push(eq(R.supplierId, q.supplier));
    if (q.status && q.status !== 'all') conds.push(eq(R.status, q.status));
    if (q.paid && q.paid !== 'all') conds.push(eq(R.paid, Number(q.paid)));
    const [agg] = await db
      .select({
        n: sql<number>`coalesce(sum(${R.n}), 0)`.mapWith(Number),
        counted: sql<number>`coalesce(sum(${R.n}) filter (where ${R.status} <> 'cancelled'), 0)`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${R.amount}) filter (where ${R.status} <> 'cancelled'), 0)`.mapWith(Number),
      })
      .from(R)
      .where(conds.length ? and(...conds) : undefined);
    return result(agg?.n, agg?.counted, agg?.amount);
  }
  if (!q.search && !q.supplier) return dateRangeTotals(db, q, where, result);
  if (!q.search) {
    const [agg] = await queryRows<Sums>(db, sql`select ${sums} from ${P} where ${where}`);
    return result(agg?.n, agg?.counted, agg?.amount);
  }
  const { limit } = caps;
  const sampled = (s: { n: number; counted: number; amount: number }) =>
    result(Math.max(limit + 1, s.n), s.counted, s.amount, true);
  // A broad search (the planner expects over four times the limit, e.g. a department: a fifth of all POs) is
  // sampled at once: counting its first 5,001 matches would read ~25k POs. Should the sample find few matches
  // after all (at most twice the limit), the count decides.
  const broad = (await estimate(db, sql`select 1 from ${purchaseOrders} where ${where}`)) > 4 * limit;
  const early = broad ? await searchSample(db, where, caps.sampleRows) : undefined;
  if (early && early.n > 2 * limit) return sampled(early);
  // A search of a PO number (a few hundred matches among a million POs) spends most of its time in the trigram
  // index: reading the page from the same matches halves it ('po-2025-192' sorted by amount: 2 × 55 ms).
  const [agg] = await queryRows<Sums & { ids?: Array<number | string> }>(
    db,
    sql`with x as materialized (
          select ${P.id} as id, ${page?.key ?? sql`null`} as k, ${P.amount}, ${P.status}
          from ${P} where ${where} limit ${limit + 1})
        select ${sums}${page ? sql`, ${pageIdsOf('x', page.order, page)} as ids` : sql``} from x`,
  );
  if (Number(agg?.n) <= limit)
    return { ...result(agg?.n, agg?.counted, agg?.amount), ...(page ? { ids: (agg?.ids ?? []).map(Number) } : {}) };
  return sampled(early ?? (await searchSample(db, where, caps.sampleRows)));
}

/** A search's count, non-cancelled count and amount estimated from a block sample of about `sampleRows` POs. */
const searchSample = (db: Db, where: SQL, sampleRows: number) =>
  sampledTotals(
    db,
    P,
    where,
    {
      counted: sql`case when ${P.status} <> 'cancelled' then 1 else 0 end`,
      amount: sql`case when ${P.status} <> 'cancelled' then ${P.amount} else 0 end`,
    },
    sampleRows,
  );

/**
 * Totals of a date range (with or without the status and payment filters): the whole UTC days inside it
 * from po_day_totals, the cut days at its two ends from the POs themselves (index-only, at most two days).
 */
async function dateRangeTotals<T>(
  db: Db,
  q: Partial<PoListQuery>,
  where: SQL,
  result: (n: unknown, counted: unknown, amount: unknown) => T,
): Promise<T> {
  // Whole days: [first, last]; the range is inclusive at both ends (po_date >= start and <= end).
  const first = q.start === undefined ? null : Math.ceil(q.start / DAY);
  const last = q.end === undefined ? null : Math.floor((q.end + 1) / DAY) - 1;
  if (first !== null && last !== null && last < first) {
    const [agg] = await queryRows<Sums>(db, sql`select ${sums} from ${P} where ${where}`);
    return result(agg?.n, agg?.counted, agg?.amount);
  }
  const D = poDayTotals;
  const d: SQL[] = [sql`true`];
  if (first !== null) d.push(sql`${D.day} >= ${first}`);
  if (last !== null) d.push(sql`${D.day} <= ${last}`);
  if (q.status && q.status !== 'all') d.push(sql`${D.status} = ${q.status}`);
  if (q.paid && q.paid !== 'all') d.push(sql`${D.paid} = ${Number(q.paid)}`);
  const edges: SQL[] = [];
  if (first !== null) edges.push(sql`${P.poDate} < ${first * DAY}`);
  if (last !== null) edges.push(sql`${P.poDate} >= ${(last + 1) * DAY}`);
  const [agg] = await queryRows<Sums>(
    db,
    sql`select sum(n)::int as n, sum(counted)::int as counted, sum(amount) as amount from (
          select coalesce(sum(${D.n}), 0) as n, coalesce(sum(${D.n}) filter (where ${D.status} <> 'cancelled'), 0) as counted,
            coalesce(sum(${D.amount}) filter (where ${D.status} <> 'cancelled'), 0) as amount
          from ${D} where ${sql.join(d, sql` and `)}
          union all
          select ${sums} from ${P}
          where ${where} and ${edges.length ? sql`(${sql.join(edges, sql` or `)})` : sql`false`}) x`,
  );
  return result(agg?.n, agg?.counted, agg?.amount);
}

type RollupKey = { supplier: number; status: string; paid: number; amount: number; po_date: number };

/**
 * Moves one PO's share of po_rollup and po_day_totals from `before` to `after` (null: not counted), in the
 * caller's transaction: a table whose key and amount did not change is not touched (a save of the purpose
 * writes no rollup); one that did takes one upsert, the two rows netted per key.
 */
export async function moveRollup(tx: Db, before: RollupKey | null, after: RollupKey | null) {
  const R = poRollup;
  const D = poDayTotals;
  await moveShare(tx, R, [R.supplierId, R.status, R.paid], (k) => [k.supplier, k.status, k.paid], before, after);
  await moveShare(
    tx,
    D,
    [D.day, D.status, D.paid],
    (k) => [Math.floor(k.po_date / DAY), k.status, k.paid],
    before,
    after,
  );
}

/** One rollup table's part of `moveRollup`: its key columns and the key's values of a PO. */
async function moveShare(
  tx: Db,
  table: typeof poRollup | typeof poDayTotals,
  keys: AnyPgColumn[],
  keyOf: (k: RollupKey) => Array<number | string>,
  before: RollupKey | null,
  after: RollupKey | null,
) {
  if (before && after && before.amount === after.amount && sameKey(keyOf(before), keyOf(after))) return;
  const share = (k: RollupKey, sign: 1 | -1) =>
    sql`(${sql.join(
      [
        ...keyOf(k).map((v, i) => sql`${v}::${sql.raw(keys[i]!.getSQLType())}`),
        sql`${sign}::int`,
        sql`${String(sign * k.amount)}::numeric`,
      ],
      sql`, `,
    )})`;
  const rows = [...(before ? [share(before, -1)] : []), ...(after ? [share(after, 1)] : [])];
  if (!rows.length) return;
  const cols = [...keys, table.n, table.amount];
  const at = keys.map((_, i) => sql.identifier(`k${i}`));
  await tx.execute(sql`
    insert into ${table} as r (${bareColumns(...cols)})
    select ${sql.join(at, sql`, `)}, sum(v.n), sum(v.amount)
    from (values ${sql.join(rows, sql`, `)}) v(${sql.join([...at, sql`n`, sql`amount`], sql`, `)})
    group by ${sql.join(
      at.map((_, i) => sql.raw(String(i + 1))),
      sql`, `,
    )}
    on conflict (${bareColumns(...keys)}) do update set n = r.n + excluded.n, amount = r.amount + excluded.amount`);
}

const sameKey = (a: Array<number | string>, b: Array<number | string>) => a.every((v, i) => v === b[i]);

/** Recounts po_rollup and po_day_totals from the POs (seeding, bulk loads). */
export async function rebuildPoRollup(db: Db) {
  const R = poRollup;
  const D = poDayTotals;
  await db.delete(R);
  await db.execute(sql`insert into ${R} (${bareColumns(R.supplierId, R.status, R.paid, R.n, R.amount)})
    select ${P.supplierId}, ${P.status}, ${P.paid}, count(*), sum(${P.amount}) from ${P} group by 1, 2, 3`);
  await db.delete(D);
  await db.execute(sql`insert into ${D} (${bareColumns(D.day, D.status, D.paid, D.n, D.amount)})
    select floor(${P.poDate} / 86400.0)::int, ${P.status}, ${P.paid}, count(*), sum(${P.amount}) from ${P} group by 1, 2, 3`);
}
