// Issue 25 item 2: an order save writes only what changed — its rollups move only when a figure they read
// changed (one upsert per table), its lines only where they differ (keeping their ids), and it reads its
// dealer once and its products only for changed lines. Every figure stays what a full rewrite would give.
import { MSG } from '@bpm/contract/messages';
import { formatMoney } from '@bpm/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createDealer, createOrder, editorLines, pickProducts } from './factories/sales';
import { makeChecklist, makeTestedOrder } from './factories/testing';
import { userId } from './factories/users';
import { createTestApp, get, postForm, statementsOf, type TestApp } from './helpers';

let t: TestApp;
let P: Awaited<ReturnType<typeof pickProducts>>;

beforeAll(async () => {
  t = await createTestApp();
  P = await pickProducts(t);
});
afterAll(async () => t?.close());

const ROLLUPS = [
  'order_rollup',
  'order_day_totals',
  'order_day_status_totals',
  'order_month_rollup',
  'order_day_rollup',
  'product_day_sales',
];

/** Every row of every order rollup, zero rows included, money as text. */
async function rollupRows() {
  const out: Record<string, unknown[]> = {};
  for (const table of ROLLUPS)
    out[table] = await queryRows(
      t.database.db,
      sql`select to_jsonb(r)::text as row from ${sql.identifier(table)} r order by 1`,
    );
  return out;
}

const writesTo = (qs: string[], table: string) =>
  qs.filter((q) => new RegExp(`^(insert into|update|delete from) "${table}"`).test(q));
const readsProducts = (qs: string[]) => qs.filter((q) => /^select .* from "products"/.test(q));

/** The editor's form of a saved order: its fields, and its lines as the editor sends them. */
async function formOf(id: number) {
  const doc = (await get(t, 'sale', `/api/orders/${id}`)).json().data;
  const fields = [
    'id',
    'version',
    'dealer',
    'date',
    'quote_ref',
    'oc_ref',
    'invoice',
    'note',
    'value',
    'shipping_cost',
    'actual_shipping_cost',
    'shipping_status',
    'shipping_awb',
    'payment_status',
    'payment_advance',
    'payment_received',
  ];
  const form: Record<string, unknown> = Object.fromEntries(fields.map((k) => [k, doc[k] ?? '']));
  const lines = editorLines(doc.products as Array<Record<string, unknown>>);
  return { doc, form, lines };
}

async function save(form: Record<string, unknown>, lines: unknown[]) {
  const res = await postForm(t, 'sale', '/api/orders/save', { ...form, products: JSON.stringify(lines) } as never);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('order save', () => {
  it('of the note only writes the order and its event: no rollup, line, product or payment statement', async () => {
    const dealer = await createDealer(t, { credit_limit: 0 });
    const o = await createOrder(t, { products: JSON.stringify(linesOf(2, 1)) }, dealer.id);
    const { doc, form, lines } = await formOf(o.id);
    const rollups = await rollupRows();
    let answer: Record<string, unknown> = {};
    const qs = await statementsOf(t, async () => {
      answer = await save({ ...form, note: 'only the note' }, lines);
    });
    for (const table of [...ROLLUPS, 'order_lines']) expect(writesTo(qs, table), table).toEqual([]);
    expect(readsProducts(qs)).toEqual([]);
    // The account check, lock, the order with its lines (one statement), the dealer, the update, the row read back,
    // the event (the actor's name read with the account check).
    expect(qs.length, qs.join('\n')).toBeLessThanOrEqual(7);
    expect(
      qs.filter((q) => /from "?users"?\s+where "?id"?\s*=/i.test(q)),
      qs.join('\n'),
    ).toEqual([]);
    expect(await rollupRows()).toEqual(rollups);
    const after = (await get(t, 'sale', `/api/orders/${o.id}`)).json().data;
    expect(answer).toEqual(after);
    expect(after).toEqual({ ...doc, note: 'only the note', version: doc.version + 1, updated_at: after.updated_at });
  });

  it('of a value moves each rollup once, by exactly the difference', async () => {
    const dealer = await createDealer(t, { credit_limit: 0 });
    const o = await createOrder(t, { products: JSON.stringify(linesOf(2, 1)), payment_received: 30 }, dealer.id);
    const { form, lines } = await formOf(o.id);
    const cell = async () => {
      const [r] = await queryRows<Record<string, string>>(
        t.database.db,
        sql`select r.n::text, r.value::text, r.outstanding::text, r.payment_received::text, m.n::text as month_n,
              m.sales::text as month_sales, d.sales::text as day_sales
            from order_rollup r
            join order_month_rollup m on m.dealer_id = r.dealer_id
            join order_day_rollup d on d.dealer_id = r.dealer_id
            where r.dealer_id = ${dealer.id} and r.shipping_status = 'wait' and r.payment_status = 'not paid'`,
      );
      return r;
    };
    expect(await cell()).toEqual({
      n: '1',
      value: '250.00',
      outstanding: '220.00',
      payment_received: '30.00',
      month_n: '1',
      month_sales: '250.00',
      day_sales: '250.00',
    });
    const changed = [{ ...lines[0]!, quantity: 3 }, lines[1]!];
    const qs = await statementsOf(t, () => save(form, changed));
    for (const table of ROLLUPS) expect(writesTo(qs, table), table).toHaveLength(1);
    // One line changed: one update of the lines, and its product read to resolve it.
    expect(writesTo(qs, 'order_lines')).toHaveLength(1);
    expect(await cell()).toEqual({
      n: '1',
      value: '350.00',
      outstanding: '320.00',
      payment_received: '30.00',
      month_n: '1',
      month_sales: '350.00',
      day_sales: '350.00',
    });
  });

  it('of the payment status moves only the rollups keyed by it', async () => {
    const dealer = await createDealer(t, { credit_limit: 0 });
    const o = await createOrder(t, { products: JSON.stringify(linesOf(1, 1)) }, dealer.id);
    const { form, lines } = await formOf(o.id);
    const qs = await statementsOf(t, () => save({ ...form, payment_status: 'paid' }, lines));
    // Paid: received becomes the value, outstanding 0 — the order rollups move; the dashboard's sales do not.
    for (const table of ['order_rollup', 'order_day_totals', 'order_day_status_totals'])
      expect(writesTo(qs, table), table).toHaveLength(1);
    for (const table of ['order_month_rollup', 'order_day_rollup', 'product_day_sales'])
      expect(writesTo(qs, table), table).toEqual([]);
    const rows = await queryRows<Record<string, string>>(
      t.database.db,
      sql`select payment_status, n::text, payment_received::text, outstanding::text from order_rollup
          where dealer_id = ${dealer.id} order by 1`,
    );
    expect(rows).toEqual([
      { payment_status: 'not paid', n: '0', payment_received: '0.00', outstanding: '0.00' },
      { payment_status: 'paid', n: '1', payment_received: '150.00', outstanding: '0.00' },
    ]);
  });

  it('keeps the ids of the lines it leaves, updates changed ones in place, adds and removes at the end', async () => {
    const o = await createOrder(t, {
      products: JSON.stringify([...linesOf(1, 2), { product_id: P.discounted.id, quantity: 1, msrp: 100 }]),
    });
    const first = await formOf(o.id);
    const ids = first.doc.products.map((l: { id: number }) => l.id);
    // A quantity on the second line: the same three rows.
    const [a, b, c] = first.lines;
    let saved = await save(first.form, [a, { ...b!, quantity: 5 }, c]);
    expect(saved.products.map((l: { id: number }) => l.id)).toEqual(ids);
    expect(saved.products.map((l: { quantity: number }) => l.quantity)).toEqual([1, 5, 1]);
    // The third line replaced by another product: its row takes the new line; a fourth line is a new row.
    let next = await formOf(o.id);
    const shipping = { product_id: P.shipping.id, quantity: 1, msrp: 80 };
    saved = await save(next.form, [...next.lines.slice(0, 2), shipping, { ...next.lines[0]!, quantity: 2 }]);
    expect(saved.products.slice(0, 3).map((l: { id: number }) => l.id)).toEqual(ids);
    expect(saved.products[2]).toMatchObject({ product_id: P.shipping.id, is_shipping_cost: 1, amount: 80 });
    expect(saved.products[3].id).toBeGreaterThan(Math.max(...ids));
    expect(saved.products.map((l: { quantity: number }) => l.quantity)).toEqual([1, 5, 1, 2]);
    // Swapped: each row takes the other's line, in the order sent.
    next = await formOf(o.id);
    saved = await save(next.form, [next.lines[1], next.lines[0], next.lines[2], next.lines[3]]);
    expect(saved.products.map((l: { product_id: number }) => l.product_id)).toEqual([
      P.b.id,
      P.a.id,
      P.shipping.id,
      P.a.id,
    ]);
    expect(saved.products.slice(0, 3).map((l: { id: number }) => l.id)).toEqual(ids);
    expect(saved.value).toBe(5 * 50 + 100 + 80 + 200);
    expect(saved.shipping_cost).toBe(80);
    // Fewer lines: the rows beyond them go.
    next = await formOf(o.id);
    saved = await save(next.form, next.lines.slice(0, 1));
    expect(saved.products).toHaveLength(1);
    expect(saved).toEqual((await get(t, 'sale', `/api/orders/${o.id}`)).json().data);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_lines where order_id = ${o.id}`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it("keeps an order's units under test and test status when its lines stay; recomputes them when they change", async () => {
    const { orderId, line } = await makeTestedOrder(t);
    await makeChecklist(t, line.id, await userId(t, 'tester'), 1);
    const { doc, form, lines } = await formOf(orderId);
    expect(doc.products[0].test_count).toBe(1);
    expect(doc.test_status).toBe('pending');
    const noted = await save({ ...form, note: 'tested order note' }, lines);
    expect(noted.products).toEqual(doc.products);
    expect(noted.test_status).toBe('pending');
    // The tested line removed: nothing left to test, so the order's tests are complete (its checklist released).
    const next = await formOf(orderId);
    const saved = await save(next.form, next.lines.slice(1));
    expect(saved.test_status).toBe('completed');
    expect(saved).toEqual((await get(t, 'sale', `/api/orders/${orderId}`)).json().data);
  });

  it('warns of a credit limit passed with the credit used after the save, as the dealer’s credit then reads', async () => {
    const a = await createDealer(t, { name: 'Kredyt Łódź', credit_limit: 500 });
    const b = await createDealer(t, { name: 'Kredi İzmir', credit_limit: 300 });
    const o = await createOrder(t, { products: JSON.stringify(linesOf(4, 1)) }, a.id);
    // Each step: the dealer, A's quantity, and the payment and shipping the save sends (moving between the dealers).
    const steps: Array<[number, number, Record<string, unknown>]> = [
      [a.id, 9, {}],
      [a.id, 9, { payment_received: 250.55 }],
      [a.id, 12, { payment_status: 'paid' }],
      [a.id, 12, { payment_status: 'not paid', shipping_status: 'cancel' }],
      [a.id, 11, { shipping_status: 'wait' }],
      [b.id, 11, {}],
      [b.id, 3, { payment_received: 0.1 }],
      [a.id, 30, { payment_received: 0 }],
    ];
    let warnings = 0;
    for (const [dealer, quantity, fields] of steps) {
      const { form } = await formOf(o.id);
      const res = await postForm(t, 'sale', '/api/orders/save', {
        ...form,
        ...fields,
        dealer,
        products: JSON.stringify(linesOf(quantity, 1)),
      } as never);
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json().data;
      const credit = (await get(t, 'sale', `/api/dealers/credit/${dealer}`)).json().data;
      const counted = saved.shipping_status !== 'cancel' && saved.payment_status === 'not paid';
      const over = counted && credit.credit_used > credit.credit_limit;
      if (over) warnings++;
      expect(res.json().warning, JSON.stringify(fields)).toBe(
        over
          ? MSG.creditLimitExceeded(
              dealer === a.id ? a.name : b.name,
              formatMoney(credit.credit_used),
              formatMoney(credit.credit_limit),
            )
          : undefined,
      );
    }
    expect(warnings).toBeGreaterThanOrEqual(3);
    // A note-only save over the limit warns without reading the credit used a second time.
    const { form, lines } = await formOf(o.id);
    let warning: unknown;
    const qs = await statementsOf(t, async () => {
      warning = (
        await postForm(t, 'sale', '/api/orders/save', {
          ...form,
          note: 'still over',
          products: JSON.stringify(lines),
        } as never)
      ).json().warning;
    });
    expect(warning).toBe(MSG.creditLimitExceeded(a.name, 'US$3,050.00', 'US$500.00'));
    expect(qs.filter((q) => /order_rollup/.test(q))).toHaveLength(1);
    expect(qs.length, qs.join('\n')).toBeLessThanOrEqual(7);
    // Shipping's answer shows no money, so its save computes no credit warning.
    const shipped = await statementsOf(t, async () => {
      const res = await postForm(
        t,
        'shipping',
        '/api/shipping/orders/save',
        { id: o.id, dealer: a.id, date: form.date as number, shipping_status: 'ship', shipping_weight: '5 kg' },
        [{ field: 'oc_pdf', name: 'OC-CREDIT-1.pdf' }],
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).not.toHaveProperty('warning');
    });
    expect(shipped.filter((q) => /^select/.test(q) && /order_rollup/.test(q))).toEqual([]);
  });
});

/** Lines of the plain products: `qa` × A (100) and `qb` × B (50), discount 0. */
function linesOf(qa: number, qb: number) {
  return [
    { product_id: P.a.id, quantity: qa, msrp: 100, discount: 0 },
    { product_id: P.b.id, quantity: qb, msrp: 50, discount: 0 },
  ];
}
