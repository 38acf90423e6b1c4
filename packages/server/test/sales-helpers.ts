import type { Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { multipart, SAMPLE, type TestApp } from './helpers';

type Fields = Record<string, string | number | undefined | null | unknown[]>;
export type Upload = { field: string; name: string; type?: string; data?: Buffer };

/** POSTs a multipart form (arrays become JSON strings, like the web's `products`). */
export async function postForm(t: TestApp, role: Role, url: string, fields: Fields, uploads: Upload[] = []) {
  const flat: Record<string, string | number | undefined | null> = {};
  for (const [k, v] of Object.entries(fields)) flat[k] = Array.isArray(v) ? JSON.stringify(v) : (v as string);
  const mp = multipart(
    flat,
    uploads.map((u) => ({
      field: u.field,
      name: u.name,
      type: u.type ?? 'application/pdf',
      data: u.data ?? SAMPLE.pdf,
    })),
  );
  return t.app.inject({ method: 'POST', url, payload: mp.payload, headers: { ...(await t.as(role)), ...mp.headers } });
}

export async function get(t: TestApp, role: Role, url: string) {
  return t.app.inject({ method: 'GET', url, headers: await t.as(role) });
}

export async function put(t: TestApp, role: Role, url: string) {
  return t.app.inject({ method: 'PUT', url, headers: await t.as(role) });
}

/** Row counts of the tables a failed save must leave untouched. */
export async function counts(t: TestApp) {
  const [r] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`select (select count(*)::int from dealers) as dealers, (select count(*)::int from orders) as orders,
      (select count(*)::int from order_lines) as order_lines, (select count(*)::int from quotations) as quotations,
      (select count(*)::int from quotation_lines) as quotation_lines, (select count(*)::int from products) as products,
      (select count(*)::int from files) as files, (select count(*)::int from events) as events`,
  );
  return r!;
}

export const DEALER = {
  name: 'Test Dealer Co.',
  country: 'Germany',
  billing_address: 'Hauptstraße 1, 10115 Berlin',
  email: 'orders@testdealer.example',
  discount: 10,
  credit_limit: 5000,
  payment_terms: '100% 30 days',
};

/** Creates a dealer and answers it. */
export async function createDealer(t: TestApp, fields: Fields = {}) {
  const res = await postForm(t, 'sale', '/api/dealers/save', { ...DEALER, ...fields });
  if (res.statusCode !== 200) throw new Error(`dealer save ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; name: string; version: number };
}

/** Two plain products and a shipping-cost product of the demo data (or created). */
export async function pickProducts(t: TestApp) {
  const res = await get(t, 'sale', '/api/autocomplete/products?limit=200');
  const all = res.json().data as Array<{
    id: number;
    discount: number;
    is_shipping_cost: number;
    msrp: number;
    product_code: string;
  }>;
  const plain = all.filter((p) => !p.is_shipping_cost && p.discount === 0);
  const discounted = all.find((p) => !p.is_shipping_cost && p.discount > 0);
  const shipping = all.find((p) => p.is_shipping_cost);
  if (plain.length < 2 || !shipping) throw new Error('demo products missing');
  return { a: plain[0]!, b: plain[1]!, discounted, shipping };
}

export const DAY = 86400;
