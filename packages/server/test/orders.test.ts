import { MSG } from '@bpm/contract/messages';
import type { Role } from '@bpm/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSaleProduct } from './factories/products';
import { createDealer, createOrder, pickProducts } from './factories/sales';
import { uniq } from './factories/uniq';
import {
  type AnyJson,
  counts,
  createTestApp,
  DAY,
  get,
  postForm,
  put,
  rolesExcept,
  SAMPLE,
  specApi,
  type TestApp,
  TODAY,
} from './helpers';

let t: TestApp;
let dealer: { id: number; name: string };
let other: { id: number; name: string };
let P: Awaited<ReturnType<typeof pickProducts>>;
const NOW = () => Math.floor(t.clock.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t, { name: 'Orders Test Dealer', discount: 12, credit_limit: 0 });
  other = await createDealer(t, { name: 'Other Orders Dealer', discount: 0, credit_limit: 0 });
  P = await pickProducts(t);
});
afterAll(() => t.close());

const base = () => ({ dealer: dealer.id, date: NOW(), value: 0 });
const saveOrder = (
  fields: Record<string, unknown>,
  role: 'sale' | 'administrator' = 'sale',
  files = [] as Parameters<typeof postForm>[4],
) => postForm(t, role, '/api/orders/save', fields as Record<string, string>, files);
async function newOrder(fields: Record<string, unknown> = {}) {
  const res = await saveOrder({ ...base(), products: [{ product_id: P.a.id, quantity: 1, msrp: 100 }], ...fields });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data;
}

describe('order roles', () => {
  it('serves the sales calls to administrator and sale only', async () => {
    for (const role of ['shipping', 'production', 'purchase', 'qa', 'tester', 'poapproval'] as const) {
      expect((await get(t, role, '/api/orders')).statusCode, role).toBe(403);
      expect((await get(t, role, '/api/orders/request-to-delete')).statusCode).toBe(403);
      expect((await postForm(t, role, '/api/orders/save', base())).statusCode).toBe(403);
    }
    expect((await get(t, 'administrator', '/api/orders')).statusCode).toBe(200);
  });

  it('keeps role-prefixed variants for their role', async () => {
    expect((await get(t, 'sale', '/api/shipping/orders')).statusCode).toBe(403);
    expect((await get(t, 'administrator', '/api/production/orders')).statusCode).toBe(403);
    expect((await get(t, 'shipping', '/api/shipping/orders')).statusCode).toBe(200);
    expect((await get(t, 'production', '/api/production/orders')).statusCode).toBe(200);
    expect((await put(t, 'administrator', '/api/sale/orders/delete/1')).statusCode).toBe(403);
    expect((await put(t, 'sale', '/api/admin/orders/delete/approve/1')).statusCode).toBe(403);
  });
});

describe('order save', () => {
  it('creates an order: wait, lines in saved order, value and shipping cost from the lines, default discounts', async () => {
    const res = await saveOrder({
      ...base(),
      value: 1,
      shipping_cost: 999,
      shipping_status: '',
      products: [
        { product_id: P.b.id, quantity: 2, msrp: 50, discount: 10 },
        { product_id: P.a.id, quantity: 3, msrp: 100 },
        { product_id: P.shipping.id, quantity: 1, msrp: 80 },
        ...(P.discounted ? [{ product_id: P.discounted.id, quantity: 1, msrp: 100 }] : []),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    expect(o.shipping_status).toBe('wait');
    expect(o.products.map((l: { product_id: number }) => l.product_id).slice(0, 3)).toEqual([
      P.b.id,
      P.a.id,
      P.shipping.id,
    ]);
    // Dealer discount 12% on the plain product, 0 on shipping, the product's own discount otherwise.
    expect(o.products[1]).toMatchObject({ discount: 12, amount: 264 });
    expect(o.products[2]).toMatchObject({ discount: 0, amount: 80, is_shipping_cost: 1 });
    const discountedAmount = P.discounted ? 100 * (1 - P.discounted.discount / 100) : 0;
    if (P.discounted) expect(o.products[3].discount).toBe(P.discounted.discount);
    expect(o.value).toBeCloseTo(90 + 264 + 80 + discountedAmount, 2);
    expect(o.shipping_cost).toBe(80);
    expect(o.sales).toBeCloseTo(o.value - 80, 2);
    expect(o.version).toBe(1);
    const events = (await get(t, 'sale', `/api/events/order/${o.id}`)).json().data;
    expect(events[0].event).toBe('order_created');
    expect(events[0].data.changes.products.new[0]).toContain('2 × ');
  });

  it('keeps the entered value and shipping cost of an order without lines', async () => {
    const o = await newOrder({ value: 1234.5, shipping_cost: 34.5, products: [] });
    expect(o).toMatchObject({ value: 1234.5, shipping_cost: 34.5, sales: 1200, products: [] });
  });

  it('answers field messages for missing and malformed fields and writes nothing', async () => {
    const before = await counts(t);
    const missing = await saveOrder({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().cause).toEqual({ dealer: MSG.required, date: MSG.required, value: MSG.required });
    const numbers = await saveOrder({
      ...base(),
      value: 'abc',
      shipping_cost: 'x',
      actual_shipping_cost: '1,0',
      payment_advance: 'a',
      payment_full: 'b',
      payment_received: 'c',
      outstanding: 'd',
      outstanding_shipped: 'e',
    });
    expect(numbers.json().cause).toEqual(
      Object.fromEntries(
        [
          'value',
          'shipping_cost',
          'actual_shipping_cost',
          'payment_advance',
          'payment_full',
          'payment_received',
          'outstanding',
          'outstanding_shipped',
        ].map((f) => [f, MSG.number]),
      ),
    );
    const done = await saveOrder({ ...base(), shipping_status: 'done' });
    expect(done.json().cause).toEqual({ shipping_awb: MSG.required });
    const email = await saveOrder({ ...base(), billing_email: 'x@', shipping_email: 'y' });
    expect(email.json().cause).toEqual({ billing_email: MSG.email, shipping_email: MSG.email });
    const badJson = await saveOrder({ ...base(), products: '[{' });
    expect(badJson.json().cause).toEqual({ products: MSG.productsInvalid });
    const badLine = await saveOrder({
      ...base(),
      products: [{ product_id: P.a.id, quantity: 'two', msrp: '', discount: 150 }],
    });
    expect(badLine.json().cause).toEqual({
      'products.0.quantity': MSG.number,
      'products.0.msrp': MSG.required,
      'products.0.discount': MSG.range(0, 100),
    });
    const unknownDealer = await saveOrder({ ...base(), dealer: 999999 });
    expect(unknownDealer.statusCode).toBe(400);
    expect(unknownDealer.json().cause).toEqual({ dealer: MSG.dealerUnknown });
    const unknownProduct = await saveOrder({
      ...base(),
      products: [
        { product_id: P.a.id, quantity: 1, msrp: 1 },
        { product_id: 999999, quantity: 1, msrp: 1 },
      ],
    });
    expect(unknownProduct.json().cause).toEqual({ 'products.1.product_id': MSG.productUnknown });
    const notPdf = await saveOrder({ ...base() }, 'sale', [{ field: 'invoice_pdf', name: 'x.pdf', data: SAMPLE.png }]);
    expect(notPdf.statusCode).toBe(415);
    const saved = t.config.maxUpload;
    t.config.maxUpload = 10;
    try {
      expect((await saveOrder({ ...base() }, 'sale', [{ field: 'oc_pdf', name: 'x.pdf' }])).statusCode).toBe(413);
    } finally {
      t.config.maxUpload = saved;
    }
    const unknownId = await saveOrder({ ...base(), id: 999999 });
    expect(unknownId.statusCode).toBe(404);
    // A new product in a failing save is not created either.
    const rollback = await saveOrder({
      ...base(),
      dealer: 999999,
      products: [{ product_id: null, product_code: 'ROLLBACK-1', desc: 'x', quantity: 1, msrp: 1 }],
    });
    expect(rollback.statusCode).toBe(400);
    expect(await counts(t)).toEqual(before);
  });

  it('forces done and clears shipping_for_today when an AWB is entered; done clears it too', async () => {
    const o = await newOrder({ shipping_status: 'ship', shipping_for_today: 1 });
    expect(o).toMatchObject({ shipping_status: 'ship', shipping_for_today: 1 });
    const awb = await saveOrder({
      ...base(),
      id: o.id,
      shipping_status: 'ship',
      shipping_for_today: 1,
      shipping_awb: '123-4567',
    });
    expect(awb.json().data).toMatchObject({ shipping_status: 'done', shipping_for_today: 0, shipping_awb: '123-4567' });
    // Locked at done while the AWB exists.
    const relock = await saveOrder({ ...base(), id: o.id, shipping_status: 'wait', shipping_awb: '123-4567' });
    expect(relock.json().data.shipping_status).toBe('done');
  });

  it('names oc_ref and invoice after uploaded PDFs and serves them', async () => {
    const o = await newOrder({ oc_ref: 'typed' }).then((x) => x);
    const res = await saveOrder({ ...base(), id: o.id, oc_ref: 'typed' }, 'sale', [
      { field: 'oc_pdf', name: 'OC-2026-0042.pdf' },
      { field: 'invoice_pdf', name: 'INV-77.PDF' },
      { field: 'shipping_invoice_pdf', name: 'ship-inv.pdf' },
      { field: 'shipping_packing_list_pdf', name: 'pack.pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      oc_ref: 'OC-2026-0042',
      invoice: 'INV-77',
      oc_pdf: 'OC-2026-0042.pdf',
      invoice_pdf: 'INV-77.PDF',
      shipping_invoice_pdf: 'ship-inv.pdf',
      shipping_packing_list_pdf: 'pack.pdf',
    });
    for (const field of ['oc_pdf', 'invoice_pdf', 'shipping_invoice_pdf', 'shipping_packing_list_pdf']) {
      const f = await get(t, 'shipping', `/api/files/orders/${field}/${o.id}`);
      expect(f.statusCode).toBe(200);
      expect(f.headers['content-disposition']).toContain('attachment');
    }
    expect((await get(t, 'purchase', `/api/files/orders/oc_pdf/${o.id}`)).statusCode).toBe(403);
  });

  it('refuses a stale version with 409 naming who changed it and when', async () => {
    const o = await newOrder();
    // The administrator changes the order (a save that changed nothing would keep version 1).
    expect((await saveOrder({ ...base(), id: o.id, version: 1, note: 'theirs' }, 'administrator')).statusCode).toBe(
      200,
    );
    const stale = await saveOrder({ ...base(), id: o.id, version: 1, note: 'mine' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
    expect(stale.json().message).toContain('Alice Morgan (admin)');
    expect(stale.json().message).toContain('2026-11-22');
    expect((await get(t, 'sale', `/api/orders/${o.id}`)).json().data.note).toBe('theirs');
  });

  it('records a revision with the revise flag; each save writes an event with old → new', async () => {
    const o = await newOrder({ note: 'first' });
    const rev = await saveOrder({
      ...base(),
      id: o.id,
      note: 'second',
      revise: 1,
      products: [{ product_id: P.a.id, quantity: 5, msrp: 100 }],
    });
    expect(rev.json().data.revision).toBe(1);
    const ev = (await get(t, 'sale', `/api/events/order/${o.id}`)).json().data;
    expect(ev[0].event).toBe('order_revised');
    expect(ev[0].data.changes.note).toEqual({ old: 'first', new: 'second' });
    expect(ev[0].data.changes.products.new[0]).toContain('5 × ');
    expect(ev[0].data.changes.value).toEqual({ old: 88, new: 440 });
  });

  it('creates a new product from the add-product dialog in the same save', async () => {
    const res = await saveOrder({
      ...base(),
      products: [
        {
          product_id: null,
          product_code: 'DIALOG-NEW-1',
          desc: 'Made in the dialog',
          quantity: 2,
          msrp: 40,
          discount: 5,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().data.products[0];
    expect(line).toMatchObject({ product_code: 'DIALOG-NEW-1', discount: 5, amount: 76 });
    const missing = await saveOrder({
      ...base(),
      products: [{ product_id: null, product_code: '', quantity: 1, msrp: 1 }],
    });
    expect(missing.json().cause).toEqual({ 'products.0.product_code': MSG.required, 'products.0.desc': MSG.required });
    const taken = await saveOrder({
      ...base(),
      products: [{ product_id: null, product_code: 'dialog-new-1', desc: 'again', quantity: 1, msrp: 1 }],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().cause).toEqual({ 'products.0.product_code': MSG.productCodeTaken });
  });
});

describe('orders list', () => {
  let d: { id: number };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    d = await createDealer(t, { name: 'List Dealer', discount: 0 });
    const mk = async (key: string, f: Record<string, unknown>) => {
      const res = await saveOrder({ dealer: d.id, date: NOW() - 10 * DAY, value: 0, ...f });
      if (res.statusCode !== 200) throw new Error(res.body);
      ids[key] = res.json().data.id;
    };
    await mk('wait', { value: 100, note: 'Needs 50%_OFF label', shipping_date_expected: NOW() - 3 * DAY });
    await mk('ship', { value: 200, shipping_status: 'ship', shipping_for_today: 1, oc_ref: 'OC-LIST-SHIP' });
    await mk('done', { value: 300, shipping_awb: 'AWB-LIST-1', payment_status: 'paid', payment_received: 300 });
    await mk('cancel', { value: 5000, shipping_status: 'cancel', date: NOW() - 40 * DAY });
    await mk('future', { value: 50, shipping_date_expected: NOW() + 3 * DAY, invoice: 'INV-LIST-9' });
  });
  const list = async (q: string, role: 'sale' | 'shipping' | 'production' = 'sale') => {
    const res = await get(t, role, `/api/${role === 'sale' ? '' : `${role}/`}orders?dealer=${d.id}&limit=100&${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('totals and summarises in SQL with cancelled orders left out of the summary', async () => {
    const all = await list('');
    expect(all.total).toBe(5);
    expect(all.summary).toMatchObject({ count: 4, value: 650, payment_received: 300 });
    // The rollup (dealer only) and the SQL aggregate (any filter) agree.
    const viaSql = await list('start=0');
    expect(viaSql.summary).toEqual(all.summary);
    for (const f of [
      'shipping_status=wait;ship',
      'payment_status=not%20paid',
      'shipping_status=done;cancel&payment_status=paid',
    ]) {
      const viaRollup = await list(f);
      const viaAggregate = await list(`${f}&start=0`);
      expect(viaRollup.summary, f).toEqual(viaAggregate.summary);
      expect(viaRollup.total, f).toBe(viaAggregate.total);
    }
    const everything = (await get(t, 'sale', '/api/orders')).json();
    const everythingSql = (await get(t, 'sale', '/api/orders?start=0')).json();
    expect(everything.summary).toEqual(everythingSql.summary);
    expect(everything.total).toBe(everythingSql.total);
    expect(everything.data).toHaveLength(Math.min(25, everything.total));
    const cancelled = all.data.find((r: { id: number }) => r.id === ids.cancel);
    expect(cancelled.shipping_status).toBe('cancel');
    expect(all.data[0]).toHaveProperty('request_to_delete', 0);
  });

  it('filters by search (escaped, case-insensitive), status, flags, dates and payment', async () => {
    expect((await list('search=50%25_off')).data.map((r: { id: number }) => r.id)).toEqual([ids.wait]);
    expect((await list('search=50%25x')).total).toBe(0);
    expect((await list('search=oc-list-ship')).total).toBe(1);
    expect((await list('search=awb-list')).total).toBe(1);
    expect((await list('search=inv-list')).total).toBe(1);
    const ws = await list('shipping_status=wait;ship');
    expect(ws.data.map((r: { id: number }) => r.id).sort()).toEqual([ids.wait, ids.ship, ids.future].sort());
    expect((await list('shipping_status=')).total).toBe(0);
    expect((await list('shipping_status=wait;ship;done;cancel')).total).toBe(5);
    expect((await list('shipping_for_today=1')).data.map((r: { id: number }) => r.id)).toEqual([ids.ship]);
    const todayStart = NOW() - (NOW() % DAY);
    expect(
      (await list(`expected_before_today=1&today_start=${todayStart}`)).data.map((r: { id: number }) => r.id),
    ).toEqual([ids.wait]);
    expect((await list('expected_before_today=1&tz_offset=-120')).total).toBe(1);
    expect((await list('payment_status=paid')).data.map((r: { id: number }) => r.id)).toEqual([ids.done]);
    expect((await list('payment_status=not%20paid')).total).toBe(4);
    expect((await list(`start=${NOW() - 20 * DAY}&end=${NOW()}`)).total).toBe(4);
    expect((await get(t, 'sale', '/api/orders?dealer=-1&search=oc-list-ship')).json().total).toBe(1);
  });

  it('sorts by any listed column', async () => {
    const asc = (await list('sort=value&order=asc')).data.map((r: { value: number }) => r.value);
    expect(asc).toEqual([50, 100, 200, 300, 5000]);
    const desc = (await list('sort=value&order=desc')).data.map((r: { value: number }) => r.value);
    expect(desc).toEqual([5000, 300, 200, 100, 50]);
    const byDate = (await get(t, 'sale', '/api/orders?limit=50')).json().data.map((r: { date: number }) => r.date);
    expect(byDate).toEqual([...byDate].sort((a: number, b: number) => b - a));
    expect((await get(t, 'sale', '/api/orders?sort=bogus')).statusCode).toBe(400);
  });

  it('answers shipping and production rows with exactly the listed fields', async () => {
    for (const role of ['shipping', 'production'] as const) {
      const res = await list('', role);
      expect(res.total).toBe(5);
      const row = res.data.find((r: { id: number }) => r.id === ids.wait);
      expect(Object.keys(row).sort()).toEqual(
        [
          'id',
          'date',
          'oc_ref',
          'invoice',
          'note',
          'shipping_awb',
          'shipping_status',
          'shipping_for_today',
          'shipping_date_expected',
          'dealer_name',
        ].sort(),
      );
      expect(typeof row.shipping_date_expected).toBe('number');
      expect(res.data.find((r: { id: number }) => r.id === ids.ship).shipping_date_expected).toBe('');
    }
  });

  it('serves /orders/time without cancelled orders, end -1 open', async () => {
    const rows = (await get(t, 'sale', `/api/orders/time/${NOW() - 60 * DAY}/-1`)).json().data as Array<{ id: number }>;
    const mine = rows.filter((r) => Object.values(ids).includes(r.id));
    expect(mine).toHaveLength(4);
    const none = (await get(t, 'sale', `/api/orders/time/${NOW() - 60 * DAY}/${NOW() - 50 * DAY}`)).json().data;
    expect(none.filter((r: { id: number }) => Object.values(ids).includes(r.id))).toHaveLength(0);
  });
});

describe('delete requests', () => {
  it('sale requests and cancels; administrator approves, rejects or deletes directly; each writes an event', async () => {
    const o = await newOrder({ dealer: other.id });
    const summary = async () => (await get(t, 'sale', `/api/orders?dealer=${other.id}`)).json();
    const before = await summary();
    expect((await put(t, 'sale', `/api/sale/orders/delete/${o.id}`)).json().data.request_to_delete).toBe(1);
    expect(
      (await get(t, 'administrator', '/api/orders/request-to-delete')).json().data.map((r: { id: number }) => r.id),
    ).toContain(o.id);
    expect((await get(t, 'sale', `/api/orders/${o.id}`)).json().data.request_to_delete).toBe(1);
    expect((await put(t, 'sale', `/api/sale/orders/delete/cancel/${o.id}`)).statusCode).toBe(200);
    // Nothing pending is an illegal state, not a stale version: the client must not offer Reload.
    const noRequest = await put(t, 'sale', `/api/sale/orders/delete/cancel/${o.id}`);
    expect([noRequest.statusCode, noRequest.json().code]).toEqual([409, 'invalid_state']);
    expect((await put(t, 'administrator', `/api/admin/orders/delete/approve/${o.id}`)).statusCode).toBe(409);
    await put(t, 'sale', `/api/sale/orders/delete/${o.id}`);
    expect(
      (await put(t, 'administrator', `/api/admin/orders/delete/reject/${o.id}`)).json().data.request_to_delete,
    ).toBe(0);
    await put(t, 'sale', `/api/sale/orders/delete/${o.id}`);
    expect((await put(t, 'administrator', `/api/admin/orders/delete/approve/${o.id}`)).statusCode).toBe(200);
    expect((await get(t, 'sale', `/api/orders/${o.id}`)).statusCode).toBe(404);
    const after = await summary();
    expect(after.total).toBe(before.total - 1);
    expect(after.summary.value).toBeCloseTo(before.summary.value - o.value, 2);
    expect(
      (await get(t, 'administrator', '/api/orders/request-to-delete')).json().data.map((r: { id: number }) => r.id),
    ).not.toContain(o.id);
    const ev = (await get(t, 'sale', `/api/events/order/${o.id}`)).json().data.map((e: { event: string }) => e.event);
    expect(ev).toEqual([
      'order_deleted',
      'order_delete_requested',
      'order_delete_rejected',
      'order_delete_requested',
      'order_delete_request_cancelled',
      'order_delete_requested',
      'order_created',
    ]);
    const direct = await newOrder();
    expect((await put(t, 'sale', `/api/admin/orders/delete/${direct.id}`)).statusCode).toBe(403);
    expect((await put(t, 'administrator', `/api/admin/orders/delete/${direct.id}`)).statusCode).toBe(200);
    expect((await put(t, 'administrator', `/api/admin/orders/delete/${direct.id}`)).statusCode).toBe(404);
    expect((await saveOrder({ ...base(), id: direct.id })).statusCode).toBe(404);
  });
});

describe('shipping variant', () => {
  it('reads an order without money and changes only the shipping fields', async () => {
    const o = await newOrder({ note: 'sales note' });
    const read = (await get(t, 'shipping', `/api/shipping/orders/${o.id}`)).json().data;
    expect(read).not.toHaveProperty('value');
    expect(read).not.toHaveProperty('payment_status');
    expect(read.products[0]).not.toHaveProperty('msrp');
    // Required oc_ref and oc_pdf on an order that has neither.
    const missing = await postForm(t, 'shipping', '/api/shipping/orders/save', {
      id: o.id,
      dealer: dealer.id,
      date: o.date,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().cause).toEqual({ oc_ref: MSG.required, oc_pdf: MSG.required });
    const wait = await postForm(t, 'shipping', '/api/shipping/orders/save', {
      id: o.id,
      dealer: dealer.id,
      date: o.date,
      shipping_status: 'wait',
    });
    // A failed form lists every missing field at once, the OC fields included.
    expect(wait.json().cause).toEqual({
      shipping_status: MSG.shippingStatusShipping,
      oc_ref: MSG.required,
      oc_pdf: MSG.required,
    });
    const done = await postForm(t, 'shipping', '/api/shipping/orders/save', {
      id: o.id,
      dealer: dealer.id,
      date: o.date,
      shipping_status: 'done',
    });
    expect(done.json().cause).toEqual({ shipping_awb: MSG.required, oc_ref: MSG.required, oc_pdf: MSG.required });
    const ok = await postForm(
      t,
      'shipping',
      '/api/shipping/orders/save',
      {
        id: o.id,
        dealer: other.id,
        date: 1,
        shipping_status: 'ship',
        shipping_weight: '12 kg',
        shipping_cost: 55,
        actual_shipping_cost: 44,
        shipping_for_today: 1,
        note: 'shipping tried to change this',
        value: 1,
      },
      [
        { field: 'oc_pdf', name: 'OC-SHIP-1.pdf' },
        { field: 'shipping_packing_list_pdf', name: 'PL.pdf' },
      ],
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await get(t, 'sale', `/api/orders/${o.id}`)).json().data;
    expect(after).toMatchObject({
      dealer: dealer.id,
      date: o.date,
      note: 'sales note',
      value: o.value,
      oc_ref: 'OC-SHIP-1',
      shipping_status: 'ship',
      shipping_weight: '12 kg',
      shipping_cost: 55,
      actual_shipping_cost: 44,
      shipping_for_today: 1,
      shipping_packing_list_pdf: 'PL.pdf',
    });
    const awb = await postForm(t, 'shipping', '/api/shipping/orders/save', {
      id: o.id,
      dealer: dealer.id,
      date: o.date,
      shipping_status: 'ship',
      shipping_awb: 'AWB-9',
      shipping_for_today: 1,
    });
    expect(awb.json().data).toMatchObject({ shipping_status: 'done', shipping_for_today: 0, shipping_awb: 'AWB-9' });
    expect(awb.json().data).not.toHaveProperty('value');
    expect((await postForm(t, 'shipping', '/api/orders/save', base())).statusCode).toBe(403);
  });

  it('creates an order from dealer, date, oc_ref and oc_pdf', async () => {
    const before = await counts(t);
    const bad = await postForm(t, 'shipping', '/api/shipping/orders/save', { oc_ref: 'X' });
    expect(bad.json().cause).toEqual({ dealer: MSG.required, date: MSG.required, oc_pdf: MSG.required });
    expect(await counts(t)).toEqual(before);
    const res = await postForm(t, 'shipping', '/api/shipping/orders/save', { dealer: dealer.id, date: NOW() }, [
      { field: 'oc_pdf', name: 'OC-NEW-SHIP.pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ oc_ref: 'OC-NEW-SHIP', shipping_status: 'wait', dealer_name: dealer.name });
  });
});

describe('production variant', () => {
  it('requires dealer, date, oc_ref and oc_pdf and changes only its fields', async () => {
    const before = await counts(t);
    const missing = await postForm(t, 'production', '/api/production/orders/save', { dealer: dealer.id, date: NOW() });
    expect(missing.json().cause).toEqual({ oc_ref: MSG.required, oc_pdf: MSG.required });
    const notPdf = await postForm(t, 'production', '/api/production/orders/save', { dealer: dealer.id, date: NOW() }, [
      { field: 'oc_pdf', name: 'a.pdf', data: SAMPLE.text },
    ]);
    expect(notPdf.statusCode).toBe(415);
    expect(await counts(t)).toEqual(before);
    const res = await postForm(
      t,
      'production',
      '/api/production/orders/save',
      { dealer: dealer.id, date: NOW(), note: 'prod', shipping_date_expected: NOW() + DAY },
      [{ field: 'oc_pdf', name: 'OC-PROD.pdf' }],
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ oc_ref: 'OC-PROD', note: 'prod', shipping_date_expected: NOW() + DAY });
    expect(res.json().data).not.toHaveProperty('value');
    const got = (await get(t, 'production', `/api/production/orders/${res.json().data.id}`)).json().data;
    expect(got.oc_pdf).toBe('OC-PROD.pdf');
  });
});

describe('generated documents', () => {
  it('generates the OC and the invoice as PDFs, naming empty references', async () => {
    const o = await newOrder({ hide_discount: 1, invoice_note: 'Thank you' });
    const oc = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o.id}/generate/oc`,
      headers: await t.as('sale'),
    });
    expect(oc.statusCode, oc.body).toBe(200);
    expect(oc.json().data).toMatchObject({ oc_ref: `OC-${o.id}`, oc_pdf: `OC-${o.id}.pdf` });
    const inv = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o.id}/generate/invoice`,
      headers: await t.as('administrator'),
    });
    expect(inv.json().data.invoice).toBe(`INV-${o.id}`);
    const file = await get(t, 'sale', `/api/files/orders/invoice_pdf/${o.id}`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const ev = (await get(t, 'sale', `/api/events/order/${o.id}`)).json().data.map((e: { event: string }) => e.event);
    expect(ev.slice(0, 2)).toEqual(['order_invoice_generated', 'order_oc_generated']);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o.id}/generate/oc`,
      headers: await t.as('shipping'),
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('autocomplete', () => {
  it('offers orders and products', async () => {
    const o = await newOrder({ oc_ref: 'OC-AUTO-77' });
    const orders = (await get(t, 'production', '/api/autocomplete/orders?search=auto-77')).json().data;
    expect(orders).toEqual([
      { id: o.id, oc_ref: 'OC-AUTO-77', dealer_name: dealer.name, label: `OC-AUTO-77 (${dealer.name})` },
    ]);
    const products = (await get(t, 'sale', `/api/autocomplete/products?search=${P.a.product_code}`)).json().data;
    expect(products[0]).toMatchObject({
      id: P.a.id,
      product_code: P.a.product_code,
      warning: expect.any(String),
      is_shipping_cost: 0,
      label: expect.stringContaining(P.a.product_code),
    });
    expect((await get(t, 'shipping', '/api/autocomplete/products')).statusCode).toBe(403);
    expect((await get(t, 'purchase', '/api/autocomplete/orders')).statusCode).toBe(403);
  });
});

describe('orders — spec doc 1 §2.6–2.8, §3, §4, §5, §7 (conformance)', () => {
  const { call, form, ok, cause, is01 } = specApi(() => t);
  const newDealer = async () => (await createDealer(t)).id;

  it('sales order validation: dealer, date, value required; numbers; awb when done', async () => {
    const c = cause(await form('sale', '/orders/save', {}));
    for (const f of ['dealer', 'date', 'value']) expect(c[f], f).toBe('required field');
    const c2 = cause(
      await form('sale', '/orders/save', {
        dealer: await newDealer(),
        date: TODAY,
        value: 'abc',
        shipping_cost: 'x',
        actual_shipping_cost: 'x',
        payment_advance: 'x',
        payment_full: 'x',
        payment_received: 'x',
        outstanding: 'x',
        outstanding_shipped: 'x',
        shipping_status: 'done',
      }),
    );
    for (const f of [
      'value',
      'shipping_cost',
      'actual_shipping_cost',
      'payment_advance',
      'payment_full',
      'payment_received',
      'outstanding',
      'outstanding_shipped',
    ])
      expect(c2[f], f).toBe('Please enter a valid number');
    expect(c2.shipping_awb).toBe('required field');
  });

  it('a new order starts as wait; shipping_for_today is 0/1; date unix seconds', async () => {
    const res = ok(
      await form('sale', '/orders/save', {
        dealer: await newDealer(),
        date: TODAY,
        value: 100,
        oc_ref: uniq('OC-CONF'),
      }),
    );
    expect(res.data.shipping_status).toBe('wait');
    is01(res.data.shipping_for_today);
    expect(res.data.date).toBe(TODAY);
  });

  it('new product in the add-product dialog: product_code and desc required, discount 0–100, msrp numeric', async () => {
    const res = await form('sale', '/orders/save', {
      dealer: await newDealer(),
      date: TODAY,
      value: 100,
      products: JSON.stringify([{ product_id: null, quantity: 1, msrp: 'abc', discount: 150 }]),
    });
    const c = cause(res);
    expect(c['products.0.product_code']).toBe('required field');
    expect(c['products.0.desc']).toBe('required field');
    expect(c['products.0.msrp']).toBe('Please enter a valid number');
    expect(c['products.0.discount']).toBe('Please enter a value between 0 and 100.');
  });

  it('GET /orders/{id} carries every order field of section 3', async () => {
    const orderId = (await createOrder(t, { value: 100 })).id;
    const { data } = ok(await call('sale', 'GET', `/orders/${orderId}`));
    for (const f of [
      'id',
      'dealer',
      'dealer_name',
      'dealer_country',
      'date',
      'quote_ref',
      'oc_ref',
      'invoice',
      'oc_pdf',
      'invoice_pdf',
      'note',
      'invoice_note',
      'customer_ref',
      'hide_discount',
      'products',
      'sale',
      'value',
      'shipping_cost',
      'actual_shipping_cost',
      'shipping_status',
      'shipping_for_today',
      'distributor_shipments',
      'shipping_date_expected',
      'shipping_date',
      'shipping_awb',
      'shipping_weight',
      'shipping_invoice_pdf',
      'shipping_packing_list_pdf',
      'payment_status',
      'payment_due_date',
      'payment_date',
      'payment_advance',
      'payment_full',
      'payment_received',
      'outstanding',
      'outstanding_shipped',
      'request_to_delete',
      'test_status',
      'billing_country',
      'billing_company',
      'billing_address',
      'billing_vat',
      'billing_email',
      'billing_phone',
      'billing_mobile',
      'shipping_country',
      'shipping_company',
      'shipping_address',
      'shipping_vat',
      'shipping_email',
      'shipping_phone',
      'shipping_mobile',
    ])
      expect(data, f).toHaveProperty(f);
    expect(data.payment_status).toBe('not paid');
    is01(data.hide_discount);
    is01(data.request_to_delete);
    expect(typeof data.date).toBe('number');
  });

  it('order lines carry id, product_id, name, quantity, msrp, discount, bom_cost, is_shipping_cost, active', async () => {
    const p = await makeSaleProduct(t);
    const saved = ok(
      await form('sale', '/orders/save', {
        dealer: await newDealer(),
        date: TODAY,
        value: 0,
        products: JSON.stringify([{ product_id: p.id, quantity: 2, msrp: 50, discount: 10 }]),
      }),
    );
    const line = saved.data.products[0];
    for (const f of [
      'id',
      'product_id',
      'name',
      'quantity',
      'msrp',
      'discount',
      'bom_cost',
      'is_shipping_cost',
      'active',
    ])
      expect(line, f).toHaveProperty(f);
    is01(line.is_shipping_cost);
    is01(line.active);
    expect(saved.data.value).toBe(90);
  });

  it('GET /orders, /orders/request-to-delete, /orders/time/{start}/{end} for administrator and sale', async () => {
    const ocRef = uniq('OC-CONF');
    const orderId = (await createOrder(t, { oc_ref: ocRef, value: 100 })).id;
    for (const role of ['administrator', 'sale'] as Role[]) {
      const list = ok(await call(role, 'GET', '/orders'));
      expect(Array.isArray(list.data)).toBe(true);
      ok(await call(role, 'GET', '/orders/request-to-delete'));
      const time = ok(await call(role, 'GET', `/orders/time/${TODAY - 86400 * 730}/-1`));
      expect(Array.isArray(time.data)).toBe(true);
    }
    const list = ok(await call('sale', 'GET', `/orders?search=${ocRef.toLowerCase()}`));
    expect(list.data.map((r: AnyJson) => r.id)).toContain(orderId);
  });

  it('shipping and production list rows are exactly the ten fields', async () => {
    const orderId = (await createOrder(t, { value: 100 })).id;
    for (const role of ['shipping', 'production'] as Role[]) {
      const body = ok(await call(role, 'GET', `/${role}/orders`));
      expect(body.data.length).toBeGreaterThan(0);
      for (const row of body.data) {
        expect(Object.keys(row).sort()).toEqual(
          [
            'id',
            'date',
            'oc_ref',
            'invoice',
            'note',
            'shipping_awb',
            'shipping_status',
            'shipping_for_today',
            'shipping_date_expected',
            'dealer_name',
          ].sort(),
        );
        is01(row.shipping_for_today);
        expect(typeof row.date).toBe('number');
        expect(row.shipping_date_expected === '' || typeof row.shipping_date_expected === 'number').toBe(true);
      }
      ok(await call(role, 'GET', `/${role}/orders/${orderId}`));
    }
  });

  it('shipping save: dealer, date, oc_ref, oc_pdf required; AWB when done; numeric costs', async () => {
    const dealerId = await newDealer();
    const order = await createOrder(t, { value: 100 }, dealerId);
    const c = cause(await form('shipping', '/shipping/orders/save', {}));
    for (const f of ['dealer', 'date', 'oc_ref', 'oc_pdf']) expect(c[f], f).toBe('required field');
    const c2 = cause(
      await form('shipping', '/shipping/orders/save', {
        id: order.id,
        dealer: dealerId,
        date: TODAY,
        oc_ref: String(order.oc_ref),
        shipping_status: 'done',
        shipping_cost: 'x',
        actual_shipping_cost: 'x',
      }),
    );
    expect(c2.shipping_awb).toBe('required field');
    expect(c2.shipping_cost).toBe('Please enter a valid number');
    expect(c2.actual_shipping_cost).toBe('Please enter a valid number');
  });

  it('production save: dealer, date, oc_ref, oc_pdf required', async () => {
    const c = cause(await form('production', '/production/orders/save', {}));
    for (const f of ['dealer', 'date', 'oc_ref', 'oc_pdf']) expect(c[f], f).toBe('required field');
  });

  it('orders calls are refused to roles without them', async () => {
    const dealerId = await newDealer();
    for (const role of rolesExcept(['administrator', 'sale'])) {
      expect((await call(role, 'GET', '/orders')).statusCode, role).toBe(403);
      expect((await form(role, '/orders/save', { dealer: dealerId })).statusCode, role).toBe(403);
    }
    for (const role of rolesExcept(['shipping']))
      expect((await call(role, 'GET', '/shipping/orders')).statusCode).toBe(403);
    for (const role of rolesExcept(['production']))
      expect((await call(role, 'GET', '/production/orders')).statusCode).toBe(403);
  });

  it('delete requests: sale requests and cancels; only administrator approves, rejects, deletes', async () => {
    const orderId = (await createOrder(t, { value: 100 })).id;
    expect(ok(await call('sale', 'PUT', `/sale/orders/delete/${orderId}`)).data).toBeDefined();
    const pending = ok(await call('administrator', 'GET', '/orders/request-to-delete')).data as AnyJson[];
    expect(pending.map((r) => r.id)).toContain(orderId);
    ok(await call('sale', 'PUT', `/sale/orders/delete/cancel/${orderId}`));
    ok(await call('sale', 'PUT', `/sale/orders/delete/${orderId}`));
    for (const role of rolesExcept(['administrator'])) {
      expect((await call(role, 'PUT', `/admin/orders/delete/approve/${orderId}`)).statusCode, role).toBe(403);
      expect((await call(role, 'PUT', `/admin/orders/delete/reject/${orderId}`)).statusCode, role).toBe(403);
    }
    for (const role of rolesExcept(['sale']))
      expect((await call(role, 'PUT', `/sale/orders/delete/${orderId}`)).statusCode, role).toBe(403);
    ok(await call('administrator', 'PUT', `/admin/orders/delete/reject/${orderId}`));
    ok(await call('sale', 'PUT', `/sale/orders/delete/${orderId}`));
    ok(await call('administrator', 'PUT', `/admin/orders/delete/approve/${orderId}`));
    expect((await call('sale', 'GET', `/orders/${orderId}`)).statusCode).toBe(404);
  });

  it('order status rules: done clears shipping_for_today; an AWB forces done and 0', async () => {
    const dealerId = await newDealer();
    const done = ok(
      await form('sale', '/orders/save', {
        dealer: dealerId,
        date: TODAY,
        value: 1,
        shipping_status: 'done',
        shipping_awb: 'AWB-1',
        shipping_for_today: 1,
      }),
    );
    expect(done.data).toMatchObject({ shipping_status: 'done', shipping_for_today: 0 });
    const awb = ok(
      await form('sale', '/orders/save', {
        dealer: dealerId,
        date: TODAY,
        value: 1,
        shipping_status: 'ship',
        shipping_awb: 'AWB-2',
        shipping_for_today: 1,
      }),
    );
    expect(awb.data).toMatchObject({ shipping_status: 'done', shipping_for_today: 0 });
    // The shipping screen offers only ship and done.
    const wait = await form('shipping', '/shipping/orders/save', {
      id: awb.data.id,
      dealer: dealerId,
      date: TODAY,
      oc_ref: 'OC-S',
      shipping_status: 'wait',
    });
    expect(cause(wait).shipping_status).toBeDefined();
  });

  it('revise flag, invoice_pdf names the invoice, PDF only', async () => {
    const dealerId = await newDealer();
    const o = ok(await form('sale', '/orders/save', { dealer: dealerId, date: TODAY, value: 1 })).data;
    ok(
      await form('sale', '/orders/save', {
        id: o.id,
        version: o.version,
        dealer: dealerId,
        date: TODAY,
        value: 2,
        revise: 1,
      }),
    );
    const inv = ok(
      await form('sale', '/orders/save', { id: o.id, dealer: dealerId, date: TODAY, value: 2 }, [
        { field: 'invoice_pdf', name: 'INV-777.pdf', type: 'application/pdf', data: SAMPLE.pdf },
      ]),
    );
    expect(inv.data.invoice).toBe('INV-777');
    const res = await form('sale', '/orders/save', { dealer: dealerId, date: TODAY, value: 2 }, [
      { field: 'oc_pdf', name: 'x.pdf', type: 'application/pdf', data: SAMPLE.text },
    ]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('shipping/production list search covers oc_ref, invoice, note and shipping_awb', async () => {
    const tag = uniq('n');
    const ocRef = uniq('OC-NEEDLE');
    ok(
      await form('sale', '/orders/save', {
        dealer: await newDealer(),
        date: TODAY,
        value: 1,
        oc_ref: ocRef,
        note: `Needle-in-Note-${tag}`,
        invoice: `INV-NEEDLE-${tag}`,
        shipping_status: 'done',
        shipping_awb: `AWB-NEEDLE-X-${tag}`,
      }),
    );
    for (const q of [ocRef.toLowerCase(), `needle-in-note-${tag}`, `inv-needle-${tag}`, `awb-needle-x-${tag}`])
      for (const role of ['shipping', 'production'] as Role[])
        expect(
          ok(await call(role, 'GET', `/${role}/orders?search=${encodeURIComponent(q)}`)).data.length,
          `${role} ${q}`,
        ).toBe(1);
  });

  // doc 1 §7: autocomplete
  it('GET /autocomplete/orders, /suppliers, /products answer lists', async () => {
    expect(Array.isArray(ok(await call('sale', 'GET', '/autocomplete/orders')).data)).toBe(true);
    expect(Array.isArray(ok(await call('purchase', 'GET', '/autocomplete/suppliers')).data)).toBe(true);
    expect(Array.isArray(ok(await call('sale', 'GET', '/autocomplete/products')).data)).toBe(true);
  });
});
