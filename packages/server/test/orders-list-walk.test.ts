// The orders list's walk past many non-matching rows (platform/list-page.ts findPage, step 6): when most orders match
// but the newest do not (expected before today: the newest orders are expected later), the page is the sort index's
// walk under the filter. Where that index holds the filter's columns (every orders sort index but the id's), the
// walk reads the page's ids from index entries, then only the page's rows — not a table row for every order passed.
import { orderListQuery } from '@bpm/contract/order-reads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { listOrders, listShippingOrders } from '../src/modules/sales-docs/list';
import { createOrder } from './factories/sales';
import { createTestApp, DAY, statementsOf, type TestApp } from './helpers';

let t: TestApp;
let now: number;
let midnight: number;
/** Orders expected after today, the newest; and expected before it, older: more than half the list, over the cap. */
const LATER = 3000;
const EARLIER = 6000;

beforeAll(async () => {
  t = await createTestApp();
  now = Math.floor(t.clock.now() / 1000);
  midnight = now - (now % DAY);
  const model = await createOrder(t, { date: now - 400 * DAY, note: 'walk model' });
  // Copies of the model order (its triggers and rollups run for each), newest first by number.
  const columns = (
    await queryRows<{ name: string }>(
      t.database.db,
      sql`select column_name as name from information_schema.columns
          where table_name = 'orders' and column_name not in ('id', 'oc_ref', 'date', 'shipping_date_expected')
            and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((c) => sql.identifier(c.name));
  const list = sql.join(columns, sql`, `);
  await t.database.db.execute(
    sql`insert into orders (oc_ref, date, shipping_date_expected, ${list})
        select 'OC-WALK-' || g, ${now}::bigint - g * 60,
               case when g <= ${LATER}::int then ${midnight + 7 * DAY}::bigint else ${midnight - 7 * DAY}::bigint end,
               ${list}
        from orders, generate_series(1, ${LATER + EARLIER}) g where orders.id = ${model.id}`,
  );
  // The planner's row count of the table, which the page finder reads (autovacuum does this in a deployment).
  await t.database.db.execute(sql`analyze orders`);
}, 180_000);
afterAll(async () => t?.close());

describe('orders list: a walk past the newest orders', () => {
  it('finds the page of orders expected before today by date from index entries, then reads only its rows', async () => {
    for (const offset of [0, 40]) {
      const q = orderListQuery.parse({
        expected_before_today: '1',
        today_start: String(midnight),
        limit: '25',
        offset: String(offset),
      });
      const want = (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`select id from orders where deleted = 0 and shipping_date_expected < ${midnight}
              order by date desc nulls last, id desc nulls last limit 25 offset ${offset}`,
        )
      ).map((r) => Number(r.id));
      expect(want).toHaveLength(25);
      for (const list of [listOrders, listShippingOrders]) {
        let rows: Array<{ id: number }> = [];
        const statements = await statementsOf(t, async () => {
          rows = (await list(t.database.db, q, now)).rows;
        });
        expect(
          rows.map((r) => r.id),
          `${list.name} offset ${offset}`,
        ).toEqual(want);
        // Every statement that walks the orders in date order under the filter selects their ids alone.
        const walks = statements.filter((s) => /shipping_date_expected" < \$\d+.* order by .*limit/i.test(s));
        expect(walks.length, statements.join('\n')).toBeGreaterThan(0);
        for (const s of walks) expect(s, `${list.name}: a walk reads table rows`).not.toMatch(/"oc_ref"/);
      }
    }
  });
});
