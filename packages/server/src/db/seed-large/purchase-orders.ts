// Bulk purchase orders for `npm run seed:large -- --purchase-orders N`: a few hundred suppliers, two years of POs.
import { sql } from 'drizzle-orm';
import { rebuildPoRollup } from '../../modules/purchase-orders/totals';
import { type Db, queryRows } from '../client';
import { DAY, inChunks, maxId, syncSequence, withoutIndexes } from './bulk';

const SUPPLIERS = 300;
const PARTS = 500;

/** At least 300 suppliers and 500 part components to order from. */
async function ensureSuppliersAndParts(db: Db, now: number) {
  const [c] = await queryRows<{ s: number; p: number }>(
    db,
    sql`select (select count(*) from suppliers)::int as s, (select count(*) from part_components)::int as p`,
  );
  const s0 = await maxId(db, 'suppliers');
  if (Number(c?.s) < SUPPLIERS)
    await db.execute(sql`
      insert into suppliers (id, name, contact_person, address, email, created_at, updated_at)
      select ${s0}::int + g, 'Bulk Supplier ' || (${s0}::int + g), 'Contact ' || g, 'Address ' || g,
        'supplier' || (${s0}::int + g) || '@example.com', ${now}, ${now}
      from generate_series(1, ${SUPPLIERS - Number(c?.s)}::int) g`);
  const p0 = await maxId(db, 'part_components');
  if (Number(c?.p) < PARTS)
    await db.execute(sql`
      insert into part_components (id, manuf_part_number, manufacturer, description, price, created_at, updated_at)
      select ${p0}::int + g, 'BULK-MPN-' || (${p0}::int + g), 'Bulk Manufacturer ' || (g % 40),
        'Bulk part ' || (${p0}::int + g), round((0.05 + (g * 37 % 5000) / 10.0)::numeric, 2), ${now}, ${now}
      from generate_series(1, ${PARTS - Number(c?.p)}::int) g`);
  await syncSequence(db, 'suppliers');
  await syncSequence(db, 'part_components');
}

export async function seedLargePurchaseOrders(db: Db, total: number, now: number) {
  await ensureSuppliersAndParts(db, now);
  const start = await maxId(db, 'purchase_orders');
  await withoutIndexes(db, ['purchase_orders', 'purchase_order_lines'], total, async () => {
    await inChunks(db, 'purchase orders', total, async (tx, from, to) => {
      // Old POs are received (mostly paid) or cancelled/rejected; drafts and approvals are recent.
      await tx.execute(sql`
        with sp as (select id, name, address, contact_person, row_number() over (order by id) - 1 as k,
                           count(*) over () as n from suppliers),
        g as (select ${start}::int + g as id, random() as r1, random() as r2, random() as r3
              from generate_series(${from}::int, ${to}::int) g),
        v as (select g.*, ${now} - (g.r1 * 730 * ${DAY})::bigint as d,
                     case when g.r2 < 0.03 then 'cancelled' when g.r2 < 0.05 then 'rejected'
                          when g.r1 * 730 > 90 then 'received'
                          when g.r2 < 0.25 then 'draft' when g.r2 < 0.4 then 'waitingapproval'
                          when g.r2 < 0.7 then 'approved' else 'received' end as st,
                     (array['USD','USD','USD','EUR','PHP'])[1 + g.id % 5] as cur
              from g)
        insert into purchase_orders (id, po_number, supplier_id, supplier_name, supplier_address, supplier_contact_person,
          requisitioner, po_date, due_date, purpose, department, terms, currency, currency_rate, status, paid,
          cancelled_reason, created_at, updated_at)
        select v.id, 'PO-' || extract(year from to_timestamp(v.d))::int || '-' || lpad(v.id::text, 5, '0'),
          sp.id, sp.name, sp.address, sp.contact_person,
          (array['Ana Cruz','Ben Lim','Carla Santos','Dan Reyes','Eva Tan','Felix Go','Gina Uy','Hugo Sy'])[1 + v.id % 8] || ' ' || (v.id % 37),
          v.d, v.d + 30 * ${DAY}, 'Purpose ' || to_hex(v.id),
          (array['Engineering','Production','Sales','Admin','R&D'])[1 + v.id % 5], 'NET 30', v.cur,
          case v.cur when 'EUR' then 1.08 when 'PHP' then 0.0175 else 1 end, v.st,
          case when v.st = 'received' then (case when v.r3 < (case when v.r1 * 730 > 90 then 0.95 else 0.4 end) then 1
                                                 when v.r3 < 0.97 then 2 else 0 end)
               when v.st = 'approved' and v.r3 < 0.2 then 2 else 0 end,
          case when v.st = 'cancelled' then 'Bulk: no longer needed' else '' end, v.d, v.d
        from v join sp on sp.k = v.id % sp.n`);
      // One to three lines, priced in the PO currency (the part's USD price ÷ rate), USD derived; the PO amount
      // is their total, in the currency and in USD.
      await tx.execute(sql`
        with p as (select id, manuf_part_number, description, price, row_number() over (order by id) - 1 as k,
                          count(*) over () as n from part_components)
        insert into purchase_order_lines (po_id, line_no, part_id, manuf_part_number, part_name, local_price, price,
          quantity, unit)
        select o.id, l, p.id, p.manuf_part_number, p.description, round(p.price / o.currency_rate, 6),
          round(round(p.price / o.currency_rate, 6) * o.currency_rate, 6), 1 + (o.id * 13 + l) % 50, 'pcs'
        from purchase_orders o cross join generate_series(1, 3) l
        join p on p.k = (o.id * 7 + l) % p.n
        where o.id between ${start + from} and ${start + to} and l <= 1 + o.id % 3`);
      await tx.execute(sql`
        update purchase_orders o set currency_amount = t.total, amount = round(t.total * o.currency_rate, 6)
        from (select po_id, round(sum(local_price * quantity), 6) as total from purchase_order_lines
              where po_id between ${start + from} and ${start + to} group by po_id) t
        where o.id = t.po_id`);
    });
  });
  await syncSequence(db, 'purchase_orders');
  await rebuildPoRollup(db);
  await db.execute(sql`analyze po_rollup, po_day_totals`);
}
