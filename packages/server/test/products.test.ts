import { MSG } from '@bpm/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { makePart, makeSaleProduct } from './factories/products';
import { createDealer, createOrder } from './factories/sales';
import { uniq } from './factories/uniq';
import {
  type AnyJson,
  createTestApp,
  multipart,
  rolesExcept,
  SAMPLE,
  specApi,
  statementsOf,
  type TestApp,
  TODAY,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = Parameters<TestApp['as']>[0];

const get = async (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: await t.as(role) });

type Upload = { field: string; name: string; type: string; data: Buffer };

async function save(
  role: Role,
  fields: Record<string, string | number>,
  url = '/api/products/save',
  files: Upload[] = [],
) {
  const mp = multipart(fields, files);
  return t.app.inject({ method: 'POST', url, payload: mp.payload, headers: { ...(await t.as(role)), ...mp.headers } });
}

const send = async (role: Role, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(role), payload });

const valid = { product_code: 'TEST-001', desc: 'Test product', msrp: '100' };

describe('products list and read', () => {
  // Records made here, found by a tag no other record carries (the demo data is not counted on).
  const tagged = async (n: number, over: (i: number) => Record<string, string | number> = () => ({})) => {
    const tag = uniq('LIST').toLowerCase();
    const made = [];
    for (let i = 0; i < n; i++) made.push(await makeSaleProduct(t, { desc: `Listed ${tag} ${i}`, ...over(i) }));
    return { tag, made };
  };

  it('answers a page of rows with total, newest first, with sales figures', async () => {
    const before = (await get('admin', '/api/products?limit=1')).json().total;
    const { tag, made } = await tagged(11, (i) => ({ is_shipping_cost: i === 10 ? 1 : 0 }));
    expect((await get('admin', '/api/products?limit=1')).json().total).toBe(before + 11);
    const res = await get('admin', `/api/products?limit=10&search=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(11);
    expect(body.data).toHaveLength(10);
    expect(body.data[0].product_code).toBe(made[10]!.product_code);
    expect(body.data[0]).toMatchObject({ is_shipping_cost: 1 });
    expect(typeof body.data[0].units_sold).toBe('number');
    expect(typeof body.data[0].revenue).toBe('number');
    expect(typeof body.data[0].msrp).toBe('number');
  });

  it('searches product_code, hs_code and desc', async () => {
    const tag = uniq('s').replace(/-/g, '');
    const code = await makeSaleProduct(t, { product_code: `SP${tag}-LCD` });
    const rope = await makeSaleProduct(t, { desc: `Leak rope ${tag} sensor` });
    const hsCode = `85${tag.replace(/\D/g, '')}.62`;
    for (let i = 0; i < 3; i++) await makeSaleProduct(t, { hs_code: hsCode });
    const byCode = (await get('admin', `/api/products?search=sp${tag.toLowerCase()}`)).json();
    expect(byCode.data.map((p: { product_code: string }) => p.product_code)).toEqual([code.product_code]);
    const byDesc = (
      await get('admin', `/api/products?search=${encodeURIComponent(`leak rope ${tag}`)}&limit=50`)
    ).json();
    expect(byDesc.data.map((p: { product_code: string }) => p.product_code)).toEqual([rope.product_code]);
    const hs = (await get('admin', `/api/products?search=${hsCode}&limit=50`)).json();
    expect(hs.total).toBe(3);
  });

  it('filters by status', async () => {
    const { tag, made } = await tagged(3);
    await send('admin', 'PUT', `/api/admin/products/disable/${made[1]!.id}`);
    const inactive = (await get('admin', `/api/products?status=inactive&search=${tag}`)).json();
    expect(inactive.data.map((p: { product_code: string }) => p.product_code)).toEqual([made[1]!.product_code]);
    expect((await get('admin', `/api/products?status=active&search=${tag}`)).json().total).toBe(2);
    const all = (await get('admin', '/api/products?status=all')).json().total;
    const active = (await get('admin', '/api/products?status=active')).json().total;
    const off = (await get('admin', '/api/products?status=inactive')).json().total;
    expect(active + off).toBe(all);
    expect((await get('admin', '/api/products?status=bogus')).statusCode).toBe(400);
  });

  it('takes a sales window and refuses one that ends before it starts', async () => {
    expect((await get('sale', '/api/products?StartDate=1700000000&EndDate=1800000000')).statusCode).toBe(200);
    const bad = await get('sale', '/api/products?StartDate=1800000000&EndDate=1700000000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().cause.EndDate).toBe(MSG.windowOrder);
    expect((await get('sale', '/api/products?StartDate=abc')).json().cause.StartDate).toBe(MSG.number);
  });

  it('sorts by whitelisted columns only', async () => {
    const { tag, made } = await tagged(3, (i) => ({ msrp: [120, 990, 45][i]! }));
    const res = (await get('admin', `/api/products?search=${tag}&sort=msrp&order=desc&limit=1`)).json();
    expect(res.data[0].product_code).toBe(made[1]!.product_code);
    expect((await get('admin', '/api/products?sort=id;drop')).statusCode).toBe(400);
  });

  it('reads one product, 404 for an unknown id', async () => {
    const p = await makeSaleProduct(t);
    const part = await makePart(t, { price: '3.5' });
    const line = await send('purchase', 'POST', '/api/boms/save', { product_id: p.id, part_id: part.id, quantity: 2 });
    expect(line.statusCode).toBe(200);
    const one = await get('shipping', `/api/shipping/products/${p.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ product_code: p.product_code, version: 1, product_image: null });
    expect(one.json().data.bom_cost).toBeGreaterThan(0);
    expect((await get('admin', '/api/products/999999')).statusCode).toBe(404);
  });
});

describe('role prefixes', () => {
  const prefixed: Array<[Role, string]> = [
    ['administrator', 'admin'],
    ['sale', 'sale'],
    ['shipping', 'shipping'],
    ['production', 'production'],
    ['purchase', 'purchase'],
  ];

  it('serves each prefix to its own role only, and the unprefixed path to all five', async () => {
    for (const [role, prefix] of prefixed) {
      expect((await get(role, `/api/${prefix}/products`)).statusCode).toBe(200);
      expect((await get(role, '/api/products')).statusCode).toBe(200);
      for (const [, other] of prefixed) {
        if (other !== prefix) expect((await get(role, `/api/${other}/products`)).statusCode).toBe(403);
      }
    }
  });

  it('sale calling the admin variant gets 403', async () => {
    expect((await get('sale', '/api/admin/products')).statusCode).toBe(403);
  });

  it('roles without products get 403 everywhere, and no token gets 401', async () => {
    for (const role of ['qa', 'poapproval', 'tester'] as const) {
      expect((await get(role, '/api/products')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(401);
  });

  it('purchase and shipping cannot save, enable, disable, see statistics or the image', async () => {
    const [p] = (await get('admin', '/api/products?limit=1')).json().data;
    for (const [role, prefix] of [
      ['purchase', 'purchase'],
      ['shipping', 'shipping'],
    ] as const) {
      expect((await save(role, valid)).statusCode).toBe(403);
      // Their own prefix has no variant of a call they may not make (defineRoute): not found.
      expect((await save(role, valid, `/api/${prefix}/products/save`)).statusCode).toBe(404);
      expect((await send(role, 'PUT', `/api/${prefix}/products/disable/${p.id}`)).statusCode).toBe(404);
      expect((await send(role, 'PUT', `/api/products/enable/${p.id}`)).statusCode).toBe(403);
      expect((await get(role, `/api/${prefix}/products/sales/${p.id}`)).statusCode).toBe(404);
      expect((await get(role, `/api/products/sales/${p.id}`)).statusCode).toBe(403);
      expect((await get(role, `/api/products/image/${p.id}`)).statusCode).toBe(403);
      expect((await send(role, 'POST', `/api/products/deleteImage/${p.id}`)).statusCode).toBe(403);
      expect((await get(role, `/api/${prefix}/products/${p.id}`)).statusCode).toBe(200);
    }
  });

  it('sale and production save through their own prefix', async () => {
    expect((await save('sale', { ...valid, product_code: 'SALE-1' }, '/api/sale/products/save')).statusCode).toBe(200);
    const prod = await save('production', { ...valid, product_code: 'PROD-1' }, '/api/production/products/save');
    expect(prod.statusCode).toBe(200);
    expect((await save('production', { ...valid, product_code: 'X' }, '/api/sale/products/save')).statusCode).toBe(403);
  });
});

describe('product save', () => {
  it('requires product_code, desc and msrp', async () => {
    const res = await save('admin', { hs_code: '1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.validation);
    expect(res.json().cause).toMatchObject({
      product_code: MSG.required,
      desc: MSG.required,
      msrp: MSG.required,
    });
    const blank = await save('admin', { product_code: '   ', desc: ' ', msrp: ' ' });
    expect(blank.json().cause).toMatchObject({ product_code: MSG.required, desc: MSG.required, msrp: MSG.required });
  });

  it('checks numbers and ranges with the spec messages', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ msrp: 'abc' }, 'msrp', MSG.number],
      [{ msrp: '-5' }, 'msrp', MSG.number],
      [{ discount: 'ten' }, 'discount', MSG.number],
      [{ discount: '100.5' }, 'discount', MSG.range(0, 100)],
      [{ discount: '-1' }, 'discount', MSG.range(0, 100)],
      [{ warranty: '10000001' }, 'warranty', MSG.range(0, 10000000)],
      [{ warranty: '1.5' }, 'warranty', MSG.number],
      [{ pl_serial_count: '101' }, 'pl_serial_count', MSG.range(0, 100)],
      [{ pl_serial_count: '-1' }, 'pl_serial_count', MSG.range(0, 100)],
      [{ has_modem: 'maybe' }, 'has_modem', MSG.number],
    ];
    for (const [fields, field, message] of cases) {
      const res = await save('admin', { ...valid, product_code: 'RANGE-1', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().cause[field]).toBe(message);
    }
    const edges = await save('admin', {
      ...valid,
      product_code: 'EDGE-1',
      discount: '100',
      warranty: '10000000',
      pl_serial_count: '100',
    });
    expect(edges.statusCode).toBe(200);
    expect(edges.json().data).toMatchObject({ discount: 100, warranty: 10000000, pl_serial_count: 100 });
  });

  it('applies the defaults of a new product', async () => {
    const res = await save('admin', { product_code: 'DEF-1', desc: 'Defaults', msrp: '0' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      msrp: 0,
      discount: 0,
      active: 1,
      is_test_required: 1,
      is_shipping_cost: 0,
      has_modem: 0,
      warning: '',
      bom_cost: 0,
      version: 1,
    });
  });

  it('keeps product codes unique case-insensitively; Duplicate is a save without id and a new code', async () => {
    const first = (await save('admin', { ...valid, product_code: 'UNIQ-1', warning: 'Fragile' })).json().data;
    const dup = await save('admin', { ...valid, product_code: 'uniq-1' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().cause.product_code).toBe(MSG.productCodeTaken);
    const copy = await save('admin', { ...valid, product_code: 'UNIQ-1-COPY', warning: 'Fragile' });
    expect(copy.statusCode).toBe(200);
    expect(copy.json().data.id).not.toBe(first.id);
    expect(copy.json().data.warning).toBe('Fragile');
    // Saving a product under its own code is fine.
    const again = await save('admin', { ...valid, id: first.id, product_code: 'UNIQ-1', version: first.version });
    expect(again.statusCode).toBe(200);
  });

  it('updates with the version and refuses a stale one with 409 naming who changed it', async () => {
    const p = (await save('admin', { ...valid, product_code: 'VER-1' })).json().data;
    const upd = await save('sale', { ...valid, id: p.id, product_code: 'VER-1', msrp: '120', version: p.version });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ msrp: 120, version: p.version + 1 });
    const stale = await save('production', { ...valid, id: p.id, product_code: 'VER-1', version: p.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Samuel Reyes (sale)');
    expect((await get('admin', `/api/products/${p.id}`)).json().data.msrp).toBe(120);
  });

  it('404 for saving an unknown id', async () => {
    expect((await save('admin', { ...valid, product_code: 'GHOST', id: 999999 })).statusCode).toBe(404);
  });

  it('writes product events with the changed fields', async () => {
    const p = (await save('admin', { ...valid, product_code: 'EVT-1' })).json().data;
    await save('admin', { ...valid, id: p.id, product_code: 'EVT-1', desc: 'Renamed', version: p.version });
    const rows = await queryRows<{ event: string; data: { changes: Record<string, { old: unknown; new: unknown }> } }>(
      t.database.db,
      sql`select event, data from events where entity_type = 'product' and entity_id = ${p.id} order by id`,
    );
    expect(rows.map((r) => r.event)).toEqual(['product_created', 'product_updated']);
    expect(rows[1]!.data.changes).toEqual({ desc: { old: 'Test product', new: 'Renamed' } });
  });

  it('keeps fields a partial form leaves out, and clears text sent empty', async () => {
    const p = (
      await save('admin', { ...valid, product_code: 'PART-1', warning: 'Heavy', hs_code: '8517', discount: 15 })
    ).json().data;
    const kept = await save('admin', { ...valid, id: p.id, product_code: 'PART-1', version: p.version });
    // Nothing changed: the record stays at its version.
    expect(kept.json().data).toMatchObject({ warning: 'Heavy', hs_code: '8517', discount: 15, version: p.version });
    const cleared = await save('admin', {
      ...valid,
      id: p.id,
      product_code: 'PART-1',
      warning: '',
      version: p.version,
    });
    expect(cleared.json().data).toMatchObject({ warning: '', hs_code: '8517', version: p.version + 1 });
  });
});

describe('image, enable and disable', () => {
  it('stores, serves and deletes the product image; refuses non-images', async () => {
    const p = (
      await save('admin', { ...valid, product_code: 'IMG-1' }, '/api/products/save', [
        { field: 'product_image', name: 'photo.png', type: 'image/png', data: SAMPLE.png },
      ])
    ).json().data;
    expect(p.product_image).toBe('photo.png');
    const img = await get('sale', `/api/sale/products/image/${p.id}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(SAMPLE.png)).toBe(true);
    expect((await get('production', `/api/files/products/product_image/${p.id}`)).statusCode).toBe(200);
    expect((await get('shipping', `/api/files/products/product_image/${p.id}`)).statusCode).toBe(403);

    const fake = await save('admin', { ...valid, id: p.id, product_code: 'IMG-1' }, '/api/products/save', [
      { field: 'product_image', name: 'evil.png', type: 'image/png', data: SAMPLE.text },
    ]);
    expect(fake.statusCode).toBe(415);

    const del = await send('admin', 'POST', `/api/admin/products/deleteImage/${p.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data.product_image).toBeNull();
    expect((await get('admin', `/api/products/image/${p.id}`)).statusCode).toBe(404);
  });

  it('disable and enable answer the active flag', async () => {
    const p = (await save('admin', { ...valid, product_code: 'TOG-1' })).json().data;
    const off = await send('production', 'PUT', `/api/production/products/disable/${p.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(0);
    expect((await get('admin', `/api/products/${p.id}`)).json().data.active).toBe(0);
    const on = await send('sale', 'PUT', `/api/products/enable/${p.id}`);
    expect(on.json().data.active).toBe(1);
    expect((await send('admin', 'PUT', '/api/products/enable/999999')).statusCode).toBe(404);
  });
});

/** An order deleted as people delete one: sale asks, the administrator approves. */
async function deleteOrder(id: number) {
  expect((await send('sale', 'PUT', `/api/sale/orders/delete/${id}`)).statusCode).toBe(200);
  expect((await send('admin', 'PUT', `/api/admin/orders/delete/approve/${id}`)).statusCode).toBe(200);
}

describe('sales statistics', () => {
  it('counts units and revenue of live, not cancelled orders dated in the window', async () => {
    const p = (await save('admin', { ...valid, product_code: 'SOLD-1', msrp: '100' })).json().data;
    const dealer = await createDealer(t);
    const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 10) / 1000;
    // Through the order save and its deletion: the sales are kept with every order write.
    const order = async (date: number, quantity: number, discount: number, extra: Record<string, unknown> = {}) => {
      const { deleted, ...fields } = extra;
      const o = await createOrder(
        t,
        { date, ...fields, products: [{ product_id: p.id, quantity, msrp: 100, discount }] },
        dealer.id,
      );
      if (deleted) await deleteOrder(o.id);
    };
    await order(day(2026, 11, 2), 3, 10); // 270
    await order(day(2026, 11, 20), 2, 0); // 200
    await order(day(2026, 9, 15), 5, 0); // 500, September
    await order(day(2026, 11, 5), 7, 0, { shipping_status: 'cancel' });
    await order(day(2026, 11, 6), 9, 0, { deleted: true });

    const nov = `StartDate=${Date.UTC(2026, 10, 1) / 1000}&EndDate=${Date.UTC(2026, 11, 1) / 1000 - 1}`;
    const row = (await get('sale', `/api/products?search=SOLD-1&${nov}`)).json().data[0];
    expect(row).toMatchObject({ units_sold: 5, revenue: 470 });

    const daily = (await get('sale', `/api/products/sales/${p.id}?${nov}`)).json().data;
    expect(daily).toMatchObject({ granularity: 'day', total_units: 5, total_revenue: 470 });
    expect(daily.periods).toHaveLength(30);
    expect(daily.periods[1]).toMatchObject({ period: '2026-11-02', units: 3, revenue: 270 });
    expect(daily.periods[19]).toMatchObject({ period: '2026-11-20', units: 2, revenue: 200 });

    const since = `StartDate=${Date.UTC(2026, 6, 1) / 1000}&EndDate=${Date.UTC(2026, 11, 1) / 1000 - 1}`;
    const monthly = (await get('admin', `/api/admin/products/sales/${p.id}?${since}`)).json().data;
    expect(monthly.granularity).toBe('month');
    expect(monthly.periods.map((x: { period: string; units: number }) => [x.period, x.units])).toEqual([
      ['2026-07', 0],
      ['2026-08', 0],
      ['2026-09', 5],
      ['2026-10', 0],
      ['2026-11', 5],
    ]);
    expect(monthly.total_revenue).toBe(970);
  });

  it("sums a page's products by order date, whatever order the orders were entered in; none sold is 0", async () => {
    // Orders entered late or early for their date, at the window's first and last second and just outside it:
    // the date alone decides, in the whole days and in the edges' part days alike.
    const made: { id: number }[] = [];
    for (const code of ['RANGE-A', 'RANGE-B', 'RANGE-C'])
      made.push((await save('admin', { ...valid, product_code: code, msrp: '10' })).json().data);
    const dealer = await createDealer(t);
    const start = Date.UTC(2026, 10, 1) / 1000;
    const end = Date.UTC(2026, 11, 1) / 1000 - 1;
    const order = (date: number, lines: Array<[{ id: number }, number]>) =>
      createOrder(
        t,
        { date, products: lines.map(([p, quantity]) => ({ product_id: p.id, quantity, msrp: 10, discount: 0 })) },
        dealer.id,
      );
    const [pa, pb] = made as [{ id: number }, { id: number }, { id: number }];
    await order(start + 3600, [[pa, 1]]); // the window's first order
    await order(start - 86400 * 60, [
      [pa, 4],
      [pb, 40],
    ]); // entered between, dated before: out
    await order(end + 1, [[pb, 6]]); // entered between, one second past the end: out
    await order(end, [
      [pb, 2],
      [pa, 3],
    ]); // the window's last second, entered last: in
    await order(start - 1, [[pa, 5]]); // one second before the start, entered after: out

    const nov = `StartDate=${start}&EndDate=${end}`;
    const page = (await get('sale', `/api/products?search=RANGE-&${nov}`)).json().data as Array<{
      product_code: string;
      units_sold: number;
      revenue: number;
    }>;
    const byCode = Object.fromEntries(page.map((r) => [r.product_code, [r.units_sold, r.revenue]]));
    expect(byCode).toEqual({ 'RANGE-A': [4, 40], 'RANGE-B': [2, 20], 'RANGE-C': [0, 0] });
    // A window whose both edges cut a day: the caller's account check, the rows, and one statement for the whole
    // days and both edges (each round trip waits its turn for a connection under load).
    const cut = `StartDate=${start + 3600}&EndDate=${end - 3600}`;
    const headers = await t.as('sale');
    const cutPage = await statementsOf(t, () =>
      t.app.inject({ method: 'GET', url: `/api/products?search=RANGE-&${cut}`, headers }),
    );
    expect(cutPage).toHaveLength(3);
    const cutRows = (await t.app.inject({ method: 'GET', url: `/api/products?search=RANGE-&${cut}`, headers })).json()
      .data as typeof page;
    // The first order (start + 1 h) is on the new start's second; the last (end) is an hour past the new end.
    expect(Object.fromEntries(cutRows.map((r) => [r.product_code, [r.units_sold, r.revenue]]))).toEqual({
      'RANGE-A': [1, 10],
      'RANGE-B': [0, 0],
      'RANGE-C': [0, 0],
    });
    const stats = (await get('sale', `/api/products/sales/${pa.id}?${nov}`)).json().data;
    expect(stats).toMatchObject({ total_units: 4, total_revenue: 40 });
    // A window without a sale order: every product 0.
    const empty = `StartDate=${Date.UTC(2019, 0, 1) / 1000}&EndDate=${Date.UTC(2019, 1, 1) / 1000}`;
    const quiet = (await get('sale', `/api/products?search=RANGE-&${empty}`)).json().data as typeof page;
    expect(quiet.map((r) => [r.units_sold, r.revenue])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('answers daily periods for a month window, monthly beyond 62 days', async () => {
    const [p] = (await get('admin', '/api/products?limit=1')).json().data;
    const def = (await get('sale', `/api/sale/products/sales/${p.id}`)).json().data;
    expect(def.granularity).toBe('day');
    expect(def.periods.length).toBeGreaterThanOrEqual(29);
    expect(def.end).toBe(Date.UTC(2026, 10, 23) / 1000 - 1);
    const year = (
      await get(
        'admin',
        `/api/products/sales/${p.id}?StartDate=${Date.UTC(2025, 0, 1) / 1000}&EndDate=${Date.UTC(2025, 11, 31) / 1000}`,
      )
    ).json().data;
    expect(year.granularity).toBe('month');
    expect(year.periods.map((x: { period: string }) => x.period)).toHaveLength(12);
    expect(year.periods[0]).toMatchObject({ period: '2025-01' });
    expect((await get('admin', '/api/products/sales/999999')).statusCode).toBe(404);
  });
});

describe('product test checklist steps', () => {
  let productId: number;
  const steps = async () =>
    (await get('production', `/api/productTestChecklist/byProduct/${productId}`)).json().data as Array<{
      id: number;
      si_number: number;
      test_desc: string;
    }>;

  beforeAll(async () => {
    productId = (await save('admin', { ...valid, product_code: 'STEPS-1' })).json().data.id;
  });

  it('requires a test description', async () => {
    const res = await send('admin', 'POST', '/api/productTestChecklist/save', {
      product_id: productId,
      test_desc: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause.test_desc).toBe(MSG.testDescRequired);
    const missing = await send('admin', 'POST', '/api/productTestChecklist/save', { product_id: productId });
    expect(missing.json().cause.test_desc).toBe(MSG.testDescRequired);
  });

  it('numbers new steps highest + 1, starting at 1', async () => {
    for (const d of ['Power on', 'Network', 'Sensors', 'Pack']) {
      const res = await send('sale', 'POST', '/api/productTestChecklist/save', { product_id: productId, test_desc: d });
      expect(res.statusCode).toBe(200);
    }
    expect((await steps()).map((s) => [s.si_number, s.test_desc])).toEqual([
      [1, 'Power on'],
      [2, 'Network'],
      [3, 'Sensors'],
      [4, 'Pack'],
    ]);
  });

  it('edits a step text and reads one step', async () => {
    const [first] = await steps();
    const res = await send('admin', 'POST', '/api/productTestChecklist/save', {
      id: first!.id,
      product_id: productId,
      test_desc: 'Power on at 12 V',
    });
    expect(res.json().data).toMatchObject({ id: first!.id, si_number: 1, test_desc: 'Power on at 12 V' });
    expect((await get('admin', `/api/productTestChecklist/${first!.id}`)).json().data.test_desc).toBe(
      'Power on at 12 V',
    );
  });

  it('reorders to contiguous 1..n, clamping the position', async () => {
    const before = await steps();
    const pack = before.find((s) => s.test_desc === 'Pack')!;
    const res = await send('production', 'POST', '/api/productTestChecklist/reorder', {
      checklist_id: pack.id,
      new_si_number: 1,
      product_id: productId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { test_desc: string; si_number: number }) => [s.si_number, s.test_desc])).toEqual([
      [1, 'Pack'],
      [2, 'Power on at 12 V'],
      [3, 'Network'],
      [4, 'Sensors'],
    ]);
    await send('production', 'POST', '/api/productTestChecklist/reorder', {
      checklist_id: pack.id,
      new_si_number: 99,
      product_id: productId,
    });
    expect((await steps()).map((s) => s.test_desc)).toEqual(['Power on at 12 V', 'Network', 'Sensors', 'Pack']);
    const wrong = await send('production', 'POST', '/api/productTestChecklist/reorder', {
      checklist_id: pack.id,
      new_si_number: 1,
      product_id: productId + 1,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('deletes and renumbers', async () => {
    const net = (await steps()).find((s) => s.test_desc === 'Network')!;
    const res = await send('admin', 'DELETE', `/api/productTestChecklist/delete/${net.id}`);
    expect(res.statusCode).toBe(200);
    expect((await steps()).map((s) => [s.si_number, s.test_desc])).toEqual([
      [1, 'Power on at 12 V'],
      [2, 'Sensors'],
      [3, 'Pack'],
    ]);
    expect((await send('admin', 'DELETE', `/api/productTestChecklist/delete/${net.id}`)).statusCode).toBe(404);
  });

  it('saves the test checklist revision without touching the product version', async () => {
    const before = (await get('admin', `/api/products/${productId}`)).json().data;
    const res = await send('sale', 'POST', '/api/productTestChecklist/saveRev', {
      productId,
      testChecklistRev: 'B2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.test_checklist_rev).toBe('B2');
    const after = (await get('admin', `/api/products/${productId}`)).json().data;
    expect(after).toMatchObject({ test_checklist_rev: 'B2', version: before.version });
  });

  it('is for administrator, production and sale only', async () => {
    for (const role of ['shipping', 'purchase', 'qa', 'tester'] as const) {
      expect((await get(role, `/api/productTestChecklist/byProduct/${productId}`)).statusCode).toBe(403);
      const res = await send(role, 'POST', '/api/productTestChecklist/save', { product_id: productId, test_desc: 'x' });
      expect(res.statusCode).toBe(403);
    }
  });

  it('the demo data: every product with test steps has them numbered 1..n', async () => {
    // A check of the seed (demo data obeys the product's rules), over whatever products it made.
    const rows = await queryRows<{ n: number; max: number; min: number }>(
      t.database.db,
      sql`select count(*)::int as n, max(si_number) as max, min(si_number) as min from product_test_steps
          group by product_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.min).toBe(1);
      expect(r.max).toBe(r.n);
    }
  });
});

describe('products — spec doc 2 §2, §3, §5, §6, §7, §9 (conformance)', () => {
  const { call, form, ok, cause, is01 } = specApi(() => t);
  const newProduct = async () => (await makeSaleProduct(t)).id;

  it('validation: product_code, desc, msrp required; numbers; ranges', async () => {
    const c = cause(await form('administrator', '/products/save', {}));
    for (const f of ['product_code', 'desc', 'msrp']) expect(c[f], f).toBe('required field');
    const c2 = cause(
      await form('administrator', '/products/save', {
        product_code: 'X',
        desc: 'X',
        msrp: 'abc',
        discount: 101,
        warranty: 10000001,
        pl_serial_count: 101,
      }),
    );
    expect(c2.msrp).toBe('Please enter a valid number');
    expect(c2.discount).toBe('Please enter a value between 0 and 100.');
    expect(c2.warranty).toBe('Please enter a value between 0 and 10000000.');
    expect(c2.pl_serial_count).toBe('Please enter a value between 0 and 100.');
    const c3 = cause(
      await form('administrator', '/products/save', { product_code: 'X', desc: 'X', msrp: 1, discount: 'x' }),
    );
    expect(c3.discount).toBe('Please enter a valid number');
  });

  it('a new product defaults to discount 0, active 1, is_test_required 1 (0/1 numbers)', async () => {
    const res = ok(
      await form('administrator', '/products/save', { product_code: uniq('CONF'), desc: 'Conformance', msrp: 0 }),
    );
    expect(res.data).toMatchObject({ msrp: 0, discount: 0, active: 1, is_test_required: 1 });
    for (const f of [
      'id',
      'product_code',
      'hs_code',
      'desc',
      'msrp',
      'discount',
      'warranty',
      'pl_serial_count',
      'has_modem',
      'is_test_required',
      'is_shipping_cost',
      'exclude_pl_item_count',
      'product_image',
      'warning',
      'active',
      'bom_cost',
      'bom_rev',
      'test_checklist_rev',
    ])
      expect(res.data, f).toHaveProperty(f);
    for (const f of ['has_modem', 'is_test_required', 'is_shipping_cost', 'exclude_pl_item_count', 'active'])
      is01(res.data[f]);
  });

  it('role prefixes: each role reads under its prefix and the bare path', async () => {
    const productId = await newProduct();
    const prefixes: Array<[Role, string]> = [
      ['administrator', 'admin'],
      ['sale', 'sale'],
      ['shipping', 'shipping'],
      ['production', 'production'],
      ['purchase', 'purchase'],
    ];
    for (const [role, prefix] of prefixes) {
      const now = TODAY;
      ok(await call(role, 'GET', `/${prefix}/products?StartDate=${now - 86400 * 30}&EndDate=${now}`));
      ok(await call(role, 'GET', `/${prefix}/products/${productId}`));
      ok(await call(role, 'GET', `/products/${productId}`));
    }
    expect((await call('sale', 'GET', '/admin/products')).statusCode).toBe(403);
    for (const role of ['qa', 'poapproval', 'tester'] as Role[])
      expect((await call(role, 'GET', '/products')).statusCode, role).toBe(403);
  });

  it('purchase and shipping cannot save products', async () => {
    const productId = await newProduct();
    const code = uniq('CONF');
    for (const [role, url] of [
      ['purchase', '/products/save'],
      ['purchase', '/purchase/products/save'],
      ['shipping', '/products/save'],
      ['shipping', '/shipping/products/save'],
    ] as Array<[Role, string]>) {
      const r = await form(role, url, { id: productId, product_code: code, desc: 'x', msrp: 1 });
      // The unprefixed call is refused; the role's own prefix has no save (defineRoute): not found.
      expect(r.statusCode, `${role} ${url}`).toBe(url.startsWith(`/${role}/`) ? 404 : 403);
    }
    ok(
      await form('sale', '/sale/products/save', {
        id: productId,
        product_code: code,
        desc: 'Conformance',
        msrp: 1,
      }),
    );
    ok(
      await form('production', '/production/products/save', {
        id: productId,
        product_code: code,
        desc: 'Conformance',
        msrp: 1,
      }),
    );
  });

  it('disable/enable answer active; deleteImage answers product_image; sales per product', async () => {
    const productId = await newProduct();
    const d = ok(await call('administrator', 'PUT', `/admin/products/disable/${productId}`));
    expect(d.data.active).toBe(0);
    const e = ok(await call('sale', 'PUT', `/sale/products/enable/${productId}`));
    expect(e.data.active).toBe(1);
    const img = ok(await call('administrator', 'POST', `/admin/products/deleteImage/${productId}`));
    expect(img.data).toHaveProperty('product_image');
    ok(await call('sale', 'GET', `/products/sales/${productId}`));
  });

  it('products: status filter all/active/inactive; shipping and purchase cannot enable/disable', async () => {
    const productId = await newProduct();
    for (const status of ['all', 'active', 'inactive']) ok(await call('sale', 'GET', `/products?status=${status}`));
    ok(await call('administrator', 'PUT', `/admin/products/disable/${productId}`));
    const inactive = ok(await call('sale', 'GET', '/products?status=inactive&limit=100')).data as AnyJson[];
    expect(inactive.map((p) => p.id)).toContain(productId);
    for (const p of inactive) expect(p.active).toBe(0);
    for (const role of ['shipping', 'purchase'] as Role[]) {
      expect((await call(role, 'PUT', `/products/disable/${productId}`)).statusCode, role).toBe(403);
      expect((await call(role, 'PUT', `/products/enable/${productId}`)).statusCode, role).toBe(403);
    }
  });

  it('product image: upload, image download, deleteImage answers product_image', async () => {
    const productId = await newProduct();
    const fields = { id: productId, product_code: uniq('CONF'), desc: 'Conformance', msrp: 1 };
    const image = [{ field: 'product_image', name: 'img.png', type: 'image/png', data: SAMPLE.png }];
    const res = ok(await form('administrator', '/products/save', fields, image));
    expect(res.data.product_image).toBeTruthy();
    expect((await call('administrator', 'GET', `/products/image/${productId}`)).statusCode).toBe(200);
    const del = ok(await call('sale', 'POST', `/sale/products/deleteImage/${productId}`));
    expect(del.data.product_image).toBeNull();
  });
});

describe('product test checklist — spec doc 2 §3, §4, §5, §6, §7 (conformance)', () => {
  const { call, ok, cause } = specApi(() => t);
  const newProduct = async () => (await makeSaleProduct(t)).id;
  const base = '/productTestChecklist';
  it('admin, production and sale only', async () => {
    const productId = await newProduct();
    for (const role of rolesExcept(['administrator', 'production', 'sale']))
      expect((await call(role, 'GET', `${base}/byProduct/${productId}`)).statusCode, role).toBe(403);
  });

  it("'Test Description is required'; SI number = highest + 1; reorder; delete", async () => {
    const productId = await newProduct();
    const c = cause(await call('production', 'POST', `${base}/save`, { product_id: productId, test_desc: ' ' }));
    expect(c.test_desc).toBe('Test Description is required');
    const a = ok(await call('production', 'POST', `${base}/save`, { product_id: productId, test_desc: 'Power on' }));
    const b = ok(await call('sale', 'POST', `${base}/save`, { product_id: productId, test_desc: 'Ping' }));
    for (const f of ['id', 'product_id', 'si_number', 'test_desc']) expect(a.data, f).toHaveProperty(f);
    expect(b.data.si_number).toBe(a.data.si_number + 1);
    ok(await call('administrator', 'GET', `${base}/${a.data.id}`));
    ok(
      await call('administrator', 'POST', `${base}/reorder`, {
        checklist_id: b.data.id,
        new_si_number: 1,
        product_id: productId,
      }),
    );
    const list = ok(await call('administrator', 'GET', `${base}/byProduct/${productId}`)).data as AnyJson[];
    expect(list.map((s) => s.test_desc)).toEqual(['Ping', 'Power on']);
    ok(await call('administrator', 'DELETE', `${base}/delete/${a.data.id}`));
  });

  it("step calls without required parameters answer 'Missing required parameters'", async () => {
    const r = await call('administrator', 'POST', `${base}/reorder`, {});
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Missing required parameters');
  });
});
