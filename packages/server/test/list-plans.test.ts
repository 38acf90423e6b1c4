// Issue 14 item 2, the remaining slow combinations: every way the purchase order list finds a page — the
// index walk, the due-date walk bounded by a PO date range, a bounded walk then the filter first, the filter
// first at once — answers the rows the plain ORDER BY query does, page by page, for every sort in both
// directions, ties on every sort key broken by id; so do the task lists' per-project merge, the own tasks
// read first and the search's single pass, and the test order list (orders.testable against the lines themselves)
// for every filter × sort × direction, its searches read once.

import { TEST_STATUSES } from '@bpm/contract/orders';
import { PO_SORTS, poListQuery } from '@bpm/contract/purchase-orders';
import { dayStart, taskListQuery } from '@bpm/contract/tasks';
import { testOrderListQuery } from '@bpm/contract/test-checklists';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { poPagePlan } from '../src/modules/purchase-orders/list-page';
import { listConditions, listPos } from '../src/modules/purchase-orders/queries';
import { rebuildPoRollup } from '../src/modules/purchase-orders/totals';
import { listTasks, projectTasks } from '../src/modules/tasks/list';
import { listTestOrders } from '../src/modules/test-checklists/lists';
import { pageBy, type Way } from '../src/platform/list-page';
import { makeSaleProduct } from './factories/products';
import { makeRefs, poIn } from './factories/purchasing';
import { createDealer, createOrder } from './factories/sales';
import { userId } from './factories/users';
import { makeProject, makeTask } from './factories/work';
import { createTestApp, DAY, type TestApp } from './helpers';
import { plainTestable, TEST_ORDER_SORTS } from './test-orders-plain';

let t: TestApp;
let now: number;
const suppliers: number[] = [];
const db = () => t.database.db;
const ids = async (q: SQL) => (await queryRows<{ id: number }>(db(), q)).map((r) => Number(r.id));
const DIRS = ['asc', 'desc'] as const;

beforeAll(async () => {
  t = await createTestApp();
  now = Math.floor(t.clock.now() / 1000);
  const STATUSES = ['draft', 'waitingapproval', 'received', 'received', 'approved', 'cancelled'] as const;
  for (let s = 0; s < 2; s++) {
    const refs = await makeRefs(t);
    suppliers.push(Number(refs.supplier.id));
    for (let i = 0; i < 12; i++) {
      const po = await poIn(t, refs, STATUSES[(i + s) % STATUSES.length]!);
      // Few distinct values per column, so every sort has ties only the id orders; due dates before and
      // after the PO date (the lag bounds of a due-date walk).
      const poDate = now - (i % 7) * 20 * DAY - (i % 2) * 3600;
      await db().execute(sql`update purchase_orders set po_date = ${poDate},
        due_date = ${poDate + ((i % 5) - 1) * 10 * DAY}, paid = ${i % 3}, amount = ${[10, 10, 25.5][i % 3]},
        po_number = ${`PO-T-${i % 4}`}, requisitioner = ${['Rita', 'rita', 'Sam'][i % 3]},
        department = ${['Engineering', 'Sales', 'engineering ops', 'Admin'][i % 4]},
        supplier_name = ${s ? 'Plan Supplier' : 'plan supplier'} where id = ${po.id}`);
    }
  }
  await rebuildPoRollup(db());
}, 120_000);
afterAll(async () => t?.close());

const COLUMNS: Record<string, string> = {
  supplier_name: 'lower(supplier_name)',
  requisitioner: 'lower(requisitioner)',
  department: 'lower(department)',
};

/** The filters of the screen, each with the same condition in plain SQL. */
const FILTERS = (): Array<{ q: Record<string, string>; where: SQL }> => {
  const [s0] = suppliers as [number];
  const start = now - 70 * DAY;
  const end = now - 10 * DAY;
  const search = sql`lower(po_number || ' ' || supplier_name || ' ' || requisitioner || ' ' || purpose || ' ' || department)`;
  return [
    { q: {}, where: sql`true` },
    { q: { status: 'draft' }, where: sql`status = 'draft'` },
    { q: { status: 'received' }, where: sql`status = 'received'` },
    { q: { supplier: String(s0) }, where: sql`supplier_id = ${s0}` },
    { q: { paid: '2' }, where: sql`paid = 2` },
    { q: { start: String(start), end: String(end) }, where: sql`po_date >= ${start} and po_date <= ${end}` },
    { q: { start: String(start) }, where: sql`po_date >= ${start}` },
    { q: { end: String(end) }, where: sql`po_date <= ${end}` },
    {
      q: { status: 'received', start: String(start), end: String(end) },
      where: sql`status = 'received' and po_date >= ${start} and po_date <= ${end}`,
    },
    {
      q: { supplier: String(s0), start: String(start), paid: '1' },
      where: sql`supplier_id = ${s0} and po_date >= ${start} and paid = 1`,
    },
    {
      q: { status: 'received', supplier: String(s0) },
      where: sql`status = 'received' and supplier_id = ${s0}`,
    },
    { q: { search: 'engineering' }, where: sql`${search} like '%engineering%'` },
    { q: { search: 'rita', status: 'received' }, where: sql`${search} like '%rita%' and status = 'received'` },
    // Departments and another field ('Sales', 'Sam'), with a filter; a term with a space (across two fields).
    { q: { search: 'sa', paid: '1' }, where: sql`${search} like '%sa%' and paid = 1` },
    { q: { search: 'engineering ops' }, where: sql`${search} like '%engineering ops%'` },
  ];
};

async function plain(where: SQL, sort: string | undefined, order: 'asc' | 'desc', offset: number, limit: number) {
  const by =
    !sort || (sort === 'po_date' && order === 'desc')
      ? sql`po_date desc`
      : sql.raw(`${sort === 'po_date' ? 'po_date' : (COLUMNS[sort] ?? sort)} ${order}`);
  return ids(
    sql`select id from purchase_orders where ${where} order by ${by}, id desc limit ${limit} offset ${offset}`,
  );
}

/** Every way the engine knows: the plain walk, the filter first, a bounded walk of 1 row and of every row, each merge. */
const WAYS: Way[] = ['walk', 'filter first', { bounded: 1 }, { bounded: 1e6 }, { merge: 0 }, { merge: 1 }];

/**
 * Every page of `limit` rows, found by the list (its plan) and by each of the engine's ways, against the
 * plain query's page.
 */
async function pagesMatch() {
  let ways = 0;
  for (const f of FILTERS())
    for (const sort of [undefined, ...PO_SORTS])
      for (const order of DIRS) {
        const all = await plain(f.where, sort, order, 0, 1000);
        const limit = 8;
        for (let offset = 0; offset <= all.length; offset += limit) {
          const q = poListQuery.parse({ ...f.q, sort, order, limit: String(limit), offset });
          const what = `${JSON.stringify(f.q)} ${sort} ${order} @${offset}`;
          const want = all.slice(offset, offset + limit);
          const got = await listPos(db(), q);
          expect(
            got.rows.map((r) => r.id),
            what,
          ).toEqual(want);
          expect(got.total, `${JSON.stringify(f.q)} total`).toBe(all.length);
          // Every way on the first two pages (a page from the start, one past it).
          if (offset > limit) continue;
          const plan = await poPagePlan(db(), q, listConditions(q), listConditions({ ...q, search: '' }));
          for (const way of WAYS) {
            const found = await pageBy(db(), plan, q, way);
            if (found === undefined) continue;
            expect(found, `${JSON.stringify(way)} ${what}`).toEqual(want);
            ways++;
          }
        }
      }
  return ways;
}

describe('purchase order list plans', () => {
  it('has ties and matches on every filter', async () => {
    for (const f of FILTERS()) expect((await plain(f.where, undefined, 'desc', 0, 1000)).length).toBeGreaterThan(2);
  });

  it('pages every filter × sort × direction the same as the plain query, by the plan and by every way', async () => {
    expect(await pagesMatch()).toBeGreaterThan(FILTERS().length * (PO_SORTS.length + 1) * 2 * 3);
  }, 300_000);
});

describe('task list plans', () => {
  let me: number;
  let project: number;
  beforeAll(async () => {
    me = await userId(t, 'sale');
    const other = await userId(t, 'production');
    // Assignees must be members; B's and D's leave afterwards, so some tasks stay assigned to non-members.
    const a = await makeProject(t, 'sale', { name: 'Plan A' }, [['production', 'member']]);
    const b = await makeProject(t, 'sale', { name: 'Plan B' }, [['production', 'member']]);
    const c = await makeProject(t, 'production', { name: 'Plan C' }, [['sale', 'member']]);
    const d = await makeProject(t, 'production', { name: 'Plan D' }, [['sale', 'member']]);
    project = a.id;
    const STATUSES = ['new', 'in progress', 'completed'];
    const PRIORITIES = ['high', 'low', 'medium', 'high'];
    let i = 0;
    const add = async (who: 'sale' | 'production', extra: Record<string, unknown>) => {
      i++;
      return makeTask(t, who, {
        title: `Plan task ${i % 3}`,
        description: '',
        status: STATUSES[i % 3],
        priority: PRIORITIES[i % 4],
        due_date: i % 5 ? now + ((i % 4) - 2) * 7 * DAY : null,
        assigned_to: i % 2 ? me : other,
        ...extra,
      });
    };
    for (const [who, p, n] of [
      ['sale', a.id, 5],
      ['sale', b.id, 3],
      ['production', c.id, 4],
      ['production', d.id, 3],
      ['sale', undefined, 2],
      ['production', undefined, 2],
    ] as const)
      for (let k = 0; k < n; k++) {
        const top = await add(who, p ? { project_id: p } : {});
        if (k % 2 === 0) await add(who, { parent_id: top.id });
      }
    const leave = async (owner: 'sale' | 'production', p: number, user: number) => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${p}/members/${user}`,
        headers: await t.as(owner),
      });
      if (res.statusCode !== 200) throw new Error(`member remove ${res.statusCode} ${res.body}`);
    };
    await leave('sale', b.id, other);
    await leave('production', d.id, me);
  }, 120_000);

  const FILTERS = (): Array<{ q: Record<string, string>; where: SQL }> => [
    { q: {}, where: sql`true` },
    { q: { include_subtasks: '0' }, where: sql`t.parent_id is null` },
    { q: { status: 'new' }, where: sql`t.status = 'new'` },
    { q: { priority: 'high', include_subtasks: '0' }, where: sql`t.priority = 'high' and t.parent_id is null` },
    { q: { overdue: '1' }, where: sql`t.status <> 'completed' and t.due_date < ${dayStart(now, 'UTC')}` },
    { q: { assigned_to: String(me) }, where: sql`t.assigned_to = ${me}` },
    { q: { search: 'task 1' }, where: sql`lower(t.title) like '%task 1%'` },
    { q: { search: 'plan', status: 'completed' }, where: sql`lower(t.title) like '%plan%' and t.status = 'completed'` },
  ];
  const mine = () => sql`t.project_id in (select project_id from project_members where user_id = ${me})`;
  const lists = () => [
    {
      name: 'projects',
      scope: mine(),
      order: sql`t.id desc`,
      run: (q: ReturnType<typeof taskListQuery.parse>) => listTasks(db(), me, q, 'projects', now),
    },
    {
      name: 'my',
      scope: sql`((t.project_id is null and (t.added_by = ${me} or t.assigned_to = ${me})) or ${mine()})
        and (t.assigned_to = ${me} or t.added_by = ${me})`,
      order: sql`t.id desc`,
      run: (q: ReturnType<typeof taskListQuery.parse>) => listTasks(db(), me, q, 'my', now),
    },
    {
      name: 'panel',
      scope: sql`t.project_id = ${project}`,
      order: sql`(t.status = 'completed'), (case when t.status <> 'completed' and t.due_date < ${now} then 0 else 1 end),
        (case t.priority when 'high' then 0 when 'medium' then 1 when 'low' then 2 else 3 end), t.due_date asc nulls last,
        t.id desc`,
      run: (q: ReturnType<typeof taskListQuery.parse>) => projectTasks(db(), project, me, q, now),
    },
  ];

  it('pages every list and filter the same as the plain query, with exact totals', async () => {
    for (const list of lists())
      for (const f of FILTERS()) {
        const all = await ids(sql`select t.id from tasks t where ${list.scope} and ${f.where} order by ${list.order}`);
        const label = `${list.name} ${JSON.stringify(f.q)}`;
        if (list.name !== 'panel' && !f.q.search) expect(all.length, label).toBeGreaterThan(0);
        for (let offset = 0; offset <= all.length + 3; offset += 3) {
          const got = await list.run(taskListQuery.parse({ ...f.q, limit: '3', offset: String(offset) }));
          expect(
            got.rows.map((r) => r.id),
            `${label} @${offset}`,
          ).toEqual(all.slice(offset, offset + 3));
          expect(got.total, `${label} total @${offset}`).toBe(all.length);
        }
      }
  });
});

describe('test order list', () => {
  const dealers: number[] = [];
  beforeAll(async () => {
    const tested = await makeSaleProduct(t, { desc: 'Plan tested product', is_test_required: 1 });
    const plainProduct = await makeSaleProduct(t, { desc: 'Plan plain product', is_test_required: 0 });
    for (const name of ['Plan Dealer', 'Plan Dealer', 'plan dealer two'])
      dealers.push((await createDealer(t, { name })).id);
    // Every status with and without something to test: a plain product's line, a tested product's shipping-cost
    // line (neither is a test order), a tested product's line; one test order deleted. Dates on three days (ties).
    const STATUSES = ['pending', 'in progress', 'waiting approval', 'completed'];
    for (let i = 0; i < 20; i++) {
      const line =
        i % 5 === 0
          ? { product_id: plainProduct.id, quantity: 1, msrp: 10 }
          : { product_id: tested.id, quantity: 1, msrp: 10, ...(i % 7 === 3 ? { is_shipping_cost: 1 } : {}) };
      const { id } = await createOrder(t, { products: [line] }, dealers[i % 3]);
      await db().execute(sql`update orders set date = ${now - (i % 3) * DAY}, test_status = ${STATUSES[i % 4]},
        deleted = ${i === 19 ? 1 : 0} where id = ${id}`);
    }
  }, 120_000);

  const testable = plainTestable;
  const cols = TEST_ORDER_SORTS;
  const like = (term: string) => sql`lower(o.oc_ref || ' ' || o.dealer_name) like ${`%${term}%`}`;
  /** The screen's filters, each with the same condition in plain SQL. */
  const FILTERS = (): Array<{ q: Record<string, string | number>; where: SQL[] }> => {
    const [d0, d1] = dealers as [number, number];
    const day = now - DAY;
    return [
      { q: {}, where: [] },
      { q: { dealer: d0 }, where: [sql`o.dealer_id = ${d0}`] },
      ...TEST_STATUSES.map((st) => ({ q: { test_status: st }, where: [sql`o.test_status = ${st}`] })),
      { q: { date_from: day }, where: [sql`o.date >= ${day}`] },
      { q: { date_to: day }, where: [sql`o.date <= ${day}`] },
      { q: { date_from: day, date_to: day }, where: [sql`o.date >= ${day}`, sql`o.date <= ${day}`] },
      {
        q: { dealer: d1, test_status: 'completed' },
        where: [sql`o.dealer_id = ${d1}`, sql`o.test_status = 'completed'`],
      },
      { q: { dealer: d0, date_from: day }, where: [sql`o.dealer_id = ${d0}`, sql`o.date >= ${day}`] },
      { q: { search: 'plan dealer' }, where: [like('plan dealer')] },
      { q: { search: 'dealer two' }, where: [like('dealer two')] },
      { q: { search: 'plan', test_status: 'pending' }, where: [like('plan'), sql`o.test_status = 'pending'`] },
      {
        q: { search: 'plan', dealer: d0, date_from: day },
        where: [like('plan'), sql`o.dealer_id = ${d0}`, sql`o.date >= ${day}`],
      },
    ];
  };

  it('pages every filter × sort × direction the same as the plain query over the lines, with the total', async () => {
    for (const f of FILTERS())
      for (const sort of [undefined, 'date', 'oc_ref', 'dealer_name', 'test_status'])
        for (const order of DIRS) {
          const dir = sort ? order : 'desc';
          const all =
            await ids(sql`select o.id from orders o where ${sql.join([sql`o.deleted = 0`, testable, ...f.where], sql` and `)}
            order by ${sql.raw(`${cols[sort ?? ''] ?? 'o.date'} ${dir}, o.id ${dir}`)}`);
          const label = `${JSON.stringify(f.q)} ${sort} ${order}`;
          // Every filter matches test orders, but for the statuses no order here has.
          if (!['failed', 'passed'].includes(String(f.q.test_status))) expect(all.length, label).toBeGreaterThan(0);
          // The first pages, the last ones and one past the end.
          const last = all.length - (all.length % 4);
          const offsets = new Set([0, 4, 8, Math.max(0, last - 4), last, last + 4]);
          for (const offset of offsets) {
            const got = await listTestOrders(
              db(),
              testOrderListQuery.parse({ ...f.q, sort, order, limit: '4', offset }),
            );
            expect(
              got.rows.map((r) => r.id),
              `${label} @${offset}`,
            ).toEqual(all.slice(offset, offset + 4));
            expect(got.total, `${label} total @${offset}`).toBe(all.length);
            expect(got.estimated).toBe(false);
          }
        }
  }, 300_000);
});
