// Bulk packing lists for `npm run seed:large -- --packing-lists N`: one per shipped order (newest orders first),
// with its order's product line and serials that fit the line (one serial per unit).
// Their copies of the order's OC ref, dealer and company are filled by the table's trigger (0018), as for any insert.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import { DAY, inChunks, maxId, syncSequence, withoutIndexes } from './bulk';

export async function seedLargePackingLists(db: Db, total: number, now: number) {
  // Shipped or done orders, numbered: the k-th packing list belongs to the k-th of them (and a second
  // packing list, a revision or a split shipment, when there are more packing lists than orders).
  await db.execute(sql`drop table if exists bulk_pl_orders`);
  await db.execute(sql`create unlogged table bulk_pl_orders as
    select row_number() over (order by id desc)::int as k, id, date, dealer_name, shipping_country
    from orders where deleted = 0 and shipping_status in ('ship', 'done')`);
  await db.execute(sql`create unique index on bulk_pl_orders (k)`);
  const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bulk_pl_orders`);
  const n = Number(c?.n ?? 0);
  if (!n) throw new Error('--packing-lists needs shipped orders: load them first (--orders N)');
  const start = await maxId(db, 'packing_lists');
  try {
    await withoutIndexes(db, ['packing_lists', 'packing_list_lines'], total, () =>
      inChunks(db, 'packing lists', total, async (tx, from, to) => {
        await tx.execute(sql`
          with g as (select ${start}::int + g as id, 1 + (g - 1) % ${n} as k, (g - 1) / ${n} as rev
                     from generate_series(${from}::int, ${to}::int) g),
          v as (select g.id, g.rev, o.id as order_id, o.dealer_name, o.shipping_country,
                       least(o.date + (2 + g.id % 10) * ${DAY} + g.rev * 5 * ${DAY}, ${now}) as created,
                       l.product_id, l.name, l.quantity
                from g join bulk_pl_orders o on o.k = g.k
                join lateral (select product_id, name, quantity from order_lines
                              where order_id = o.id and is_shipping_cost = 0 order by position limit 1) l on true),
          pl as (insert into packing_lists (id, order_id, po_number, shipping_date, customer, country, revision,
                   serial_text, created_at, updated_at)
                 select v.id, v.order_id, case when v.id % 4 = 0 then '' else 'CPO-' || (v.order_id * 31 % 100000) end,
                   case when v.id % 20 = 0 then null else v.created + ${DAY} end,
                   case when v.id % 3 = 0 then 'End customer ' || (v.id % 997) else v.dealer_name end,
                   v.shipping_country, v.rev,
                   (select string_agg('sn-p' || v.id || '-' || s, E'\n' order by s) from generate_series(1, v.quantity) s),
                   v.created, v.created
                 from v returning id)
          insert into packing_list_lines (packing_list_id, position, product_id, pl_name, pl_serial, pl_box, quantity,
            warranty, pl_serial_count)
          select v.id, 0, v.product_id, v.name,
            (select string_agg('SN-P' || v.id || '-' || s, E'\n' order by s) from generate_series(1, v.quantity) s),
            'Box 1', v.quantity, 12, 1
          from v join pl on pl.id = v.id`);
      }),
    );
  } finally {
    await db.execute(sql`drop table if exists bulk_pl_orders`);
  }
  await syncSequence(db, 'packing_lists');
}
