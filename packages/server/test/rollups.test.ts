// Issue 14 item 5: rollups kept in the write transaction equal rollups rebuilt from scratch, and the
// dashboard windows read from the day rollup equal sums over the orders themselves.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { salesOverview } from '../src/modules/dashboard/service';
import { rebuildRollup } from '../src/modules/sales-docs/rollup';
import { createDealer } from './factories/sales';
import { createTestApp, DAY, postForm, put, type TestApp } from './helpers';

let t: TestApp;
const dealers: number[] = [];
// A fixed-seed generator: a failure replays the same sequence.
let seed = 14;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
const STATUSES = ['wait', 'ship', 'done', 'cancel'] as const;

type Live = { id: number; version: number };
const live: Live[] = [];

async function save(fields: Record<string, unknown>) {
  const res = await postForm(t, 'sale', '/api/orders/save', fields as Record<string, string>);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as Live;
}
function randomFields(now: number) {
  return {
    dealer: pick(dealers),
    // Around every window edge (60/30/14/7 days back, and today), at any time of day.
    date: now - Math.floor(rnd() * 70 * DAY),
    value: Math.round(rnd() * 100000) / 100 + 10,
    shipping_cost: pick([0, 0, 5.5, 20]),
    shipping_status: pick(STATUSES),
    shipping_awb: 'AWB-R1',
    payment_status: pick(['paid', 'not paid']),
  };
}

const snapshot = async () => ({
  status: await queryRows(
    t.database.db,
    sql`select dealer_id, shipping_status, payment_status, n, total, value::text, shipping_cost::text,
        actual_shipping_cost::text, payment_received::text, outstanding::text, outstanding_shipped::text
        from order_rollup where n <> 0 order by 1, 2, 3`,
  ),
  month: await queryRows(
    t.database.db,
    sql`select dealer_id, month, n, sales::text from order_month_rollup where n <> 0 order by 1, 2`,
  ),
  day: await queryRows(
    t.database.db,
    sql`select dealer_id, day, n, sales::text from order_day_rollup where n <> 0 order by 1, 2`,
  ),
});

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 4; i++) dealers.push((await createDealer(t, { name: `Rollup dealer ${i}` })).id);
  const now = Math.floor(t.clock.now() / 1000);
  for (let step = 0; step < 60; step++) {
    const r = rnd();
    if (r < 0.45 || live.length < 3) {
      live.push(await save(randomFields(now)));
    } else if (r < 0.85) {
      // An edit: new dealer, date, value and status (cancelling or un-cancelling some).
      const i = Math.floor(rnd() * live.length);
      const o = live[i] as Live;
      live[i] = await save({ id: o.id, version: o.version, ...randomFields(now) });
    } else {
      const [o] = live.splice(Math.floor(rnd() * live.length), 1) as [Live];
      expect((await put(t, 'sale', `/api/sale/orders/delete/${o.id}`)).statusCode).toBe(200);
      expect((await put(t, 'administrator', `/api/admin/orders/delete/approve/${o.id}`)).statusCode).toBe(200);
    }
  }
}, 120_000);
afterAll(async () => t?.close());

describe('rollups', () => {
  it('kept incrementally equal the rollups rebuilt from the orders', async () => {
    const incremental = await snapshot();
    expect(incremental.day.length).toBeGreaterThan(10);
    await rebuildRollup(t.database.db);
    expect(await snapshot()).toEqual(incremental);
  });

  it('give the 30/7-day windows and previous periods of the orders themselves, at any time of day', async () => {
    const base = Math.floor(t.clock.now() / 1000);
    const direct = async (dealer: number, lo: number, hi: number) => {
      const [r] = await queryRows<{ s: string }>(
        t.database.db,
        sql`select coalesce(sum(value - shipping_cost), 0)::text as s from orders
            where deleted = 0 and shipping_status <> 'cancel' and date > ${lo} and date <= ${hi}
            ${dealer > 0 ? sql`and dealer_id = ${dealer}` : sql``}`,
      );
      return Number(r?.s);
    };
    // Times of day on both sides of noon (the service scans the smaller half of each edge day).
    for (const now of [base, base - 11 * 3600 - 7, base + 5 * 3600 + 13, base - 2 * DAY + 3]) {
      for (const dealer of [0, dealers[0] as number, dealers[1] as number]) {
        const { summary } = await salesOverview(t.database.db, { dealer }, now);
        expect(summary.last_30_days).toBeCloseTo(await direct(dealer, now - 30 * DAY, now), 2);
        expect(summary.previous_30_days).toBeCloseTo(await direct(dealer, now - 60 * DAY, now - 30 * DAY), 2);
        expect(summary.last_7_days).toBeCloseTo(await direct(dealer, now - 7 * DAY, now), 2);
        expect(summary.previous_7_days).toBeCloseTo(await direct(dealer, now - 14 * DAY, now - 7 * DAY), 2);
      }
    }
  });
});
