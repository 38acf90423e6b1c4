/** Sales records (document 1): dealers, products for order lines, orders and quotations, made through the API. */
import { type PostedLineSource, postedLine } from '@bpm/contract/orders';
import { postForm, type TestApp } from '../helpers';
import { makeSaleProduct } from './products';
import { uniq } from './uniq';

type Fields = Record<string, string | number | undefined | null | unknown[]>;

/** A valid dealer form (name made unique by createDealer unless given). */
export const DEALER = {
  name: 'Test Dealer Co.',
  country: 'Germany',
  billing_address: 'Hauptstraße 1, 10115 Berlin',
  email: 'orders@testdealer.example',
  discount: 10,
  credit_limit: 5000,
  payment_terms: '100% 30 days',
};

/** A dealer saved by sale; answers the saved record (id, name, version …). */
export async function createDealer(t: TestApp, fields: Fields = {}) {
  const res = await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, name: uniq('Test Dealer'), ...fields });
  if (res.statusCode !== 200) throw new Error(`dealer save ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; name: string; version: number; [k: string]: unknown };
}

/**
 * Products for order lines, made in the test: two plain ones (discount 0), one with a product discount
 * and a shipping-cost product.
 */
export async function pickProducts(t: TestApp) {
  return {
    a: await makeSaleProduct(t, { desc: 'Plain product A', msrp: 100 }),
    b: await makeSaleProduct(t, { desc: 'Plain product B', msrp: 50 }),
    discounted: await makeSaleProduct(t, { desc: 'Discounted product', msrp: 100, discount: 15 }),
    shipping: await makeSaleProduct(t, { desc: 'Shipping cost', msrp: 80, is_shipping_cost: 1 }),
  };
}

/** Today in unix seconds on the app's clock. */
const today = (t: TestApp) => Math.floor(t.clock.now() / 1000);

/**
 * An order saved by sale with one line per product (msrp 100 unless given), for a new dealer unless
 * `dealerId`; answers the order id.
 */
export async function makeOrder(
  t: TestApp,
  lines: Array<{ product_id: number; quantity: number; msrp?: number; discount?: number }>,
  dealerId?: number,
) {
  return (await createOrder(t, { products: lines.map((l) => ({ msrp: 100, ...l })) }, dealerId)).id;
}

/** An order saved by sale from `fields` (dealer, date, value and a unique oc_ref filled in); answers the saved record. */
export async function createOrder(t: TestApp, fields: Fields = {}, dealerId?: number) {
  const dealer = dealerId ?? (await createDealer(t)).id;
  const res = await postForm(t, 'sale', '/api/orders/save', {
    dealer,
    date: today(t),
    value: 0,
    oc_ref: uniq('OC-T'),
    ...fields,
  });
  if (res.statusCode !== 200) throw new Error(`order save ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; version: number; [k: string]: unknown };
}

/** A quotation saved by sale from `fields` (dealer, date, value filled in); answers the saved record. */
export async function createQuotation(t: TestApp, fields: Fields = {}, dealerId?: number) {
  const dealer = dealerId ?? (await createDealer(t)).id;
  const res = await postForm(t, 'sale', '/api/quotations/save', { dealer, date: today(t), value: 0, ...fields });
  if (res.statusCode !== 200) throw new Error(`quotation save ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; version: number; [k: string]: unknown };
}

/** A document's lines as the editor posts them back (what a saved order or quotation answers, trimmed to the form). */
export const editorLines = (lines: PostedLineSource[]) => lines.map(postedLine);
