/**
 * `DATABASE_URL=postgres://… node --import tsx bench/orders-matrix.ts [--runs 15] [--over 20] [--explain] [--only 'filter name regex']`
 * against a database loaded by `npm run seed:large -- --orders 1000000` (then `vacuum analyze orders`):
 * every sort of the orders screen (both directions) under each of its filters, through the list
 * service on one connection (issue 14 item 2). Prints p50/p99 per filter (worst sort named) and
 * every combination whose p99 is over `--over` ms.
 *
 * `--explain` instead runs each combination once more through a logging connection and replays
 * its statements under EXPLAIN (ANALYZE, BUFFERS) — the walk under its statement timeout, as the
 * service runs it — and prints per filter the database time and the buffers touched (load-independent)
 * of the worst sort, and every combination over `--buffers` (default 2000) pages.
 */
import { loadavg } from 'node:os';
import { ORDER_SORTS, orderListQuery } from '@bpm/contract/order-reads';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../packages/server/src/db/client';
import { listOrders } from '../packages/server/src/modules/sales-docs/list';
import { explainReplay } from './explain-replay';

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const RUNS = arg('--runs', 15);
const OVER = arg('--over', 20);
const BUFFERS = arg('--buffers', 2000);
const EXPLAIN = process.argv.includes('--explain');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a database loaded by npm run seed:large');
const db = await openPostgres(url);
const now = Math.floor(Date.now() / 1000);
const DAY = 86400;
const [{ dealer } = { dealer: 1 }] = await queryRows<{ dealer: number }>(
  db.db,
  sql`select dealer_id as dealer from orders where deleted = 0 group by 1 order by count(*) desc limit 1`,
);

const FILTERS: Record<string, Record<string, string>> = {
  none: {},
  dealer: { dealer: String(dealer) },
  '180 days': { start: String(now - 180 * DAY), end: String(now) },
  'wait;ship': { shipping_status: 'wait;ship' },
  'not paid': { payment_status: 'not paid' },
  'dealer + 180 days + 3 statuses + not paid': {
    dealer: String(dealer),
    start: String(now - 180 * DAY),
    end: String(now),
    shipping_status: 'wait;ship;done',
    payment_status: 'not paid',
  },
  'search oc-l123': { search: 'oc-l123' },
  'shipping for today': { shipping_for_today: '1' },
  'expected before today': { expected_before_today: '1', shipping_status: 'wait;ship' },
};

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

// --explain: a logging connection whose statements are replayed under EXPLAIN (ANALYZE, BUFFERS).
const { logged, replay, clear: clearLog, end: endExplain } = explainReplay(url);

// A running server is warm: the process's first requests (module code compiled, the pool's connection
// opened) are not timed.
for (let i = 0; i < 20; i++) await listOrders(db.db, orderListQuery.parse({ limit: '50' }), now);

const slow: string[] = [];
const load = () => loadavg()[0]!.toFixed(1);
console.log(
  EXPLAIN
    ? `EXPLAIN (ANALYZE, BUFFERS) of each combination's statements, ${ORDER_SORTS.length * 2} sorts per filter`
    : `${RUNS} runs per combination, one connection, ${ORDER_SORTS.length * 2} sorts per filter`,
);
console.log(`load average at start: ${load()}`);
console.log(
  EXPLAIN
    ? '| filter | total rows | DB ms (median sort) | DB ms (slowest sort) | slowest sort | most buffers | sort |\n|---|---:|---:|---:|---|---:|---|'
    : '| filter | total rows | p50 ms (median sort) | p99 ms (worst sort) | worst sort |\n|---|---:|---:|---:|---|',
);
const ONLY = process.argv.includes('--only')
  ? new RegExp(process.argv[process.argv.indexOf('--only') + 1]!)
  : undefined;
for (const [name, filter] of Object.entries(FILTERS)) {
  if (ONLY && !ONLY.test(name)) continue;
  const p50s: number[] = [];
  let worst = { p99: 0, sort: '' };
  let most = { buffers: 0, sort: '' };
  let total = '';
  for (const sort of ORDER_SORTS)
    for (const order of ['asc', 'desc'] as const) {
      const q = orderListQuery.parse({ limit: '50', ...filter, sort, order });
      if (EXPLAIN) {
        await listOrders(db.db, q, now); // warm the caches
        clearLog();
        const r = await listOrders(logged, q, now);
        total = `${r.total_estimated ? '~' : ''}${r.total}`;
        const { ms, buffers, walkRanOut } = await replay();
        p50s.push(ms);
        if (ms > worst.p99) worst = { p99: ms, sort: `${sort} ${order}` };
        if (buffers > most.buffers) most = { buffers, sort: `${sort} ${order}` };
        if (buffers > BUFFERS)
          slow.push(
            `${name} × ${sort} ${order}: ${ms.toFixed(1)} ms, ${buffers} buffers${walkRanOut ? ' (walk ran out)' : ''}`,
          );
        continue;
      }
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const r = await listOrders(db.db, q, now);
        total = `${r.total_estimated ? '~' : ''}${r.total}`;
        times.push(performance.now() - t0);
      }
      const p99 = pct(times, 0.99);
      p50s.push(pct(times, 0.5));
      if (p99 > worst.p99) worst = { p99, sort: `${sort} ${order}` };
      if (p99 > OVER) slow.push(`${name} × ${sort} ${order}: p99 ${p99.toFixed(1)} ms`);
    }
  console.log(
    EXPLAIN
      ? `| ${name} | ${total} | ${pct(p50s, 0.5).toFixed(1)} | ${worst.p99.toFixed(1)} | ${worst.sort} | ${most.buffers} | ${most.sort} |`
      : `| ${name} | ${total} | ${pct(p50s, 0.5).toFixed(1)} | ${worst.p99.toFixed(1)} | ${worst.sort} |`,
  );
}
console.log(`load average at end: ${load()}`);
const what = EXPLAIN ? `${BUFFERS} buffers` : `${OVER} ms`;
console.log(slow.length ? `\nOver ${what}:\n${slow.join('\n')}` : `\nNo combination over ${what}.`);
await endExplain();
await db.close();
