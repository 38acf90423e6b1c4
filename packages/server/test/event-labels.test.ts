// Issue 9 item 9: events name their record and the records their data refers to.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, pickProducts } from './factories/sales';
import { createTestApp, get, postForm, put, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('event labels', () => {
  it('names the record (OC ref, quote ref, dealer) and resolves dealer ids in the data', async () => {
    const first = await createDealer(t, { name: 'Label Dealer One', credit_limit: 0 });
    const second = await createDealer(t, { name: 'Label Dealer Two', credit_limit: 0 });
    const P = await pickProducts(t);
    const now = Math.floor(t.clock.now() / 1000);
    const lines = [{ product_id: P.a.id, quantity: 1, msrp: 10, discount: 0 }];
    const created = await postForm(t, 'sale', '/api/orders/save', {
      dealer: first.id,
      date: now,
      value: 0,
      oc_ref: 'OC-LABEL-1',
      products: lines,
    });
    expect(created.statusCode, created.body).toBe(200);
    const o = created.json().data;
    const moved = await postForm(t, 'sale', '/api/orders/save', {
      id: o.id,
      version: o.version,
      dealer: second.id,
      date: now,
      value: 0,
      oc_ref: 'OC-LABEL-1',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const history = (await get(t, 'sale', `/api/events/order/${o.id}`)).json().data;
    expect(history[0]).toMatchObject({ event: 'order_updated', record_label: 'OC-LABEL-1' });
    expect(history[0].data.changes.dealer).toEqual({ old: first.id, new: second.id });
    expect(history[0].labels.dealer).toEqual({
      [String(first.id)]: 'Label Dealer One',
      [String(second.id)]: 'Label Dealer Two',
    });

    const all = (await get(t, 'administrator', '/api/events?search=label dealer two')).json().data;
    const dealerEvent = all.find((e: { entity_type: string }) => e.entity_type === 'dealer');
    expect(dealerEvent).toMatchObject({ entity_id: second.id, record_label: 'Label Dealer Two' });

    // Quotation confirmed: its label is the quote ref, and order_id names the order.
    const q = await postForm(t, 'sale', '/api/quotations/save', {
      dealer: first.id,
      date: now,
      value: 0,
      quote_ref: 'Q-LABEL-1',
      products: lines,
    });
    const conf = await put(t, 'sale', `/api/quotations/turn-to-order/${q.json().data.id}`);
    const orderId = conf.json().data.id;
    const qh = (await get(t, 'sale', `/api/events/quotation/${q.json().data.id}`)).json().data;
    expect(qh[0]).toMatchObject({ event: 'quotation_confirmed', record_label: 'Q-LABEL-1' });
    expect(qh[0].labels.order_id).toEqual({ [String(orderId)]: `Order #${orderId}` });
  });

  it('falls back to the noun and id when the record has no name, keeping the old fields', async () => {
    const d = await createDealer(t, { name: 'Label Dealer Three', credit_limit: 0 });
    const now = Math.floor(t.clock.now() / 1000);
    const res = await postForm(t, 'sale', '/api/orders/save', { dealer: d.id, date: now, value: 5 });
    const o = res.json().data;
    const [e] = (await get(t, 'sale', `/api/events/order/${o.id}`)).json().data;
    expect(e).toMatchObject({
      event: 'order_created',
      entity_type: 'order',
      entity_id: o.id,
      username: 'sale',
      record_label: `Order #${o.id}`,
    });
    expect(e.data).toHaveProperty('oc_ref', '');
  });

  it('reads past an id in the data beyond any record’s range: no name, no error', async () => {
    const dealer = await createDealer(t, { name: 'Label Dealer Range', credit_limit: 0 });
    // Events are written by the server; an id beyond the integer range (from an old import, say) names nothing.
    await t.database.db.execute(sql`update events set data = jsonb_set(data, '{dealer_id}',
        ${JSON.stringify([dealer.id, 99_999_999_999, '9999999999'])}::jsonb)
      where entity_type = 'dealer' and entity_id = ${dealer.id}`);
    const res = await get(t, 'administrator', '/api/events?search=label dealer range');
    expect(res.statusCode, res.body).toBe(200);
    const [e] = res.json().data.filter((x: { entity_id: number }) => x.entity_id === dealer.id);
    expect(e.labels.dealer_id).toEqual({ [String(dealer.id)]: 'Label Dealer Range' });
  });
});
