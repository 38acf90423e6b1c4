/**
 * Bench cases of the purchase order list and the purchasing overview, the 50k POs they run
 * against (written straight into the bench database), and the PO PDF generation time.
 */
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client';
import { purchaseOrderPdf } from '../packages/server/src/modules/purchase-orders/pdf';
import { getPo } from '../packages/server/src/modules/purchase-orders/queries';
import { rebuildPoRollup } from '../packages/server/src/modules/purchase-orders/totals';

export const POS = 50_000;
const DAY = 86400;

/** 50k POs over two years, three lines each, all statuses and currencies. */
export async function seedPurchaseOrders(db: Db, now: number) {
  const t0 = Date.now();
  await db.execute(sql`
    with s as (select array_agg(id order by id) as ids, array_agg(name order by id) as names, count(*)::int as n from suppliers),
    g as (select g, ${now} - (g::bigint * 7919) % ${730 * DAY} as d,
                 (array['draft','waitingapproval','approved','received','received','received','rejected','cancelled'])[1 + (g * 13) % 8] as st,
                 (array['USD','USD','EUR','PHP'])[1 + g % 4] as cur
          from generate_series(1, ${POS}) g)
    insert into purchase_orders (po_number, supplier_id, supplier_name, supplier_address, supplier_contact_person,
      requisitioner, po_date, due_date, purpose, department, terms, currency, currency_rate, status, paid, amount,
      created_at, updated_at)
    select 'PO-L-' || lpad(g::text, 6, '0'), s.ids[1 + g % s.n], s.names[1 + g % s.n], 'Address', 'Contact',
      'Requisitioner ' || (g % 7), d, d + 30 * ${DAY}, 'Purpose ' || to_hex(g), 'Engineering', 'NET 30', cur,
      case cur when 'EUR' then 1.08 when 'PHP' then 0.0175 else 1 end, st,
      case when st in ('approved', 'received') then g % 3 else 0 end, 100 + (g * 37) % 10000, d, d
    from g, s`);
  await db.execute(sql`
    insert into purchase_order_lines (po_id, line_no, part_id, manuf_part_number, part_name, local_price, price,
      quantity, unit)
    select o.id, l, p.id, p.manuf_part_number, p.description, round(p.price / o.currency_rate, 6), p.price, 10 * l,
      'pcs'
    from purchase_orders o cross join generate_series(1, 3) l
    join lateral (select * from part_components pc where pc.id = 1 + (o.id * 7 + l) % 150 limit 1) p on true
    where o.po_number like 'PO-L-%'`);
  await rebuildPoRollup(db);
  await db.execute(sql`analyze purchase_orders, purchase_order_lines, po_rollup`);
  console.log(`  inserted ${POS} purchase orders in ${Date.now() - t0} ms`);
}

/** Renders the PDF of one PO several times: the target is ≤ 150 ms each. */
export async function measurePoPdf(db: Db) {
  const rows = (
    (await db.execute(
      sql`select id from purchase_orders where status = 'received' order by id limit 1`,
    )) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows;
  if (!rows[0]) return;
  const po = await getPo(db, rows[0].id);
  await purchaseOrderPdf(po, { prepared: null, approved: null }); // warm-up (fonts)
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await purchaseOrderPdf(po, { prepared: null, approved: null });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  PO PDF (${po.parts.length} lines): median ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms`,
  );
}

type Bearer = (username: string) => Promise<Record<string, string>>;
interface Case {
  name: string;
  setup(ctx: { url: string; bearer: Bearer }): Promise<autocannon.Options>;
}

const get =
  (path: string, user = 'purchase'): Case['setup'] =>
  async ({ url, bearer }) => ({ url: `${url}${path}`, headers: await bearer(user) });

const now = Math.floor(Date.now() / 1000);

export const PURCHASING_CASES: Case[] = [
  {
    name: `GET /api/purchaseorders?limit=50 (${POS / 1000}k POs, po_date desc, total)`,
    setup: get('/api/purchaseorders?limit=50'),
  },
  {
    name: 'GET /api/purchaseorders filtered (supplier, 180 days, received, partial) by amount',
    setup: get(
      `/api/purchaseorders?limit=50&supplier=3&start=${now - 180 * DAY}&end=${now}&status=received&paid=2&sort=amount&order=desc`,
    ),
  },
  {
    name: 'GET /api/purchaseorders?limit=50&search=po-l-0123',
    setup: get('/api/purchaseorders?limit=50&search=po-l-0123'),
  },
  { name: 'GET /api/dashboard/purchasing (all suppliers)', setup: get('/api/dashboard/purchasing') },
  { name: 'GET /api/purchaseorders/waitingapproval', setup: get('/api/purchaseorders/waitingapproval', 'poapproval') },
];
