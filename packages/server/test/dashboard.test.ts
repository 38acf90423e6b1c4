import type { ProductionOverview, SalesOverview } from '@bpm/contract/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from './factories/sales';
import { createTestApp, DAY, get, postForm, put, type TestApp } from './helpers';

let t: TestApp;
const NOW = () => Math.floor(t.clock.now() / 1000); // 2026-11-22 12:00 UTC
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12) / 1000;
type D = { id: number; name: string };
let A: D;
let B: D;
let C: D;
let E: D;
const Ds: D[] = [];

async function order(dealer: D, fields: Record<string, unknown>, role: 'sale' | 'administrator' = 'sale') {
  const res = await postForm(t, role, '/api/orders/save', { dealer: dealer.id, ...fields } as unknown as Record<
    string,
    string
  >);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as { id: number; version: number };
}
const sales = async (role: 'sale' | 'administrator', query = '') => {
  const res = await get(t, role, `/api/dashboard/sales${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SalesOverview;
};

beforeAll(async () => {
  t = await createTestApp();
  // Hand-computed figures need a clean slate: drop the demo orders (their rollups go with them).
  await t.database.db.execute(sql`delete from order_lines`);
  await t.database.db.execute(sql`delete from orders`);
  await t.database.db.execute(sql`delete from order_rollup`);
  await t.database.db.execute(sql`delete from order_month_rollup`);
  await t.database.db.execute(sql`delete from order_day_rollup`);
  A = await createDealer(t, { name: 'Dash A', credit_limit: 10000 });
  B = await createDealer(t, { name: 'Dash B', credit_limit: 0 });
  C = await createDealer(t, { name: 'Dash C' });
  E = await createDealer(t, { name: 'Dash E' });
  const now = NOW();
  await order(A, { date: now - 2 * DAY, value: 1000, shipping_cost: 100 }); // 900
  await order(A, { date: now - 10 * DAY, value: 500 }); // 500
  await order(A, { date: now - 40 * DAY, value: 300, shipping_cost: 50 }); // 250, 13 Oct
  await order(A, { date: utc(2026, 3, 15), value: 2000 });
  await order(A, { date: utc(2025, 12, 10), value: 700 });
  await order(A, { date: utc(2024, 10, 1), value: 999 }); // older than 2 years of months
  await order(A, { date: now - DAY, value: 5000, shipping_status: 'cancel' });
  // Cancelled later through an edit, and deleted through request + approve: both drop out.
  const later = await order(A, { date: now - DAY, value: 800 });
  await order(A, { id: later.id, version: later.version, date: now - DAY, value: 800, shipping_status: 'cancel' });
  const gone = await order(A, { date: now - 3 * DAY, value: 4000 });
  expect((await put(t, 'sale', `/api/sale/orders/delete/${gone.id}`)).statusCode).toBe(200);
  expect((await put(t, 'administrator', `/api/admin/orders/delete/approve/${gone.id}`)).statusCode).toBe(200);
  await order(B, { date: now - DAY, value: 100 });
  for (let i = 1; i <= 12; i++) {
    const d = await createDealer(t, { name: `Dash D${String(i).padStart(2, '0')}` });
    Ds.push(d);
    await order(d, { date: now - 5 * DAY, value: i * 10 + 1 });
  }
});
afterAll(() => t.close());

describe('sales overview', () => {
  it('sums sales (value − shipping_cost) by period for one dealer, cancelled and deleted excluded', async () => {
    const o = await sales('sale', `?dealer=${A.id}`);
    expect(o.summary).toEqual({
      year_to_date: 3650,
      last_6_months: 1650,
      last_12_months: 4350,
      last_30_days: 1400,
      previous_30_days: 250,
      change_30_days: 460,
      last_7_days: 900,
      previous_7_days: 500,
      change_7_days: 80,
    });
    expect(o.top_dealers).toEqual([]);
    expect(o.year).toBe(2026);
    expect(o.years).toEqual([2026, 2025]);
    expect(o.months).toHaveLength(12);
    expect(o.months.map((m) => m.sales)).toEqual([0, 0, 2000, 0, 0, 0, 0, 0, 0, 250, 1400, 0]);
    expect(o.months[10]).toEqual({ month: '2026-11', label: 'Nov', orders: 2, sales: 1400 });
  });

  it('shows 100 for a change without base and N/A (null) when both periods are empty', async () => {
    const b = await sales('sale', `?dealer=${B.id}`);
    expect(b.summary.change_30_days).toBe(100);
    expect(b.summary.change_7_days).toBe(100);
    const c = await sales('administrator', `?dealer=${C.id}`);
    expect(c.summary.change_30_days).toBeNull();
    expect(c.summary.change_7_days).toBeNull();
    expect(c.summary.year_to_date).toBe(0);
  });

  it('gives the credit available of one dealer (credit_limit − credit_used)', async () => {
    const o = await sales('sale', `?dealer=${A.id}`);
    // Unpaid live orders: 1000 + 500 + 300 + 2000 + 700 + 999.
    expect(o.credit).toEqual({ credit_used: 5499, credit_limit: 10000, credit_available: 4501 });
    const credit = await get(t, 'sale', `/api/dealers/credit/${A.id}`);
    expect(credit.json().data).toEqual({ credit_used: 5499, credit_limit: 10000 });
  });

  it('answers the previous year on request and the current year otherwise', async () => {
    const o = await sales('sale', `?dealer=${A.id}&year=2025`);
    expect(o.year).toBe(2025);
    expect(o.months[11]).toEqual({ month: '2025-12', label: 'Dec', orders: 1, sales: 700 });
    expect((await sales('sale', `?dealer=${A.id}&year=2019`)).year).toBe(2026);
  });

  it('lists the top 10 dealers with the rest as Others, per period', async () => {
    const o = await sales('administrator');
    expect(o.credit).toBeNull();
    expect(o.top_dealers.map((p) => p.key)).toEqual([
      '3m',
      '6m',
      '12m',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
    ]);
    const nov = o.top_dealers.find((p) => p.key === '2026-11')!;
    expect(nov.label).toBe('November 2026');
    expect(nov.rows.map((r) => [r.dealer_name, r.sales])).toEqual([
      ['Dash A', 1400],
      ['Dash D12', 121],
      ['Dash D11', 111],
      ['Dash D10', 101],
      ['Dash B', 100],
      ['Dash D09', 91],
      ['Dash D08', 81],
      ['Dash D07', 71],
      ['Dash D06', 61],
      ['Dash D05', 51],
      ['Others', 41 + 31 + 21 + 11],
    ]);
    const mar = o.top_dealers.find((p) => p.key === '2026-03')!;
    expect(mar.rows).toEqual([{ dealer: A.id, dealer_name: 'Dash A', sales: 2000 }]);
    const twelve = o.top_dealers.find((p) => p.key === '12m')!;
    expect(twelve.rows[0]).toEqual({ dealer: A.id, dealer_name: 'Dash A', sales: 4350 });
    const dSum = Ds.reduce((s, _d, i) => s + (i + 1) * 10 + 1, 0);
    expect(o.summary.year_to_date).toBe(3650 + 100 + dSum);
    expect(o.summary.last_7_days).toBe(900 + 100 + dSum);
  });

  it('answers 404 for an unknown dealer', async () => {
    expect((await get(t, 'sale', '/api/dashboard/sales?dealer=999999')).statusCode).toBe(404);
  });

  it('keeps the orders calls the dashboard uses', async () => {
    const time = await get(t, 'sale', `/api/orders/time/${NOW() - 730 * DAY}/-1`);
    expect(time.statusCode).toBe(200);
    const rows = time.json().data as Array<{ shipping_status: string }>;
    expect(rows.every((r) => r.shipping_status !== 'cancel')).toBe(true);
    expect((await get(t, 'administrator', '/api/orders/request-to-delete')).statusCode).toBe(200);
  });
});

describe('production overview', () => {
  it('lists shipments for today that are not done or cancelled, with their count, per dealer', async () => {
    const now = NOW();
    const w = await order(E, { date: now, value: 0, shipping_for_today: 1 });
    const s = await order(E, { date: now, value: 0, shipping_for_today: 1, shipping_status: 'ship' });
    await order(E, { date: now, value: 0, shipping_for_today: 1, shipping_status: 'cancel' });
    await order(E, { date: now, value: 0, shipping_for_today: 0 });
    const other = await order(C, { date: now, value: 0, shipping_for_today: 1 });
    const all = (await get(t, 'production', '/api/dashboard/production')).json().data as ProductionOverview;
    expect(all.total).toBe(3);
    expect(all.shipments.map((r) => r.id).sort()).toEqual([w.id, s.id, other.id].sort());
    const e = (await get(t, 'production', `/api/dashboard/production?dealer=${E.id}`)).json()
      .data as ProductionOverview;
    expect(e.total).toBe(2);
    expect(e.shipments[0]).toMatchObject({ dealer: E.id, dealer_name: 'Dash E', shipping_status: expect.any(String) });
  });
});

describe('dashboard roles', () => {
  it('serves the sales overview to administrator and sale, the production overview to production', async () => {
    for (const role of ['shipping', 'production', 'purchase', 'qa', 'tester', 'poapproval'] as const)
      expect((await get(t, role, '/api/dashboard/sales')).statusCode, role).toBe(403);
    for (const role of ['administrator', 'sale', 'shipping', 'purchase', 'qa', 'tester', 'poapproval'] as const)
      expect((await get(t, role, '/api/dashboard/production')).statusCode, role).toBe(403);
    expect((await get(t, 'production', '/api/dashboard/production')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/sales' })).statusCode).toBe(401);
  });
});
