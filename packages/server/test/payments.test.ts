// Issue 9 item 2: the payment figures follow every save (contract/payments.ts, docs/decisions.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, pickProducts } from './factories/sales';
import { createTestApp, get, postForm, put, type TestApp } from './helpers';

let t: TestApp;
let dealer: { id: number; name: string };
let P: Awaited<ReturnType<typeof pickProducts>>;
const NOW = () => Math.floor(t.clock.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t, { name: 'Payments Dealer', discount: 0, credit_limit: 0 });
  P = await pickProducts(t);
});
afterAll(() => t.close());

const lines = (qty: number) => [
  { product_id: P.a.id, quantity: qty, msrp: 100, discount: 0 },
  { product_id: P.shipping.id, quantity: 1, msrp: 50, discount: 0 },
];

async function save(url: string, fields: Record<string, unknown>) {
  const res = await postForm(t, 'sale', url, { dealer: dealer.id, date: NOW(), value: 0, ...(fields as object) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

// First: the later tests add orders of their own.
describe('demo data', () => {
  it('orders past wait carry an OC ref and an OC PDF that downloads', async () => {
    const res = await get(t, 'administrator', '/api/orders?shipping_status=ship;done&limit=50');
    const rows = res.json().data as Array<{ id: number; oc_ref: string }>;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows.slice(0, 10)) {
      const d = (await get(t, 'shipping', `/api/shipping/orders/${r.id}`)).json().data;
      expect(d.oc_ref, String(r.id)).not.toBe('');
      expect(d.oc_pdf, String(r.id)).toBeTruthy();
    }
    const pdf = await get(t, 'shipping', `/api/files/orders/oc_pdf/${rows[0]!.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Shipping saves an AWB on a demo order without touching its OC.
    const ship = (await get(t, 'shipping', '/api/shipping/orders?shipping_status=ship')).json().data[0];
    const d = (await get(t, 'shipping', `/api/shipping/orders/${ship.id}`)).json().data;
    const saved = await postForm(t, 'shipping', '/api/shipping/orders/save', {
      id: d.id,
      version: d.version,
      dealer: d.dealer,
      date: d.date,
      shipping_awb: 'AWB-DEMO-1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.shipping_status).toBe('done');
  });
});

describe('payment figures on save', () => {
  it('editing lines changes Outstanding; received, paid and shipped follow the rule', async () => {
    const o = await save('/api/orders/save', { products: lines(2), outstanding: 0 });
    expect(o).toMatchObject({ value: 250, payment_received: 0, outstanding: 250, outstanding_shipped: 0 });

    const more = await save('/api/orders/save', { id: o.id, version: o.version, products: lines(5) });
    expect(more).toMatchObject({ value: 550, outstanding: 550 });

    const part = await save('/api/orders/save', {
      id: o.id,
      version: more.version,
      payment_advance: 100,
      payment_received: 200,
      outstanding: 999,
      shipping_awb: '123-456',
    });
    expect(part).toMatchObject({
      shipping_status: 'done',
      payment_advance: 100,
      payment_received: 200,
      outstanding: 350,
      outstanding_shipped: 350,
    });

    const paid = await save('/api/orders/save', {
      id: o.id,
      version: part.version,
      payment_status: 'paid',
      shipping_awb: '123-456',
    });
    expect(paid).toMatchObject({ payment_received: 550, outstanding: 0, outstanding_shipped: 0 });
  });

  it('an order confirmed from a quotation and a duplicate owe their value', async () => {
    const q = await save('/api/quotations/save', { products: lines(3) });
    expect(q).toMatchObject({ value: 350, outstanding: 0 });
    const res = await put(t, 'sale', `/api/quotations/turn-to-order/${q.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ value: 350, payment_status: 'not paid', outstanding: 350 });

    // Duplicate: the client saves the form as new, carrying the source's (stale) figures.
    const src = await save('/api/orders/save', { products: lines(1), payment_status: 'paid' });
    expect(src.outstanding).toBe(0);
    const dup = await save('/api/orders/save', {
      products: lines(1),
      payment_status: 'not paid',
      payment_received: 0,
      outstanding: 0,
    });
    expect(dup).toMatchObject({ value: 150, outstanding: 150 });
  });

  it("the list summary's totals are the sums of its rows", async () => {
    const d2 = await createDealer(t, { name: 'Summary Dealer', credit_limit: 0 });
    const mk = (fields: Record<string, unknown>) =>
      postForm(t, 'sale', '/api/orders/save', { dealer: d2.id, date: NOW(), value: 0, ...(fields as object) });
    await mk({ products: lines(1), payment_received: 20 });
    await mk({ products: lines(2), shipping_awb: 'X-1' });
    await mk({ products: lines(3), payment_status: 'paid' });
    await mk({ products: lines(4), shipping_status: 'cancel' });
    const viaRollup = (await get(t, 'sale', `/api/orders?dealer=${d2.id}`)).json();
    const viaSql = (await get(t, 'sale', `/api/orders?dealer=${d2.id}&start=0`)).json();
    const live = viaRollup.data.filter((r: { shipping_status: string }) => r.shipping_status !== 'cancel');
    const sum = (k: string) => live.reduce((a: number, r: Record<string, number>) => a + Number(r[k]), 0);
    expect(viaRollup.summary).toMatchObject({
      count: 3,
      value: sum('value'),
      payment_received: sum('payment_received'),
      outstanding: sum('outstanding'),
      outstanding_shipped: sum('outstanding_shipped'),
    });
    expect(viaRollup.summary).toMatchObject({ outstanding: 130 + 250, outstanding_shipped: 250 });
    expect(viaSql.summary).toEqual(viaRollup.summary);
  });
});
