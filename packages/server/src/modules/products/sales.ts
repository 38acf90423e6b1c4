import type { Db } from '../../db/client';

export interface SalesTotals {
  units: number;
  revenue: number;
}

/**
 * Units sold and revenue per product in [start, end] (unix seconds), from order lines.
 * TODO(sales): the order tables (db/schema/sales.ts) do not exist yet; until they do this answers
 * zeros. Wire it as one grouped query over order lines joined to orders in the window, excluding
 * cancelled orders and quotations, e.g.
 *   select product_id, sum(quantity), sum(amount) from order_lines join orders … group by product_id.
 */
export async function productSalesTotals(
  _db: Db,
  productIds: number[],
  _start: number,
  _end: number,
): Promise<Map<number, SalesTotals>> {
  return new Map(productIds.map((id) => [id, { units: 0, revenue: 0 }]));
}

/**
 * Units and revenue of one product per UTC day or month bucket in [start, end], keyed by the
 * bucket's start (unix seconds). TODO(sales): zeros until the order tables exist (see above);
 * then `group by date_trunc(granularity, to_timestamp(order_date) at time zone 'UTC')`.
 */
export async function productSalesBuckets(
  _db: Db,
  _productId: number,
  _start: number,
  _end: number,
  _granularity: 'day' | 'month',
): Promise<Map<number, SalesTotals>> {
  return new Map();
}
