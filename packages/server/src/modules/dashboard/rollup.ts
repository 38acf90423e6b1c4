import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderDayRollup, orderMonthRollup } from '../../db/schema/dashboard';
import { orders } from '../../db/schema/sales';

/** The rollup month of a unix-seconds column: year × 12 + (month − 1), in UTC. */
export const monthOf = (col: unknown) =>
  sql`(extract(year from to_timestamp(${col}) at time zone 'UTC') * 12 + extract(month from to_timestamp(${col}) at time zone 'UTC') - 1)::int`;

/** Month key of unix seconds in JS (UTC), the same as `monthOf`. */
export const monthKey = (sec: number) => {
  const d = new Date(sec * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/** The rollup day of a unix-seconds column: whole UTC days since 1970. */
export const dayOf = (col: unknown) => sql`floor(${col} / 86400.0)::int`;

/**
 * Adds (sign 1) or removes (sign −1) a live, not cancelled order from its dealer × month cell.
 * Called by the orders service wherever it updates order_rollup, in the same transaction.
 */
export async function monthRollup(tx: Db, id: number, sign: 1 | -1) {
  await tx.execute(sql`
    insert into ${orderMonthRollup} as r (dealer_id, month, n, sales)
    select dealer_id, ${monthOf(sql`date`)}, ${sign}, ${sign} * (value - shipping_cost)
    from ${orders} where id = ${id} and deleted = 0 and shipping_status <> 'cancel'
    on conflict (month, dealer_id) do update set n = r.n + excluded.n, sales = r.sales + excluded.sales`);
  // The dealer × day cell moves with it (the dashboard's 30/7-day windows).
  await tx.execute(sql`
    insert into ${orderDayRollup} as r (dealer_id, day, n, sales)
    select dealer_id, ${dayOf(sql`date`)}, ${sign}, ${sign} * (value - shipping_cost)
    from ${orders} where id = ${id} and deleted = 0 and shipping_status <> 'cancel'
    on conflict (day, dealer_id) do update set n = r.n + excluded.n, sales = r.sales + excluded.sales`);
}

/** Rebuilds the month and day rollups from the orders (bulk loads, and the test that compares them). */
export async function rebuildMonthRollup(db: Db) {
  await db.execute(sql`delete from ${orderMonthRollup}`);
  await db.execute(sql`
    insert into ${orderMonthRollup} (dealer_id, month, n, sales)
    select dealer_id, ${monthOf(sql`date`)}, count(*), sum(value - shipping_cost)
    from ${orders} where deleted = 0 and shipping_status <> 'cancel'
    group by 1, 2`);
  await db.execute(sql`delete from ${orderDayRollup}`);
  await db.execute(sql`
    insert into ${orderDayRollup} (dealer_id, day, n, sales)
    select dealer_id, ${dayOf(sql`date`)}, count(*), sum(value - shipping_cost)
    from ${orders} where deleted = 0 and shipping_status <> 'cancel'
    group by 1, 2`);
}
