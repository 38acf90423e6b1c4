// Orders list plans (issue 14 item 2): every way a page is found — the sort index walk, the filter
// first (after a walk or at once), the per-status date merge — answers the rows the plain query
// does, for every sort in both directions, ties on non-unique sort keys broken by id; and totals
// no rollup answers are exact up to the cap, then estimated without a summary.
import { ORDER_SORTS, orderListQuery } from '@bpm/contract/order-reads';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { orders } from '../src/db/schema/sales';
import { listConditions, listOrders, listShippingOrders } from '../src/modules/sales-docs/list';
import { orderPagePlan } from '../src/modules/sales-docs/list-page';
import { summarise } from '../src/modules/sales-docs/list-totals';
import { pageBy, type Way } from '../src/platform/list-page';
import { countCapped } from '../src/platform/list-totals';
import { createDealer, createOrder } from './factories/sales';
import { createTestApp, DAY, type TestApp } from './helpers';

let t: TestApp;
let now: number;
const dealers: number[] = [];
const STATUSES = ['wait', 'ship', 'done', 'cancel'] as const;

beforeAll(async () => {
  t = await createTestApp();
  now = Math.floor(t.clock.now() / 1000);
  // Names that sort differently by case: the dealer name sort ignores case.
  for (const name of ['Plan dealer 0', 'plan dealer 1', 'PLAN dealer 2'])
    dealers.push((await createDealer(t, { name })).id);
  // Few distinct values per column, so every sort has ties that only the id orders.
  for (let i = 0; i < 36; i++) {
    await createOrder(
      t,
      {
        date: now - (i % 9) * 20 * DAY - (i % 4) * 3600,
        value: [120, 120, 480, 75.5][i % 4],
        shipping_cost: [0, 20, 20][i % 3],
        shipping_status: STATUSES[i % 4],
        payment_status: i % 3 === 0 ? 'paid' : 'not paid',
        shipping_for_today: i % 4 === 1 && i % 3 !== 0 ? 1 : 0,
        // Some without one (last in ascending order, first in descending).
        shipping_date_expected: i % 7 === 6 ? null : now + ((i % 5) - 3) * 7 * DAY,
        // Shipped and done orders need one; some cancelled ones have one too.
        shipping_awb: i % 4 === 1 || i % 4 === 2 || i % 8 === 3 ? `AWB-P${i % 3}` : '',
        invoice: i % 3 ? `INV-P${i % 4}` : '',
        note: i % 2 ? `Plan note ${i % 3}` : '',
      },
      dealers[i % 3],
    );
  }
}, 120_000);
afterAll(async () => t?.close());

/** The filters of the screen, each with the same condition in plain SQL. */
const FILTERS = (): Array<{ q: Record<string, string>; where: SQL }> => {
  const [d0, d1] = dealers as [number, number];
  const midnight = now - (now % DAY);
  return [
    { q: { dealer: String(d0) }, where: sql`dealer_id = ${d0}` },
    { q: { shipping_status: 'wait;ship' }, where: sql`shipping_status in ('wait', 'ship')` },
    { q: { shipping_status: 'ship;done;cancel' }, where: sql`shipping_status in ('ship', 'done', 'cancel')` },
    { q: { payment_status: 'not paid' }, where: sql`payment_status = 'not paid'` },
    {
      q: { dealer: String(d1), shipping_status: 'wait;ship', start: String(now - 100 * DAY), end: String(now) },
      where: sql`dealer_id = ${d1} and shipping_status in ('wait', 'ship') and date >= ${now - 100 * DAY} and date <= ${now}`,
    },
    {
      q: { expected_before_today: '1', shipping_status: 'wait;ship', today_start: String(midnight) },
      where: sql`shipping_status in ('wait', 'ship') and shipping_date_expected < ${midnight}`,
    },
    { q: { shipping_for_today: '1' }, where: sql`shipping_for_today = 1` },
    // Date ranges (by expected date: week walks merged), one cutting weeks, one wider than the data.
    {
      q: { start: String(now - 100 * DAY - 5000), end: String(now - 3 * DAY) },
      where: sql`date >= ${now - 100 * DAY - 5000} and date <= ${now - 3 * DAY}`,
    },
    {
      q: { start: '0', shipping_status: 'wait;ship;done', payment_status: 'not paid' },
      where: sql`date >= 0 and shipping_status in ('wait', 'ship', 'done') and payment_status = 'not paid'`,
    },
    { q: { search: 'plan note 1' }, where: sql`lower(note) like '%plan note 1%'` },
  ];
};

const COLUMNS: Record<string, string> = {
  dealer_name: 'lower(dealer_name)',
  note: 'left(note, 64)',
  sales: '(value - shipping_cost)',
};

async function plain(where: SQL, sort: string, order: 'asc' | 'desc', offset: number, limit: number) {
  const dir = sql.raw(order);
  const by =
    sort === 'date'
      ? order === 'asc'
        ? sql`date asc nulls first, id asc nulls first`
        : sql`date desc nulls last, id desc nulls last`
      : sort === 'id'
        ? sql`id ${dir}`
        : sql`${sql.raw(COLUMNS[sort] ?? sort)} ${dir}, id ${dir}`;
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from orders where deleted = 0 and ${where} order by ${by} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => Number(r.id));
}

/** Every way the engine knows: the plain walk, the filter first, a bounded walk of 7 rows and of every row, each merge. */
const WAYS: Way[] = ['walk', 'filter first', { bounded: 7 }, { bounded: 1e6 }, { merge: 0 }, { merge: 1 }];

describe('orders list plans', () => {
  it('page every filter × sort, both directions, as the plain query does, by the plan and by every way', async () => {
    let checked = 0;
    let ways = 0;
    for (const f of FILTERS())
      for (const sort of ORDER_SORTS)
        for (const order of ['asc', 'desc'] as const) {
          const q = orderListQuery.parse({ limit: '5', offset: '2', sort, order, ...f.q });
          const want = await plain(f.where, sort, order, 2, 5);
          const what = `${JSON.stringify(f.q)} ${sort} ${order}`;
          expect(
            (await listOrders(t.database.db, q, now)).rows.map((r) => r.id),
            what,
          ).toEqual(want);
          // The shipping and production lists have no payment filter.
          if (!f.q.payment_status)
            expect(
              (await listShippingOrders(t.database.db, q, now)).rows.map((r) => r.id),
              `shipping ${what}`,
            ).toEqual(want);
          const plan = orderPagePlan(listConditions(orders, q, now, { payment: true }), q);
          for (const way of WAYS) {
            const got = await pageBy(t.database.db, plan, q, way);
            // A short walk that found too few, or a merge the plan has not: no answer (the plan goes on).
            if (got === undefined) continue;
            expect(got, `${JSON.stringify(way)}: ${what}`).toEqual(want);
            ways++;
          }
          checked += want.length;
        }
    // The data set fills the pages (the comparison is not of empty lists), and every way answered often.
    expect(checked).toBeGreaterThan(FILTERS().length * ORDER_SORTS.length * 2 * 2);
    expect(ways).toBeGreaterThan(FILTERS().length * ORDER_SORTS.length * 2 * 3);
  });

  it('merge the per-status date walks across page boundaries, both directions', async () => {
    const f = FILTERS()[2]!;
    for (const order of ['asc', 'desc'] as const)
      for (const offset of [0, 3, 11]) {
        const q = orderListQuery.parse({ limit: '7', offset: String(offset), order, ...f.q });
        expect((await listOrders(t.database.db, q, now)).rows.map((r) => r.id)).toEqual(
          await plain(f.where, 'date', order, offset, 7),
        );
      }
  });

  it('count and sum a filter no rollup answers exactly up to the cap, then estimate without a summary', async () => {
    const q = orderListQuery.parse({ limit: '5', search: 'plan note' });
    const [exact] = await queryRows<{ n: number | string; value: string }>(
      t.database.db,
      sql`select count(*) as n, coalesce(sum(value) filter (where shipping_status <> 'cancel'), 0)::text as value
          from orders where deleted = 0 and lower(note) like '%plan note%'`,
    );
    const n = Number(exact?.n);
    expect(n).toBeGreaterThan(3);
    const full = await listOrders(t.database.db, q, now);
    expect(full.total).toBe(n);
    expect(full.total_estimated).toBe(0);
    expect(full.summary?.value).toBeCloseTo(Number(exact?.value), 2);
    expect((await listShippingOrders(t.database.db, q, now)).total).toBe(n);

    // Over the cap (3 here): an estimated total and no summary.
    const where = sql`${orders.deleted} = 0 and lower(${orders.note}) like '%plan note%'`;
    const over = await summarise(t.database.db, where, undefined, 3);
    expect(over.estimated).toBe(true);
    expect(over.summary).toBeNull();
    expect(over.total).toBeGreaterThan(3);
    const counted = await countCapped(t.database.db, sql`select 1 from ${orders} where ${where}`, 3);
    expect(counted.estimated).toBe(true);
    expect(counted.total).toBeGreaterThan(3);
    expect(await countCapped(t.database.db, sql`select 1 from ${orders} where ${where}`, n)).toEqual({
      total: n,
      estimated: false,
    });
  });

  it('answer total_estimated through the API: 0 for the rollup filters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders?limit=2&dealer=${dealers[0]}&shipping_status=wait;ship`,
      headers: await t.as('sale'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total_estimated: 0, summary: { count: expect.any(Number) } });
    const ship = await t.app.inject({
      method: 'GET',
      url: '/api/shipping/orders?limit=2&expected_before_today=1',
      headers: await t.as('shipping'),
    });
    expect(ship.statusCode, ship.body).toBe(200);
    expect(ship.json()).toMatchObject({ total_estimated: 0, total: expect.any(Number) });
  });
});
