import { type AnyColumn, sql } from 'drizzle-orm';
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

const MR = orderMonthRollup;
const DR = orderDayRollup;
const O = orders;
/** A column's bare name: insert column lists, conflict targets and `set` targets take no table qualifier. */
const names = (...cols: AnyColumn[]) =>
  sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
/** `n = r.n + excluded.n, …`: an upsert into the cell aliased `r` adds the new figures. */
const addToCell = (...cols: AnyColumn[]) =>
  sql.join(
    cols.map((c) => sql`${sql.identifier(c.name)} = r.${sql.identifier(c.name)} + excluded.${sql.identifier(c.name)}`),
    sql`, `,
  );
/** The orders a dashboard cell counts: live and not cancelled. */
const COUNTED = sql`${O.deleted} = 0 and ${O.shippingStatus} <> 'cancel'`;
const SALES = sql`${O.value} - ${O.shippingCost}`;

/**
 * Adds (sign 1) or removes (sign −1) a live, not cancelled order from its dealer × month cell.
 * Called by the orders service wherever it updates order_rollup, in the same transaction.
 */
export async function monthRollup(tx: Db, id: number, sign: 1 | -1) {
  await tx.execute(sql`
    insert into ${MR} as r (${names(MR.dealerId, MR.month, MR.n, MR.sales)})
    select ${O.dealerId}, ${monthOf(O.date)}, ${sign}, ${sign} * (${SALES})
    from ${O} where ${O.id} = ${id} and ${COUNTED}
    on conflict (${names(MR.month, MR.dealerId)}) do update set ${addToCell(MR.n, MR.sales)}`);
  // The dealer × day cell moves with it (the dashboard's 30/7-day windows).
  await tx.execute(sql`
    insert into ${DR} as r (${names(DR.dealerId, DR.day, DR.n, DR.sales)})
    select ${O.dealerId}, ${dayOf(O.date)}, ${sign}, ${sign} * (${SALES})
    from ${O} where ${O.id} = ${id} and ${COUNTED}
    on conflict (${names(DR.day, DR.dealerId)}) do update set ${addToCell(DR.n, DR.sales)}`);
}

/** Rebuilds the month and day rollups from the orders (bulk loads, and the test that compares them). */
export async function rebuildMonthRollup(db: Db) {
  await db.execute(sql`delete from ${MR}`);
  await db.execute(sql`
    insert into ${MR} (${names(MR.dealerId, MR.month, MR.n, MR.sales)})
    select ${O.dealerId}, ${monthOf(O.date)}, count(*), sum(${SALES})
    from ${O} where ${COUNTED}
    group by 1, 2`);
  await db.execute(sql`delete from ${DR}`);
  await db.execute(sql`
    insert into ${DR} (${names(DR.dealerId, DR.day, DR.n, DR.sales)})
    select ${O.dealerId}, ${dayOf(O.date)}, count(*), sum(${SALES})
    from ${O} where ${COUNTED}
    group by 1, 2`);
}
