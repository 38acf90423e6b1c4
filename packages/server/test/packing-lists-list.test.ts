// Packing list list at scale (issue 14 item 2): the order's OC ref, dealer and company are copied onto the
// packing list and kept by database triggers whatever writes the order; the list reads the copies alone, and
// every filter × sort × direction pages like the plain query joined to the orders, ties broken by id.
import { packingListQuery } from '@bpm/contract/packing-lists';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { listPackingLists } from '../src/modules/packing-lists/list';
import { currentGeneration } from '../src/platform/fresh-cache';
import { makeSaleProduct } from './factories/products';
import { createDealer, createOrder, DEALER } from './factories/sales';
import { createTestApp, DAY, get, postForm, type TestApp } from './helpers';

let t: TestApp;
let now: number;
const db = () => t.database.db;
const ids = async (q: SQL) => (await queryRows<{ id: number }>(db(), q)).map((r) => Number(r.id));
const dealers: Array<{ id: number; name: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  now = Math.floor(t.clock.now() / 1000);
  // Two dealers with the same name (ties on the company), a third named apart.
  for (const name of ['Copy Tie Dealer', 'Copy Tie Dealer', 'Copy Other Dealer'])
    dealers.push(await createDealer(t, { name }));
  // Packing lists spread over 400 days, with ties on every sort key: the same creation time, OC ref,
  // PO number, customer (differing in case only) and shipping date, and shipping dates without a value.
  for (let i = 0; i < 18; i++) {
    const o = await createOrder(t, { date: now - (i % 6) * 80 * DAY }, dealers[i % 3]!.id);
    for (let j = 0; j < 2; j++) {
      const created = now - (i % 6) * 80 * DAY + (i % 2) * 3600;
      await db().execute(sql`insert into packing_lists (order_id, po_number, customer, shipping_date, serial_text,
        created_at, updated_at) values (${o.id}, ${`CPO-${i % 3}`}, ${j ? 'Same Customer' : 'same customer'},
        ${i % 4 === 0 ? null : created + (j + 1) * DAY}, ${`sn-copy-${i}-${j}`}, ${created}, ${created})`);
    }
  }
  // Ties on the OC ref: set on the orders, the triggers pass it on.
  await db().execute(sql`update orders set oc_ref = 'OC-COPY-TIE'
    where id in (select order_id from packing_lists where serial_text like 'sn-copy-1-%' or serial_text like 'sn-copy-5-%')`);
}, 120_000);
afterAll(async () => t?.close());

/** The list's row fields that come from the order, for one packing list (through the list). */
async function listed(plId: number, q: Record<string, string> = {}) {
  const res = await get(t, 'sale', `/api/packinglists?limit=500&${new URLSearchParams(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().data as Array<Record<string, unknown>>).find((r) => r.id === plId);
  return row && { oc_ref: row.oc_ref, dealer: row.dealer, dealer_name: row.dealer_name };
}

describe('the order columns copied onto packing lists', () => {
  it('follow an order saved through the API (OC ref, dealer) and a dealer rename, in the list and the packing list', async () => {
    const product = await makeSaleProduct(t, { desc: 'Copy product', msrp: 100 });
    const from = await createDealer(t, { name: 'Copy From Dealer' });
    const to = await createDealer(t, { name: 'Copy To Dealer' });
    const order = await createOrder(
      t,
      { oc_ref: 'OC-COPY-1', products: [{ product_id: product.id, quantity: 1, msrp: 100 }] },
      from.id,
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/packinglists/save',
      headers: await t.as('sale'),
      payload: { order_id: order.id, po_number: 'CPO-COPY', customer: 'Copy customer', products: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const plId = saved.json().data.id as number;
    expect(saved.json().data).toMatchObject({ oc_ref: 'OC-COPY-1', dealer: from.id, dealer_name: 'Copy From Dealer' });

    // The order's own save: a new OC ref and another dealer. The data generation (0015) still moves with it.
    const generation = async () =>
      Number((await queryRows<{ n: number }>(db(), sql`select ${currentGeneration} as n`))[0]?.n);
    const before = await generation();
    const edit = await postForm(t, 'sale', '/api/orders/save', {
      id: order.id,
      version: order.version,
      dealer: to.id,
      date: now,
      value: 0,
      oc_ref: 'OC-COPY-2',
      products: [{ product_id: product.id, quantity: 1, msrp: 100 }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await generation()).toBeGreaterThan(before);
    const want = { oc_ref: 'OC-COPY-2', dealer: to.id, dealer_name: 'Copy To Dealer' };
    expect(await listed(plId)).toEqual(want);
    expect(await listed(plId, { dealer: String(to.id) })).toEqual(want);
    expect(await listed(plId, { dealer: String(from.id) })).toBeUndefined();
    expect(await listed(plId, { search: 'oc-copy-2' })).toEqual(want);
    expect(await listed(plId, { search: 'oc-copy-1' })).toBeUndefined();
    const one = await get(t, 'sale', `/api/packinglists/${plId}`);
    expect(one.json().data).toMatchObject(want);

    // A dealer rename cascades to its orders, and from them to their packing lists.
    const renamed = await postForm(t, 'sale', '/api/dealers/save', {
      ...DEALER,
      id: to.id,
      version: to.version,
      name: 'Copy Renamed Dealer',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await listed(plId, { search: 'copy renamed' })).toEqual({ ...want, dealer_name: 'Copy Renamed Dealer' });
    expect((await get(t, 'sale', `/api/packinglists/${plId}`)).json().data.dealer_name).toBe('Copy Renamed Dealer');
  });

  it('take the order values whatever a write names; a packing list moved to another order takes that order', async () => {
    const a = await createOrder(t, { oc_ref: 'OC-COPY-A' }, dealers[0]!.id);
    const b = await createOrder(t, { oc_ref: 'OC-COPY-B' }, dealers[2]!.id);
    const [pl] = await queryRows<{ id: number }>(
      db(),
      sql`insert into packing_lists (order_id, oc_ref, dealer_id, dealer_name, created_at, updated_at)
          values (${a.id}, 'forged', 999999, 'Forged', ${now}, ${now}) returning id`,
    );
    const copy = async () =>
      (
        await queryRows<{ oc_ref: string; dealer_id: number; dealer_name: string }>(
          db(),
          sql`select oc_ref, dealer_id, dealer_name from packing_lists where id = ${pl!.id}`,
        )
      ).map((r) => ({ ...r, dealer_id: Number(r.dealer_id) }))[0];
    expect(await copy()).toEqual({ oc_ref: 'OC-COPY-A', dealer_id: dealers[0]!.id, dealer_name: 'Copy Tie Dealer' });
    await db().execute(sql`update packing_lists set dealer_name = 'Forged' where id = ${pl!.id}`);
    expect((await copy())?.dealer_name).toBe('Copy Tie Dealer');
    await db().execute(sql`update packing_lists set order_id = ${b.id} where id = ${pl!.id}`);
    expect(await copy()).toEqual({ oc_ref: 'OC-COPY-B', dealer_id: dealers[2]!.id, dealer_name: 'Copy Other Dealer' });
    // Unrelated order changes leave the packing lists alone; a bulk change of OC refs reaches them all.
    await db().execute(sql`update orders set note = 'copy note' where id = ${b.id}`);
    expect((await copy())?.oc_ref).toBe('OC-COPY-B');
    await db().execute(sql`update orders set oc_ref = oc_ref || '-X' where id in (${a.id}, ${b.id})`);
    expect((await copy())?.oc_ref).toBe('OC-COPY-B-X');
    await db().execute(sql`delete from packing_lists where id = ${pl!.id}`);
  });
});

describe('the packing list list', () => {
  /** The sort keys as the orders hold them: the plain query joins the orders. */
  const COLS: Record<string, string> = {
    date: 'pl.created_at',
    oc_ref: 'o.oc_ref',
    dealer_name: 'lower(o.dealer_name)',
    shipping_date: 'pl.shipping_date',
    po_number: 'pl.po_number',
    customer: 'lower(pl.customer)',
  };
  const FILTERS = () => {
    const [d0] = dealers.map((d) => d.id) as [number];
    const range = { date_from: String(now - 250 * DAY), date_to: String(now - 10 * DAY) };
    const inRange = sql`pl.created_at >= ${now - 250 * DAY} and pl.created_at <= ${now - 10 * DAY}`;
    const like = (s: string) =>
      sql`(pl.serial_text like ${`%${s}%`} or lower(o.oc_ref || ' ' || o.dealer_name) like ${`%${s}%`}
        or lower(pl.po_number || ' ' || pl.customer) like ${`%${s}%`})`;
    return [
      { q: {}, where: sql`true` },
      { q: { dealer: String(d0) }, where: sql`o.dealer_id = ${d0}` },
      { q: range, where: inRange },
      { q: { date_from: range.date_from }, where: sql`pl.created_at >= ${now - 250 * DAY}` },
      { q: { date_to: range.date_to }, where: sql`pl.created_at <= ${now - 10 * DAY}` },
      // Wider than the data at both ends (the week buckets are clamped to the packing lists there are).
      { q: { date_from: '0', date_to: '100000000000' }, where: sql`true` },
      { q: { dealer: String(d0), ...range }, where: sql`o.dealer_id = ${d0} and ${inRange}` },
      { q: { search: 'oc-copy-tie' }, where: like('oc-copy-tie') },
      { q: { search: 'copy tie' }, where: like('copy tie') },
      { q: { search: 'sn-copy-1' }, where: like('sn-copy-1') },
      { q: { search: 'cpo-2 same' }, where: like('cpo-2 same') },
    ];
  };

  it('pages every filter × sort × direction like the plain ORDER BY joined to the orders, ties by id', async () => {
    for (const f of FILTERS())
      for (const sort of [undefined, ...Object.keys(COLS)])
        for (const order of ['asc', 'desc'] as const) {
          const dir = !sort || order === 'desc' ? 'desc' : 'asc';
          const want = await ids(sql`select pl.id from packing_lists pl join orders o on o.id = pl.order_id
            where ${f.where} order by ${sql.raw(`${COLS[sort ?? 'date']} ${dir} nulls last, pl.id ${dir}`)}`);
          const label = `${JSON.stringify(f.q)} ${sort} ${order}`;
          expect(want.length, label).toBeGreaterThan(0);
          const got: number[] = [];
          for (let offset = 0; offset <= want.length; offset += 5) {
            const page = await listPackingLists(
              db(),
              packingListQuery.parse({ limit: '5', offset: String(offset), ...f.q, sort, order }),
            );
            got.push(...page.rows.map((r) => r.id));
            expect(page.total, label).toBe(want.length);
          }
          expect(got, label).toEqual(want);
        }
  });
});
