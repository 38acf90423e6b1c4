import { PASSPORT_MSG } from '@bpm/contract/passport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestedOrder } from './factories/testing';
import { userId } from './factories/users';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let testerId: number;
beforeAll(async () => {
  t = await createTestApp();
  testerId = await userId(t, 'tester');
});
afterAll(() => t.close());

type Who = 'administrator' | 'sale' | 'production' | 'shipping' | 'tester' | 'qa' | 'purchase';
async function call(who: Who, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.as(who), ...(payload ? { payload } : {}) });
}
async function ok(who: Who, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

describe("a serial's passport", () => {
  it('shows the unit, its results, order and packing list — each part to the roles that may see it', async () => {
    const { orderId, line } = await makeTestedOrder(t);
    const c = await ok('production', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    const serial = `PASS-${c.id}`;
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: [serial] });
    const steps = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    await ok('tester', 'POST', `/testChecklist/saveResults/${c.id}`, {
      results: steps.map((s: { id: number }, i: number) => ({
        step_id: s.id,
        item_id: 1,
        result: i === 0 ? 'passed' : '12.1 V',
      })),
    });
    await ok('qa', 'POST', `/qa/testChecklist/test/signQc/${c.id}`);
    const order = await ok('shipping', 'GET', `/shipping/packinglists/order/${orderId}`);
    const shipped = Math.floor(Date.UTC(2026, 10, 1) / 1000);
    const pl = await ok('shipping', 'POST', '/shipping/packinglists/save', {
      order_id: orderId,
      po_number: 'PO-PASS',
      shipping_date: shipped,
      products: order.products,
    });

    // License Devices keeps each key with its unit's serial.
    const lic = await call('sale', 'POST', '/license/batch', {
      license_type: 'license',
      license: [{ code: 'pro', value: 1 }],
      devices: [{ mac: '02:00:00:AB:CD:01', serial }],
      order_id: orderId,
    });
    expect(lic.statusCode, lic.body).toBe(200);
    const withKey = await ok('sale', 'GET', `/units/passport?serial=${serial}`);
    expect(withKey.licenses).toHaveLength(1);
    expect(withKey.licenses[0].key).toBe(lic.json().data[0].license);
    expect((await ok('production', 'GET', `/units/passport?serial=${serial}`)).licenses).toEqual([]);

    // Case aside, from any role that may see it.
    const p = await ok('production', 'GET', `/units/passport?serial=${serial.toLowerCase()}`);
    expect(p).toMatchObject({
      serial,
      unit_serials: [serial],
      checklist: { id: c.id, kind: 'order', status: 'completed', test_by_name: 'Tomas Novak' },
      order: { id: orderId },
    });
    expect(p.checklist.qa_by_name).toBe('Quentin Dubois');
    expect(p.steps.map((s: { result: string }) => s.result)).toEqual(['passed', '12.1 V']);
    expect(p.packing_lists).toEqual([
      { id: pl.id, po_number: 'PO-PASS', shipping_date: shipped, warranty_end: shipped + p.product.warranty * 86400 },
    ]);
    expect(p.moves.map((m: { event: string }) => m.event)).toContain('test_checklist_signed');
    expect(JSON.stringify(p)).not.toMatch(/"(value|msrp|amount|sales|payment_status)"/);

    // A tester sees the test data only; purchase may not look at all; an unknown serial is a 404.
    const tester = await ok('tester', 'GET', `/units/passport?serial=${serial}`);
    expect(tester.steps).toHaveLength(2);
    expect(tester.order).toBeNull();
    expect(tester.packing_lists).toEqual([]);
    expect((await call('purchase', 'GET', `/units/passport?serial=${serial}`)).statusCode).toBe(403);
    const missing = await call('qa', 'GET', '/units/passport?serial=NO-SUCH-SERIAL');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PASSPORT_MSG.notFound);
  });
});
