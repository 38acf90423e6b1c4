import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orderLines, orders } from '../../db/schema/sales';

export interface SalesTotals {
  units: number;
  revenue: number;
}

/**
 * The order lines that count as sales in [start, end] (unix seconds, by order date): live orders
 * (not deleted) that are not cancelled. Revenue of a line is the order's line amount
 * (quantity × msrp × (100 − discount) / 100, rounded to cents — contract/orders.ts lineAmount).
 */
function salesQuery(select: SQL, where: SQL, groupBy: SQL) {
  return sql`
    select ${select},
      coalesce(sum(${orderLines.quantity}), 0)::float8 as units,
      coalesce(sum(round(${orderLines.quantity} * ${orderLines.msrp} * (100 - ${orderLines.discount}) / 100, 2)), 0)::float8 as revenue
    from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.docId}
    where ${orders.deleted} = 0 and ${orders.shippingStatus} <> 'cancel' and ${where}
    group by ${groupBy}`;
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
  const rows = await queryRows<{ product_id: number; units: number; revenue: number }>(
    db,
    salesQuery(
      sql`${orderLines.productId} as product_id`,
      sql`${orders.date} between ${start} and ${end}
        and ${orderLines.productId} in (select (jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))::int)`,
      sql`${orderLines.productId}`,
    ),
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
  const rows = await queryRows<{ bucket: number; units: number; revenue: number }>(
    db,
    salesQuery(
      sql`${bucket} as bucket`,
      sql`${orders.date} between ${start} and ${end} and ${orderLines.productId} = ${productId}`,
      sql`1`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.bucket), { units: Number(r.units), revenue: Number(r.revenue) }]));
}
