// Bulk test checklists for `npm run seed:large -- --test-orders N`: the last N testable orders get checklists
// and the test status those checklists give them (old orders tested and completed, recent ones in the works).
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import { DAY, inChunks, syncSequence, withoutIndexes } from './bulk';
import { seedLargeChecklistUnits } from './checklist-units';

export async function seedLargeTestOrders(db: Db, total: number, now: number) {
  const [r] = await queryRows<{ lo: number; n: number }>(
    db,
    sql`select min(id)::int as lo, count(*)::int as n from (select id from orders where deleted = 0 order by id desc limit ${total}) o`,
  );
  if (!r?.n) throw new Error('--test-orders needs orders: load them first (--orders N)');
  const lo = Number(r.lo);
  const [u] = await queryRows<{ tester: number | null }>(
    db,
    sql`select min(id)::int as tester from users where deleted = 0`,
  );
  await withoutIndexes(db, ['test_checklists', 'orders'], Number(r.n), () =>
    inChunks(db, 'test orders', Number(r.n), async (tx, from, to) => {
      // One checklist per test-required line; with one checklist the order's status is the checklist's.
      await tx.execute(sql`
        with o as (select o.id, o.date, random() as r from orders o
                   where o.deleted = 0 and o.id between ${lo + from - 1} and ${lo + to - 1}),
        s as (select o.id, o.date, case
                when o.r < 0.02 then 'pending'
                when ${now} - o.date > 60 * ${DAY} then (case when o.r < 0.97 then 'completed' else 'passed' end)
                when o.r < 0.3 then 'pending' when o.r < 0.5 then 'in progress' when o.r < 0.6 then 'failed'
                when o.r < 0.75 then 'waiting approval' when o.r < 0.85 then 'passed' else 'completed' end as st
              from o),
        u as (update orders set test_status = s.st from s where orders.id = s.id returning s.id, s.date, s.st)
        insert into test_checklists (product_id, order_id, test_by, qa_by, quantity, status, serials, test_date,
          qa_date, created_at, updated_at)
        select l.product_id, u.id, case when u.st <> 'pending' then ${u?.tester ?? null}::int end,
          case when u.st = 'completed' then ${u?.tester ?? null}::int end, l.quantity, u.st,
          case when u.st = 'pending' then '{}'::text[]
               else array(select 'SN-L' || u.id || '-' || k from generate_series(1, l.quantity) k) end,
          case when u.st <> 'pending' then u.date + 3 * ${DAY} end,
          case when u.st = 'completed' then u.date + 4 * ${DAY} end, u.date, u.date
        from u join order_lines l on l.order_id = u.id and l.is_shipping_cost = 0
        join products p on p.id = l.product_id and p.is_test_required = 1
        where u.st <> 'pending'`);
    }),
  );
  await syncSequence(db, 'test_checklists');
  await seedLargeChecklistUnits(db, now);
}
