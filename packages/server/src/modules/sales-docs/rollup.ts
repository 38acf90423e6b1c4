// Rollup: per-dealer order totals kept in the write transaction, and dealer credit.
import { MSG } from '@bpm/contract/messages';
import { formatMoney } from '@bpm/contract/orders';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { dealers, orderDayStatusTotals, orderDayTotals, orderLines, orderRollup, orders } from '../../db/schema/sales';
import { dayOf, moveOrderCells, rebuildMonthRollup } from '../dashboard/rollup';
import { moveProductSales, rebuildProductSales, type SoldLine } from '../products/sales';
import { num } from './kinds';
import type { Doc } from './read';

/**
 * What the order rollups read of an order: a Doc's fields of the same names (the orders' columns below), and its
 * lines for the products' sales.
 */
export type RollupOrder = { products: readonly SoldLine[] } & Pick<
  Doc,
  | 'dealer'
  | 'date'
  | 'shipping_status'
  | 'payment_status'
  | 'value'
  | 'shipping_cost'
  | 'actual_shipping_cost'
  | 'payment_received'
  | 'outstanding'
  | 'outstanding_shipped'
>;
type Field = Exclude<keyof RollupOrder, 'products'>;

/** The money fields every order rollup sums (each bucket's column of the same name). */
const MONEY = [
  'value',
  'shipping_cost',
  'actual_shipping_cost',
  'payment_received',
  'outstanding',
  'outstanding_shipped',
] as const satisfies Field[];

/** Each field's column of the orders (the moved rows `o` carry these names) and its SQL type. */
const SOURCE: Record<Field, { col: PgColumn; type: 'int' | 'bigint' | 'text' | 'numeric' }> = {
  dealer: { col: orders.dealerId, type: 'int' },
  date: { col: orders.date, type: 'bigint' },
  shipping_status: { col: orders.shippingStatus, type: 'text' },
  payment_status: { col: orders.paymentStatus, type: 'text' },
  value: { col: orders.value, type: 'numeric' },
  shipping_cost: { col: orders.shippingCost, type: 'numeric' },
  actual_shipping_cost: { col: orders.actualShippingCost, type: 'numeric' },
  payment_received: { col: orders.paymentReceived, type: 'numeric' },
  outstanding: { col: orders.outstanding, type: 'numeric' },
  outstanding_shipped: { col: orders.outstandingShipped, type: 'numeric' },
};
const FIELDS = Object.keys(SOURCE) as Field[];
const at = (f: Field) => sql`o.${sql.identifier(SOURCE[f].col.name)}`;
const names = (cols: AnyColumn[]) =>
  sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

/** A bucket's key column and the order field it is computed from (`of`: how, e.g. the UTC day of the date). */
type Key = { col: AnyColumn; field: Field; of?: (v: SQL) => SQL };

/** The rows an order moves: its figures before the write (−1) and after it (+1), as `o`; null: not counted. */
function movedRows(from: RollupOrder | null, to: RollupOrder | null): SQL | null {
  const rows = [
    { o: from, sign: -1 },
    { o: to, sign: 1 },
  ].filter((r): r is { o: RollupOrder; sign: number } => !!r.o);
  if (!rows.length) return null;
  const row = (o: RollupOrder, sign: number) =>
    sql`(${sql.join(
      FIELDS.map((f) => sql`${String(o[f])}::${sql.raw(SOURCE[f].type)}`),
      sql`, `,
    )}, ${sign}::int)`;
  return sql`(values ${sql.join(
    rows.map((r) => row(r.o, r.sign)),
    sql`, `,
  )}) as o(${names(FIELDS.map((f) => SOURCE[f].col))}, sign)`;
}

/**
 * Moves an order's share of one rollup table from `from` to `to` — nothing when no field the table reads (its
 * keys' fields and the money) changed; else one upsert, the two rows netted per bucket (`counts`: n, and
 * order_rollup's total).
 */
function moveBucket(
  tx: Db,
  table: PgTable,
  keys: Key[],
  counts: AnyColumn[],
  money: AnyColumn[],
  from: RollupOrder | null,
  to: RollupOrder | null,
) {
  const reads: Field[] = [...keys.map((k) => k.field), ...MONEY];
  if (from && to && reads.every((f) => from[f] === to[f])) return;
  const rows = movedRows(from, to);
  if (!rows) return;
  const sums = [
    ...counts.map(() => sql`sum(o.sign)`),
    ...money.map((c) => sql`sum(o.sign * o.${sql.identifier(c.name)})`),
  ];
  return tx.execute(sql`
    insert into ${table} as r (${names([...keys.map((k) => k.col), ...counts, ...money])})
    select ${sql.join(
      keys.map((k) => (k.of ? k.of(at(k.field)) : at(k.field))),
      sql`, `,
    )}, ${sql.join(sums, sql`, `)}
    from ${rows}
    group by ${sql.join(
      keys.map((_, i) => sql.raw(String(i + 1))),
      sql`, `,
    )}
    on conflict (${names(keys.map((k) => k.col))}) do update set ${sql.join(
      [...counts, ...money].map(
        (c) => sql`${sql.identifier(c.name)} = r.${sql.identifier(c.name)} + excluded.${sql.identifier(c.name)}`,
      ),
      sql`, `,
    )}`);
}

/** The figures the rollups read of a saved order or quotation (a Doc read in the write transaction). */
export const rollupOrder = (d: Doc): RollupOrder => ({
  dealer: d.dealer,
  date: d.date,
  shipping_status: d.shipping_status,
  payment_status: d.payment_status,
  value: d.value,
  shipping_cost: d.shipping_cost,
  actual_shipping_cost: d.actual_shipping_cost,
  payment_received: d.payment_received,
  outstanding: d.outstanding,
  outstanding_shipped: d.outstanding_shipped,
  products: d.products,
});

/**
 * Moves a live order's share of every rollup from `from` (before the write; null for a new order) to `to`
 * (after it; null when it is deleted), in the write transaction. A table whose fields did not change is not
 * touched (a note-only save writes no rollup); one that did takes one upsert.
 */
export async function moveOrder(tx: Db, from: RollupOrder | null, to: RollupOrder | null) {
  const R = orderRollup;
  const T = orderDayTotals;
  const S = orderDayStatusTotals;
  await moveBucket(
    tx,
    R,
    [
      { col: R.dealerId, field: 'dealer' },
      { col: R.shippingStatus, field: 'shipping_status' },
      { col: R.paymentStatus, field: 'payment_status' },
    ],
    [R.n, R.total],
    moneyOf(R),
    from,
    to,
  );
  // The same per day: the list's totals for a date range …
  await moveBucket(
    tx,
    T,
    [
      { col: T.day, field: 'date', of: dayOf },
      { col: T.dealerId, field: 'dealer' },
      { col: T.shippingStatus, field: 'shipping_status' },
      { col: T.paymentStatus, field: 'payment_status' },
    ],
    [T.n],
    moneyOf(T),
    from,
    to,
  );
  // … and per day over all dealers (a range's totals without a dealer filter read ~30× fewer rows).
  await moveBucket(
    tx,
    S,
    [
      { col: S.day, field: 'date', of: dayOf },
      { col: S.shippingStatus, field: 'shipping_status' },
      { col: S.paymentStatus, field: 'payment_status' },
    ],
    [S.n],
    moneyOf(S),
    from,
    to,
  );
  // The dashboard's dealer × month and × day sales (modules/dashboard/rollup.ts) and the products' sales per day
  // move with the same write.
  await moveOrderCells(tx, from, to);
  await moveProductSales(tx, from, to);
}

/** A rollup table's money columns, in MONEY's order. */
function moneyOf(t: typeof orderRollup | typeof orderDayTotals | typeof orderDayStatusTotals): AnyColumn[] {
  return [t.value, t.shippingCost, t.actualShippingCost, t.paymentReceived, t.outstanding, t.outstandingShipped];
}

/** Takes a live order out of every rollup (its deletion), from its stored figures. */
export async function removeOrder(tx: Db, id: number) {
  const columns = Object.fromEntries(FIELDS.map((f) => [f, SOURCE[f].col])) as Record<Field, PgColumn>;
  const [row] = await tx
    .select(columns)
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.deleted, 0)));
  if (!row) return;
  const stored = row as Record<Field, string | number>;
  const lines = await tx
    .select({
      product_id: orderLines.productId,
      quantity: orderLines.quantity,
      msrp: orderLines.msrp,
      discount: orderLines.discount,
    })
    .from(orderLines)
    .where(eq(orderLines.docId, id));
  const from = {
    ...Object.fromEntries(FIELDS.map((f) => [f, SOURCE[f].type === 'text' ? stored[f] : num(stored[f])])),
    products: lines.map((l) => ({ ...l, msrp: num(l.msrp), discount: num(l.discount) })),
  } as unknown as RollupOrder;
  await moveOrder(tx, from, null);
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
  await rebuildProductSales(db);
}

/** Credit used of a dealer (`dealerId`, SQL): Σ (value − payment_received) of its live, uncancelled, unpaid orders. */
export const creditUsedOf = (dealerId: SQL) =>
  sql`(select coalesce(sum(value - payment_received), 0) from ${orderRollup}
        where dealer_id = ${dealerId} and shipping_status <> 'cancel' and payment_status = 'not paid')`;

/** Credit used of a dealer: Σ (value − payment_received) of its live, uncancelled, unpaid orders. */
export async function creditUsed(db: Db, dealerId: number): Promise<number> {
  const [r] = await queryRows<{ used: string | null }>(db, sql`select ${creditUsedOf(sql`${dealerId}`)} as used`);
  return num(r?.used);
}

const cents = (v: number) => Math.round(v * 100);

/** An order's part of its dealer's credit used, in cents: value less received while not cancelled and not paid. */
const creditShare = (o: RollupOrder) =>
  o.shipping_status !== 'cancel' && o.payment_status === 'not paid' ? cents(o.value) - cents(o.payment_received) : 0;

/**
 * What a save knows of its dealer: read before the save's rollup move, with the credit it used then (`usedBefore`),
 * and the order's figures the move took from and to — the credit used after the save without reading it again.
 */
export interface KnownCredit {
  name: string;
  creditLimit: string;
  usedBefore: number;
  moved: { from: RollupOrder | null; to: RollupOrder };
}

/** The credit warning of a save, or undefined (docs/decisions.md: credit); `known`: the dealer as the save read it. */
export async function creditWarning(tx: Db, dealerId: number, known?: KnownCredit): Promise<string | undefined> {
  if (known) {
    const { from, to } = known.moved;
    // The save's own move of the rollup, applied to the credit read before it (exact: in cents).
    const used =
      (cents(known.usedBefore) -
        (from && from.dealer === dealerId ? creditShare(from) : 0) +
        (to.dealer === dealerId ? creditShare(to) : 0)) /
      100;
    return warningOf(known.name, num(known.creditLimit), used);
  }
  // The dealer and its credit used after the save, in one statement.
  const [d] = await tx
    .select({ name: dealers.name, lim: dealers.creditLimit, used: sql<string>`${creditUsedOf(sql`${dealers.id}`)}` })
    .from(dealers)
    .where(eq(dealers.id, dealerId));
  return d ? warningOf(d.name, num(d.lim), num(d.used)) : undefined;
}

/** The warning of a dealer `used` past its `limit` (none without a limit). */
function warningOf(name: string, limit: number, used: number): string | undefined {
  if (limit <= 0) return undefined;
  return used > limit ? MSG.creditLimitExceeded(name, formatMoney(used), formatMoney(limit)) : undefined;
}
