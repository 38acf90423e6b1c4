import { MSG } from '@bpm/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { makePart } from './factories/products';
import { uniq } from './factories/uniq';
import { createTestApp, multipart, rolesExcept, SAMPLE, specApi, type TestApp, TODAY } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = Parameters<TestApp['as']>[0];
type Upload = { field: string; name: string; type: string; data: Buffer };
const get = async (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: await t.as(role) });
const send = async (role: Role, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(role), payload });

async function save(role: Role, fields: Record<string, string | number | null | undefined>, files: Upload[] = []) {
  const mp = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/partComponents/save',
    payload: mp.payload,
    headers: { ...(await t.as(role)), ...mp.headers },
  });
}

const valid = { manufacturer: 'Acme Semi', manuf_part_number: 'ACM-100', price: '1.25' };

describe('part components list', () => {
  it('answers a page with total, searching part number, manufacturer and description', async () => {
    const tag = uniq('p').replace(/-/g, '');
    const before = (await get('purchase', '/api/partComponents?limit=1')).json().total;
    const mpn = `PIC${tag}F128H`;
    await makePart(t, { manuf_part_number: mpn, manufacturer: 'Microchip' });
    for (let i = 0; i < 6; i++) await makePart(t, { manufacturer: `Sensirion ${tag}` });
    for (let i = 0; i < 2; i++)
      await makePart(t, { manufacturer: `Quectel ${tag}`, description: `LTE Cat 4 ${tag} module ${i}` });
    for (let i = 0; i < 3; i++) await makePart(t, { manufacturer: 'Other', description: `Filler ${tag} ${i}` });
    const all = (await get('purchase', '/api/partComponents?limit=10')).json();
    expect(all.total).toBe(before + 12);
    expect(all.data).toHaveLength(10);
    expect(typeof all.data[0].price).toBe('number');
    const byMpn = (await get('purchase', `/api/partComponents?search=${mpn.toLowerCase()}`)).json();
    expect(byMpn.data.map((p: { manuf_part_number: string }) => p.manuf_part_number)).toEqual([mpn]);
    const byMaker = (await get('admin', `/api/partComponents?search=sensirion%20${tag}&limit=100`)).json();
    expect(byMaker.total).toBeGreaterThan(5);
    const byDesc = (await get('admin', `/api/partComponents?search=LTE%20Cat%204%20${tag}&limit=100`)).json();
    expect(byDesc.total).toBe(2);
    expect(byDesc.data.every((p: { manufacturer: string }) => p.manufacturer === `Quectel ${tag}`)).toBe(true);
  });

  it('filters by status', async () => {
    const part = await makePart(t);
    await send('admin', 'PUT', `/api/partComponents/disable/${part.id}`);
    const all = (await get('admin', '/api/partComponents?status=all')).json().total;
    const active = (await get('admin', '/api/partComponents?status=active')).json().total;
    const inactive = (await get('admin', '/api/partComponents?status=inactive')).json();
    expect(active + inactive.total).toBe(all);
    expect(inactive.total).toBeGreaterThan(0);
    const ours = (await get('admin', `/api/partComponents?status=inactive&search=${part.manuf_part_number}`)).json();
    expect(ours.data.map((p: { id: number }) => p.id)).toEqual([part.id]);
  });

  it('is for administrator and purchase only', async () => {
    for (const role of ['sale', 'shipping', 'production', 'qa', 'poapproval', 'tester'] as const) {
      expect((await get(role, '/api/partComponents')).statusCode).toBe(403);
      expect((await save(role, valid)).statusCode).toBe(403);
    }
  });
});

describe('part component save', () => {
  it('requires manufacturer, part number, price, unit and currency', async () => {
    const res = await save('purchase', { description: 'x', unit: ' ', local_currency: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause).toEqual({
      manufacturer: MSG.required,
      manuf_part_number: MSG.required,
      price: MSG.required,
      unit: MSG.required,
      local_currency: MSG.required,
    });
  });

  it('checks price and local_price are numbers', async () => {
    const res = await save('purchase', { ...valid, price: 'cheap', local_price: 'lots' });
    expect(res.json().cause).toEqual({ price: MSG.number, local_price: MSG.number });
  });

  it('creates with the defaults (USD, pcs) and answers created: true; updates answer created: false', async () => {
    const res = await save('purchase', valid);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      created: true,
      local_currency: 'USD',
      unit: 'pcs',
      price: 1.25,
      local_price: null,
      active: 1,
      version: 1,
      part_image: null,
    });
    const upd = await save('admin', {
      ...valid,
      id: p.id,
      price: '1.123456',
      local_price: '63.5',
      local_currency: 'php',
      version: p.version,
    });
    expect(upd.json().data).toMatchObject({
      created: false,
      price: 1.123456,
      local_price: 63.5,
      local_currency: 'PHP',
      version: 2,
    });
  });

  it('keeps the part number unique per manufacturer', async () => {
    const dup = await save('purchase', { ...valid, manuf_part_number: 'acm-100', manufacturer: 'ACME SEMI' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().cause.manuf_part_number).toBe(MSG.partNumberTaken);
    expect((await save('purchase', { ...valid, manufacturer: 'Other Maker' })).statusCode).toBe(200);
  });

  it('refuses a stale version with 409 and writes events', async () => {
    const p = (await save('purchase', { ...valid, manuf_part_number: 'VER-1' })).json().data;
    const changed = await save('admin', { ...valid, manuf_part_number: 'VER-1', price: '1.5', id: p.id, version: 1 });
    expect(changed.statusCode).toBe(200);
    const stale = await save('purchase', { ...valid, manuf_part_number: 'VER-1', id: p.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Alice Morgan (admin)');
    const events = await queryRows<{ event: string }>(
      t.database.db,
      sql`select event from events where entity_type = 'partComponent' and entity_id = ${p.id} order by id`,
    );
    expect(events.map((e) => e.event)).toEqual(['part_component_created', 'part_component_updated']);
  });

  it('404 for an unknown id', async () => {
    expect((await get('admin', '/api/partComponents/999999')).statusCode).toBe(404);
    expect((await save('admin', { ...valid, manuf_part_number: 'GHOST', id: 999999 })).statusCode).toBe(404);
  });
});

describe('image, enable, disable, statistics', () => {
  it('stores, serves and deletes the part image', async () => {
    const p = (
      await save('purchase', { ...valid, manuf_part_number: 'IMG-1' }, [
        { field: 'part_image', name: 'chip.png', type: 'image/png', data: SAMPLE.png },
      ])
    ).json().data;
    expect(p).toMatchObject({ part_image: 'chip.png', part_image_name: 'chip.png' });
    const img = await get('purchase', `/api/partComponents/image/${p.id}`);
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(SAMPLE.png)).toBe(true);
    expect((await get('admin', `/api/files/partComponents/part_image/${p.id}`)).statusCode).toBe(200);
    expect((await get('sale', `/api/files/partComponents/part_image/${p.id}`)).statusCode).toBe(403);
    const pdf = await save('purchase', { ...valid, manuf_part_number: 'IMG-2' }, [
      { field: 'part_image', name: 'x.png', type: 'image/png', data: SAMPLE.pdf },
    ]);
    expect(pdf.statusCode).toBe(415);
    const del = await send('purchase', 'POST', `/api/partComponents/deleteImage/${p.id}`);
    expect(del.json().data).toMatchObject({ part_image: null });
    expect((await get('purchase', `/api/partComponents/image/${p.id}`)).statusCode).toBe(404);
  });

  it('disable and enable answer the active flag', async () => {
    const p = (await save('purchase', { ...valid, manuf_part_number: 'TOG-1' })).json().data;
    expect((await send('purchase', 'PUT', `/api/partComponents/disable/${p.id}`)).json().data.active).toBe(0);
    expect((await get('purchase', `/api/partComponents/${p.id}`)).json().data.active).toBe(0);
    expect((await send('admin', 'PUT', `/api/partComponents/enable/${p.id}`)).json().data.active).toBe(1);
    expect((await send('sale', 'PUT', `/api/partComponents/enable/${p.id}`)).statusCode).toBe(403);
  });

  it('statistics answer no rows for a part never ordered, with the default window', async () => {
    const p = (await save('purchase', { ...valid, manuf_part_number: 'NEVER-ORDERED-1' })).json().data;
    const res = await send('purchase', 'POST', `/api/partComponents/statistics/${p.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], avg_price: null, total_quantity: 0 });
    expect(res.json().end).toBe(Date.UTC(2026, 10, 23) / 1000 - 1);
    const win = await send('admin', 'POST', `/api/partComponents/statistics/${p.id}`, {
      startTime: 1700000000,
      endTime: 1710000000,
    });
    expect(win.json()).toMatchObject({ data: [], start: 1700000000, end: 1710000000 });
    const bad = await send('admin', 'POST', `/api/partComponents/statistics/${p.id}`, {
      startTime: 1710000000,
      endTime: 1700000000,
    });
    expect(bad.statusCode).toBe(400);
    expect((await send('admin', 'POST', '/api/partComponents/statistics/999999', {})).statusCode).toBe(404);
  });
});

describe('part components — spec doc 2 §3, §5, §6, §7, §9 (conformance)', () => {
  const { call, form, ok, cause } = specApi(() => t);

  it('administrator and purchase only', async () => {
    for (const role of rolesExcept(['administrator', 'purchase'])) {
      expect((await call(role, 'GET', '/partComponents')).statusCode, role).toBe(403);
      expect((await form(role, '/partComponents/save', { manufacturer: 'x' })).statusCode, role).toBe(403);
    }
  });

  it('validation: manufacturer, manuf_part_number, price, unit, local_currency; numbers', async () => {
    const c = cause(await form('purchase', '/partComponents/save', { unit: '', local_currency: '' }));
    for (const f of ['manufacturer', 'manuf_part_number', 'price', 'unit', 'local_currency'])
      expect(c[f], f).toBe('required field');
    const c2 = cause(
      await form('purchase', '/partComponents/save', {
        manufacturer: 'M',
        manuf_part_number: 'P',
        price: 'abc',
        local_price: 'abc',
      }),
    );
    expect(c2.price).toBe('Please enter a valid number');
    expect(c2.local_price).toBe('Please enter a valid number');
  });

  it('defaults unit pcs and currency USD; active 1/0; enable/disable; statistics; deleteImage', async () => {
    const res = ok(
      await form('purchase', '/partComponents/save', {
        manufacturer: 'Conf',
        manuf_part_number: uniq('CONF-P'),
        price: 1.5,
      }),
    );
    const partId = res.data.id;
    expect(res.data).toMatchObject({ unit: 'pcs', local_currency: 'USD', active: 1 });
    for (const f of [
      'id',
      'manuf_part_number',
      'manufacturer',
      'description',
      'price',
      'local_price',
      'local_currency',
      'unit',
      'part_image',
      'part_image_name',
      'active',
    ])
      expect(res.data, f).toHaveProperty(f);
    ok(await call('administrator', 'GET', `/partComponents/${partId}`));
    expect(ok(await call('purchase', 'PUT', `/partComponents/disable/${partId}`)).data.active).toBe(0);
    expect(ok(await call('purchase', 'PUT', `/partComponents/enable/${partId}`)).data.active).toBe(1);
    const stats = ok(
      await call('purchase', 'POST', `/partComponents/statistics/${partId}`, {
        startTime: TODAY - 86400 * 30,
        endTime: TODAY,
      }),
    );
    // Doc 2 §3: statistics rows (po_date, po_number, price, quantity); none before purchase orders exist.
    expect(stats.data).toEqual([]);
    expect(ok(await call('purchase', 'POST', `/partComponents/deleteImage/${partId}`)).data).toHaveProperty(
      'part_image',
    );
    expect((await call('purchase', 'GET', `/partComponents/image/${partId}`)).statusCode).toBe(404);
  });
  it('status filter all/active/inactive', async () => {
    for (const status of ['all', 'active', 'inactive'])
      ok(await call('purchase', 'GET', `/partComponents?status=${status}`));
  });
});
