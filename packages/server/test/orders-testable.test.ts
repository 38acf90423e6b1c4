// orders.testable (0043; docs/decisions.md, 'The test order list's orders') stays what an order's lines and their
// products say — a line whose product needs a test and is not a shipping-cost line — after random saves: lines
// added, removed and changed, shipping-cost lines, a new product from a line, duplicates, quotations confirmed to
// orders, a product's 'test required' switched through its form; and a product's change made while an order save
// writes lines of it (PostgreSQL: two transactions at once).

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { orders } from '../src/db/schema/sales';
import { refreshOrderStatus } from '../src/modules/sales-docs/test-status';
import { lockRow } from '../src/platform/records';
import { makeSaleProduct, setTestRequired } from './factories/products';
import { createDealer, createOrder, createQuotation } from './factories/sales';
import { createTestApp, get, postForm, put, type TestApp } from './helpers';

let t: TestApp;
let dealer: number;
// A fixed-seed generator: a failure replays the same sequence.
let seed = 43;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;

type Line = {
  product_id: number | null;
  quantity: number;
  msrp: number;
  is_shipping_cost?: number;
  [k: string]: unknown;
};
type Live = { id: number; version: number; oc_ref: string };

/** The orders whose column differs from the recomputed condition. */
const mismatched = () =>
  queryRows<{ id: number; testable: number }>(
    t.database.db,
    sql`select o.id, o.testable from orders o where o.testable <> case when exists (select 1 from order_lines l
          join products p on p.id = l.product_id
          where l.order_id = o.id and p.is_test_required = 1 and l.is_shipping_cost = 0) then 1 else 0 end`,
  );
const testable = async (ids: number[]) =>
  ids.length
    ? (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`select id from orders where testable = 1 and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id`,
        )
      ).map((r) => Number(r.id))
    : [];

async function saveOrder(o: Partial<Live> & { lines: Line[] }, extra: Record<string, unknown> = {}) {
  const res = await postForm(t, 'sale', '/api/orders/save', {
    ...(o.id ? { id: o.id, version: o.version } : {}),
    dealer,
    date: Math.floor(t.clock.now() / 1000),
    value: 0,
    oc_ref: o.oc_ref ?? `OC-TB-${Math.floor(rnd() * 1e9)}`,
    products: o.lines,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data as { id: number; version: number; oc_ref: string };
  return { id: d.id, version: d.version, oc_ref: d.oc_ref };
}

describe('orders.testable', () => {
  let products: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    dealer = (await createDealer(t, { name: 'Testable Dealer' })).id;
    products = [
      (await makeSaleProduct(t, { desc: 'Tested A', is_test_required: 1 })).id,
      (await makeSaleProduct(t, { desc: 'Tested B', is_test_required: 1 })).id,
      (await makeSaleProduct(t, { desc: 'Plain', is_test_required: 0 })).id,
      // A shipping-cost product that needs a test: its lines are shipping cost unless sent otherwise.
      (await makeSaleProduct(t, { desc: 'Tested freight', is_test_required: 1, is_shipping_cost: 1 })).id,
    ];
  }, 120_000);
  afterAll(async () => t?.close());

  const randomLine = (): Line => {
    if (rnd() < 0.08)
      // A new product from the order's line (a new product needs a test by default).
      return {
        product_id: null,
        product_code: `NEW-${Math.floor(rnd() * 1e9)}`,
        desc: 'From a line',
        quantity: 1,
        msrp: 5,
      };
    const shipping = rnd();
    return {
      product_id: pick(products),
      quantity: 1 + Math.floor(rnd() * 3),
      msrp: 10,
      ...(shipping < 0.25 ? { is_shipping_cost: 1 } : shipping < 0.4 ? { is_shipping_cost: 0 } : {}),
    };
  };
  const randomLines = () => Array.from({ length: Math.floor(rnd() * 4) }, randomLine);
  /** One line edit: added, removed, another product, the shipping-cost flag switched. */
  function edited(lines: Line[]): Line[] {
    const out = lines.map((l) => ({ ...l }));
    const r = rnd();
    const i = Math.floor(rnd() * out.length);
    if (r < 0.3 || !out.length) out.push(randomLine());
    else if (r < 0.55) out.splice(i, 1);
    else if (r < 0.8) out[i] = { ...out[i]!, product_id: pick(products) };
    else out[i] = { ...out[i]!, is_shipping_cost: out[i]!.is_shipping_cost ? 0 : 1 };
    return out;
  }

  /** The stored lines as the editor posts them back. */
  const storedLines = async (id: number): Promise<Line[]> =>
    ((await get(t, 'sale', `/api/orders/${id}`)).json().data as { products: Line[] }).products.map((l) => ({
      product_id: l.product_id,
      quantity: l.quantity,
      msrp: l.msrp,
      is_shipping_cost: l.is_shipping_cost,
    }));

  it('equals its lines and their products after random saves', async () => {
    const live: Live[] = [];
    const tally = { toggled: 0, confirmed: 0, duplicated: 0 };
    for (let step = 0; step < 70; step++) {
      const r = rnd();
      let what: string;
      if (r < 0.2 || live.length < 3) {
        what = 'new order';
        live.push(await saveOrder({ lines: randomLines() }));
      } else if (r < 0.6) {
        what = 'lines edited';
        const i = Math.floor(rnd() * live.length);
        // The stored lines as the editor posts them back, then one change.
        const o = live[i]!;
        live[i] = await saveOrder({ ...o, lines: edited(await storedLines(o.id)) });
      } else if (r < 0.68) {
        what = 'duplicated';
        const o = pick(live);
        live.push(await saveOrder({ ...o, lines: await storedLines(o.id) }, { duplicate: 1 }));
        tally.duplicated++;
      } else if (r < 0.82) {
        what = 'quotation confirmed';
        const q = await createQuotation(t, { products: randomLines().filter((l) => l.product_id) }, dealer);
        const res = await put(t, 'sale', `/api/quotations/turn-to-order/${q.id}`);
        expect(res.statusCode, res.body).toBe(200);
        const d = res.json().data as { id: number; version: number; oc_ref: string };
        live.push({ id: d.id, version: d.version, oc_ref: d.oc_ref });
        tally.confirmed++;
      } else {
        what = 'product switched';
        const id = pick(products);
        const [p] = await queryRows<{ r: number }>(
          t.database.db,
          sql`select is_test_required as r from products where id = ${id}`,
        );
        const ids = live.map((o) => o.id);
        const before = await testable(ids);
        await setTestRequired(t, id, Number(p!.r) === 1 ? 0 : 1);
        if ((await testable(ids)).join() !== before.join()) tally.toggled++;
      }
      expect(await mismatched(), `step ${step}: ${what}`).toEqual([]);
    }
    // Each kind of change happened, and changed the column somewhere.
    expect(tally.toggled).toBeGreaterThan(1);
    expect(tally.confirmed).toBeGreaterThan(1);
    expect(tally.duplicated).toBeGreaterThan(1);
    const marked = await testable(live.map((o) => o.id));
    expect(marked.length).toBeGreaterThan(3);
    expect(marked.length).toBeLessThan(live.length - 3);
  }, 300_000);

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    "a product switched while an order save flags its line: the product's save waits for the order's",
    async () => {
      const db = t.database.db;
      const product = (await makeSaleProduct(t, { desc: 'Switched meanwhile', is_test_required: 0 })).id;
      const line = { product_id: product, quantity: 1, msrp: 10, is_shipping_cost: 1 };
      const order = (await createOrder(t, { products: [line] }, dealer)).id;
      expect(await testable([order])).toEqual([]);
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let wrote = () => {};
      const written = new Promise<void>((r) => {
        wrote = r;
      });
      // An order save: the order's lock, a line write (its shipping-cost flag: the line keeps its product, so no
      // foreign-key check locks the product's row) and the test status, the commit held back.
      const save = db.transaction(async (tx) => {
        await lockRow(tx, orders, order);
        await tx.execute(sql`update order_lines set is_shipping_cost = 0 where order_id = ${order}`);
        await refreshOrderStatus(tx, order, { lines: true });
        wrote();
        await held;
      });
      await written;
      let settled = false;
      const switched = setTestRequired(t, product, 1).finally(() => {
        settled = true;
      });
      // Until the product's save has committed or waits for a lock.
      for (let i = 0; i < 250 && !settled; i++) {
        const [w] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_locks where not granted`);
        if (Number(w?.n) > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      release();
      await save;
      await switched;
      expect(await testable([order])).toEqual([order]);
      expect(await mismatched()).toEqual([]);
    },
    60_000,
  );
});
