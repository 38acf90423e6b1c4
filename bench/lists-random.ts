/**
 * `DATABASE_URL=postgres://… node --import tsx bench/lists-random.ts [--per-list 300] [--seed 1] [--only orders]
 * [--slowest 5]` against a database loaded by `npm run seed:large` at 1M rows per list (then `vacuum analyze`):
 * uncached list pages the way people ask for them (issue 25 item 3). Each list — orders, quotations, purchase
 * orders, test orders, packing lists, tasks, events — answers `--per-list` distinct queries drawn from a seeded
 * PRNG over what its screen offers (bench/mixed-queries.ts: filters, sort × direction, searches, pages up to
 * offset 2,000; tasks and events as people of every role), each asked once through the list's query function on
 * one connection, so no answer is a repeat. Prints p50 / p95 / p99 / max per list and overall, every answer over 30 ms, then the
 * `--slowest` slowest queries with their statements' plans (EXPLAIN ANALYZE, BUFFERS).
 */
import { loadavg } from 'node:os';
import { eventListQuery } from '@bpm/contract/events';
import { orderListQuery } from '@bpm/contract/order-reads';
import { packingListQuery } from '@bpm/contract/packing-lists';
import { poListQuery } from '@bpm/contract/purchase-orders';
import { quotationListQuery } from '@bpm/contract/quotations';
import type { Role } from '@bpm/contract/roles';
import { taskListQuery } from '@bpm/contract/tasks';
import { testOrderListQuery } from '@bpm/contract/test-checklists';
import { sql } from 'drizzle-orm';
import { type Db, openPostgres, queryRows } from '../packages/server/src/db/client';
import { listEvents } from '../packages/server/src/modules/events/service';
import { listPackingLists } from '../packages/server/src/modules/packing-lists/list';
import { listPos } from '../packages/server/src/modules/purchase-orders/queries';
import { listOrders } from '../packages/server/src/modules/sales-docs/list';
import { listQuotations } from '../packages/server/src/modules/sales-docs/quotation-list';
import { listTasks, projectTasks } from '../packages/server/src/modules/tasks/list';
import { listTestOrders } from '../packages/server/src/modules/test-checklists/lists';
import { explainReplay } from './explain-replay';
import { pct, prng, type Rnd } from './mixed-client';
import {
  eventsQuery,
  ordersQuery,
  type Pools,
  packingListsQuery,
  poQuery,
  quotationsQuery,
  tasksQuery,
  testOrdersQuery,
} from './mixed-queries';

const argv = process.argv;
const arg = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const PER_LIST = arg('--per-list', 300);
const SLOWEST = arg('--slowest', 5);
const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1]! : '';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a database loaded by npm run seed:large');
const database = await openPostgres(url);
const { logged, plans, clear: clearLog, end: endExplain } = explainReplay(url);
const now = Math.floor(Date.now() / 1000);

const ids = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(database.db, q)).map((r) => r.id);
const pools: Pools = {
  dealers: await ids(sql`select id from dealers order by id`),
  suppliers: await ids(sql`select id from suppliers order by id`),
  now,
};
/** People who read the tasks and events lists: project members (their tasks) and a few of every role. */
const members = await queryRows<{ user: number; project: number }>(
  database.db,
  sql`select user_id as "user", project_id as project from project_members order by project_id, user_id limit 2000`,
);
const people = await queryRows<{ id: number; role: Role }>(
  database.db,
  sql`select id, user_role as role from users where active = 1 order by id`,
);

/** Query values as a URL would carry them (the schemas parse text). */
const text = (q: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

type Ask = (db: Db) => Promise<unknown>;
interface List {
  name: string;
  /** One query: its description (to print, and to keep the queries distinct) and how to ask it. */
  draw(r: Rnd): { key: string; ask: Ask };
}

const LISTS: List[] = [
  {
    name: 'orders',
    draw: (r) => {
      const q = text(ordersQuery(r, pools, r.pick(['sales', 'sales', 'shipping', 'production'] as const)));
      return { key: JSON.stringify(q), ask: (db) => listOrders(db, orderListQuery.parse(q), now) };
    },
  },
  {
    name: 'quotations',
    draw: (r) => {
      const q = text(quotationsQuery(r, pools));
      return { key: JSON.stringify(q), ask: (db) => listQuotations(db, quotationListQuery.parse(q)) };
    },
  },
  {
    name: 'purchase orders',
    draw: (r) => {
      const q = text(poQuery(r, pools));
      return { key: JSON.stringify(q), ask: (db) => listPos(db, poListQuery.parse(q)) };
    },
  },
  {
    name: 'test orders',
    draw: (r) => {
      const q = text(testOrdersQuery(r, pools));
      return { key: JSON.stringify(q), ask: (db) => listTestOrders(db, testOrderListQuery.parse(q)) };
    },
  },
  {
    name: 'packing lists',
    draw: (r) => {
      const q = text(packingListsQuery(r, pools));
      return { key: JSON.stringify(q), ask: (db) => listPackingLists(db, packingListQuery.parse(q)) };
    },
  },
  {
    name: 'tasks',
    draw: (r) => {
      const m = r.pick(members);
      const mode = r.pick(['projects', 'projects', 'my', 'panel'] as const);
      const q = text({ ...tasksQuery(r, pools), overdue: r.chance(0.1) ? 1 : undefined });
      const parsed = taskListQuery.parse(q);
      return {
        key: JSON.stringify({ mode, user: m.user, project: mode === 'panel' ? m.project : undefined, ...q }),
        ask: (db) =>
          mode === 'panel'
            ? projectTasks(db, m.project, m.user, parsed, now)
            : listTasks(db, m.user, parsed, mode, now),
      };
    },
  },
  {
    name: 'events',
    draw: (r) => {
      const who = r.pick(people);
      const q = text(eventsQuery(r, pools));
      return {
        key: JSON.stringify({ user: who.id, ...q }),
        ask: (db) => listEvents(db, { user_id: who.id, user_role: who.role }, eventListQuery.parse(q)),
      };
    },
  },
];

const load = () => loadavg()[0]!.toFixed(1);
/** How many answers took longer than the target (30 ms): what keeps the p99 above it. */
const over = (times: number[]) => times.filter((ms) => ms > 30).length;
const r = prng(arg('--seed', 1));
const chosen = LISTS.filter((l) => !ONLY || l.name.includes(ONLY));

// A running server is warm: each list's first answers (code compiled, the connection open) are not timed.
for (const list of chosen) for (let i = 0; i < 5; i++) await list.draw(prng(1000 + i)).ask(database.db);

console.log(`${PER_LIST} distinct random queries per list, one connection, each asked once; load ${load()}`);
console.log(
  '\n| list | queries | p50 ms | p95 ms | p99 ms | max ms | over 30 ms |\n|---|---:|---:|---:|---:|---:|---:|',
);
const all: Array<{ list: List; key: string; ask: Ask; ms: number }> = [];
for (const list of chosen) {
  const seen = new Set<string>();
  const times: number[] = [];
  for (let tries = 0; times.length < PER_LIST && tries < PER_LIST * 20; tries++) {
    const { key, ask } = list.draw(r);
    if (seen.has(key)) continue;
    seen.add(key);
    const t0 = performance.now();
    await ask(database.db);
    const ms = performance.now() - t0;
    times.push(ms);
    all.push({ list, key, ask, ms });
  }
  const sorted = times.sort((a, b) => a - b);
  const f = (p: number) => pct(sorted, p).toFixed(1);
  console.log(`| ${list.name} | ${sorted.length} | ${f(50)} | ${f(95)} | ${f(99)} | ${f(100)} | ${over(sorted)} |`);
}
const overall = all.map((a) => a.ms).sort((a, b) => a - b);
const f = (p: number) => pct(overall, p).toFixed(1);
console.log(`| **overall** | ${overall.length} | ${f(50)} | ${f(95)} | ${f(99)} | ${f(100)} | ${over(overall)} |`);
console.log(`load average at end ${load()}`);

console.log('\n## Every answer over 30 ms (list, ms, query)');
for (const slow of all.filter((a) => a.ms > 30).sort((a, b) => b.ms - a.ms))
  console.log(`- ${slow.list.name}: ${slow.ms.toFixed(1)} ms ${slow.key}`);

console.log(`\n## The ${SLOWEST} slowest queries and their plans (asked again, then each statement under EXPLAIN)`);
for (const slow of [...all].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
  clearLog();
  const t0 = performance.now();
  await slow.ask(logged);
  const again = performance.now() - t0;
  console.log(`\n### ${slow.list.name}: ${slow.ms.toFixed(1)} ms (again: ${again.toFixed(1)} ms)\n${slow.key}\n`);
  for (const [i, plan] of (await plans()).entries()) console.log(`statement ${i + 1}:\n${plan}\n`);
}
await endExplain();
await database.close();
