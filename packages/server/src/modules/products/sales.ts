import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orderLines, orders } from '../../db/schema/sales';

export interface SalesTotals {
  units: number;
  revenue: number;
}

/** The orders whose lines count as sales: live (not deleted) and not cancelled. */
const saleOrder = sql`${orders.deleted} = 0 and ${orders.shippingStatus} <> 'cancel'`;

/**
 * The first and last id of the sale orders dated in [start, end] (unix seconds); undefined when there are none.
 * Every line of the window has its order id in between: a bound on order_lines_product_idx's second column,
 * so a page reads only the lines of the ids the window spans — orders are numbered as they come, so a recent
 * window spans few — instead of every line of its products ever (docs/performance.md, 'Where the time goes').
 * `id + 0`: min and max of an expression, so the window's orders are read through the date index; of the bare
 * column the planner walks orders_pkey from either end until a row of the window (most of the table for a
 * recent month when the ids follow the dates).
 */
async function windowIds(db: Db, start: number, end: number): Promise<{ lo: number; hi: number } | undefined> {
  const [r] = await queryRows<{ lo: number | null; hi: number | null }>(
    db,
    sql`select min(${orders.id} + 0) as lo, max(${orders.id} + 0) as hi from ${orders}
        where ${saleOrder} and ${orders.date} between ${start} and ${end}`,
  );
  return r?.lo == null || r.hi == null ? undefined : { lo: Number(r.lo), hi: Number(r.hi) };
}

/**
 * The order lines that count as sales in [start, end] (unix seconds, by order date) among `lines` (a condition
 * on order_lines), summed per `groupBy`. Revenue of a line is the order's line amount (quantity × msrp ×
 * (100 − discount) / 100, rounded to cents — contract/orders.ts lineAmount). The ids bound the lines read
 * (windowIds); the join checks each line's order. order_lines_product_idx covers the lines' figures: with a
 * product condition they are read index-only (0039).
 */
async function salesIn<T>(
  db: Db,
  window: { start: number; end: number },
  select: SQL,
  lines: SQL,
  groupBy: SQL,
): Promise<T[]> {
  const ids = await windowIds(db, window.start, window.end);
  if (!ids) return [];
  return queryRows<T>(
    db,
    sql`
    select ${select},
      coalesce(sum(${orderLines.quantity}), 0)::float8 as units,
      coalesce(sum(round(${orderLines.quantity} * ${orderLines.msrp} * (100 - ${orderLines.discount}) / 100, 2)), 0)::float8 as revenue
    from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.docId}
    where ${saleOrder} and ${orders.date} between ${window.start} and ${window.end}
      and ${lines} and ${orderLines.docId} between ${ids.lo} and ${ids.hi}
    group by ${groupBy}`,
  );
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
  const rows = await salesIn<{ product_id: number; units: number; revenue: number }>(
    db,
    { start, end },
    sql`${orderLines.productId} as product_id`,
    // An array parameter: the planner reads how many products the page has (a set-returning function's
    // rows it cannot know).
    sql`${orderLines.productId} = any(${sql.param(productIds)}::int[])`,
    sql`${orderLines.productId}`,
  );
  for (const r of rows) out.set(Number(r.product_id), { units: Number(r.units), revenue: Number(r.revenue) });
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
  const bucket = sql`extract(epoch from date_trunc(${unit}, to_timestamp(${orders.date}) at time zone 'UTC'))::bigint`;
  const rows = await salesIn<{ bucket: number; units: number; revenue: number }>(
    db,
    { start, end },
    sql`${bucket} as bucket`,
    sql`${orderLines.productId} = ${productId}`,
    sql`1`,
  );
  return new Map(rows.map((r) => [Number(r.bucket), { units: Number(r.units), revenue: Number(r.revenue) }]));
}
