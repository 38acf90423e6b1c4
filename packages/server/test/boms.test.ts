import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@bpm/contract/messages';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { makePart, makeSaleProduct } from './factories/products';
import { uniq } from './factories/uniq';
import { type AnyJson, createTestApp, multipart, rolesExcept, specApi, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = Parameters<TestApp['as']>[0];
const get = async (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: await t.as(role) });
const send = async (role: Role, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(role), payload });

async function newProduct(code: string): Promise<number> {
  const mp = multipart({ product_code: code, desc: `BOM test ${code}`, msrp: '10' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/save',
    payload: mp.payload,
    headers: { ...(await t.as('admin')), ...mp.headers },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

/**
 * This file's own parts (nothing taken from the demo catalogue): the spreadsheet names, under a prefix
 * unique to the run. `pn.x` is the catalogue spelling, `pn.x.toLowerCase()` a user's.
 */
const P = uniq('BT');
const pn = {
  mcu: `${P}-PIC32MX300F128H`,
  mcu2: `${P}-STM32F400RGT6`,
  mcuAlt: `${P}-STM32F401RGT6`,
  res: `${P}-RC0603FR-0710KL`,
  cap: `${P}-GRM188R71H100KA01D`,
};
beforeAll(async () => {
  await makePart(t, { manufacturer: 'Microchip', manuf_part_number: pn.mcu, description: '32-bit MCU', price: '3.2' });
  await makePart(t, { manufacturer: 'ST', manuf_part_number: pn.mcu2, description: 'ARM MCU', price: '4.1' });
  await makePart(t, { manufacturer: 'ST', manuf_part_number: pn.mcuAlt, description: 'ARM MCU', price: '4.3' });
  await makePart(t, { manufacturer: 'Yageo', manuf_part_number: pn.res, description: 'Resistor 10k', price: '0.002' });
  await makePart(t, { manufacturer: 'Murata', manuf_part_number: pn.cap, description: 'MLCC 100nF', price: '0.01' });
});

async function partId(mpn: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from part_components where manuf_part_number = ${mpn}`,
  );
  return Number(r!.id);
}

const bomCost = async (productId: number) =>
  (await get('admin', `/api/products/${productId}`)).json().data.bom_cost as number;

describe('BOM lines', () => {
  it('lists a BOM with display fields, avg_total = avg_price × quantity and bom_cost = Σ avg_total', async () => {
    const productId = await newProduct('BOM-LIST');
    for (const [mpn, quantity] of [
      [pn.mcu, '1'],
      [pn.res, '12'],
      [pn.cap, '4.5'],
    ] as const)
      expect(
        (
          await send('purchase', 'POST', '/api/boms/save', {
            product_id: productId,
            part_id: await partId(mpn),
            quantity,
          })
        ).statusCode,
      ).toBe(200);
    const res = await get('purchase', `/api/boms/product/${productId}`);
    expect(res.statusCode).toBe(200);
    const lines = res.json().data as Array<Record<string, number | string>>;
    expect(lines.map((l) => l.part_number).sort()).toEqual([pn.cap, pn.mcu, pn.res].sort());
    for (const l of lines) {
      expect(l).toHaveProperty('part_desc');
      expect(l).toHaveProperty('part_manufacturer');
      expect(l.avg_total).toBeCloseTo(Number(l.avg_price) * Number(l.quantity), 5);
    }
    const sum = lines.reduce((s, l) => s + Number(l.avg_total), 0);
    expect(await bomCost(productId)).toBeCloseTo(sum, 5);
  });

  it('is for administrator and purchase only', async () => {
    const [p] = (await get('admin', '/api/products?limit=1')).json().data;
    for (const role of ['sale', 'shipping', 'production', 'qa'] as const) {
      expect((await get(role, `/api/boms/product/${p.id}`)).statusCode).toBe(403);
      expect((await send(role, 'POST', '/api/boms/saveRev', { productId: p.id, bomRev: 'X' })).statusCode).toBe(403);
    }
    expect((await get('admin', '/api/boms/product/999999')).statusCode).toBe(404);
  });

  it('validates a line with the spec messages', async () => {
    const productId = await newProduct('BOM-VAL');
    const part = await partId(pn.res);
    const none = await send('purchase', 'POST', '/api/boms/save', { product_id: productId });
    expect(none.statusCode).toBe(400);
    expect(none.json().cause).toMatchObject({ part_id: MSG.bomPartRequired, quantity: MSG.bomQuantityRequired });
    const nan = await send('purchase', 'POST', '/api/boms/save', {
      product_id: productId,
      part_id: part,
      quantity: 'x',
    });
    expect(nan.json().cause.quantity).toBe(MSG.bomQuantityNumber);
    const zero = await send('purchase', 'POST', '/api/boms/save', {
      product_id: productId,
      part_id: part,
      quantity: 0,
    });
    expect(zero.json().cause.quantity).toBe(MSG.bomQuantityRange);
    const ghost = await send('purchase', 'POST', '/api/boms/save', {
      product_id: productId,
      part_id: 999999,
      quantity: 1,
    });
    expect(ghost.json().cause.part_id).toBe(MSG.partNotFound);
    const alt = await send('purchase', 'POST', '/api/boms/save', {
      product_id: productId,
      part_id: part,
      quantity: 1,
      alt_parts: [999999],
    });
    expect(alt.json().cause.alt_parts).toBe(MSG.bomAltPartUnknown);
    expect(
      (await send('purchase', 'POST', '/api/boms/save', { product_id: 999999, part_id: part, quantity: 1 })).statusCode,
    ).toBe(404);
  });

  it('adds, edits and deletes lines, keeping bom_cost in step', async () => {
    const productId = await newProduct('BOM-CRUD');
    const a = await partId(pn.mcu);
    const b = await partId(pn.mcu2);
    const alt = await partId(pn.mcuAlt);
    const add = await send('admin', 'POST', '/api/boms/save', {
      product_id: productId,
      part_id: a,
      quantity: '2.123456',
      ref: 'U1',
      remark: 'Main MCU',
      alt_parts: [alt, alt, a],
    });
    expect(add.statusCode).toBe(200);
    const line = add.json().data;
    expect(line).toMatchObject({
      quantity: 2.123456,
      ref: 'U1',
      part_number: pn.mcu,
      part_manufacturer: 'Microchip',
      alt_parts: [alt],
      alt_part_numbers: [pn.mcuAlt],
    });
    expect(line.bom_cost).toBeCloseTo(line.avg_price * 2.123456, 5);
    expect(await bomCost(productId)).toBeCloseTo(line.avg_total, 5);

    const dup = await send('admin', 'POST', '/api/boms/save', { product_id: productId, part_id: a, quantity: 1 });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().cause.part_id).toBe(MSG.bomPartDuplicate);

    const second = (
      await send('admin', 'POST', '/api/boms/save', { product_id: productId, part_id: b, quantity: 3 })
    ).json().data;
    const edit = await send('purchase', 'POST', '/api/boms/save', {
      id: line.id,
      product_id: productId,
      part_id: a,
      quantity: 5,
      ref: 'U1',
    });
    expect(edit.json().data).toMatchObject({ id: line.id, quantity: 5, alt_parts: [] });
    expect(await bomCost(productId)).toBeCloseTo(edit.json().data.avg_total + second.avg_total, 5);
    expect((await get('admin', `/api/boms/${line.id}`)).json().data.quantity).toBe(5);

    const del = await send('purchase', 'DELETE', `/api/boms/delete/${line.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data.bom_cost).toBeCloseTo(second.avg_total, 5);
    expect(await bomCost(productId)).toBeCloseTo(second.avg_total, 5);
    expect((await get('admin', `/api/boms/${line.id}`)).statusCode).toBe(404);

    const events = await queryRows<{ event: string }>(
      t.database.db,
      sql`select event from events where entity_type = 'product' and entity_id = ${productId} order by id`,
    );
    expect(events.map((e) => e.event)).toEqual([
      'product_created',
      'bom_line_added',
      'bom_line_added',
      'bom_line_updated',
      'bom_line_deleted',
    ]);
  });

  it('recomputes bom_cost of every product using a part when its price changes', async () => {
    const productId = await newProduct('BOM-PRICE');
    // A part never purchased: its own price costs the BOM (with PO history the average would).
    const fresh = multipart({ manufacturer: 'BOM Test', manuf_part_number: 'BOM-PRICE-PART', price: '1' });
    await t.app.inject({
      method: 'POST',
      url: '/api/partComponents/save',
      payload: fresh.payload,
      headers: { ...(await t.as('purchase')), ...fresh.headers },
    });
    const part = await partId('BOM-PRICE-PART');
    await send('admin', 'POST', '/api/boms/save', { product_id: productId, part_id: part, quantity: 4 });
    const p = (await get('admin', `/api/partComponents/${part}`)).json().data;
    const mp = multipart({ ...p, price: '2.5', local_price: '', part_image: undefined, part_image_name: undefined });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/partComponents/save',
      payload: mp.payload,
      headers: { ...(await t.as('purchase')), ...mp.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bomCost(productId)).toBeCloseTo(10, 6);
  });

  it('saves the BOM revision without touching the product version', async () => {
    const productId = await newProduct('BOM-REV');
    const before = (await get('admin', `/api/products/${productId}`)).json().data;
    const res = await send('purchase', 'POST', '/api/boms/saveRev', { productId, bomRev: 'C' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bom_rev).toBe('C');
    expect((await get('admin', `/api/products/${productId}`)).json().data).toMatchObject({
      bom_rev: 'C',
      version: before.version,
    });
  });
});

describe('BOM CSV import', () => {
  const doImport = (body: object, role: Role = 'purchase') => send(role, 'POST', '/api/boms/import', body);

  it('refuses empty data with "No data to import"', async () => {
    const productId = await newProduct('IMP-EMPTY');
    for (const bomData of [[], [{ part_number: '', quantity: '' }], undefined]) {
      const res = await doImport({ productId, bomData, replaceAll: false });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.noDataToImport);
    }
  });

  it('refuses rows without the required headers', async () => {
    const productId = await newProduct('IMP-HEAD');
    const none = await doImport({ productId, bomData: [{ mpn: 'X', qty: 1 }] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Missing required headers: part_number, quantity');
    const noQty = await doImport({ product_id: productId, bomData: [{ part_number: 'X', ref: 'R1' }] });
    expect(noQty.json().message).toBe('Missing required headers: quantity');
    expect((await doImport({ bomData: [{ part_number: 'X', quantity: 1 }] })).statusCode).toBe(400);
  });

  it('imports a spreadsheet-exported CSV parsed by papaparse like the web does', async () => {
    const productId = await newProduct('IMP-CSV');
    // The fixture names its parts {P}-… (catalogue spelling) and {p}-… (lower case): this run's parts.
    const csv = readFileSync(join(import.meta.dirname, 'fixtures/bom-export.csv'), 'utf8')
      .replaceAll('{P}', P)
      .replaceAll('{p}', P.toLowerCase());
    const parsed = Papa.parse<Record<string, string>>(csv, {
      header: true,
      skipEmptyLines: true,
      transformHeader: (h) => h.replace(/^\uFEFF/, '').trim(),
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toContain('part_number');
    const res = await doImport({ productId, bomData: parsed.data, replaceAll: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      imported_count: 4,
      updated_count: 0,
      deleted_count: 0,
      error_count: 2,
      errors: [
        { row: 5, message: "Unknown part number 'NOT-A-PART-123'" },
        { row: 7, message: MSG.bomQuantityNumber },
      ],
    });
    const lines = (await get('purchase', `/api/boms/product/${productId}`)).json().data;
    const byPn = Object.fromEntries(lines.map((l: { part_number: string }) => [l.part_number, l]));
    expect(byPn[pn.res]).toMatchObject({ quantity: 12, ref: 'R1, R2, R3', remark: '' });
    expect(byPn[pn.cap]).toMatchObject({ quantity: 4.5, ref: 'C1,C2', remark: 'Decoupling, near U1' });
    expect(byPn[pn.mcu2]).toMatchObject({ quantity: 0.000001, remark: 'Second source: "ST" only' });
    const sum = lines.reduce((s: number, l: { avg_total: number }) => s + l.avg_total, 0);
    expect(await bomCost(productId)).toBeCloseTo(sum, 5);
  });

  it('matches part numbers case-insensitively, updates existing lines, flags duplicates and replaces all', async () => {
    const productId = await newProduct('IMP-REPLACE');
    const keepPart = await partId(pn.mcu);
    const dropPart = await partId(pn.mcu2);
    await send('admin', 'POST', '/api/boms/save', { product_id: productId, part_id: keepPart, quantity: 1 });
    await send('admin', 'POST', '/api/boms/save', { product_id: productId, part_id: dropPart, quantity: 1 });
    const res = await doImport({
      productId,
      replaceAll: true,
      bomData: [
        { 'Part Number': pn.mcu.toLowerCase(), Quantity: '7', Ref: 'U1' },
        { 'Part Number': pn.res, Quantity: '2' },
        { 'Part Number': pn.res.toLowerCase(), Quantity: '3' },
        { 'Part Number': 'NOPE-1', Quantity: '1' },
      ],
    });
    expect(res.json().data).toEqual({
      imported_count: 1,
      updated_count: 1,
      deleted_count: 1,
      error_count: 2,
      errors: [
        { row: 4, message: MSG.importDuplicateRow(pn.res.toLowerCase(), 3) },
        { row: 5, message: MSG.importUnknownPart('NOPE-1') },
      ],
    });
    const lines = (await get('admin', `/api/boms/product/${productId}`)).json().data;
    expect(lines.map((l: { part_number: string; quantity: number }) => [l.part_number, l.quantity])).toEqual([
      [pn.mcu, 7],
      [pn.res, 2],
    ]);
    const [ev] = await queryRows<{ data: Record<string, unknown> }>(
      t.database.db,
      sql`select data from events where entity_id = ${productId} and event = 'bom_imported'`,
    );
    expect(ev!.data).toMatchObject({ imported_count: 1, updated_count: 1, deleted_count: 1, error_count: 2 });
  });

  it('never empties a BOM when nothing in the file is importable', async () => {
    const productId = await newProduct('IMP-NOTHING');
    await send('admin', 'POST', '/api/boms/save', {
      product_id: productId,
      part_id: await partId(pn.mcu),
      quantity: 1,
    });
    const res = await doImport({ productId, replaceAll: true, bomData: [{ part_number: 'NOPE', quantity: 1 }] });
    expect(res.json().data).toMatchObject({ imported_count: 0, deleted_count: 0, error_count: 1 });
    expect((await get('admin', `/api/boms/product/${productId}`)).json().data).toHaveLength(1);
  });

  it('imports 10,000 lines in one go and replaces half of them', async () => {
    await t.database.db.execute(sql`
      insert into part_components (manuf_part_number, manufacturer, description, price, created_at, updated_at)
      select 'BULK-' || g, 'Bulk Parts Co', 'Bulk part ' || g, 0.01, 0, 0 from generate_series(1, 10000) g`);
    const productId = await newProduct('IMP-10K');
    const bomData = Array.from({ length: 10_000 }, (_, i) => ({
      part_number: `bulk-${i + 1}`,
      quantity: '2',
      ref: `R${i + 1}`,
      remark: '',
    }));
    const first = await doImport({ productId, bomData, replaceAll: false }, 'admin');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      imported_count: 10000,
      updated_count: 0,
      deleted_count: 0,
      error_count: 0,
    });
    expect(await bomCost(productId)).toBeCloseTo(200, 6);

    const half = [
      ...bomData.slice(0, 5000).map((r) => ({ ...r, quantity: '3' })),
      ...Array.from({ length: 10 }, (_, i) => ({ part_number: `missing-${i}`, quantity: '1' })),
    ];
    const second = await doImport({ productId, bomData: half, replaceAll: true }, 'admin');
    expect(second.json().data).toMatchObject({
      imported_count: 0,
      updated_count: 5000,
      deleted_count: 5000,
      error_count: 10,
    });
    expect(second.json().data.errors).toHaveLength(10);
    expect(await bomCost(productId)).toBeCloseTo(150, 6);
    expect((await get('admin', `/api/boms/product/${productId}`)).json().data).toHaveLength(5000);
  });
});

describe('BOM — spec doc 2 §3, §5, §6, §7 (conformance)', () => {
  const { call, ok, cause } = specApi(() => t);
  const newProduct = async () => (await makeSaleProduct(t)).id;

  it('only administrator and purchase reach the BOM calls', async () => {
    const productId = await newProduct();
    for (const role of rolesExcept(['administrator', 'purchase'])) {
      expect((await call(role, 'GET', `/boms/product/${productId}`)).statusCode, role).toBe(403);
      expect((await call(role, 'POST', '/boms/save', { product_id: productId })).statusCode, role).toBe(403);
    }
  });

  it('line validation messages', async () => {
    const productId = await newProduct();
    const part = await makePart(t);
    const c = cause(await call('purchase', 'POST', '/boms/save', { product_id: productId }));
    expect(c.part_id).toBe('Manufacturer Part is required');
    expect(c.quantity).toBe('Quantity is required');
    const c2 = cause(
      await call('purchase', 'POST', '/boms/save', { product_id: productId, part_id: part.id, quantity: 'abc' }),
    );
    expect(c2.quantity).toBe('Quantity must be a number');
  });

  it('save, get, list by product, delete, saveRev', async () => {
    const productId = await newProduct();
    const part = await makePart(t);
    const saved = ok(
      await call('purchase', 'POST', '/boms/save', {
        product_id: productId,
        part_id: part.id,
        quantity: 2,
        ref: 'R1',
      }),
    );
    for (const f of [
      'id',
      'product_id',
      'part_id',
      'quantity',
      'ref',
      'remark',
      'alt_parts',
      'part_desc',
      'part_manufacturer',
      'part_number',
      'avg_price',
      'avg_total',
    ])
      expect(saved.data, f).toHaveProperty(f);
    expect(Array.isArray(saved.data.alt_parts)).toBe(true);
    ok(await call('administrator', 'GET', `/boms/${saved.data.id}`));
    const list = ok(await call('administrator', 'GET', `/boms/product/${productId}`));
    expect(list.data.length).toBe(1);
    ok(await call('purchase', 'DELETE', `/boms/delete/${saved.data.id}`));
    ok(await call('purchase', 'POST', '/boms/saveRev', { productId, bomRev: 'B' }));
    expect(ok(await call('administrator', 'GET', `/products/${productId}`)).data.bom_rev).toBe('B');
  });

  it('import answers the four counts; no data and missing headers give the spec messages', async () => {
    const productId = await newProduct();
    const part = await makePart(t);
    const res = ok(
      await call('purchase', 'POST', '/boms/import', {
        productId,
        replaceAll: false,
        bomData: [{ part_number: part.manuf_part_number, quantity: '3' }],
      }),
    );
    for (const f of ['imported_count', 'updated_count', 'deleted_count', 'error_count'])
      expect(typeof res.data[f], f).toBe('number');
    expect(res.data.imported_count).toBe(1);
    const empty = await call('purchase', 'POST', '/boms/import', { productId, bomData: [], replaceAll: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No data to import');
    const missing = await call('purchase', 'POST', '/boms/import', {
      productId,
      bomData: [{ foo: 'x' }],
      replaceAll: false,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing required headers: part_number, quantity');
  });
  it('BOM import with replaceAll deletes lines not in the file (deleted_count)', async () => {
    const productId = await newProduct();
    const [kept, other] = [await makePart(t), await makePart(t)];
    ok(await call('purchase', 'POST', '/boms/save', { product_id: productId, part_id: kept.id, quantity: 1 }));
    const lines = ok(await call('purchase', 'GET', `/boms/product/${productId}`)).data as AnyJson[];
    expect(lines).toHaveLength(1);
    ok(await call('purchase', 'POST', '/boms/save', { product_id: productId, part_id: other.id, quantity: 1 }));
    const res = ok(
      await call('purchase', 'POST', '/boms/import', {
        productId,
        replaceAll: true,
        bomData: [{ part_number: lines[0].part_number, quantity: '5' }],
      }),
    );
    expect(res.data.updated_count).toBe(1);
    expect(res.data.deleted_count).toBe(1);
    expect(res.data.error_count).toBe(0);
  });
});
