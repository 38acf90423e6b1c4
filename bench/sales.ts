/**
 * Bench cases of the sales lists and dashboards, and the 100k orders they run against (written
 * straight into the bench database before the server starts).
 */
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client';
import { seedLargeOrders } from '../packages/server/src/db/seed-large/orders';
import { rebuildMonthRollup } from '../packages/server/src/modules/dashboard/rollup';
import { rebuildRollup } from '../packages/server/src/modules/sales-docs/rollup';

export const ORDERS = 100_000;
const DAY = 86400;

/**
 * `count` (100k unless `--orders N`) orders over the last two years (the dashboard's worst case: all
 * inside its window). Above 100k, the set-based bulk loader of `npm run seed:large` (chunked inserts,
 * indexes rebuilt once: a single 1M-row insert under 30 live indexes takes many times longer).
 */
export async function seedOrders(db: Db, now: number, count = ORDERS) {
  const t0 = Date.now();
  if (count > ORDERS) {
    await seedLargeOrders(db, count, now);
    await rebuildMonthRollup(db);
    await db.execute(sql`analyze orders, order_rollup, order_month_rollup, order_day_rollup, order_day_totals`);
    console.log(`  inserted ${count} orders in ${Date.now() - t0} ms`);
    return;
  }
  await db.execute(sql`
    with ds as (select array_agg(id order by id) as ids, array_agg(name order by id) as names, count(*)::int as n
                from dealers where active = 1),
    g as (select g, ${now} - (g::bigint * 7919) % ${730 * DAY} as date,
                 (array['wait','ship','done','done','done','done','done','cancel'])[1 + (g * 13) % 8] as status
          from generate_series(1, ${count}) g)
    insert into orders (dealer_id, dealer_name, date, oc_ref, invoice, note, value, shipping_cost, actual_shipping_cost,
      shipping_status, shipping_for_today, shipping_date_expected, shipping_awb, payment_status, payment_received,
      outstanding, request_to_delete, created_at, updated_at)
    select ds.ids[1 + g % ds.n], ds.names[1 + g % ds.n], date, 'OC-L' || g,
      case when status = 'done' then 'INV-L' || g else '' end,
      case when g % 10 = 0 then 'note ' || to_hex(g) else '' end,
      100 + (g * 37) % 10000, (g % 5) * 20, (g % 5) * 15, status,
      case when g % 97 = 0 and status in ('wait', 'ship') then 1 else 0 end,
      date + 14 * ${DAY}, case when status = 'done' then 'AWB' || g else '' end,
      case when g % 3 = 0 then 'not paid' else 'paid' end,
      case when g % 3 = 0 then 0 else 100 + (g * 37) % 10000 end,
      case when g % 3 = 0 then 100 + (g * 37) % 10000 else 0 end,
      case when g % 5000 = 0 then 1 else 0 end, date, date
    from g, ds`);
  await rebuildRollup(db);
  await rebuildMonthRollup(db);
  await db.execute(sql`analyze orders, order_rollup, order_month_rollup, order_day_rollup, order_day_totals`);
  console.log(`  inserted ${count} orders in ${Date.now() - t0} ms`);
}

type Bearer = (username: string) => Promise<Record<string, string>>;
interface Case {
  name: string;
  setup(ctx: { url: string; bearer: Bearer }): Promise<autocannon.Options>;
}

const get =
  (_name: string, path: string, user = 'sale'): Case['setup'] =>
  async ({ url, bearer }) => ({ url: `${url}${path}`, headers: await bearer(user) });

const now = Math.floor(Date.now() / 1000);
const filtered = `/api/orders?limit=50&dealer=5&start=${now - 180 * DAY}&end=${now}&shipping_status=wait;ship;done&payment_status=not%20paid&sort=value&order=desc`;

export const SALES_CASES: Case[] = [
  { name: 'GET /api/orders?limit=50 (100k orders, date desc, summary)', setup: get('', '/api/orders?limit=50') },
  {
    // Each request the next of 250 pages (offsets 0 … 12,450), in a cycle: the rows are read every time (more pages
    // than the page cache holds), only the shared total and summary come from the cache.
    name: 'GET /api/orders?limit=50&offset=… (a different page each request)',
    setup: async ({ url, bearer }) => {
      let i = 0;
      return {
        url,
        headers: await bearer('sale'),
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/api/orders?limit=50&offset=${50 * (i++ % 250)}` }),
          },
        ],
      };
    },
  },
  { name: 'GET /api/orders filtered (dealer, 180 days, 3 statuses, not paid) by value', setup: get('', filtered) },
  {
    name: 'GET /api/orders?limit=50&shipping_status=wait;ship&sort=dealer_name',
    setup: get('', '/api/orders?limit=50&shipping_status=wait;ship&sort=dealer_name&order=asc'),
  },
  { name: 'GET /api/orders?limit=50&search=oc-l123', setup: get('', '/api/orders?limit=50&search=oc-l123') },
  { name: 'GET /api/production/orders?limit=50', setup: get('', '/api/production/orders?limit=50', 'production') },
  { name: 'GET /api/dashboard/sales (all dealers)', setup: get('', '/api/dashboard/sales') },
  { name: 'GET /api/dashboard/sales?dealer=5', setup: get('', '/api/dashboard/sales?dealer=5') },
  { name: 'GET /api/dashboard/production', setup: get('', '/api/dashboard/production', 'production') },
  { name: 'GET /api/orders/request-to-delete', setup: get('', '/api/orders/request-to-delete', 'admin') },
  // The CSV export is timed as whole downloads with the server's RSS (bench/export.ts), not with autocannon.
];
