/**
 * `DATABASE_URL=… node --import tsx bench/dashboard-db.ts [--runs 300]` — one connection at a time:
 * the sales dashboard service (all dealers and one dealer), the production and purchasing overviews against
 * a loaded database (seed:large; the purchasing one wants `--purchase-orders N`),
 * beside the 60-day orders scan it replaced (issue 14). Timing goals live here, never in tests.
 */
import { sql } from 'drizzle-orm';
import { loadConfig, systemClock, unixNow } from '../packages/server/src/config';
import { type Db, openDatabase, queryRows } from '../packages/server/src/db/client';
import { productionOverview, salesOverview } from '../packages/server/src/modules/dashboard/service';
import { purchasingOverview } from '../packages/server/src/modules/purchase-orders/queries';

const DAY = 86400;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 300;

async function time(name: string, goal: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0).toFixed(1);
  const p99 = Number(p(0.99));
  console.log(
    `${name.padEnd(44)} p50 ${p(0.5).padStart(6)} ms  p99 ${p(0.99).padStart(6)} ms  ${p99 <= goal ? 'ok' : `over goal ${goal} ms`}`,
  );
}

/** The windows as they were read before the day rollup: every live order of the last 60 days. */
const oldWindows = (db: Db, now: number) =>
  queryRows(
    db,
    sql`select
      coalesce(sum(value - shipping_cost) filter (where date > ${now - 30 * DAY}), 0) as d30,
      coalesce(sum(value - shipping_cost) filter (where date <= ${now - 30 * DAY}), 0) as p30,
      coalesce(sum(value - shipping_cost) filter (where date > ${now - 7 * DAY}), 0) as d7,
      coalesce(sum(value - shipping_cost) filter (where date > ${now - 14 * DAY} and date <= ${now - 7 * DAY}), 0) as p7
    from orders where deleted = 0 and shipping_status <> 'cancel' and date > ${now - 60 * DAY} and date <= ${now}`,
  );

async function main() {
  const database = await openDatabase(loadConfig());
  const db = database.db;
  const now = unixNow(systemClock);
  try {
    const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where deleted = 0`);
    const [d] = await queryRows<{ id: number }>(db, sql`select id from dealers order by id limit 1`);
    console.log(`${c?.n} live orders, ${RUNS} runs each`);
    await time('sales dashboard, all dealers', 15, () => salesOverview(db, { dealer: 0 }, now));
    await time('sales dashboard, one dealer', 15, () => salesOverview(db, { dealer: d?.id ?? 1 }, now));
    await time('production overview, all dealers', 15, () => productionOverview(db, { dealer: 0 }));
    await time('purchasing overview, all suppliers', 15, () => purchasingOverview(db, undefined, now));
    await time('before: 60-day orders scan (windows only)', 15, () => oldWindows(db, now));
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
