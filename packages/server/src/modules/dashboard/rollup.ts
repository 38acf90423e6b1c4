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

/** What the dealer × month and × day cells read of an order (the order's fields of the same names). */
export interface DashboardOrder {
  dealer: number;
  date: number;
  shipping_status: string;
  value: number;
  shipping_cost: number;
}
const READS = [
  'dealer',
  'date',
  'shipping_status',
  'value',
  'shipping_cost',
] as const satisfies (keyof DashboardOrder)[];

/**
 * Moves an order's share of its dealer × month and dealer × day cells from `from` (its figures before the write)
 * to `to` (after it); null: not counted (new or deleted). Nothing when no field the cells read changed; else one
 * upsert per table, both rows netted per cell. Called by the orders service in the order's write transaction.
 */
export async function moveOrderCells(tx: Db, from: DashboardOrder | null, to: DashboardOrder | null) {
  if (from && to && READS.every((f) => from[f] === to[f])) return;
  // The rows a cell counts (COUNTED: the orders passed here are live), −1 for the old figures, +1 for the new.
  const rows = [
    { o: from, sign: -1 },
    { o: to, sign: 1 },
  ].filter((r): r is { o: DashboardOrder; sign: number } => !!r.o && r.o.shipping_status !== 'cancel');
  if (!rows.length) return;
  const o = sql`(values ${sql.join(
    rows.map(
      (r) =>
        sql`(${r.o.dealer}::int, ${r.o.date}::bigint, ${r.sign}::int, ${String(r.o.value)}::numeric, ${String(r.o.shipping_cost)}::numeric)`,
    ),
    sql`, `,
  )}) as o(dealer_id, date, sign, value, shipping_cost)`;
  await tx.execute(sql`
    insert into ${MR} as r (${names(MR.dealerId, MR.month, MR.n, MR.sales)})
    select o.dealer_id, ${monthOf(sql`o.date`)}, sum(o.sign), sum(o.sign * (o.value - o.shipping_cost)) from ${o}
    group by 1, 2
    on conflict (${names(MR.month, MR.dealerId)}) do update set ${addToCell(MR.n, MR.sales)}`);
  await tx.execute(sql`
    insert into ${DR} as r (${names(DR.dealerId, DR.day, DR.n, DR.sales)})
    select o.dealer_id, ${dayOf(sql`o.date`)}, sum(o.sign), sum(o.sign * (o.value - o.shipping_cost)) from ${o}
    group by 1, 2
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
