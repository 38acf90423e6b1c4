/**
 * `node --import tsx bench/sales-queries.ts [--pg URL]`: serial latency of the orders-list and
 * dashboard service calls at 100k orders (no HTTP, no concurrency), p50/p99 over 50 runs each.
 * Complements run.ts when the machine is shared and autocannon figures are dominated by load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderListQuery } from '@bpm/contract/order-reads';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/db/seed';
import { productionOverview, salesOverview } from '../packages/server/src/modules/dashboard/service';
import { deleteRequests, listOrders } from '../packages/server/src/modules/sales-docs/list';
import { seedOrders } from './sales';

const url = process.argv.includes('--pg') ? process.argv[process.argv.indexOf('--pg') + 1] : undefined;
const now = Math.floor(Date.now() / 1000);
const DAY = 86400;

async function open(): Promise<{ db: Database; done: () => Promise<void> }> {
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'bpm-q-'));
    const db = await openPglite(join(dir, 'db'));
    return {
      db,
      done: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `bpm_q_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString());
  return {
    db,
    done: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const { db, done } = await open();
try {
  await seedDemo(db.db, now);
  await seedOrders(db.db, now);
  const q = (o: Record<string, string>) => orderListQuery.parse({ limit: '50', ...o });
  const cases: Record<string, () => Promise<unknown>> = {
    'orders default page': () => listOrders(db.db, q({}), now),
    'orders filtered+sorted': () =>
      listOrders(
        db.db,
        q({
          dealer: '5',
          start: String(now - 180 * DAY),
          end: String(now),
          shipping_status: 'wait;ship;done',
          payment_status: 'not paid',
          sort: 'value',
          order: 'desc',
        }),
        now,
      ),
    'orders search': () => listOrders(db.db, q({ search: 'oc-l123' }), now),
    'dashboard sales (all)': () => salesOverview(db.db, { dealer: -1 }, now),
    'dashboard sales (dealer)': () => salesOverview(db.db, { dealer: 5 }, now),
    'dashboard production': () => productionOverview(db.db, { dealer: -1 }),
    'request-to-delete': () => deleteRequests(db.db),
  };
  console.log(`| ${url ? 'postgres' : 'pglite'} | p50 ms | p99 ms |\n|---|---:|---:|`);
  for (const [name, fn] of Object.entries(cases)) {
    for (let i = 0; i < 5; i++) await fn();
    const t: number[] = [];
    for (let i = 0; i < 50; i++) {
      const s = performance.now();
      await fn();
      t.push(performance.now() - s);
    }
    t.sort((a, b) => a - b);
    console.log(`| ${name} | ${t[25]!.toFixed(1)} | ${t[49]!.toFixed(1)} |`);
  }
} finally {
  await done();
}
