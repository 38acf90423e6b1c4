// Issue 24 items 5, 6, 7, 8, 20: prices kept exactly in the PO's currency, the rate a non-USD PO needs, the list's
// total row, Request Approval without parts and the shipping cost of a save.
import { readFileSync } from 'node:fs';
import { MSG } from '@bpm/contract/messages';
import { PO_MSG } from '@bpm/contract/purchase-orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, makeRefs, poBody, type Refs, rawPo } from './factories/purchasing';
import { call, createTestApp, pdfText, type TestApp } from './helpers';

let t: TestApp;
let refs: Refs;
beforeAll(async () => {
  t = await createTestApp();
  refs = await makeRefs(t);
}, 60_000);
afterAll(() => t.close());

const save = (body: object) => call(t, 'purchase', 'POST', '/purchaseorders/save', body);

/** A PO of one line: `quantity` × `price` in `currency` at `rate`. */
const onePo = (currency: string, rate: number | undefined, price: number, quantity: number, own = refs) => {
  const body: Record<string, unknown> = poBody(own, { currency, currency_rate: rate });
  body.parts = [{ ...(body.parts as Json[])[0], price_UI: price, quantity }];
  return body;
};

describe('prices in the PO currency (item 5)', () => {
  it.each([
    // [currency, rate (USD per unit), price, quantity, currency total, USD price, USD total]
    ['KRW', 0.00073, 1111.11, 1000, 1_111_110, 0.81111, 811.1103],
    ['JPY', 0.0067, 35000, 1, 35000, 234.5, 234.5],
    ['CNY', 0.138, 12.34, 3, 37.02, 1.70292, 5.10876],
  ])(
    '%s %d: kept exactly as entered, USD derived (× rate)',
    async (currency, rate, price, qty, total, usd, usdTotal) => {
      const res = await save(onePo(currency, rate, price, qty));
      expect(res.statusCode, res.body).toBe(200);
      const po = res.json().data;
      for (const read of [po, (await call(t, 'qa', 'GET', `/purchaseorders/${po.id}`)).json().data]) {
        expect(read.parts[0]).toMatchObject({ price_UI: price, price: usd, quantity: qty });
        expect(read.currency_amount).toBe(total);
        expect(read.amount).toBe(usdTotal);
      }
      const row = (await call(t, 'qa', 'GET', `/purchaseorders?search=${po.po_number}`)).json().data[0];
      expect(row).toMatchObject({ id: po.id, currency, currency_amount: total, amount: usdTotal });
      // Saved again unchanged (the form sends back what it read): still exact.
      const again = await save({ ...onePo(currency, rate, po.parts[0].price_UI, qty), id: po.id, version: po.version });
      expect(again.json().data.parts[0].price_UI).toBe(price);
      expect(again.json().data.currency_amount).toBe(total);
    },
  );

  it('the approved PO PDF shows the exact KRW prices and total', async () => {
    const list = (await call(t, 'purchase', 'GET', '/purchaseorders/users/poapproval')).json().data as Json[];
    const po = (await save(onePo('KRW', 0.00073, 1111.11, 1000))).json().data;
    await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, { emailTo: [list[0]!.id] });
    const ok = await call(t, 'admin', 'PUT', `/admin/purchaseorders/approve/${po.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const text = pdfText((await call(t, 'qa', 'GET', `/files/purchase_order/po_pdf/${po.id}`)).rawPayload);
    // The line: unit price and amount; then the total (Total (KRW) … 1,111,110.00).
    expect(text).toContain('1000 pcs 1,111.11 1,111,110.00 Total (KRW)');
    expect(text.match(/1,111,110\.00/g)).toHaveLength(2);
    expect(text).not.toContain('1,111,109');
  });

  it('an API caller may send the USD price alone: the currency price is price ÷ rate', async () => {
    const body = onePo('EUR', 1.25, 0, 2);
    (body.parts as Json[])[0] = { ...(body.parts as Json[])[0]!, price_UI: undefined, price: 10 };
    const po = (await save(body)).json().data;
    expect(po.parts[0]).toMatchObject({ price: 10, price_UI: 8 });
    expect([po.currency_amount, po.amount]).toEqual([16, 20]);
  });
});

describe('the exchange rate (items 6, 20)', () => {
  it('a non-USD PO needs its rate: missing is "required field", not a number "Please enter a valid number"', async () => {
    const missing = await save(onePo('JPY', undefined, 35000, 1));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().cause.currency_rate).toBe(MSG.required);
    const empty = await save({ ...onePo('JPY', undefined, 35000, 1), currency_rate: ' ' });
    expect(empty.json().cause.currency_rate).toBe(MSG.required);
    const text = await save({ ...onePo('JPY', undefined, 35000, 1), currency_rate: 'abc' });
    expect(text.json().cause.currency_rate).toBe(MSG.number);
    const zero = await save(onePo('JPY', 0, 35000, 1));
    expect(zero.json().cause.currency_rate).toBe(MSG.number);
    // A USD PO may leave it out: 1.
    const usd = await save(onePo('USD', undefined, 5, 2));
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json().data).toMatchObject({ currency_rate: 1, amount: 10, currency_amount: 10 });
  });

  it('offers the last rate used for a currency (the newest PO in it); none yet is null', async () => {
    const none = await call(t, 'purchase', 'GET', '/purchaseorders/rate/AUD');
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toEqual({ currency: 'AUD', currency_rate: null });
    await save(onePo('AUD', 0.64, 1, 1));
    await save(onePo('AUD', 0.66, 1, 1));
    expect((await call(t, 'qa', 'GET', '/purchaseorders/rate/AUD')).json().data.currency_rate).toBe(0.66);
    const bogus = await call(t, 'purchase', 'GET', '/purchaseorders/rate/XYZ');
    expect(bogus.statusCode).toBe(400);
    expect((await call(t, 'sale', 'GET', '/purchaseorders/rate/AUD')).statusCode).toBe(403);
  });
});

describe('shipping cost (item 20)', () => {
  it("'n/a' is refused with 'Please enter a valid number' on a save and on Save Shipping Cost", async () => {
    const bad = await save({ ...poBody(refs), shipping_cost: 'n/a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().cause.shipping_cost).toBe(MSG.number);
    const po = (await save(poBody(refs))).json().data;
    const call2 = await call(t, 'purchase', 'POST', '/purchaseorders/saveShippingCost', {
      id: po.id,
      shipping_cost: 'n/a',
    });
    expect(call2.statusCode).toBe(400);
    expect(call2.json().cause.shipping_cost).toBe(MSG.number);
    expect(await rawPo(t, po.id)).toMatchObject({ shipping_cost: '0.000000', version: 1 });
  });

  it('a number given with the save is kept (entered in the PO currency, stored × rate)', async () => {
    const po = (await save({ ...onePo('EUR', 1.1, 2, 1), shipping_cost: 50 })).json().data;
    expect(po.shipping_cost).toBe(55);
  });
});

describe('the list total row (item 7)', () => {
  it('counts and sums the POs but the cancelled ones, with or without a date range or search', async () => {
    const own = await makeRefs(t);
    const ids: number[] = [];
    for (const price of [1, 2, 4]) ids.push((await save(onePo('USD', 1, price, 1, own))).json().data.id);
    const c = await call(t, 'purchase', 'POST', `/purchaseorders/cancel/${ids[2]}`, { reason: 'not needed' });
    expect(c.statusCode, c.body).toBe(200);
    for (const f of [
      '',
      '&start=0',
      '&start=0&end=1900000000',
      `&search=${encodeURIComponent(own.supplier.name as string)}`,
    ]) {
      const list = (await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}${f}`)).json();
      expect([list.total, list.counted, list.amount], f).toEqual([3, 2, 3]);
    }
    const cancelled = (
      await call(t, 'qa', 'GET', `/purchaseorders?supplier=${own.supplier.id}&status=cancelled`)
    ).json();
    expect([cancelled.total, cancelled.counted, cancelled.amount]).toEqual([1, 0, 0]);
  });
});

describe('Request Approval without parts (item 8)', () => {
  it('is refused with a message on parts; nothing changes and no event is written', async () => {
    const list = (await call(t, 'purchase', 'GET', '/purchaseorders/users/poapproval')).json().data as Json[];
    const approver = list.find((u) => u.user_role === 'poapproval')!.id;
    const po = (await save({ ...poBody(refs), parts: [] })).json().data;
    const res = await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, { emailTo: [approver] });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause).toEqual({ parts: PO_MSG.noParts });
    expect(await rawPo(t, po.id)).toMatchObject({ status: 'draft', version: 1 });
    const events = (await call(t, 'purchase', 'GET', `/events/purchaseorder/${po.id}`)).json().data as Json[];
    expect(events.map((e) => e.event)).toEqual(['purchaseorder_created']);
  });
});

describe('migration 0038: the price as entered, from the stored USD price', () => {
  it('is the shortest decimal giving the USD price back (KRW 1,111.11 at 0.00073: USD 0.81111)', async () => {
    const po = (await save(onePo('KRW', 0.00073, 1111.11, 1000))).json().data;
    const db = t.database.db;
    await db.execute(sql`update purchase_order_lines set local_price = 0 where po_id = ${po.id}`);
    const file = new URL('../src/db/migrations/0038_po_local_prices.sql', import.meta.url);
    const backfill = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .find((s) => s.startsWith('UPDATE "purchase_order_lines"'))!;
    await db.execute(sql.raw(`${backfill.replace(/;$/, '')} AND l."po_id" = ${po.id}`));
    const r = (await db.execute(
      sql`select local_price::text as p from purchase_order_lines where po_id = ${po.id}`,
    )) as unknown as { rows: Array<{ p: string }> };
    expect(r.rows[0]!.p).toBe('1111.110000');
  });
});
