// In-process caches (platform/fresh-cache.ts: orders list totals and pages, dealer countries, sales dashboard)
// are never stale: after every kind of write, through the API or straight into the database (another
// process), the next read equals what the database answers without a cache; each scope keeps its own
// entries. Runs on PGlite, and on PostgreSQL under TEST_DATABASE_URL.
import { orderListQuery } from '@bpm/contract/order-reads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { salesOverview } from '../src/modules/dashboard/service';
import { listOrders } from '../src/modules/sales-docs/list';
import { totalsCache } from '../src/modules/sales-docs/totals-cache';
import { currentGeneration, GenerationCache, generationOf, withGeneration } from '../src/platform/fresh-cache';
import { createDealer, createOrder, createQuotation } from './factories/sales';
import { makeUser } from './factories/users';
import { createTestApp, get, postForm, put, type TestApp } from './helpers';

let t: TestApp;
const NOW = () => Math.floor(t.clock.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const generation = async () =>
  Number((await queryRows<{ n: number | string }>(t.database.db, sql`select ${currentGeneration} as n`))[0]?.n);

/** One dealer's orders list as the API answers it (cached figures) and as computed without a cache. */
async function ordersOf(dealer: number, role: 'sale' | 'administrator' = 'sale', extra = '') {
  const res = await get(t, role, `/api/orders?limit=50&dealer=${dealer}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  const api = res.json() as {
    data: Array<{ id: number; dealer_country: string; dealer_name: string; value: number; [k: string]: unknown }>;
    total: number;
    summary: Record<string, number>;
  };
  const q = Object.fromEntries(new URLSearchParams(`limit=50&dealer=${dealer}${extra}`));
  const direct = await listOrders(t.database.db, orderListQuery.parse(q), NOW());
  expect(api.total).toBe(direct.total);
  expect(api.summary).toEqual(direct.summary);
  // The page's rows too (cached for the rollups' filters), every field.
  expect(api.data).toEqual(JSON.parse(JSON.stringify(direct.rows)));
  return api;
}

/** The sales dashboard as the API answers it, checked against the service without a cache. */
async function dashboardOf(dealer: number, role: 'sale' | 'administrator' = 'sale') {
  const res = await get(t, role, `/api/dashboard/sales?dealer=${dealer}`);
  expect(res.statusCode, res.body).toBe(200);
  const api = res.json().data;
  expect(api).toEqual(JSON.parse(JSON.stringify(await salesOverview(t.database.db, { dealer }, NOW()))));
  return api as {
    summary: { last_7_days: number; last_30_days: number; year_to_date: number };
    credit: { credit_used: number } | null;
    top_dealers: Array<{ key: string; rows: Array<{ dealer: number; dealer_name: string; sales: number }> }>;
  };
}

describe('orders list totals and dealer countries', () => {
  it('are fresh after a new order, an edit, a payment, a shipping save, a conversion and a deletion', async () => {
    const dealer = await createDealer(t, { credit_limit: 0 });
    const empty = await ordersOf(dealer.id);
    expect(empty.total).toBe(0);
    // Read twice: the second answer comes from the cache.
    expect((await ordersOf(dealer.id)).total).toBe(0);

    const o = await createOrder(t, { value: 300, shipping_cost: 20 }, dealer.id);
    const one = await ordersOf(dealer.id);
    expect(one.total).toBe(1);
    expect(one.summary.value).toBe(300);

    const edited = await postForm(t, 'sale', '/api/orders/save', {
      id: o.id,
      version: o.version,
      dealer: dealer.id,
      date: NOW(),
      value: 450,
      shipping_cost: 20,
      oc_ref: String(o.oc_ref),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await ordersOf(dealer.id);
    expect(afterEdit.summary.value).toBe(450);
    expect(afterEdit.data[0]).toMatchObject({ id: o.id, value: 450 });

    const paid = await postForm(t, 'sale', '/api/orders/save', {
      id: o.id,
      version: edited.json().data.version,
      dealer: dealer.id,
      date: NOW(),
      value: 450,
      shipping_cost: 20,
      oc_ref: String(o.oc_ref),
      payment_status: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const afterPayment = await ordersOf(dealer.id);
    expect(afterPayment.summary.payment_received).toBe(450);
    expect(afterPayment.summary.outstanding).toBe(0);
    expect((await ordersOf(dealer.id, 'sale', '&payment_status=paid')).total).toBe(1);

    expect((await ordersOf(dealer.id, 'sale', '&shipping_status=ship')).total).toBe(0);
    const shipped = await postForm(
      t,
      'shipping',
      '/api/shipping/orders/save',
      { id: o.id, dealer: dealer.id, date: NOW(), oc_ref: String(o.oc_ref), shipping_status: 'ship' },
      [{ field: 'oc_pdf', name: 'oc.pdf' }],
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    const ship = await ordersOf(dealer.id, 'sale', '&shipping_status=ship');
    expect(ship.total).toBe(1);
    expect(ship.data[0]).toMatchObject({ id: o.id, shipping_status: 'ship' });

    const q = await createQuotation(t, { value: 125 }, dealer.id);
    expect((await put(t, 'sale', `/api/quotations/turn-to-order/${q.id}`)).statusCode).toBe(200);
    const converted = await ordersOf(dealer.id);
    expect(converted.total).toBe(2);
    expect(converted.summary.value).toBe(575);

    expect((await put(t, 'administrator', `/api/admin/orders/delete/${o.id}`)).statusCode).toBe(200);
    const deleted = await ordersOf(dealer.id, 'administrator');
    expect(deleted.total).toBe(1);
    expect(deleted.summary.value).toBe(125);
  });

  it("are fresh after a dealer's rename or new country", async () => {
    const dealer = await createDealer(t, { country: 'Germany' });
    await createOrder(t, { value: 10 }, dealer.id);
    expect((await ordersOf(dealer.id)).data[0]!.dealer_country).toBe('Germany');
    const d = (await get(t, 'sale', `/api/dealers/${dealer.id}`)).json().data;
    const renamed = `${dealer.name} renamed`;
    const res = await postForm(t, 'sale', '/api/dealers/save', { ...d, name: renamed, country: 'France' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await ordersOf(dealer.id);
    expect(after.data[0]).toMatchObject({ dealer_country: 'France', dealer_name: renamed });
  });

  it('are fresh after a change written straight into the database, as another server process would', async () => {
    const dealer = await createDealer(t);
    const o = await createOrder(t, { value: 100 }, dealer.id);
    expect((await ordersOf(dealer.id)).summary.value).toBe(100);
    await t.database.db.execute(sql`update orders set note = 'changed elsewhere' where id = ${o.id}`);
    expect((await ordersOf(dealer.id)).data[0]).toMatchObject({ id: o.id, note: 'changed elsewhere' });
    const before = await generation();
    // No request, no in-process hook: only the database's generation says it changed.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update order_rollup set value = value + 1 where dealer_id = ${dealer.id}`);
      await tx.execute(sql`update order_rollup set value = value + 1 where dealer_id = ${dealer.id}`);
    });
    expect(await generation()).toBe(before + 1);
    expect((await ordersOf(dealer.id)).summary.value).toBe(102);
    await t.database.db.execute(sql`update order_rollup set value = value - 2 where dealer_id = ${dealer.id}`);
    expect((await ordersOf(dealer.id)).summary.value).toBe(100);
  });

  it('keep the generation when a write is rolled back', async () => {
    const before = await generation();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update orders set value = value + 1`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await generation()).toBe(before);
  });

  // Two connections: PostgreSQL only (PGlite has one).
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'move by one for each of two commits at once, neither waiting for the other to finish',
    async () => {
      // Two dealers: the orders share no rollup row.
      const a = await createOrder(t, {}, (await createDealer(t)).id);
      const b = await createOrder(t, {}, (await createDealer(t)).id);
      const before = await generation();
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let bumped = () => {};
      const holding = new Promise<void>((r) => {
        bumped = r;
      });
      // The first commit's generation trigger fired (its deferred triggers run now) and its commit held back.
      const first = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update orders set note = 'first' where id = ${a.id}`);
        await tx.execute(sql`set constraints all immediate`);
        bumped();
        await held;
      });
      await holding;
      try {
        // The second commits meanwhile; with one row for the generation it would wait for the first's commit.
        await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await tx.execute(sql`update orders set note = 'second' where id = ${b.id}`);
        });
        expect(await generation()).toBe(before + 1);
      } finally {
        release();
        await first;
      }
      expect(await generation()).toBe(before + 2);
    },
  );

  it('keep a scope per list: the shipping and production lists never answer from the sales entries', async () => {
    const dealer = await createDealer(t);
    await createOrder(t, { value: 70 }, dealer.id);
    const base = withGeneration(t.database.db, await generation());
    const keys = totalsCache.size(base);
    const sales = await ordersOf(dealer.id);
    expect(totalsCache.size(base)).toBe(keys + 1);
    for (const role of ['shipping', 'production'] as const) {
      const res = await get(t, role, `/api/${role}/orders?limit=50&dealer=${dealer.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(sales.total);
      // No money in their answers, cached or not.
      expect(res.json()).not.toHaveProperty('summary');
      expect(res.json().data[0]).not.toHaveProperty('value');
    }
    // One more entry: shipping and production share their scope (the same rows and figures).
    expect(totalsCache.size(base)).toBe(keys + 2);
  });
});

describe('sales dashboard', () => {
  it('is fresh after a new order, an edit, a payment and a deletion, per dealer and for all dealers', async () => {
    const a = await createDealer(t, { credit_limit: 1000 });
    const b = await createDealer(t, { credit_limit: 2000 });
    const allBefore = await dashboardOf(0, 'administrator');
    const aBefore = await dashboardOf(a.id);
    expect(aBefore.summary.last_7_days).toBe(0);

    const o = await createOrder(t, { value: 500, shipping_cost: 50 }, a.id);
    const aAfter = await dashboardOf(a.id);
    expect(aAfter.summary.last_7_days).toBe(450);
    expect(aAfter.credit?.credit_used).toBe(500);
    const allAfter = await dashboardOf(0, 'administrator');
    expect(allAfter.summary.last_7_days).toBeCloseTo(allBefore.summary.last_7_days + 450, 2);
    // Another dealer's scope keeps its own figures.
    const bNow = await dashboardOf(b.id);
    expect(bNow.summary.last_7_days).toBe(0);
    expect(bNow.credit?.credit_used).toBe(0);

    const paid = await postForm(t, 'sale', '/api/orders/save', {
      id: o.id,
      version: o.version,
      dealer: a.id,
      date: NOW(),
      value: 600,
      shipping_cost: 50,
      oc_ref: String(o.oc_ref),
      payment_status: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const aPaid = await dashboardOf(a.id);
    expect(aPaid.summary.last_7_days).toBe(550);
    expect(aPaid.credit?.credit_used).toBe(0);

    expect((await put(t, 'administrator', `/api/admin/orders/delete/${o.id}`)).statusCode).toBe(200);
    expect((await dashboardOf(a.id)).summary.last_7_days).toBe(0);
    const allDeleted = await dashboardOf(0);
    expect(allDeleted.summary.last_7_days).toBeCloseTo(allBefore.summary.last_7_days, 2);
  });

  it('moves its 30/7-day windows with the clock, without a write', async () => {
    const a = await createDealer(t);
    // Half a minute inside the 7-day window: its day is an edge day, summed up to the time of day.
    await createOrder(t, { value: 100, date: NOW() - 7 * 86400 + 30 }, a.id);
    const now = await dashboardOf(a.id);
    expect(now.summary.last_7_days).toBe(100);
    // A minute later it has left the 7-day window for the 7 days before, without a write.
    t.clock.advance(60);
    const later = await dashboardOf(a.id);
    expect(later.summary.last_7_days).toBe(0);
    expect(later.summary).toMatchObject({ previous_7_days: 100, last_30_days: 100 });
  });

  it("follows a dealer's rename into the Top 10", async () => {
    const a = await createDealer(t);
    // Far above any other dealer's sales: first in the Top 10.
    await createOrder(t, { value: 100_000_000_000 }, a.id);
    const top = (await dashboardOf(0)).top_dealers.find((p) => p.key === '3m')!;
    expect(top.rows[0]).toMatchObject({ dealer: a.id, dealer_name: a.name });
    const d = (await get(t, 'sale', `/api/dealers/${a.id}`)).json().data;
    expect((await postForm(t, 'sale', '/api/dealers/save', { ...d, name: `${a.name} B` })).statusCode).toBe(200);
    const renamed = (await dashboardOf(0)).top_dealers.find((p) => p.key === '3m')!;
    expect(renamed.rows[0]).toMatchObject({ dealer: a.id, dealer_name: `${a.name} B` });
  });
});

describe('account checks batched per event-loop turn', () => {
  it('answer each request by its own account, even when they travel in one statement', async () => {
    const sales = await makeUser(t, 'sale');
    const disabled = await makeUser(t, 'sale');
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/disable/${disabled.id}`,
      headers: await t.as('administrator'),
    });
    expect(off.statusCode, off.body).toBe(200);
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/orders?limit=1', headers });
    const [production, admin] = [await t.as('production'), await t.as('administrator')];
    // Started together: their account checks go out in one round trip.
    const answers = await Promise.all(
      [sales.headers, production, disabled.headers, sales.headers, admin].map((h) => call(h)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 403, 401, 200, 200]);
    expect(answers[2]!.json()).toMatchObject({ code: 'unauthorized' });
  });
});

describe('GenerationCache', () => {
  const db = () => t.database.db;

  it('computes every time without a generation (no request), and once per generation with one', async () => {
    const cache = new GenerationCache<number>(10);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.get(db(), 'k', compute)).toBe(1);
    expect(await cache.get(db(), 'k', compute)).toBe(2);
    const g5 = withGeneration(db(), 5);
    expect(await cache.get(g5, 'k', compute)).toBe(3);
    expect(await cache.get(g5, 'k', compute)).toBe(3);
    // A request that read an older generation may use the newer entry; a newer one may not use an older.
    expect(await cache.get(withGeneration(db(), 4), 'k', compute)).toBe(3);
    expect(await cache.get(withGeneration(db(), 6), 'k', compute)).toBe(4);
  });

  it('shares one computation between concurrent misses and keeps no failure', async () => {
    const cache = new GenerationCache<number>(10);
    let runs = 0;
    const g = withGeneration(db(), 1);
    const slow = () => new Promise<number>((ok) => setTimeout(() => ok(++runs), 10));
    expect(await Promise.all([cache.get(g, 'k', slow), cache.get(g, 'k', slow)])).toEqual([1, 1]);
    await expect(cache.get(g, 'bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get(g, 'bad', async () => 7)).toBe(7);
  });

  it('holds at most its bound, dropping the least recently used', async () => {
    const cache = new GenerationCache<string>(2);
    const g = withGeneration(db(), 1);
    await cache.get(g, 'a', async () => 'a1');
    await cache.get(g, 'b', async () => 'b1');
    await cache.get(g, 'a', async () => 'a2'); // a is used again: b is now the oldest
    await cache.get(g, 'c', async () => 'c1');
    expect(cache.size(g)).toBe(2);
    expect(await cache.get(g, 'a', async () => 'a3')).toBe('a1');
    expect(await cache.get(g, 'b', async () => 'b2')).toBe('b2');
  });

  it('drops the generation of a handle that writes, so its later reads are not cached', async () => {
    const g = withGeneration(db(), 1);
    expect(generationOf(g)).toBe(1);
    await g.transaction(async () => {});
    expect(generationOf(g)).toBeUndefined();
    // The handle is still the database.
    expect(await queryRows<{ one: number }>(g, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
