import { TEXT_MAX } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from './factories/sales';
import { counts, createTestApp, multipart, postForm, type TestApp } from './helpers';

// Issue 8 items 5 and 10: bounded text, money minimums, version required, tiny BOM quantities.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = () => Math.floor(t.clock.now() / 1000);

describe('bounded text', () => {
  it('refuses a dealer note longer than the limit and stores nothing', async () => {
    await t.as('sale'); // the login itself is audited: sign in before counting
    const before = await counts(t);
    const res = await postForm(t, 'sale', '/api/dealers/save', {
      name: 'Long Note Dealer',
      country: 'Germany',
      billing_address: 'Somewhere 1',
      email: 'long@note.example',
      notes: 'n'.repeat(TEXT_MAX + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause.notes).toBe(MSG.maxLength(TEXT_MAX));
    expect(await counts(t)).toEqual(before);
  });

  it('accepts a note of exactly the limit', async () => {
    const d = await createDealer(t, { name: 'Max Note Dealer', notes: 'n'.repeat(TEXT_MAX) });
    expect(d.id).toBeGreaterThan(0);
  });
});

describe('money minimums', () => {
  it('refuses a negative order value', async () => {
    const dealer = await createDealer(t, { name: 'Negative Value Dealer', credit_limit: 1000 });
    const res = await postForm(t, 'sale', '/api/orders/save', { dealer: dealer.id, date: NOW(), value: -963117 });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause.value).toBe(MSG.number);
    const shipping = await postForm(t, 'sale', '/api/orders/save', {
      dealer: dealer.id,
      date: NOW(),
      value: 0,
      shipping_cost: -5,
    });
    expect(shipping.statusCode).toBe(400);
    expect(shipping.json().cause.shipping_cost).toBe(MSG.number);
  });
});

describe('BOM quantities below one step (0.000001)', () => {
  it('refuses them with the spec message instead of storing 0', async () => {
    const admin = await t.as('administrator');
    const mp = multipart({ product_code: 'TINY-QTY-1', desc: 'Tiny quantity product', msrp: '10' });
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/products/save',
      payload: mp.payload,
      headers: { ...admin, ...mp.headers },
    });
    expect(product.statusCode, product.body).toBe(200);
    const pm = multipart({ manufacturer: 'Tiny Semi', manuf_part_number: 'TINY-PART-1', price: '1.25' });
    const part = await t.app.inject({
      method: 'POST',
      url: '/api/partComponents/save',
      payload: pm.payload,
      headers: { ...admin, ...pm.headers },
    });
    expect(part.statusCode, part.body).toBe(200);
    const save = (quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/boms/save',
        headers: admin,
        payload: { product_id: product.json().data.id, part_id: part.json().data.id, quantity },
      });
    const tiny = await save(0.0000004);
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().cause.quantity).toBe(MSG.bomQuantityRange);
    const step = await save(0.000001);
    expect(step.statusCode, step.body).toBe(200);
  });
});

describe('date filters of the list queries', () => {
  it('refuse a non-number or a date past year 9999 with the field message, never a database error', async () => {
    const lists: Array<[string, string, string]> = [
      ['administrator', '/api/packinglists', 'date_to'],
      ['production', '/api/production/testChecklist/order', 'date_from'],
      ['sale', '/api/tasks', 'due_from'],
    ];
    for (const [role, path, field] of lists) {
      const headers = await t.as(role as Parameters<TestApp['as']>[0]);
      for (const bad of ['abc', '1e300', '-5', '1.5']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${field}=${bad}`, headers });
        expect(res.statusCode, `${path} ${field}=${bad}`).toBe(400);
        expect(res.json().cause[field], `${path} ${field}=${bad}`).toBe(MSG.number);
      }
      const ok = await t.app.inject({ method: 'GET', url: `${path}?${field}=253402300799`, headers });
      expect(ok.statusCode, `${path} at the bound`).toBe(200);
    }
  });
});
