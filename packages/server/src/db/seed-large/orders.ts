// Bulk orders for `npm run seed:large -- --orders N`: two years of orders, one product line each (+ shipping).
import { sql } from 'drizzle-orm';
import { demoProducts, seedDealers } from '../../modules/orders/seed';
import { rebuildRollup } from '../../modules/sales-docs/rollup';
import { refreshTestable } from '../../modules/sales-docs/test-status';
import { type Db, queryRows } from '../client';
import { inChunks, maxId, syncSequence, withoutIndexes } from './bulk';

/** Priced products (and the shipping-cost product) for bulk sales documents; dealers when there are none. */
export async function salesProducts(db: Db, now: number) {
  const [{ n: dealerCount } = { n: 0 }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from dealers`,
  );
  if (Number(dealerCount) === 0) await seedDealers(db, now);
  const all = await demoProducts(db, now);
  const products = all.filter((p) => !p.isShippingCost && Number(p.msrp) > 0);
  if (!products.length) throw new Error('No products with a price to put on orders');
  return {
    count: products.length,
    pids: `{${products.map((p) => p.id).join(',')}}`,
    msrps: `{${products.map((p) => Number(p.msrp)).join(',')}}`,
    shipping: all.find((p) => p.isShippingCost),
  };
}

export async function seedLargeOrders(db: Db, total: number, now: number) {
  const { count, pids, msrps, shipping } = await salesProducts(db, now);
  const start = await maxId(db, 'orders');
  await withoutIndexes(db, ['orders', 'order_lines'], total, () =>
    inChunks(db, 'orders', total, async (tx, from, to) => {
      // Per-row values derive from the id, so the lines below can be derived the same way.
      await tx.execute(sql`
          with d as (select id, name, country, discount, row_number() over (order by id) - 1 as k,
                            count(*) over () as n from dealers where active = 1),
          -- Like real data: open shipments are recent (60 days), older orders done (or cancelled) and mostly paid.
          s as (select ${start}::int + g as id, random() as r1, random() as r2, random() as r3,
                       (${pids}::int[])[1 + (g % ${count})] as pid,
                       (${msrps}::numeric[])[1 + (g % ${count})] as msrp,
                       1 + (g * 7 % 20) as qty,
                       case when g % 10 < 7 and ${shipping ? 1 : 0} = 1 then 50 + (g % 5) * 50 else 0 end as ship
                from generate_series(${from}::int, ${to}::int) g)
          insert into orders (id, dealer_id, dealer_name, date, oc_ref, invoice, note, value, shipping_cost,
            shipping_status, shipping_for_today, shipping_date_expected, shipping_awb, payment_status,
            payment_received, outstanding, billing_country, billing_company, shipping_country, shipping_company,
            request_to_delete, created_at, updated_at)
          select s.id, d.id, d.name, ${now} - (s.r1 * 730 * 86400)::bigint,
            'OC-L' || s.id, case when s.id % 3 = 0 then 'INV-L' || s.id else '' end,
            case when s.id % 7 = 0 then 'Note ' || md5(s.id::text) else '' end,
            round(s.qty * s.msrp * (100 - d.discount) / 100, 2) + s.ship, s.ship,
            case when s.r2 < 0.05 then 'cancel' when s.r1 * 730 > 60 then 'done' when s.r2 < 0.4 then 'wait' when s.r2 < 0.7 then 'ship' else 'done' end,
            case when s.r1 * 730 <= 60 and s.r2 >= 0.4 and s.r2 < 0.5 then 1 else 0 end,
            ${now} - (s.r1 * 730 * 86400)::bigint + 14 * 86400,
            case when s.r2 >= 0.05 and (s.r1 * 730 > 60 or s.r2 >= 0.7) then 'AWB' || (1000000 + s.id) else '' end,
            case when s.r3 < (case when s.r1 * 730 > 90 then 0.97 else 0.3 end) then 'paid' else 'not paid' end,
            case when s.r3 < (case when s.r1 * 730 > 90 then 0.97 else 0.3 end) then round(s.qty * s.msrp * (100 - d.discount) / 100, 2) + s.ship else 0 end,
            case when s.r3 < (case when s.r1 * 730 > 90 then 0.97 else 0.3 end) then 0 else round(s.qty * s.msrp * (100 - d.discount) / 100, 2) + s.ship end,
            d.country, d.name, d.country, d.name, case when s.id % 5000 = 0 then 1 else 0 end, ${now}, ${now}
          from s join d on d.k = s.id % d.n`);
      await tx.execute(sql`
          insert into order_lines (order_id, position, product_id, name, quantity, msrp, discount)
          select o.id, 0, (${pids}::int[])[1 + ((o.id - ${start}) % ${count})], 'Bulk line',
                 1 + ((o.id - ${start}) * 7 % 20), (${msrps}::numeric[])[1 + ((o.id - ${start}) % ${count})],
                 (select discount from dealers where id = o.dealer_id)
          from orders o where o.id between ${start + from} and ${start + to}`);
      if (shipping) {
        await tx.execute(sql`
            insert into order_lines (order_id, position, product_id, name, quantity, msrp, discount, is_shipping_cost)
            select id, 1, ${shipping.id}, 'Shipping', 1, shipping_cost, 0, 1
            from orders where id between ${start + from} and ${start + to} and shipping_cost > 0`);
      }
    }),
  );
  await syncSequence(db, 'orders');
  await rebuildRollup(db);
  await refreshTestable(db);
  await db.execute(sql`analyze dealers, order_rollup, order_day_totals`);
}
