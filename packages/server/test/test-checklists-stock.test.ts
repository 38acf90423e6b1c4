import { TC_MSG } from '@bpm/contract/test-checklists';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from './factories/products';
import { createOrder, makeOrder } from './factories/sales';
import { makeChecklist, orderLines } from './factories/testing';
import { makeUser, userId } from './factories/users';
import { countRows, createTestApp, pdfText, type TestApp } from './helpers';

let t: TestApp;
let testerId: number;
let other: { id: number; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  testerId = await userId(t, 'tester');
  other = await makeUser(t, 'tester', 'Olga', 'Other');
});
afterAll(() => t.close());

type Who = 'administrator' | 'sale' | 'production' | 'tester' | 'qa' | 'other';
async function call(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const headers = who === 'other' ? other.headers : await t.as(who);
  return t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
}
async function ok(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

describe('stock test checklists (document 3 section 2.2)', () => {
  it('adds a checklist with a copy of the product steps; the tester runs it; the product shows its status', async () => {
    const p = await makeProduct(t, {}, ['Visual check']);
    const c = await ok('production', 'POST', '/stockTestChecklist/add', {
      product_id: p.id,
      test_by: testerId,
      quantity: 1,
    });
    expect(c).toMatchObject({ order_id: null, order_product_id: null, status: 'pending', product_code: p.productCode });
    const detail = await ok('tester', 'GET', `/tester/stockTestChecklist/product/${p.id}`);
    expect(detail).toMatchObject({ product_code: p.productCode, test_quantity: 1, test_status: 'pending' });
    expect(detail.checklists.map((x: { id: number }) => x.id)).toEqual([c.id]);

    const [s1] = await ok('tester', 'GET', `/stockTestChecklistStep/checklist/${c.id}`);
    expect(s1).toMatchObject({ stock_test_checklist_id: c.id, si_number: 1, test_desc: 'Visual check' });
    await ok('tester', 'POST', `/stockTestChecklist/test/saveSerials/${c.id}`, { serials: ['ST-1'] });
    const passed = await ok('tester', 'POST', `/stockTestChecklist/saveResult/${c.id}`, {
      step_id: s1.id,
      item_id: 1,
      result: 'passed',
    });
    expect(passed.status).toBe('passed');
    const list = await ok('sale', 'GET', `/stockTestChecklist/product?search=${p.productCode}&test_status=passed`);
    expect(list.map((r: { id: number }) => r.id)).toEqual([p.id]);
    const none = await ok('sale', 'GET', `/stockTestChecklist/product?search=${p.productCode}&active=inactive`);
    expect(none).toEqual([]);

    const rev = await ok('sale', 'POST', `/stockTestChecklist/test/updateRevision/${c.id}`, { rev: 'B' });
    expect(rev.rev).toBe('B');
    // The quantity field is absent in edit mode: the tester changes, the quantity stays.
    const edited = await ok('production', 'POST', `/stockTestChecklist/edit/${c.id}`, { test_by: other.id });
    expect(edited).toMatchObject({ test_by: other.id, quantity: 1 });
    expect(
      (await call('tester', 'POST', `/stockTestChecklist/test/saveSerials/${c.id}`, { serials: [] })).statusCode,
    ).toBe(403);
  });

  it('refuses a product that needs no test, bad input and other roles; nothing written', async () => {
    const p = await makeProduct(t, { isTestRequired: 0 });
    const before = await countRows(t, 'test_checklists');
    const res = await call('sale', 'POST', '/stockTestChecklist/add', {
      product_id: p.id,
      test_by: testerId,
      quantity: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TC_MSG.notTestable);
    const bad = await call('sale', 'POST', '/stockTestChecklist/add', { product_id: p.id, quantity: -1 });
    expect(bad.json().cause).toMatchObject({ test_by: TC_MSG.testerRequired, quantity: TC_MSG.quantityPositive });
    expect(
      (await call('tester', 'POST', '/stockTestChecklist/add', { product_id: p.id, test_by: testerId, quantity: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await call('qa', 'GET', '/stockTestChecklist/product')).statusCode).toBe(403);
    const missing = await call('sale', 'POST', '/stockTestChecklistStep/save', { test_desc: 'x' });
    expect(missing.json().message).toBe('Missing required parameters');
    expect((await call('sale', 'GET', '/stockTestChecklist/product/999999')).json().message).toBe(
      TC_MSG.productNotFound,
    );
    expect(await countRows(t, 'test_checklists')).toBe(before);
  });
});

describe('Import from Stock and Export to Stock', () => {
  it('moves checklists with their results between the order and stock', async () => {
    const p = await makeProduct(t);
    const orderId = await makeOrder(t, [{ product_id: p.id, quantity: 1 }]);
    const line = (await ok('sale', 'GET', `/testChecklist/order/${orderId}`)).products[0];
    const stock = await ok('sale', 'POST', '/stockTestChecklist/add', {
      product_id: p.id,
      test_by: testerId,
      quantity: 1,
    });
    const steps = await ok('tester', 'GET', `/stockTestChecklistStep/checklist/${stock.id}`);
    await ok('tester', 'POST', `/stockTestChecklist/test/saveSerials/${stock.id}`, { serials: ['MV-1'] });
    for (const s of steps)
      await ok('tester', 'POST', `/stockTestChecklist/saveResult/${stock.id}`, {
        step_id: s.id,
        item_id: 1,
        result: 'passed',
      });

    const imported = await ok('production', 'POST', '/testChecklist/importFromStock', {
      order_product_id: line.id,
      stock_checklist_ids: [stock.id],
    });
    expect(imported[0]).toMatchObject({ id: stock.id, order_id: orderId, status: 'passed' });
    let order = await ok('sale', 'GET', `/testChecklist/order/${orderId}`);
    expect(order.test_status).toBe('passed');
    expect(order.products[0].test_assigned).toBe(1);
    expect((await call('sale', 'GET', `/stockTestChecklist/test/${stock.id}`)).statusCode).toBe(404);
    const moved = await ok('sale', 'GET', `/testChecklistStep/checklist/${stock.id}`);
    expect(moved.every((s: { results: unknown[] }) => s.results.length === 1)).toBe(true);

    // Importing it again (no longer in stock) is refused.
    const again = await call('production', 'POST', '/testChecklist/importFromStock', {
      order_product_id: line.id,
      stock_checklist_ids: [stock.id],
    });
    expect(again.statusCode).toBe(404);

    const exported = await ok('sale', 'POST', '/testChecklist/exportToStock', { test_checklist_ids: [stock.id] });
    expect(exported[0]).toMatchObject({ order_id: null, status: 'passed' });
    order = await ok('sale', 'GET', `/testChecklist/order/${orderId}`);
    expect(order).toMatchObject({ test_status: 'pending' });
    expect(order.products[0].checklists).toEqual([]);
  });

  it('refuses a stock checklist of another product', async () => {
    const p = await makeProduct(t);
    const q = await makeProduct(t);
    const orderId = await makeOrder(t, [{ product_id: p.id, quantity: 1 }]);
    const line = (await ok('sale', 'GET', `/testChecklist/order/${orderId}`)).products[0];
    const stock = await ok('sale', 'POST', '/stockTestChecklist/add', {
      product_id: q.id,
      test_by: testerId,
      quantity: 1,
    });
    const res = await call('sale', 'POST', '/testChecklist/importFromStock', {
      order_product_id: line.id,
      stock_checklist_ids: [stock.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause.stock_checklist_ids).toBe(TC_MSG.wrongProduct);
    expect((await ok('sale', 'GET', `/stockTestChecklist/test/${stock.id}`)).order_id).toBeNull();
  });
});

describe('documents: checklist PDF and order ZIP through the shared file call', () => {
  it('answers a PDF with steps × serials and results, and a ZIP of every checklist of the order', async () => {
    const p = await makeProduct(t, { plSerialCount: 2 }, ['Insulation test', 'Firmware check']);
    const order = await createOrder(t, { products: [{ product_id: p.id, quantity: 1, msrp: 100 }] });
    const orderId = order.id;
    const [line] = await orderLines(t, orderId);
    const c = await makeChecklist(t, line!.id, testerId, 1);
    const c2 = await makeChecklist(t, line!.id, testerId, 1);
    const steps = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['PDF-A', 'PDF-B'] });
    await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
      step_id: steps[0].id,
      item_id: 1,
      result: 'passed',
    });
    await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
      step_id: steps[1].id,
      item_id: 2,
      result: 'fw 2.1',
    });
    await ok('sale', 'POST', `/testChecklist/test/updateRevision/${c.id}`, { rev: 'R7' });

    const res = await call('tester', 'GET', `/files/test_checklist/test_checklist_pdf/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`test_checklist_${c.id}_`);
    const text = pdfText(res.rawPayload);
    for (const s of ['Insulation test', 'Firmware check', 'PDF-A', 'PDF-B', 'passed', 'fw 2.1', 'R7', 'Tomas Novak'])
      expect(text).toContain(s);

    const zip = await call('qa', 'GET', `/files/test_checklist/test_checklist_order_zip/${orderId}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(`attachment; filename="test_checklists_${order.oc_ref}.zip"`);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [`test_checklist_${c.id}_${p.productCode}.pdf`, `test_checklist_${c2.id}_${p.productCode}.pdf`].sort(),
    );
    expect(pdfText(Buffer.from(files[`test_checklist_${c.id}_${p.productCode}.pdf`]!))).toContain('PDF-B');

    expect((await call('sale', 'GET', '/files/test_checklist/test_checklist_pdf/999999')).statusCode).toBe(404);
    const shipping = await t.app.inject({
      method: 'GET',
      url: `/api/files/test_checklist/test_checklist_pdf/${c.id}`,
      headers: await t.as('shipping'),
    });
    expect(shipping.statusCode).toBe(403);
  });
});

describe('demo data', () => {
  it('has order checklists in every status, stock checklists and a packing list', async () => {
    const { queryRows } = await import('../src/db/client');
    const { sql } = await import('drizzle-orm');
    const rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`select distinct status from test_checklists where order_id is not null and serials::text like '%DEMO%' or (order_id is not null and cardinality(serials) = 0 and rev = 'A')`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['pending', 'in progress', 'failed', 'passed', 'completed', 'waiting approval']),
    );
    const [stock] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from test_checklists where order_id is null and rev = 'A'`,
    );
    expect(stock!.n).toBeGreaterThanOrEqual(2);
    const [pl] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from packing_lists where po_number = 'PO-DEMO-1'`,
    );
    expect(pl!.n).toBe(1);
  });
});
