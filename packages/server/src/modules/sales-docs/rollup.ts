// Rollup: per-dealer order totals kept in the write transaction, and dealer credit.
import { MSG } from '@bpm/contract/messages';
import { formatMoney } from '@bpm/contract/orders';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { dealers, orderDayStatusTotals, orderDayTotals, orderRollup, orders } from '../../db/schema/sales';
import { dayOf, monthRollup, rebuildMonthRollup } from '../dashboard/rollup';
import { num } from './kinds';

/** Adds (sign 1) or removes (sign −1) an order's current row from its rollup bucket. */
export async function rollup(tx: Db, id: number, sign: 1 | -1) {
  await tx.execute(sql`
    insert into ${orderRollup} as r (dealer_id, shipping_status, payment_status, n, total, value, shipping_cost,
      actual_shipping_cost, payment_received, outstanding, outstanding_shipped)
    select dealer_id, shipping_status, payment_status, ${sign}, ${sign}, ${sign} * value, ${sign} * shipping_cost,
      ${sign} * actual_shipping_cost, ${sign} * payment_received, ${sign} * outstanding, ${sign} * outstanding_shipped
    from ${orders} where id = ${id} and deleted = 0
    on conflict (dealer_id, shipping_status, payment_status) do update set
      n = r.n + excluded.n, total = r.total + excluded.total, value = r.value + excluded.value,
      shipping_cost = r.shipping_cost + excluded.shipping_cost,
      actual_shipping_cost = r.actual_shipping_cost + excluded.actual_shipping_cost,
      payment_received = r.payment_received + excluded.payment_received,
      outstanding = r.outstanding + excluded.outstanding,
      outstanding_shipped = r.outstanding_shipped + excluded.outstanding_shipped`);
  // The same per day: the list's totals for a date range.
  await tx.execute(sql`
    insert into ${orderDayTotals} as r (day, dealer_id, shipping_status, payment_status, n, value, shipping_cost,
      actual_shipping_cost, payment_received, outstanding, outstanding_shipped)
    select ${dayOf(sql`date`)}, dealer_id, shipping_status, payment_status, ${sign}, ${sign} * value,
      ${sign} * shipping_cost, ${sign} * actual_shipping_cost, ${sign} * payment_received, ${sign} * outstanding,
      ${sign} * outstanding_shipped
    from ${orders} where id = ${id} and deleted = 0
    on conflict (day, dealer_id, shipping_status, payment_status) do update set
      n = r.n + excluded.n, value = r.value + excluded.value, shipping_cost = r.shipping_cost + excluded.shipping_cost,
      actual_shipping_cost = r.actual_shipping_cost + excluded.actual_shipping_cost,
      payment_received = r.payment_received + excluded.payment_received,
      outstanding = r.outstanding + excluded.outstanding,
      outstanding_shipped = r.outstanding_shipped + excluded.outstanding_shipped`);
  // … and per day over all dealers (a range's totals without a dealer filter read ~30× fewer rows).
  await tx.execute(sql`
    insert into ${orderDayStatusTotals} as r (day, shipping_status, payment_status, n, value, shipping_cost,
      actual_shipping_cost, payment_received, outstanding, outstanding_shipped)
    select ${dayOf(sql`date`)}, shipping_status, payment_status, ${sign}, ${sign} * value,
      ${sign} * shipping_cost, ${sign} * actual_shipping_cost, ${sign} * payment_received, ${sign} * outstanding,
      ${sign} * outstanding_shipped
    from ${orders} where id = ${id} and deleted = 0
    on conflict (day, shipping_status, payment_status) do update set
      n = r.n + excluded.n, value = r.value + excluded.value, shipping_cost = r.shipping_cost + excluded.shipping_cost,
      actual_shipping_cost = r.actual_shipping_cost + excluded.actual_shipping_cost,
      payment_received = r.payment_received + excluded.payment_received,
      outstanding = r.outstanding + excluded.outstanding,
      outstanding_shipped = r.outstanding_shipped + excluded.outstanding_shipped`);
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
