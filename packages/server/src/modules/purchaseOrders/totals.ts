// Purchase order totals: the list's count and amount, and the rollups kept in every PO write.
import { type PoListQuery, roundPrice } from '@bpm/contract/purchaseOrders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { EXACT_COUNT_LIMIT } from '../../db/count';
import { poRollup } from '../../db/schema/purchasing';

const DAY = 86400;

const sums = sql`count(*)::int as n, coalesce(sum(p.amount) filter (where p.status <> 'cancelled'), 0) as amount`;

/**
 * Count and non-cancelled USD amount of the filtered POs: from po_rollup when only supplier, status
 * and payment filter (a handful of rows); for a date range by an index-only scan of
 * purchase_orders_date_totals_idx; for a search over its matches, counted exactly up to the limit and
 * above it estimated from a 1 % block sample.
 */
export async function totals(db: Db, q: Partial<PoListQuery>, where: SQL) {
  const result = (n: unknown, amount: unknown, estimated = false) => ({
    total: Number(n ?? 0),
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
        amount: sql<number>`coalesce(sum(${R.amount}) filter (where ${R.status} <> 'cancelled'), 0)`.mapWith(Number),
      })
      .from(R)
      .where(conds.length ? and(...conds) : undefined);
    return result(agg?.n, agg?.amount);
  }
  if (!q.search && !q.supplier) return dateRangeTotals(db, q, where, result);
  if (!q.search) {
    const [agg] = await queryRows<{ n: number; amount: string }>(
      db,
      sql`select ${sums} from purchase_orders p where ${where}`,
    );
    return result(agg?.n, agg?.amount);
  }
  const [agg] = await queryRows<{ n: number; amount: string }>(
    db,
    sql`select ${sums} from (select p.amount, p.status from purchase_orders p where ${where} limit ${EXACT_COUNT_LIMIT + 1}) p`,
  );
  if (Number(agg?.n) <= EXACT_COUNT_LIMIT) return result(agg?.n, agg?.amount);
  const [est] = await queryRows<{ n: number; amount: string }>(
    db,
    sql`select ${sums} from purchase_orders p tablesample system (1) repeatable (14) where ${where}`,
  );
  return result(Math.max(EXACT_COUNT_LIMIT + 1, Number(est?.n ?? 0) * 100), Number(est?.amount ?? 0) * 100, true);
}

/**
 * Totals of a date range (with or without the status and payment filters): the whole UTC days inside it
 * from po_day_totals, the cut days at its two ends from the POs themselves (index-only, at most two days).
 */
async function dateRangeTotals<T>(
  db: Db,
  q: Partial<PoListQuery>,
  where: SQL,
  result: (n: unknown, amount: unknown) => T,
): Promise<T> {
  // Whole days: [first, last]; the range is inclusive at both ends (po_date >= start and <= end).
  const first = q.start === undefined ? null : Math.ceil(q.start / DAY);
  const last = q.end === undefined ? null : Math.floor((q.end + 1) / DAY) - 1;
  if (first !== null && last !== null && last < first) {
    const [agg] = await queryRows<{ n: number; amount: string }>(
      db,
      sql`select ${sums} from purchase_orders p where ${where}`,
    );
    return result(agg?.n, agg?.amount);
  }
  const d: SQL[] = [sql`true`];
  if (first !== null) d.push(sql`day >= ${first}`);
  if (last !== null) d.push(sql`day <= ${last}`);
  if (q.status && q.status !== 'all') d.push(sql`status = ${q.status}`);
  if (q.paid && q.paid !== 'all') d.push(sql`paid = ${Number(q.paid)}`);
  const edges: SQL[] = [];
  if (first !== null) edges.push(sql`p.po_date < ${first * DAY}`);
  if (last !== null) edges.push(sql`p.po_date >= ${(last + 1) * DAY}`);
  const [agg] = await queryRows<{ n: number; amount: string }>(
    db,
    sql`select sum(n)::int as n, sum(amount) as amount from (
          select coalesce(sum(n), 0) as n, coalesce(sum(amount) filter (where status <> 'cancelled'), 0) as amount
          from po_day_totals where ${sql.join(d, sql` and `)}
          union all
          select ${sums} from purchase_orders p
          where ${where} and ${edges.length ? sql`(${sql.join(edges, sql` or `)})` : sql`false`}) x`,
  );
  return result(agg?.n, agg?.amount);
}

type RollupKey = { supplier: number; status: string; paid: number; amount: number; po_date: number };

/**
 * Moves one PO's share of po_rollup and po_day_totals from `before` to `after` (null: not counted), in the
 * caller's transaction.
 */
export async function moveRollup(tx: Db, before: RollupKey | null, after: RollupKey | null) {
  const add = async (k: RollupKey, sign: 1 | -1) => {
    await tx
      .insert(poRollup)
      .values({ supplierId: k.supplier, status: k.status, paid: k.paid, n: sign, amount: String(sign * k.amount) })
      .onConflictDoUpdate({
        target: [poRollup.supplierId, poRollup.status, poRollup.paid],
        set: { n: sql`${poRollup.n} + ${sign}`, amount: sql`${poRollup.amount} + ${String(sign * k.amount)}` },
      });
    await tx.execute(sql`insert into po_day_totals (day, status, paid, n, amount)
      values (${Math.floor(k.po_date / DAY)}, ${k.status}, ${k.paid}, ${sign}, ${String(sign * k.amount)})
      on conflict (day, status, paid) do update set n = po_day_totals.n + excluded.n,
        amount = po_day_totals.amount + excluded.amount`);
  };
  if (before) await add(before, -1);
  if (after) await add(after, 1);
}

/** Recounts po_rollup and po_day_totals from the POs (seeding, bulk loads). */
export async function rebuildPoRollup(db: Db) {
  await db.execute(sql`delete from po_rollup`);
  await db.execute(sql`insert into po_rollup (supplier_id, status, paid, n, amount)
    select supplier_id, status, paid, count(*), sum(amount) from purchase_orders group by 1, 2, 3`);
  await db.execute(sql`delete from po_day_totals`);
  await db.execute(sql`insert into po_day_totals (day, status, paid, n, amount)
    select floor(po_date / 86400.0)::int, status, paid, count(*), sum(amount) from purchase_orders group by 1, 2, 3`);
}
