/**
 * Bulk demo data for measuring lists at scale: `npm run seed:large -- --orders 100000`.
 * Writes into DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
 */
import { sql } from 'drizzle-orm';
import { loadConfig, systemClock, unixNow } from '../config';
import { demoProducts, seedDealers } from '../modules/orders/seed';
import { rebuildRollup } from '../modules/sales-docs/rollup';
import { openDatabase, queryRows } from './client';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive whole number`);
  return v;
}

async function main() {
  const total = arg('orders', 100_000);
  const config = loadConfig();
  const database = await openDatabase(config);
  const db = database.db;
  const now = unixNow(systemClock);
  try {
    const [{ n: dealerCount } = { n: 0 }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from dealers`,
    );
    if (Number(dealerCount) === 0) await seedDealers(db, now);
    const products = (await demoProducts(db, now)).filter((p) => !p.isShippingCost && Number(p.msrp) > 0);
    const shipping = (await demoProducts(db, now)).find((p) => p.isShippingCost);
    if (!products.length) throw new Error('No products with a price to put on orders');
    const pids = `{${products.map((p) => p.id).join(',')}}`;
    const msrps = `{${products.map((p) => Number(p.msrp)).join(',')}}`;
    const [{ max } = { max: 0 }] = await queryRows<{ max: number }>(
      db,
      sql`select coalesce(max(id), 0)::int as max from orders`,
    );
    const start = Number(max);
    const chunk = 100_000;
    const t0 = Date.now();
    // Maintaining ~30 indexes (one trigram) row by row is most of a bulk load's time: a large load
    // drops the secondary indexes of the two tables and builds them once at the end.
    const indexes =
      total >= 50_000
        ? await queryRows<{ name: string; def: string }>(
            db,
            sql`select indexname as name, indexdef as def from pg_indexes i
                where tablename in ('orders', 'order_lines') and not exists (
                  select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
          )
        : [];
    for (const i of indexes) await db.execute(sql.raw(`drop index if exists "${i.name}"`));
    try {
      for (let from = 1; from <= total; from += chunk) {
        const to = Math.min(total, from + chunk - 1);
        await db.transaction(async (tx) => {
          // Per-row values derive from the id, so the lines below can be derived the same way.
          await tx.execute(sql`
          with d as (select id, name, country, discount, row_number() over (order by id) - 1 as k,
                            count(*) over () as n from dealers where active = 1),
          -- Like real data: open shipments are recent (60 days), older orders done (or cancelled) and mostly paid.
          s as (select ${start}::int + g as id, random() as r1, random() as r2, random() as r3,
                       (${pids}::int[])[1 + (g % ${products.length})] as pid,
                       (${msrps}::numeric[])[1 + (g % ${products.length})] as msrp,
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
          select o.id, 0, (${pids}::int[])[1 + ((o.id - ${start}) % ${products.length})], 'Bulk line',
                 1 + ((o.id - ${start}) * 7 % 20), (${msrps}::numeric[])[1 + ((o.id - ${start}) % ${products.length})],
                 (select discount from dealers where id = o.dealer_id)
          from orders o where o.id between ${start + from} and ${start + to}`);
          if (shipping) {
            await tx.execute(sql`
            insert into order_lines (order_id, position, product_id, name, quantity, msrp, discount, is_shipping_cost)
            select id, 1, ${shipping.id}, 'Shipping', 1, shipping_cost, 0, 1
            from orders where id between ${start + from} and ${start + to} and shipping_cost > 0`);
          }
        });
        console.log(`${to} / ${total} orders (${Math.round((Date.now() - t0) / 1000)} s)`);
      }
    } finally {
      // Rebuilt even when the load fails, so the database is never left without its indexes.
      for (const i of indexes) await db.execute(sql.raw(i.def));
    }
    if (indexes.length) console.log(`${indexes.length} indexes rebuilt (${Math.round((Date.now() - t0) / 1000)} s)`);
    await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
    await rebuildRollup(db);
    await db.execute(sql`analyze dealers, orders, order_lines, order_rollup, order_day_totals`);
    console.log(`Done: ${total} orders in ${Math.round((Date.now() - t0) / 1000)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
