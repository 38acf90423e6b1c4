// Duplicate of an order or quotation starts as a new document (issue 24 item 11), and the lines of a read carry
// their product's own discount for the editor's dealer change (issue 24 item 9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, editorLines, pickProducts } from './factories/sales';
import { uniq } from './factories/uniq';
import { type AnyJson, createTestApp, DAY, get, postForm, put, type TestApp } from './helpers';

let t: TestApp;
let dealer: { id: number; name: string };
let P: Awaited<ReturnType<typeof pickProducts>>;
const NOW = () => Math.floor(t.clock.now() / 1000);

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t, { name: 'Duplicate Dealer', discount: 20, credit_limit: 0 });
  P = await pickProducts(t);
});
afterAll(() => t.close());

const area = (kind: 'order' | 'quotation') => (kind === 'order' ? 'orders' : 'quotations');

async function save(kind: 'order' | 'quotation', fields: Record<string, unknown>) {
  const res = await postForm(t, 'sale', `/api/${area(kind)}/save`, fields as Record<string, string>);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AnyJson;
}

/** What the editor sends for Duplicate: the loaded record's form, the source id and the duplicate flag. */
function duplicateForm(doc: AnyJson): Record<string, unknown> {
  const {
    version: _v,
    invoice: _i,
    oc_ref: _o,
    products,
    created_at: _c,
    updated_at: _u,
    oc_pdf: _p1,
    invoice_pdf: _p2,
    shipping_invoice_pdf: _p3,
    shipping_packing_list_pdf: _p4,
    ...rest
  } = doc;
  const form: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== null && typeof v !== 'object') form[k] = v;
  return {
    ...form,
    products: editorLines(products as AnyJson[]),
    duplicate: 1,
  };
}

/** A shipped, paid, invoiced order with every shipping and payment field filled, and a pending delete request. */
async function shippedOrder() {
  const src = await save('order', {
    dealer: dealer.id,
    date: NOW() - 40 * DAY,
    value: 0,
    oc_ref: uniq('OC-DUP'),
    invoice: uniq('INV-DUP'),
    quote_ref: 'Q-FROM-CUSTOMER',
    note: 'Deliver to the back door',
    shipping_status: 'done',
    shipping_awb: 'AWB-123-456',
    shipping_date: NOW() - 10 * DAY,
    shipping_date_expected: NOW() - 12 * DAY,
    shipping_weight: '12 kg',
    actual_shipping_cost: 45,
    payment_status: 'paid',
    payment_due_date: NOW() - 5 * DAY,
    payment_date: NOW() - 6 * DAY,
    payment_advance: 50,
    payment_full: 250,
    payment_received: 250,
    products: [
      { product_id: P.a.id, quantity: 2, msrp: 100 },
      { product_id: P.shipping.id, quantity: 1, msrp: 80 },
    ],
  });
  await put(t, 'sale', `/api/sale/orders/delete/${src.id}`);
  return (await get(t, 'sale', `/api/orders/${src.id}`)).json().data as AnyJson;
}

describe('duplicate (issue 24 item 11)', () => {
  it('a duplicated shipped order starts as a new order: wait, no AWB or shipping dates, unpaid, no invoice', async () => {
    const src = await shippedOrder();
    expect(src).toMatchObject({ shipping_status: 'done', payment_status: 'paid', request_to_delete: 1 });

    const res = await postForm(t, 'sale', '/api/orders/save', duplicateForm(src) as Record<string, string>);
    expect(res.statusCode, res.body).toBe(200);
    const dup = res.json().data as AnyJson;
    expect(dup.id).not.toBe(src.id);
    expect(dup).toMatchObject({
      version: 1,
      revision: 0,
      date: NOW(),
      oc_ref: '',
      invoice: '',
      shipping_status: 'wait',
      shipping_for_today: 0,
      shipping_awb: '',
      shipping_date: null,
      shipping_date_expected: null,
      shipping_weight: '',
      actual_shipping_cost: 0,
      payment_status: 'not paid',
      payment_due_date: null,
      payment_date: null,
      payment_advance: 0,
      payment_full: 0,
      payment_received: 0,
      // Unpaid: the whole value is outstanding, none of it shipped.
      outstanding: src.value,
      outstanding_shipped: 0,
      request_to_delete: 0,
      test_status: 'pending',
      quotation_id: null,
      oc_pdf: null,
      invoice_pdf: null,
      // What the order is about is kept.
      dealer: dealer.id,
      quote_ref: 'Q-FROM-CUSTOMER',
      note: 'Deliver to the back door',
      value: src.value,
      shipping_cost: src.shipping_cost,
    });
    expect(dup.products.map((l: AnyJson) => [l.product_id, l.quantity, l.msrp, l.discount])).toEqual(
      src.products.map((l: AnyJson) => [l.product_id, l.quantity, l.msrp, l.discount]),
    );
    // The source is untouched; the copy's history names it.
    expect((await get(t, 'sale', `/api/orders/${src.id}`)).json().data).toMatchObject({
      version: src.version,
      shipping_awb: 'AWB-123-456',
      payment_status: 'paid',
    });
    expect((await get(t, 'sale', `/api/events/order/${dup.id}`)).json().data[0]).toMatchObject({
      event: 'order_created',
      data: expect.objectContaining({ duplicate_of: src.id }),
    });
    // Not locked: the copy's status can be changed (an AWB would have forced done).
    const shipNow = await postForm(t, 'sale', '/api/orders/save', {
      ...(duplicateForm(dup) as Record<string, string>),
      duplicate: '0',
      id: String(dup.id),
      version: String(dup.version),
      shipping_status: 'ship',
    });
    expect(shipNow.statusCode, shipNow.body).toBe(200);
    expect(shipNow.json().data).toMatchObject({ id: dup.id, shipping_status: 'ship' });
  });

  it('a duplicated quotation gets a new quote reference and no order link', async () => {
    const q = await save('quotation', {
      dealer: dealer.id,
      date: NOW() - 30 * DAY,
      value: 0,
      quote_ref: 'Q-00151',
      oc_ref: 'OC-Q-151',
      invoice: 'INV-Q-151',
      products: [{ product_id: P.b.id, quantity: 3, msrp: 50 }],
    });
    const order = await put(t, 'sale', `/api/quotations/turn-to-order/${q.id}`);
    expect(order.statusCode).toBe(200);
    const src = (await get(t, 'sale', `/api/quotations/${q.id}`)).json().data as AnyJson;
    expect(src.order_id).toBe(order.json().data.id);

    const dup = await save('quotation', duplicateForm(src));
    expect(dup.id).not.toBe(q.id);
    expect(dup).toMatchObject({
      quote_ref: `Q-${String(dup.id).padStart(5, '0')}`,
      oc_ref: '',
      invoice: '',
      order_id: null,
      date: NOW(),
      shipping_status: 'wait',
      value: 120,
    });
    expect((await get(t, 'sale', `/api/quotations/${q.id}`)).json().data.quote_ref).toBe('Q-00151');
    expect((await get(t, 'sale', `/api/events/quotation/${dup.id}`)).json().data[0]).toMatchObject({
      event: 'quotation_created',
      data: expect.objectContaining({ duplicate_of: q.id }),
    });
  });

  it('a duplicate sent without a source id is still a new document started afresh', async () => {
    const dup = await save('order', {
      dealer: dealer.id,
      date: NOW() - 400 * DAY,
      value: 300,
      oc_ref: 'OC-SENT',
      shipping_awb: 'AWB-SENT',
      payment_status: 'paid',
      duplicate: 1,
    });
    expect(dup).toMatchObject({
      date: NOW(),
      oc_ref: '',
      shipping_awb: '',
      shipping_status: 'wait',
      payment_status: 'not paid',
      outstanding: 300,
    });
  });
});

describe("a read's lines carry their product's own discount (issue 24 item 9)", () => {
  it('for sales, not for shipping', async () => {
    const o = await save('order', {
      dealer: dealer.id,
      date: NOW(),
      value: 0,
      oc_ref: uniq('OC-PD'),
      products: [
        { product_id: P.discounted.id, quantity: 1, msrp: 100 },
        { product_id: P.a.id, quantity: 1, msrp: 100 },
      ],
    });
    // The saved discounts follow the rule (product 15 %, else the dealer's 20 %); the product's own rides along.
    expect(o.products.map((l: AnyJson) => [l.discount, l.product_discount])).toEqual([
      [15, 15],
      [20, 0],
    ]);
    const shipping = (await get(t, 'shipping', `/api/shipping/orders/${o.id}`)).json().data;
    expect(shipping.products[0]).not.toHaveProperty('product_discount');
    expect(shipping.products[0]).not.toHaveProperty('discount');
  });
});
