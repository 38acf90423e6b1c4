// Rollup: per-dealer order totals kept in the write transaction, and dealer credit.
import { MSG } from '@bpm/contract/messages';
import { formatMoney } from '@bpm/contract/orders';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { dealers, orderDayStatusTotals, orderDayTotals, orderRollup, orders } from '../../db/schema/sales';
import { dayOf, monthRollup, rebuildMonthRollup } from '../dashboard/rollup';
import { num } from './kinds';

/** The money columns every order rollup sums. */
const MONEY = [
  'value',
  'shipping_cost',
  'actual_shipping_cost',
  'payment_received',
  'outstanding',
  'outstanding_shipped',
];

/**
 * Adds `sign` × the order's figures to the bucket of `table` keyed by `keys` (expressions over the order,
 * named as the table's key columns); `counts` are the count columns (n, and order_rollup's total).
 */
function moveBucket(tx: Db, table: SQL, keys: Record<string, SQL>, counts: string[], id: number, sign: 1 | -1) {
  const names = Object.keys(keys);
  const cols = sql.raw([...names, ...counts, ...MONEY].join(', '));
  const adds = sql.raw([...counts, ...MONEY].map((c) => `${c} = r.${c} + excluded.${c}`).join(', '));
  return tx.execute(sql`
    insert into ${table} as r (${cols})
    select ${sql.join(Object.values(keys), sql`, `)}, ${sql.join(
      counts.map(() => sql`${sign}`),
      sql`, `,
    )}, ${sql.join(
      MONEY.map((c) => sql`${sign} * ${sql.raw(c)}`),
      sql`, `,
    )}
    from ${orders} where id = ${id} and deleted = 0
    on conflict (${sql.raw(names.join(', '))}) do update set ${adds}`);
}

/** Adds (sign 1) or removes (sign −1) an order's current row from its rollup buckets. */
export async function rollup(tx: Db, id: number, sign: 1 | -1) {
  const status = { shipping_status: sql`shipping_status`, payment_status: sql`payment_status` };
  await moveBucket(tx, sql`${orderRollup}`, { dealer_id: sql`dealer_id`, ...status }, ['n', 'total'], id, sign);
  // The same per day: the list's totals for a date range …
  const day = dayOf(sql`date`);
  await moveBucket(tx, sql`${orderDayTotals}`, { day, dealer_id: sql`dealer_id`, ...status }, ['n'], id, sign);
  // … and per day over all dealers (a range's totals without a dealer filter read ~30× fewer rows).
  await moveBucket(tx, sql`${orderDayStatusTotals}`, { day, ...status }, ['n'], id, sign);
  // The dashboard's dealer × month sales (modules/dashboard/rollup.ts) move with the same write.
  await monthRollup(tx, id, sign);
}

/** Rebuilds the rollup from the orders (bulk loads). */
export async function rebuildRollup(db: Db) {
  await db.execute(sql`delete from ${orderRollup}`);
  await db.execute(sql`
    insert into ${orderRollup} (dealer_id, shipping_status, payment_status, n, total, value, shipping_cost,
      actual_shipping_cost, payment_received, outstanding, outstanding_shipped)
    select dealer_id, shipping_status, payment_status, count(*), count(*), sum(value), sum(shipping_cost),
      sum(actual_shipping_cost), sum(payment_received), sum(outstanding), sum(outstanding_shipped)
    from ${orders} where deleted = 0 group by 1, 2, 3`);
  await db.execute(sql`delete from ${orderDayTotals}`);
  await db.execute(sql`
    insert into ${orderDayTotals} (day, dealer_id, shipping_status, payment_status, n, value, shipping_cost,
      actual_shipping_cost, payment_received, outstanding, outstanding_shipped)
    select ${dayOf(sql`date`)}, dealer_id, shipping_status, payment_status, count(*), sum(value), sum(shipping_cost),
      sum(actual_shipping_cost), sum(payment_received), sum(outstanding), sum(outstanding_shipped)
    from ${orders} where deleted = 0 group by 1, 2, 3, 4`);
  await db.execute(sql`delete from ${orderDayStatusTotals}`);
  await db.execute(sql`
    insert into ${orderDayStatusTotals} (day, shipping_status, payment_status, n, value, shipping_cost,
      actual_shipping_cost, payment_received, outstanding, outstanding_shipped)
    select day, shipping_status, payment_status, sum(n), sum(value), sum(shipping_cost), sum(actual_shipping_cost),
      sum(payment_received), sum(outstanding), sum(outstanding_shipped)
    from ${orderDayTotals} group by 1, 2, 3`);
  await rebuildMonthRollup(db);
}

/** Credit used of a dealer: Σ (value − payment_received) of its live, uncancelled, unpaid orders. */
export async function creditUsed(db: Db, dealerId: number): Promise<number> {
  const [r] = await queryRows<{ used: string | null }>(
    db,
    sql`select coalesce(sum(value - payment_received), 0) as used from ${orderRollup}
        where dealer_id = ${dealerId} and shipping_status <> 'cancel' and payment_status = 'not paid'`,
  );
  return num(r?.used);
}

/** The credit warning of a save, or undefined (docs/decisions.md: credit). */
export async function creditWarning(tx: Db, dealerId: number): Promise<string | undefined> {
  const [d] = await tx
    .select({ name: dealers.name, lim: dealers.creditLimit })
    .from(dealers)
    .where(eq(dealers.id, dealerId));
  if (!d) return undefined;
  const limit = num(d.lim);
  if (limit <= 0) return undefined;
  const used = await creditUsed(tx, dealerId);
  return used > limit ? MSG.creditLimitExceeded(d.name, formatMoney(used), formatMoney(limit)) : undefined;
}
