/**
 * `DATABASE_URL=postgres://… node --import tsx bench/lists-matrix.ts [--runs 15] [--over 20] [--only quotations]
 * [--filter 'status draft'] [--explain]`
 * against a database loaded by `npm run seed:large -- --orders 1000000 --quotations 1000000 …`: every filter
 * of the quotations, purchase orders, test orders (checklists), packing lists, tasks and events lists × every
 * sort (both directions), through each list's query function on one connection (issue 14 item 2). Prints
 * p50/p99 per filter (worst sort named) and every combination whose p99 is over `--over` ms. `--explain`
 * instead runs each combination once more through a logging connection and replays its statements under
 * EXPLAIN (ANALYZE, BUFFERS): database time and shared buffers per combination, independent of the load
 * (combinations over `--buffers`, default 2000, are listed).
 */
import { loadavg } from 'node:os';
import { eventListQuery } from '@bpm/contract/events';
import { packingListQuery } from '@bpm/contract/packing-lists';
import { PO_SORTS, poListQuery } from '@bpm/contract/purchase-orders';
import { QUOTATION_SORTS, quotationListQuery } from '@bpm/contract/quotations';
import { taskListQuery } from '@bpm/contract/tasks';
import { testOrderListQuery } from '@bpm/contract/test-checklists';
import { sql } from 'drizzle-orm';
import { type Db, openPostgres, queryRows } from '../packages/server/src/db/client';
import { listEvents } from '../packages/server/src/modules/events/service';
import { listPackingLists } from '../packages/server/src/modules/packing-lists/list';
import { listPos } from '../packages/server/src/modules/purchase-orders/queries';
import { listQuotations } from '../packages/server/src/modules/sales-docs/quotation-list';
import { listTasks, projectTasks } from '../packages/server/src/modules/tasks/list';
import { listTestOrders } from '../packages/server/src/modules/test-checklists/lists';
import { explainReplay } from './explain-replay';

const argv = process.argv;
const arg = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const RUNS = arg('--runs', 15);
const OVER = arg('--over', 20);
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : '';
const FILTER = argv.includes('--filter') ? argv[argv.indexOf('--filter') + 1] : '';
const EXPLAIN = argv.includes('--explain');
const BUFFERS = arg('--buffers', 2000);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a database loaded by npm run seed:large');
const database = await openPostgres(url);
// The lists below read `db`; --explain points it at the logging connection for one run.
let db: Db = database.db;

// --explain: a logging connection whose statements are replayed under EXPLAIN (ANALYZE, BUFFERS).
const { logged, replay, clear: clearLog, end: endExplain } = explainReplay(url);
const now = Math.floor(Date.now() / 1000);
const DAY = 86400;
const range = (days: number) => ({ from: now - days * DAY, to: now });
/** The value of `col` with the most rows in `table` (the heaviest dealer, supplier, user …). */
const busiest = async (table: string, col: string, where = 'true') =>
  Number(
    (
      await queryRows<{ v: number }>(
        db,
        sql.raw(`select ${col} as v from ${table} where ${where} group by 1 order by count(*) desc limit 1`),
      )
    )[0]?.v ?? 1,
  );

type Run = (filter: Record<string, string>, sort: string | undefined, order: 'asc' | 'desc') => Promise<number>;
interface List {
  name: string;
  sorts: readonly (string | undefined)[];
  filters: Record<string, Record<string, string>>;
  run: Run;
}

const s = (n: number) => String(n);
async function lists(): Promise<List[]> {
  const dealer = await busiest('quotations', 'dealer_id', 'deleted = 0');
  const orderDealer = await busiest('orders', 'dealer_id', 'deleted = 0');
  const supplier = await busiest('purchase_orders', 'supplier_id');
  const user = await busiest('project_members', 'user_id');
  const project = await busiest(
    'tasks',
    'project_id',
    `project_id in (select project_id from project_members where user_id = ${user})`,
  );
  const d180 = range(180);
  const d30 = range(30);
  return [
    {
      name: 'quotations',
      sorts: [undefined, ...QUOTATION_SORTS],
      filters: {
        none: {},
        dealer: { dealer: s(dealer) },
        '180 days': { start: s(d180.from), end: s(d180.to) },
        'dealer + 180 days': { dealer: s(dealer), start: s(d180.from), end: s(d180.to) },
        'search qt-l123': { search: 'qt-l123' },
        'search xyz (no hit)': { search: 'xyz' },
      },
      run: async (f, sort, order) =>
        (await listQuotations(db, quotationListQuery.parse({ limit: '50', ...f, sort, order }))).total,
    },
    {
      name: 'purchase orders',
      sorts: [undefined, ...PO_SORTS],
      filters: {
        none: {},
        supplier: { supplier: s(supplier) },
        '180 days': { start: s(d180.from), end: s(d180.to) },
        'status draft': { status: 'draft' },
        'status waitingapproval': { status: 'waitingapproval' },
        'status received': { status: 'received' },
        'paid 0 (unpaid)': { paid: '0' },
        'paid 2 (partial)': { paid: '2' },
        'supplier + 180 days + received + partial': {
          supplier: s(supplier),
          start: s(d180.from),
          end: s(d180.to),
          status: 'received',
          paid: '2',
        },
        'search po-2025-001': { search: 'po-2025-001' },
        'search engineering (20 %)': { search: 'engineering' },
        'search xyz (no hit)': { search: 'xyz' },
      },
      run: async (f, sort, order) => (await listPos(db, poListQuery.parse({ limit: '50', ...f, sort, order }))).total,
    },
    {
      name: 'test orders',
      sorts: [undefined, 'date', 'oc_ref', 'dealer_name', 'test_status'],
      filters: {
        none: {},
        dealer: { dealer: s(orderDealer) },
        '30 days': { date_from: s(d30.from), date_to: s(d30.to) },
        pending: { test_status: 'pending' },
        'in progress': { test_status: 'in progress' },
        'waiting approval': { test_status: 'waiting approval' },
        completed: { test_status: 'completed' },
        'dealer + 30 days + pending': {
          dealer: s(orderDealer),
          date_from: s(d30.from),
          date_to: s(d30.to),
          test_status: 'pending',
        },
        'search oc-l123': { search: 'oc-l123' },
      },
      run: async (f, sort, order) =>
        (await listTestOrders(db, testOrderListQuery.parse({ limit: '50', ...f, sort, order }))).total,
    },
    {
      name: 'packing lists',
      sorts: [undefined, 'date', 'oc_ref', 'dealer_name', 'shipping_date', 'po_number', 'customer'],
      filters: {
        none: {},
        dealer: { dealer: s(orderDealer) },
        '180 days': { date_from: s(d180.from), date_to: s(d180.to) },
        'dealer + 180 days': { dealer: s(orderDealer), date_from: s(d180.from), date_to: s(d180.to) },
        'search serial sn-p12345': { search: 'sn-p12345' },
        'search xyz (no hit)': { search: 'xyz' },
      },
      run: async (f, sort, order) =>
        (await listPackingLists(db, packingListQuery.parse({ limit: '50', ...f, sort, order }))).total,
    },
    {
      name: 'tasks',
      // The task lists have one order (id descending); the project panel has its own.
      sorts: [undefined],
      filters: {
        'projects: none': {},
        'projects: status new': { status: 'new' },
        'projects: priority high': { priority: 'high' },
        'projects: overdue': { overdue: '1' },
        'projects: top level only': { include_subtasks: '0' },
        'projects: added 30 days': { date_from: s(d30.from), date_to: s(d30.to) },
        'projects: due next 30 days': { due_from: s(now), due_to: s(now + 30 * DAY) },
        'projects: search task 12': { search: 'task 12' },
        'projects: one project': { project_id: s(project) },
        'my: none': { mode: 'my' },
        'my: status new': { mode: 'my', status: 'new' },
        'my: assigned to me, overdue': { mode: 'my', assigned_to: s(user), overdue: '1' },
        'panel: project': { mode: 'panel' },
        'panel: project, status in progress': { mode: 'panel', status: 'in progress' },
      },
      run: async ({ mode, ...f }) => {
        const q = taskListQuery.parse({ limit: '50', ...f });
        if (mode === 'panel') return (await projectTasks(db, project, user, q, now)).total;
        return (await listTasks(db, user, q, mode === 'my' ? 'my' : 'projects', now)).total;
      },
    },
    {
      name: 'events',
      sorts: [undefined],
      filters: {
        'admin: none': {},
        'admin: type order': { type: 'order' },
        'admin: event task_updated': { event: 'task_updated' },
        'admin: user bulk.user.1': { user: 'bulk.user.1' },
        'admin: 30 days': { from: s(d30.from), to: s(d30.to) },
        'admin: search xyz (no hit)': { search: 'xyz' },
        'admin: search n123': { search: 'n123' },
        'admin: type task + 30 days': { type: 'task', from: s(d30.from), to: s(d30.to) },
        'sale: none': { role: 'sale' },
        'sale: 30 days': { role: 'sale', from: s(d30.from), to: s(d30.to) },
        'production: none': { role: 'production' },
        'record history (order 4242)': { entity: '4242' },
      },
      run: async ({ role, entity, ...f }) => {
        const q = eventListQuery.parse({ limit: '50', ...f });
        const who = (role ?? 'administrator') as 'administrator';
        return (
          await listEvents(
            db,
            { user_id: 1, user_role: who },
            q,
            entity ? { type: 'order', id: Number(entity) } : undefined,
          )
        ).total;
      },
    },
  ];
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
console.log(
  EXPLAIN
    ? `EXPLAIN (ANALYZE, BUFFERS) of each combination's statements; load average at start ${load()}`
    : `${RUNS} runs per combination, one connection; load average at start ${load()}`,
);
const slow: string[] = [];
for (const list of await lists()) {
  if (ONLY && !list.name.includes(ONLY)) continue;
  console.log(
    EXPLAIN
      ? `\n### ${list.name}\n\n| filter | total rows | DB ms (median sort) | DB ms (slowest sort) | slowest sort | most buffers |\n|---|---:|---:|---:|---|---:|`
      : `\n### ${list.name}\n\n| filter | total rows | p50 ms (median sort) | p99 ms (worst sort) | worst sort |\n|---|---:|---:|---:|---|`,
  );
  for (const [name, filter] of Object.entries(list.filters)) {
    if (FILTER && !name.includes(FILTER)) continue;
    const p50s: number[] = [];
    let worst = { p99: 0, sort: '' };
    let most = 0;
    let total = 0;
    for (const sort of list.sorts)
      for (const order of sort ? (['asc', 'desc'] as const) : (['desc'] as const)) {
        const label = sort ? `${sort} ${order}` : 'default';
        total = await list.run(filter, sort, order); // warm-up
        if (EXPLAIN) {
          clearLog();
          db = logged;
          try {
            await list.run(filter, sort, order);
          } finally {
            db = database.db;
          }
          const { ms, buffers } = await replay();
          p50s.push(ms);
          if (ms > worst.p99) worst = { p99: ms, sort: label };
          most = Math.max(most, buffers);
          if (buffers > BUFFERS) slow.push(`${list.name}: ${name} × ${label}: ${ms.toFixed(1)} ms, ${buffers} buffers`);
          continue;
        }
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t0 = performance.now();
          await list.run(filter, sort, order);
          times.push(performance.now() - t0);
        }
        const p99 = pct(times, 0.99);
        p50s.push(pct(times, 0.5));
        if (p99 > worst.p99) worst = { p99, sort: label };
        if (p99 > OVER) slow.push(`${list.name}: ${name} × ${label}: p99 ${p99.toFixed(1)} ms`);
      }
    console.log(
      `| ${name} | ${total} | ${pct(p50s, 0.5).toFixed(1)} | ${worst.p99.toFixed(1)} | ${worst.sort} |${EXPLAIN ? ` ${most} |` : ''}`,
    );
  }
}
const what = EXPLAIN ? `${BUFFERS} buffers` : `${OVER} ms`;
console.log(slow.length ? `\nOver ${what}:\n${slow.join('\n')}` : `\nNo combination over ${what}.`);
console.log(`load average at end ${load()}`);
await endExplain();
await database.close();
