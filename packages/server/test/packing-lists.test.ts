import { MSG } from '@bpm/contract/messages';
import { PL_MSG } from '@bpm/contract/packing-lists';
import { TC_MSG } from '@bpm/contract/test-checklists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from './factories/products';
import { makeOrder } from './factories/sales';
import { makeChecklist, orderLines } from './factories/testing';
import { userId } from './factories/users';
import { countRows, createTestApp, pdfText, type TestApp } from './helpers';

let t: TestApp;
let testerId: number;
beforeAll(async () => {
  t = await createTestApp();
  testerId = await userId(t, 'tester');
});
afterAll(() => t.close());

type Who = 'administrator' | 'sale' | 'production' | 'shipping' | 'tester' | 'qa';
async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.as(who), ...(payload ? { payload } : {}) });
}
async function ok(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

const line = (over: Record<string, unknown> = {}) => ({
  pl_name: 'Router',
  pl_serial: '',
  pl_box: '1',
  quantity: 1,
  warranty: 365,
  pl_serial_count: 1,
  has_modem: 0,
  serials_from_test_checklist: 0,
  ...over,
});

describe('packing lists (document 2)', () => {
  it('shipping creates a list whose serials are filled from the checklists; edits are versioned with events', async () => {
    const p = await makeProduct(t, { warranty: 730 });
    const orderId = await makeOrder(t, [{ product_id: p.id, quantity: 2 }]);
    const [line] = await orderLines(t, orderId);
    const c = await makeChecklist(t, line!.id, testerId, 2);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['PL-1', 'PL-2'] });

    const order = await ok('shipping', 'GET', `/shipping/packinglists/order/${orderId}`);
    expect(order.test_status).toBe('pending');
    expect(order.products).toEqual([
      expect.objectContaining({
        product_id: p.id,
        pl_serial: 'PL-1\nPL-2',
        serials_from_test_checklist: 1,
        quantity: 2,
        warranty: 730,
      }),
    ]);
    const shippingDate = Math.floor(Date.UTC(2026, 10, 1) / 1000);
    const saved = await ok('shipping', 'POST', '/shipping/packinglists/save', {
      order_id: orderId,
      po_number: 'PO-77',
      shipping_date: shippingDate,
      customer: 'ACME',
      country: 'Germany',
      show_logo: 1,
      // Checklist-sourced serials come in the checklists' order, whatever order the client sends.
      products: [{ ...order.products[0], pl_serial: 'PL-2\nPL-1' }],
    });
    expect(saved.products[0]).toMatchObject({ pl_serial: 'PL-1\nPL-2', warranty_end: shippingDate + 730 * 86400 });
    expect(saved.warnings).toBeUndefined();

    const stale = await call('sale', 'POST', '/packinglists/save', { ...saved, version: saved.version - 1 });
    expect(stale.statusCode).toBe(409);
    const edited = await ok('sale', 'POST', '/packinglists/save', { ...saved, po_number: 'PO-78' });
    expect(edited).toMatchObject({ po_number: 'PO-78', revision: 1, version: saved.version + 1 });
    const history = await ok('shipping', 'GET', `/events/packinglist/${saved.id}`);
    expect(history.map((e: { event: string }) => e.event).sort()).toEqual([
      'packinglist_created',
      'packinglist_updated',
    ]);

    // The list: serial search, dealer filter, date range.
    const found = await call('shipping', 'GET', '/shipping/packinglists?search=pl-2');
    expect(found.json().data.map((r: { id: number }) => r.id)).toEqual([saved.id]);
    expect(found.json().data[0].matching_serials).toEqual(['pl-2']);
    expect((await call('sale', 'GET', '/packinglists?search=no-such-serial-xyz')).json().data).toEqual([]);
    const byDealer = await call('sale', 'GET', `/packinglists?dealer=${saved.dealer}`);
    expect(byDealer.json().data.map((r: { id: number }) => r.id)).toEqual([saved.id]);
    const future = await call('sale', 'GET', `/packinglists?date_from=${Math.floor(t.clock.now() / 1000) + 86400}`);
    expect(future.json().total).toBe(0);

    // PDF with warranty end dates.
    const pdf = await call('shipping', 'GET', `/files/packing_list/packing_list_pdf/${saved.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('packing_list_OC-T');
    const text = pdfText(pdf.rawPayload);
    for (const s of ['PL-1', 'PL-2', 'PO-78', '2028-10-31']) expect(text).toContain(s);

    expect((await ok('sale', 'PUT', `/packinglists/delete/${saved.id}`)).id).toBe(saved.id);
    expect((await call('sale', 'GET', `/packinglists/${saved.id}`)).statusCode).toBe(404);
  });

  it('applies the serial-count rule with the IMEI hint; writes nothing when refused', async () => {
    const modem = await makeProduct(t, { hasModem: 1, plSerialCount: 1 });
    const orderId = await makeOrder(t, [{ product_id: modem.id, quantity: 2 }]);
    const plainProduct = await makeProduct(t, { plSerialCount: 1 });
    const before = await countRows(t, 'packing_lists');
    // The rule is the product's: a request claiming no modem and no serials changes nothing.
    const res = await call('sale', 'POST', '/packinglists/save', {
      order_id: orderId,
      po_number: 'PO-1',
      products: [
        line({ product_id: modem.id, quantity: 2, has_modem: 0, pl_serial_count: 0, pl_serial: 'A\n\n B \nC' }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('4 serials required, 3 found. Check that you enter IMEI.');
    expect(res.json().cause['products.0.pl_serial']).toBe(PL_MSG.serialCount(4, 3, true));
    const plain = await call('sale', 'POST', '/packinglists/save', {
      order_id: orderId,
      po_number: 'PO-1',
      products: [line({ product_id: plainProduct.id, quantity: 2, pl_serial: 'A' })],
    });
    expect(plain.json().message).toBe('2 serials required, 1 found.');
    const noOrder = await call('sale', 'POST', '/packinglists/save', { po_number: 'PO-1', products: [] });
    expect(noOrder.json().cause.order_id).toBe(MSG.required);
    // The PO number is required (document 2 section 5).
    const noPo = await call('sale', 'POST', '/packinglists/save', { order_id: orderId, po_number: '  ', products: [] });
    expect(noPo.statusCode).toBe(400);
    expect(noPo.json().cause.po_number).toBe('required field');
    expect(await countRows(t, 'packing_lists')).toBe(before);
    const saved = await ok('sale', 'POST', '/packinglists/save', {
      order_id: orderId,
      po_number: 'PO-1',
      products: [line({ product_id: modem.id, quantity: 2, has_modem: 0, pl_serial: 'A\nB\nIMEI1\nIMEI2' })],
    });
    expect(saved.products[0]).toMatchObject({ has_modem: 1, pl_serial_count: 1 });
  });

  it('takes untested units typed by hand beside the checklist ones, naming them in a warning', async () => {
    const p = await makeProduct(t, { plSerialCount: 1 });
    const orderId = await makeOrder(t, [{ product_id: p.id, quantity: 3 }]);
    const [line] = await orderLines(t, orderId);
    const c = await makeChecklist(t, line!.id, testerId, 2);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['T-1', 'T-2'] });
    const order = await ok('shipping', 'GET', `/shipping/packinglists/order/${orderId}`);
    const saved = await ok('shipping', 'POST', '/shipping/packinglists/save', {
      order_id: orderId,
      po_number: 'PO-U',
      products: [{ ...order.products[0], pl_serial: 'T-1\nT-2\nHAND-3' }],
    });
    expect(saved.products[0]).toMatchObject({ pl_serial: 'T-1\nT-2\nHAND-3', serials_from_test_checklist: 1 });
    expect(saved.warnings).toEqual([PL_MSG.untested(order.products[0].pl_name, ['HAND-3'])]);
  });

  it('warns about checklist-sourced lines whose count does not match', async () => {
    const p = await makeProduct(t, { plSerialCount: 2 });
    const orderId = await makeOrder(t, [{ product_id: p.id, quantity: 1 }]);
    const [line] = await orderLines(t, orderId);
    const c = await makeChecklist(t, line!.id, testerId, 1);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['ONLY-ONE'] });
    const order = await ok('sale', 'GET', `/packinglists/order/${orderId}`);
    // The editor's order selector finds the order by its OC reference.
    const options = await ok('sale', 'GET', `/packinglists/orders?search=${order.oc_ref}`);
    expect(options).toContainEqual({
      id: orderId,
      oc_ref: order.oc_ref,
      dealer_name: order.dealer_name,
      date: order.date,
      test_status: order.test_status,
    });
    const saved = await ok('sale', 'POST', '/packinglists/save', {
      order_id: orderId,
      po_number: 'PO-W',
      products: order.products,
    });
    expect(saved.warnings).toEqual([PL_MSG.mismatch([order.products[0].pl_name])]);
  });

  it('keeps the shipping variant for shipping and the plain one for the others', async () => {
    expect((await call('shipping', 'GET', '/packinglists')).statusCode).toBe(403);
    expect((await call('sale', 'GET', '/shipping/packinglists')).statusCode).toBe(403);
    expect((await call('tester', 'GET', '/packinglists')).statusCode).toBe(403);
    expect((await call('qa', 'GET', '/packinglists')).statusCode).toBe(403);
    expect((await call('production', 'GET', '/packinglists')).statusCode).toBe(200);
    expect((await call('shipping', 'GET', '/shipping/packinglists/999999')).json().message).toBe(PL_MSG.notFound);
  });
});

describe('packing lists ship units (issue 23)', () => {
  const save = (orderId: number, productId: number, serials: string[], over = {}) =>
    call('sale', 'POST', '/packinglists/save', {
      order_id: orderId,
      po_number: `PO-U-${orderId}`,
      products: [line({ product_id: productId, quantity: serials.length, pl_serial: serials.join('\n'), ...over })],
    });
  const units = () => countRows(t, 'units');

  it('a serial typed by hand becomes a unit of the product, shipped by that list only, freed when the list goes', async () => {
    const p = await makeProduct(t);
    const first = await makeOrder(t, [{ product_id: p.id, quantity: 1 }]);
    const second = await makeOrder(t, [{ product_id: p.id, quantity: 1 }]);
    const before = await units();
    const serial = `HAND-${first}`;
    const saved = await save(first, p.id, [serial]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await units()).toBe(before + 1);
    const passport = await ok('sale', 'GET', `/units/passport?serial=${serial.toLowerCase()}`);
    expect(passport).toMatchObject({ serial, product: { id: p.id }, packing_lists: [{ id: saved.json().data.id }] });

    // The same device on another order's list is refused, naming where it ships; nothing is written.
    const other = await save(second, p.id, [serial.toLowerCase()]);
    expect(other.statusCode).toBe(400);
    expect(other.json().cause['products.0.pl_serial']).toBe(
      PL_MSG.onOtherList(serial, `PO-U-${first}`, saved.json().data.oc_ref),
    );
    expect(await units()).toBe(before + 1);

    // A serial twice on one list.
    const twice = await call('sale', 'POST', '/packinglists/save', {
      order_id: second,
      po_number: 'PO-TWICE',
      products: [
        line({ product_id: p.id, pl_serial: `TW-${second}` }),
        line({ product_id: p.id, pl_serial: `tw-${second}` }),
      ],
    });
    expect(twice.json().cause['products.1.pl_serial']).toBe(TC_MSG.serialsDuplicate);

    // Deleting the first list frees the device (its untested unit goes with the list).
    expect((await call('sale', 'PUT', `/packinglists/delete/${saved.json().data.id}`)).statusCode).toBe(200);
    expect(await units()).toBe(before);
    expect((await save(second, p.id, [serial])).statusCode).toBe(200);
  });

  it("ships this order's tested units; a unit tested for another order is refused, naming its checklist", async () => {
    const p = await makeProduct(t);
    const orderId = await makeOrder(t, [{ product_id: p.id, quantity: 1 }]);
    const otherOrder = await makeOrder(t, [{ product_id: p.id, quantity: 1 }]);
    const [l] = await orderLines(t, orderId);
    const c = await makeChecklist(t, l!.id, testerId, 1);
    const serial = `TESTED-${c.id}`;
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: [serial] });
    const before = await units();
    const saved = await save(orderId, p.id, [serial], { serials_from_test_checklist: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await units()).toBe(before);
    // Saving the list again keeps shipping the same unit (no conflict with itself).
    const again = await call('sale', 'POST', '/packinglists/save', {
      id: saved.json().data.id,
      version: saved.json().data.version,
      order_id: orderId,
      po_number: 'PO-AGAIN',
      products: [line({ product_id: p.id, pl_serial: serial, serials_from_test_checklist: 1 })],
    });
    expect(again.statusCode, again.body).toBe(200);
    const elsewhere = await save(otherOrder, p.id, [serial]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().cause['products.0.pl_serial']).toMatch(
      new RegExp(`^Serial ${serial} is already on test checklist ${c.id} of order `),
    );
  });
});
