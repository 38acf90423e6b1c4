/**
 * Bench cases of test checklists (issue 11): the test-order list over the bench's orders, and saving
 * one result of a 20-serial × 40-step stock checklist assigned to the tester (written before the
 * server starts). Target: p99 under 30 ms on PostgreSQL with one connection.
 */
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../packages/server/src/db/client';

export const GRID_SERIALS = 20;
export const GRID_STEPS = 40;

/** The seeded grid (set by seedChecklistGrid, read by the cases in the same process). */
const grid = { id: 0, stepId: 0 };

/** A stock checklist of 20 serials × 40 steps for the tester, every result still to enter. */
export async function seedChecklistGrid(db: Db, now: number) {
  const [c] = await queryRows<{ id: number }>(
    db,
    sql`insert into test_checklists (product_id, order_id, test_by, quantity, status, serials, created_at, updated_at)
      select (select min(id) from products), null, (select id from users where username = 'tester'), ${GRID_SERIALS},
        'pending', array(select 'BENCH-SN-' || g from generate_series(1, ${GRID_SERIALS}) g), ${now}, ${now}
      returning id`,
  );
  const [s] = await queryRows<{ id: number }>(
    db,
    sql`insert into test_checklist_steps (checklist_id, si_number, test_desc)
      select ${c!.id}, g, 'Bench step ' || g || ': check the unit powers up and reports its firmware'
      from generate_series(1, ${GRID_STEPS}) g returning id`,
  );
  await db.execute(sql`analyze test_checklists, test_checklist_steps`);
  grid.id = c!.id;
  grid.stepId = s!.id;
  return grid.id;
}

type Bearer = (username: string) => Promise<Record<string, string>>;
interface Case {
  name: string;
  setup(ctx: { url: string; bearer: Bearer }): Promise<autocannon.Options>;
}

export const TESTING_CASES: Case[] = [
  {
    name: 'GET /api/production/testChecklist/order?limit=50 (test orders over the bench orders)',
    setup: async ({ url, bearer }) => ({
      url: `${url}/api/production/testChecklist/order?limit=50`,
      headers: await bearer('production'),
    }),
  },
  {
    name: `GET /api/tester/stockTestChecklist/test/{id} (${GRID_SERIALS} serials × ${GRID_STEPS} steps)`,
    setup: async ({ url, bearer }) => ({
      url: `${url}/api/tester/stockTestChecklist/test/${grid.id}`,
      headers: await bearer('tester'),
    }),
  },
  {
    name: 'POST /api/tester/stockTestChecklist/saveResult/{id} (one result, row lock + event)',
    setup: async ({ url, bearer }) => {
      let item = 0;
      return {
        url: `${url}/api/tester/stockTestChecklist/saveResult/${grid.id}`,
        headers: { ...(await bearer('tester')), 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            // A different serial column each time, so the saves are inserts then updates, as at the bench.
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ step_id: grid.stepId, item_id: (item++ % GRID_SERIALS) + 1, result: 'Pass' }),
            }),
          },
        ],
      };
    },
  },
];
