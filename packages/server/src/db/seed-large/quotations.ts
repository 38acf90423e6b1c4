// Bulk quotations for `npm run seed:large -- --quotations N`: two years of them, about a third confirmed into orders.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { inChunks, maxId, syncSequence, withoutIndexes } from './bulk';
import { salesProducts } from './orders';

export async function seedLargeQuotations(db: Db, total: number, now: number) {
  const { count, pids, msrps, shipping } = await salesProducts(db, now);
  const start = await maxId(db, 'quotations');
  const orders = await maxId(db, 'orders');
  await withoutIndexes(db, ['quotations', 'quotation_lines'], total, () =>
    inChunks(db, 'quotations', total, async (tx, from, to) => {
      // Old quotations were mostly confirmed (an order exists, OC ref set) or left; recent ones are still open.
      await tx.execute(sql`
        with d as (select id, name, country, discount, row_number() over (order by id) - 1 as k,
                          count(*) over () as n from dealers where active = 1),
        s as (select ${start}::int + g as id, random() as r1, random() as r2,
                     (${msrps}::numeric[])[1 + (g % ${count})] as msrp, 1 + (g * 7 % 20) as qty,
                     case when g % 10 < 7 and ${shipping ? 1 : 0} = 1 then 50 + (g % 5) * 50 else 0 end as ship
              from generate_series(${from}::int, ${to}::int) g),
        v as (select s.*, d.id as dealer_id, d.name as dealer_name, d.country, d.discount,
                     ${now} - (s.r1 * 730 * 86400)::bigint as date,
                     s.r2 < 0.35 and ${orders}::int > 0 as confirmed
              from s join d on d.k = s.id % d.n)
        insert into quotations (id, dealer_id, dealer_name, date, quote_ref, oc_ref, note, value, shipping_cost,
          shipping_status, payment_status, billing_country, billing_company, shipping_country, shipping_company,
          order_id, revision, request_to_delete, created_at, updated_at)
        select v.id, v.dealer_id, v.dealer_name, v.date, 'QT-L' || v.id,
          case when v.confirmed then 'OC-Q' || v.id else '' end,
          case when v.id % 5 = 0 then 'Quote note ' || md5(v.id::text) else '' end,
          round(v.qty * v.msrp * (100 - v.discount) / 100, 2) + v.ship, v.ship,
          case when v.r2 < 0.03 then 'cancel' when v.confirmed and v.r1 * 730 > 60 then 'done'
               when v.r2 < 0.6 then 'wait' else 'ship' end,
          'not paid', v.country, v.dealer_name, v.country, v.dealer_name,
          case when v.confirmed then 1 + (v.id::bigint * 7919) % ${Math.max(orders, 1)}::int end,
          case when v.id % 11 = 0 then 1 else 0 end, case when v.id % 5000 = 0 then 1 else 0 end, v.date, v.date
        from v`);
      await tx.execute(sql`
        insert into quotation_lines (quotation_id, position, product_id, name, quantity, msrp, discount)
        select q.id, 0, (${pids}::int[])[1 + ((q.id - ${start}) % ${count})], 'Bulk line',
               1 + ((q.id - ${start}) * 7 % 20), (${msrps}::numeric[])[1 + ((q.id - ${start}) % ${count})],
               (select discount from dealers where id = q.dealer_id)
        from quotations q where q.id between ${start + from} and ${start + to}`);
      if (shipping)
        await tx.execute(sql`
          insert into quotation_lines (quotation_id, position, product_id, name, quantity, msrp, discount, is_shipping_cost)
          select id, 1, ${shipping.id}, 'Shipping', 1, shipping_cost, 0, 1
          from quotations where id between ${start + from} and ${start + to} and shipping_cost > 0`);
    }),
  );
  await syncSequence(db, 'quotations');
}
