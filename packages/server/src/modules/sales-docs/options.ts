// Autocomplete options: orders and active products.
import type { OrderOption, ProductOption } from '@bpm/contract/order-reads';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/products';
import { orders } from '../../db/schema/sales';
import { likePattern, trigramSearch } from '../../platform/paging';
import { num } from './kinds';

export async function orderOptions(db: Db, search: string, limit: number): Promise<OrderOption[]> {
  const rows = await db
    .select({ id: orders.id, oc_ref: orders.ocRef, dealer_name: orders.dealerName })
    .from(orders)
    .where(
      and(
        eq(orders.deleted, 0),
        search
          ? sql`(${trigramSearch(sql`lower(${orders.ocRef} || ' ' || ${orders.invoice} || ' ' || ${orders.note} || ' ' || ${orders.shippingAwb})`, search)} or lower(${orders.dealerName}) like ${likePattern(search)} or ${orders.id}::text = ${search})`
          : undefined,
      ),
    )
    .orderBy(sql`${orders.date} desc nulls last`, sql`${orders.id} desc`)
    .limit(limit);
  return rows.map((r) => ({ ...r, label: `${r.oc_ref || `#${r.id}`} (${r.dealer_name})` }));
}

export async function productOptions(db: Db, search: string, limit: number): Promise<ProductOption[]> {
  const rows = await db
    .select({
      id: products.id,
      product_code: products.productCode,
      desc: products.desc,
      msrp: products.msrp,
      discount: products.discount,
      bom_cost: products.bomCost,
      warning: products.warning,
      is_shipping_cost: products.isShippingCost,
    })
    .from(products)
    .where(
      and(
        eq(products.active, 1),
        search
          ? trigramSearch(
              sql`lower(${products.productCode} || ' ' || ${products.hsCode} || ' ' || ${products.desc})`,
              search,
            )
          : undefined,
      ),
    )
    .orderBy(sql`lower(${products.productCode})`, products.id)
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    msrp: num(r.msrp),
    discount: num(r.discount),
    bom_cost: num(r.bom_cost),
    label: `${r.product_code} - ${r.desc}`,
  }));
}
