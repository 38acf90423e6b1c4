import { MSG } from '@bpm/contract/messages';
import type { Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { pendingDeleteRequestsQuery } from '../src/modules/sales-docs/delete-requests';
import { createDealer, createQuotation, pickProducts } from './factories/sales';
import { counts, createTestApp, DAY, get, postForm, put, rolesExcept, specApi, type TestApp, TODAY } from './helpers';

let t: TestApp;
let dealer: { id: number; name: string };
let P: Awaited<ReturnType<typeof pickProducts>>;
const NOW = () => Math.floor(t.clock.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t, { name: 'Quotation Dealer', discount: 5 });
  P = await pickProducts(t);
});
afterAll(() => t.close());

const base = () => ({ dealer: dealer.id, date: NOW(), value: 0 });
async function newQuotation(
  fields: Record<string, unknown> = {},
  role: 'sale' | 'production' | 'administrator' = 'sale',
) {
  const url = role === 'production' ? '/api/production/quotations/save' : '/api/quotations/save';
  const res = await postForm(t, role, url, {
    ...base(),
    products: [
      { product_id: P.a.id, quantity: 4, msrp: 25 },
      { product_id: P.shipping.id, quantity: 1, msrp: 30 },
    ],
    ...(fields as Record<string, string>),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data;
}

describe('quotation roles', () => {
  it('gives sale and administrator the unprefixed calls, production and shipping their variants', async () => {
    for (const role of ['administrator', 'sale'] as const)
      expect((await get(t, role, '/api/quotations')).statusCode).toBe(200);
    for (const role of ['shipping', 'production', 'purchase', 'qa', 'tester'] as const) {
      expect((await get(t, role, '/api/quotations')).statusCode, role).toBe(403);
    }
    expect((await get(t, 'production', '/api/production/quotations')).statusCode).toBe(200);
    expect((await get(t, 'shipping', '/api/shipping/quotations')).statusCode).toBe(200);
    expect((await get(t, 'sale', '/api/shipping/quotations')).statusCode).toBe(403);
  });

  it('shipping cannot create, save, revise, duplicate or confirm', async () => {
    const q = await newQuotation();
    const before = await counts(t);
    expect((await postForm(t, 'shipping', '/api/quotations/save', base())).statusCode).toBe(403);
    expect((await postForm(t, 'shipping', '/api/quotations/save', { ...base(), id: q.id, revise: 1 })).statusCode).toBe(
      403,
    );
    expect((await postForm(t, 'shipping', '/api/production/quotations/save', base())).statusCode).toBe(403);
    expect((await put(t, 'shipping', `/api/quotations/turn-to-order/${q.id}`)).statusCode).toBe(403);
    expect((await put(t, 'shipping', `/api/sale/quotations/delete/${q.id}`)).statusCode).toBe(403);
    expect(await counts(t)).toEqual(before);
    const read = (await get(t, 'shipping', `/api/shipping/quotations/${q.id}`)).json().data;
    expect(read.quote_ref).toBe(q.quote_ref);
    expect(read).not.toHaveProperty('value');
    const rows = (await get(t, 'shipping', '/api/shipping/quotations')).json().data;
    expect(rows[0]).not.toHaveProperty('value');
  });
});

describe('quotation save', () => {
  it('creates with a generated quote_ref, computes value from lines and records events', async () => {
    const q = await newQuotation();
    expect(q.quote_ref).toBe(`Q-${String(q.id).padStart(5, '0')}`);
    expect(q).toMatchObject({ value: 125, shipping_cost: 30, order_id: null, shipping_status: 'wait' });
    expect(q.products[0]).toMatchObject({ discount: 5, amount: 95 });
    const ev = (await get(t, 'production', `/api/events/quotation/${q.id}`)).json().data;
    expect(ev[0].event).toBe('quotation_created');
  });

  it('applies the order rules: dealer, date, value required, money numeric, emails valid, AWB when done', async () => {
    const before = await counts(t);
    const missing = await postForm(t, 'sale', '/api/quotations/save', {});
    expect(missing.json().cause).toEqual({ dealer: MSG.required, date: MSG.required, value: MSG.required });
    const bad = await postForm(t, 'production', '/api/production/quotations/save', {
      ...base(),
      value: 'x',
      payment_received: 'y',
      billing_email: 'nope',
      shipping_status: 'done',
    });
    expect(bad.json().cause).toEqual({
      value: MSG.number,
      payment_received: MSG.number,
      billing_email: MSG.email,
      shipping_awb: MSG.required,
    });
    const unknown = await postForm(t, 'sale', '/api/quotations/save', { ...base(), dealer: 424242 });
    expect(unknown.json().cause).toEqual({ dealer: MSG.dealerUnknown });
    expect(await counts(t)).toEqual(before);
  });

  it('revises with the revise flag, duplicates as a new record, refuses stale versions', async () => {
    const q = await newQuotation({ oc_ref: 'OC-Q1', invoice: 'INV-Q1', note: 'n1' });
    const rev = await postForm(t, 'sale', '/api/quotations/save', {
      ...base(),
      id: q.id,
      version: 1,
      revise: 1,
      note: 'n2',
    });
    expect(rev.json().data).toMatchObject({ revision: 1, version: 2, note: 'n2' });
    const ev = (await get(t, 'sale', `/api/events/quotation/${q.id}`)).json().data;
    expect(ev[0].event).toBe('quotation_revised');
    const stale = await postForm(t, 'production', '/api/production/quotations/save', {
      ...base(),
      id: q.id,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Samuel Reyes (sale)');
    // Duplicate: the client saves the form without id, invoice and oc_ref.
    const dup = await postForm(t, 'sale', '/api/quotations/save', {
      ...base(),
      note: 'n2',
      products: q.products.map((l: { product_id: number; quantity: number; msrp: number; discount: number }) => ({
        product_id: l.product_id,
        quantity: l.quantity,
        msrp: l.msrp,
        discount: l.discount,
      })),
    });
    expect(dup.json().data.id).not.toBe(q.id);
    expect(dup.json().data).toMatchObject({ value: q.value, oc_ref: '', invoice: '', revision: 0 });
  });
});

describe('turn to order', () => {
  it('creates the order with the fields and lines, links both and records events on both', async () => {
    const q = await newQuotation({ customer_ref: 'PO-77', note: 'from quote', invoice_note: 'inv note' });
    const res = await put(t, 'sale', `/api/quotations/turn-to-order/${q.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      quotation_id: q.id,
      quote_ref: q.quote_ref,
      customer_ref: 'PO-77',
      note: 'from quote',
      invoice_note: 'inv note',
      value: 125,
      shipping_cost: 30,
      shipping_status: 'wait',
      date: NOW(),
      dealer: dealer.id,
    });
    expect(order.products.map((l: { product_id: number }) => l.product_id)).toEqual([P.a.id, P.shipping.id]);
    expect((await get(t, 'sale', `/api/quotations/${q.id}`)).json().data.order_id).toBe(order.id);
    expect((await get(t, 'sale', `/api/orders/${order.id}`)).statusCode).toBe(200);
    expect((await get(t, 'sale', `/api/events/order/${order.id}`)).json().data[0]).toMatchObject({
      event: 'order_created',
      data: expect.objectContaining({ from_quotation: q.id }),
    });
    expect((await get(t, 'sale', `/api/events/quotation/${q.id}`)).json().data[0].event).toBe('quotation_confirmed');
    const again = await put(t, 'sale', `/api/quotations/turn-to-order/${q.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invalid_state', message: MSG.quotationAlreadyConfirmed(order.id) });
  });

  it('is available to production through its variants', async () => {
    const q = await newQuotation({}, 'production');
    const res = await put(t, 'production', `/api/production/quotations/turn-to-order/${q.id}`);
    expect(res.statusCode).toBe(200);
    const q2 = await newQuotation({}, 'production');
    expect((await put(t, 'production', `/api/production/orders/turn-to-order/${q2.id}`)).statusCode).toBe(200);
    expect((await put(t, 'production', `/api/quotations/turn-to-order/${q2.id}`)).statusCode).toBe(403);
    expect((await put(t, 'sale', '/api/quotations/turn-to-order/999999')).statusCode).toBe(404);
  });
});

describe('quotation deletion', () => {
  it('sale and production request and cancel; administrator approves, rejects or deletes directly', async () => {
    const q = await newQuotation();
    expect(
      (await put(t, 'production', `/api/production/quotations/delete/${q.id}`)).json().data.request_to_delete,
    ).toBe(1);
    expect((await put(t, 'sale', `/api/sale/quotations/delete/cancel/${q.id}`)).json().data.request_to_delete).toBe(0);
    expect((await put(t, 'sale', `/api/production/quotations/delete/${q.id}`)).statusCode).toBe(403);
    expect((await put(t, 'production', `/api/sale/quotations/delete/${q.id}`)).statusCode).toBe(403);
    await put(t, 'sale', `/api/sale/quotations/delete/${q.id}`);
    expect((await put(t, 'production', `/api/production/quotations/delete/cancel/${q.id}`)).statusCode).toBe(200);
    await put(t, 'sale', `/api/sale/quotations/delete/${q.id}`);
    expect((await put(t, 'sale', `/api/admin/quotations/delete/approve/${q.id}`)).statusCode).toBe(403);
    expect((await put(t, 'administrator', `/api/admin/quotations/delete/reject/${q.id}`)).statusCode).toBe(200);
    expect((await put(t, 'administrator', `/api/admin/quotations/delete/approve/${q.id}`)).statusCode).toBe(409);
    await put(t, 'sale', `/api/sale/quotations/delete/${q.id}`);
    expect((await put(t, 'administrator', `/api/admin/quotations/delete/approve/${q.id}`)).statusCode).toBe(200);
    expect((await get(t, 'sale', `/api/quotations/${q.id}`)).statusCode).toBe(404);
    const direct = await newQuotation();
    expect((await put(t, 'administrator', `/api/admin/quotations/delete/${direct.id}`)).statusCode).toBe(200);
    const list = (await get(t, 'sale', '/api/quotations?limit=500')).json().data.map((r: { id: number }) => r.id);
    expect(list).not.toContain(q.id);
    expect(list).not.toContain(direct.id);
    const ev = (await get(t, 'sale', `/api/events/quotation/${q.id}`))
      .json()
      .data.map((e: { event: string }) => e.event);
    expect(ev[0]).toBe('quotation_deleted');
    expect(ev).toContain('quotation_delete_rejected');
  });
});

describe('quotation delete requests (the administrator card)', () => {
  it('lists every pending request, an old one behind many newer quotations included, and nothing else', async () => {
    const d = await createDealer(t, { name: 'Delete Card Dealer' });
    const old = await createQuotation(t, { date: NOW() - 3 * 365 * DAY, value: 70, quote_ref: 'Q-OLD-PENDING' }, d.id);
    expect((await put(t, 'sale', `/api/sale/quotations/delete/${old.id}`)).statusCode).toBe(200);
    const cancelled = await createQuotation(t, { date: NOW() - 2 * 365 * DAY }, d.id);
    await put(t, 'sale', `/api/sale/quotations/delete/${cancelled.id}`);
    await put(t, 'sale', `/api/sale/quotations/delete/cancel/${cancelled.id}`);
    const approved = await createQuotation(t, { date: NOW() - 365 * DAY }, d.id);
    await put(t, 'sale', `/api/sale/quotations/delete/${approved.id}`);
    await put(t, 'administrator', `/api/admin/quotations/delete/approve/${approved.id}`);
    // Many newer quotations: the card is no page of the newest ones.
    const newer: number[] = [];
    for (let i = 0; i < 30; i++) newer.push((await createQuotation(t, { value: i }, d.id)).id);
    const recent = newer[newer.length - 1] as number;
    await put(t, 'sale', `/api/sale/quotations/delete/${recent}`);

    const res = await get(t, 'administrator', '/api/quotations/request-to-delete');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ id: number }>;
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(old.id);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(approved.id);
    // Newest first: the recent request before the three-year-old one.
    expect(ids.indexOf(recent)).toBeLessThan(ids.indexOf(old.id));
    expect(rows.find((r) => r.id === old.id)).toEqual({
      id: old.id,
      date: NOW() - 3 * 365 * DAY,
      quote_ref: 'Q-OLD-PENDING',
      oc_ref: '',
      invoice: '',
      dealer: d.id,
      dealer_name: 'Delete Card Dealer',
      value: 70,
    });
    // Every listed row is a live pending request.
    const all = (await get(t, 'sale', '/api/quotations?limit=500')).json().data as Array<{
      id: number;
      request_to_delete: number;
    }>;
    for (const r of all.filter((x) => ids.includes(x.id))) expect(r.request_to_delete).toBe(1);
    expect((await get(t, 'sale', '/api/quotations/request-to-delete')).statusCode).toBe(200);
    for (const role of ['shipping', 'production', 'purchase'] as const)
      expect((await get(t, role, '/api/quotations/request-to-delete')).statusCode, role).toBe(403);
  });
});

describe('quotation delete requests: the query', () => {
  it('reads the pending requests through the partial index on the pending flag', async () => {
    const db = t.database.db;
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        db,
        sql`explain ${pendingDeleteRequestsQuery(db, 'quotation')}`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('quotations_delete_request_idx');
    } finally {
      await db.execute(sql`reset enable_seqscan`);
    }
  });
});

describe('quotation list', () => {
  it('searches, filters by dealer and dates, sorts newest first by default', async () => {
    const d = await createDealer(t, { name: 'Quote List Dealer' });
    for (const [i, ref] of ['QL-ALPHA', 'QL-BETA', 'QL-GAMMA'].entries()) {
      await postForm(t, 'sale', '/api/quotations/save', {
        dealer: d.id,
        date: NOW() - i * 10 * DAY,
        value: 10 * (i + 1),
        quote_ref: ref,
      });
    }
    const all = (await get(t, 'sale', `/api/quotations?dealer=${d.id}`)).json();
    expect(all.total).toBe(3);
    expect(all.data.map((r: { quote_ref: string }) => r.quote_ref)).toEqual(['QL-ALPHA', 'QL-BETA', 'QL-GAMMA']);
    expect(all.data[0]).toMatchObject({
      dealer_name: 'Quote List Dealer',
      dealer_country: 'Germany',
      value: 10,
      order_id: null,
    });
    expect((await get(t, 'sale', '/api/quotations?search=ql-beta')).json().total).toBe(1);
    expect((await get(t, 'sale', `/api/quotations?dealer=${d.id}&start=${NOW() - 15 * DAY}`)).json().total).toBe(2);
    expect((await get(t, 'sale', `/api/quotations?dealer=${d.id}&end=${NOW() - 15 * DAY}`)).json().total).toBe(1);
    const byValue = (
      await get(t, 'production', `/api/production/quotations?dealer=${d.id}&sort=value&order=asc`)
    ).json();
    expect(byValue.data.map((r: { value: number }) => r.value)).toEqual([10, 20, 30]);
    // The default page is 25 rows (whatever else the database holds).
    const page = (await get(t, 'sale', '/api/quotations')).json();
    expect(page.data).toHaveLength(Math.min(25, page.total));
  });
});

describe('quotations — spec doc 1 §2.9, §4.3, §6, §7 (conformance)', () => {
  const { call, form, ok, cause } = specApi(() => t);
  const newQuotation = async () => {
    const dealerId = (await createDealer(t)).id;
    return { dealerId, quotationId: (await createQuotation(t, { value: 500 }, dealerId)).id };
  };

  it('validation: dealer, date, value required; AWB when done; emails valid', async () => {
    const c = cause(await form('sale', '/quotations/save', { shipping_status: 'done', billing_email: 'bad' }));
    for (const f of ['dealer', 'date', 'value', 'shipping_awb']) expect(c[f], f).toBe('required field');
    expect(c.billing_email).toBe('Please enter a valid email address');
  });

  it('save, list rows id, quote_ref, date, oc_ref; get by id; shipping/production variants', async () => {
    const dealerId = (await createDealer(t)).id;
    const res = ok(await form('sale', '/quotations/save', { dealer: dealerId, date: TODAY, value: 500 }));
    const quotationId = res.data.id;
    const list = ok(await call('sale', 'GET', '/quotations'));
    for (const row of list.data)
      for (const f of ['id', 'quote_ref', 'date', 'oc_ref']) expect(row, f).toHaveProperty(f);
    ok(await call('sale', 'GET', `/quotations/${quotationId}`));
    ok(await call('shipping', 'GET', '/shipping/quotations'));
    ok(await call('shipping', 'GET', `/shipping/quotations/${quotationId}`));
    ok(await call('production', 'GET', '/production/quotations'));
    ok(await call('production', 'GET', `/production/quotations/${quotationId}`));
    const prod = ok(
      await form('production', '/production/quotations/save', {
        id: quotationId,
        dealer: dealerId,
        date: TODAY,
        value: 600,
      }),
    );
    expect(prod.data.id).toBe(quotationId);
  });

  it('shipping cannot save or confirm quotations', async () => {
    const { dealerId, quotationId } = await newQuotation();
    for (const url of ['/quotations/save', '/shipping/quotations/save', '/production/quotations/save']) {
      const r = await form('shipping', url, { dealer: dealerId, date: TODAY, value: 1 });
      expect([403, 404], url).toContain(r.statusCode);
    }
    expect([403, 404]).toContain(
      (await call('shipping', 'PUT', `/quotations/turn-to-order/${quotationId}`)).statusCode,
    );
    expect([403, 404]).toContain(
      (await call('shipping', 'PUT', `/shipping/quotations/turn-to-order/${quotationId}`)).statusCode,
    );
  });

  it('production may request deletion of quotations; only administrator approves', async () => {
    const { quotationId } = await newQuotation();
    ok(await call('sale', 'PUT', `/sale/quotations/delete/${quotationId}`));
    ok(await call('sale', 'PUT', `/sale/quotations/delete/cancel/${quotationId}`));
    ok(await call('production', 'PUT', `/production/quotations/delete/${quotationId}`));
    for (const role of rolesExcept(['administrator']))
      expect((await call(role, 'PUT', `/admin/quotations/delete/approve/${quotationId}`)).statusCode, role).toBe(403);
    ok(await call('administrator', 'PUT', `/admin/quotations/delete/reject/${quotationId}`));
    for (const role of ['shipping', 'purchase', 'qa', 'tester', 'poapproval'] as Role[]) {
      expect((await call(role, 'PUT', `/sale/quotations/delete/${quotationId}`)).statusCode, role).toBe(403);
    }
  });

  it('PUT /quotations/turn-to-order/{id} creates an order with status wait; production has its variant', async () => {
    const { dealerId, quotationId } = await newQuotation();
    const res = ok(await call('sale', 'PUT', `/quotations/turn-to-order/${quotationId}`));
    expect(res.data.shipping_status).toBe('wait');
    const q2 = ok(await form('sale', '/quotations/save', { dealer: dealerId, date: TODAY, value: 5 })).data.id;
    ok(await call('production', 'PUT', `/production/quotations/turn-to-order/${q2}`));
    const q3 = ok(await form('sale', '/quotations/save', { dealer: dealerId, date: TODAY, value: 5 })).data.id;
    ok(await call('administrator', 'PUT', `/admin/quotations/delete/${q3}`));
    expect((await call('sale', 'GET', `/quotations/${q3}`)).statusCode).toBe(404);
  });
});
