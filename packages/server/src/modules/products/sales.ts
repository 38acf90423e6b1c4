import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { productDaySales } from '../../db/schema/products';
import { orderLines, orders } from '../../db/schema/sales';

export interface SalesTotals {
  units: number;
  revenue: number;
}

const DAY = 86400;

/** The orders whose lines count as sales: live (not deleted) and not cancelled. */
const saleOrder = sql`${orders.deleted} = 0 and ${orders.shippingStatus} <> 'cancel'`;

/** A line's revenue: the order's line amount, rounded to cents (contract/orders.ts lineAmount). */
const amount = (q: SQL, msrp: SQL, discount: SQL) => sql`round(${q} * ${msrp} * (100 - ${discount}) / 100, 2)`;

/** What the sales read of an order's line. */
export interface SoldLine {
  product_id: number;
  quantity: number;
  msrp: number;
  discount: number;
}

/** What the sales read of an order: its date, its shipping status (a cancelled one does not count), its lines. */
export interface SoldOrder {
  date: number;
  shipping_status: string;
  products: readonly SoldLine[];
}

const counted = (o: SoldOrder | null) => (o && o.shipping_status !== 'cancel' ? o : null);
const lineKeys = (o: SoldOrder) =>
  o.products.map((l) => `${l.product_id}:${l.quantity}:${l.msrp}:${l.discount}`).sort();

/** Whether an order adds the same to every product × day cell before and after a write. */
function sameCells(a: SoldOrder | null, b: SoldOrder | null): boolean {
  if (!a || !b) return !a && !b;
  if (Math.floor(a.date / DAY) !== Math.floor(b.date / DAY)) return false;
  const [ka, kb] = [lineKeys(a), lineKeys(b)];
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

/**
 * Moves an order's lines in product_day_sales from `from` (the order before the write; null for a new one) to `to`
 * (after it; null when deleted), in the order's write transaction: nothing when its day, its counting (cancelled or
 * not) and its lines are the same; else one upsert, the two sets of lines netted per cell.
 */
export async function moveProductSales(tx: Db, from: SoldOrder | null, to: SoldOrder | null) {
  const [a, b] = [counted(from), counted(to)];
  if (sameCells(a, b)) return;
  const rows = [
    { o: a, sign: -1 },
    { o: b, sign: 1 },
  ].flatMap(({ o, sign }) =>
    o
      ? o.products.map(
          (l) =>
            sql`(${l.product_id}::int, ${Math.floor(o.date / DAY)}::int, ${sign}::int, ${l.quantity}::int, ${String(l.msrp)}::numeric, ${String(l.discount)}::numeric)`,
        )
      : [],
  );
  if (!rows.length) return;
  await tx.execute(sql`
    insert into ${productDaySales} as r (product_id, day, units, revenue)
    select v.product_id, v.day, sum(v.sign * v.quantity), sum(v.sign * ${amount(sql`v.quantity`, sql`v.msrp`, sql`v.discount`)})
    from (values ${sql.join(rows, sql`, `)}) as v(product_id, day, sign, quantity, msrp, discount)
    group by 1, 2
    on conflict (product_id, day) do update set units = r.units + excluded.units, revenue = r.revenue + excluded.revenue`);
}

/** Rebuilds product_day_sales from the orders' lines (bulk loads, and the test that compares it). */
export async function rebuildProductSales(db: Db) {
  const L = orderLines;
  await db.execute(sql`delete from ${productDaySales}`);
  await db.execute(sql`
    insert into ${productDaySales} (product_id, day, units, revenue)
    select ${L.productId}, floor(${orders.date} / 86400.0)::int, sum(${L.quantity}),
      sum(${amount(sql`${L.quantity}`, sql`${L.msrp}`, sql`${L.discount}`)})
    from ${L} join ${orders} on ${orders.id} = ${L.docId}
    where ${saleOrder}
    group by 1, 2`);
}

/**
 * The whole UTC days in [start, end] (unix seconds, inclusive), and the parts of the days its edges cut: the days
 * are read from product_day_sales, the parts from the lines.
 */
export function splitWindow(
  start: number,
  end: number,
): { days: { first: number; last: number } | null; edges: { start: number; end: number }[] } {
  const first = Math.ceil(start / DAY);
  const last = Math.floor((end + 1) / DAY) - 1;
  if (first > last) return { days: null, edges: end < start ? [] : [{ start, end }] };
  const edges: { start: number; end: number }[] = [];
  if (start < first * DAY) edges.push({ start, end: first * DAY - 1 });
  if (end > (last + 1) * DAY - 1) edges.push({ start: (last + 1) * DAY, end });
  return { days: { first, last }, edges };
}

/** What a sales read groups by: a key from the product and the date (unix seconds) of each sale. */
type Key = (c: { product: SQL; date: SQL }) => SQL;
type Keyed = { key: number; units: number; revenue: number };

/**
 * The lines of sale orders dated in [start, end] whose product meets `product`, as (key, units, revenue) rows. Only
 * for a part of one day (a window's edge): the day's orders by the date index, then their lines — about a day's
 * orders whatever order the orders were entered in.
 */
function linesIn(w: { start: number; end: number }, product: SQL, key: Key): SQL {
  const L = orderLines;
  return sql`select ${key({ product: sql`${L.productId}`, date: sql`${orders.date}` })} as key,
      ${L.quantity}::numeric as units, ${amount(sql`${L.quantity}`, sql`${L.msrp}`, sql`${L.discount}`)} as revenue
    from ${L} join ${orders} on ${orders.id} = ${L.docId}
    where ${saleOrder} and ${orders.date} between ${w.start} and ${w.end}
      and ${product}`;
}

/**
 * Units and revenue of the sales in [start, end] whose product meets `product` (a condition on the column it is
 * given), per key: the whole days from product_day_sales, the edges' parts of a day from the lines — one statement
 * (each round trip of a list waits its turn for a connection under load).
 */
async function salesIn(
  db: Db,
  window: { start: number; end: number },
  product: (col: SQL) => SQL,
  key: Key,
): Promise<Map<number, SalesTotals>> {
  const { days, edges } = splitWindow(window.start, window.end);
  const S = productDaySales;
  const parts: SQL[] = [];
  if (days)
    parts.push(
      sql`select ${key({ product: sql`${S.productId}`, date: sql`(${S.day}::bigint * 86400)` })} as key,
          ${S.units}::numeric as units, ${S.revenue} as revenue
        from ${S} where ${product(sql`${S.productId}`)} and ${S.day} between ${days.first} and ${days.last}`,
    );
  for (const e of edges) parts.push(linesIn(e, product(sql`${orderLines.productId}`), key));
  const out = new Map<number, SalesTotals>();
  if (!parts.length) return out;
  const rows = await queryRows<Keyed>(
    db,
    sql`select key, coalesce(sum(units), 0)::float8 as units, coalesce(sum(revenue), 0)::float8 as revenue
      from (${sql.join(parts, sql` union all `)}) s group by key`,
  );
  for (const r of rows) out.set(Number(r.key), { units: Number(r.units), revenue: Number(r.revenue) });
  return out;
}

/** Units sold and revenue per product in [start, end], for the rows of one products page. */
export async function productSalesTotals(
  db: Db,
  productIds: number[],
  start: number,
  end: number,
): Promise<Map<number, SalesTotals>> {
  const out = new Map<number, SalesTotals>(productIds.map((id) => [id, { units: 0, revenue: 0 }]));
  if (!productIds.length) return out;
  // An array parameter: the planner reads how many products the page has.
  const sold = await salesIn(
    db,
    { start, end },
    (col) => sql`${col} = any(${sql.param(productIds)}::int[])`,
    (c) => c.product,
  );
  for (const [id, t] of sold) out.set(id, t);
  return out;
}

/**
 * Units and revenue of one product per UTC day or month in [start, end], keyed by the bucket's
 * calendar start (unix seconds).
 */
export async function productSalesBuckets(
  db: Db,
  productId: number,
  start: number,
  end: number,
  granularity: 'day' | 'month',
): Promise<Map<number, SalesTotals>> {
  const unit = sql.raw(granularity === 'day' ? "'day'" : "'month'");
  return salesIn(
    db,
    { start, end },
    (col) => sql`${col} = ${productId}`,
    (c) => sql`extract(epoch from date_trunc(${unit}, to_timestamp(${c.date}) at time zone 'UTC'))::bigint`,
  );
}
