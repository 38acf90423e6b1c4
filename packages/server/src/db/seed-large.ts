/**
 * Bulk demo data for measuring lists at scale, set-based (generate_series inserts):
 * `npm run seed:large -- --orders 100000 [--quotations N] [--purchase-orders N] [--test-orders N]
 * [--packing-lists N] [--tasks N] [--events N]`; without options, 100k orders. Test orders and packing
 * lists are made for orders already there (load the orders first or in the same run).
 * Writes into DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
 */
import { loadConfig, systemClock, unixNow } from '../config';
import type { Db } from './client';
import { openDatabase } from './client';
import { seedLargeEvents } from './seed-large/events';
import { seedLargeOrders } from './seed-large/orders';
import { seedLargePackingLists } from './seed-large/packing-lists';
import { seedLargePurchaseOrders } from './seed-large/purchase-orders';
import { seedLargeQuotations } from './seed-large/quotations';
import { seedLargeTasks } from './seed-large/tasks';
import { seedLargeTestOrders } from './seed-large/test-orders';

/** In load order: test orders and packing lists need the orders. */
const LISTS: Array<[string, (db: Db, total: number, now: number) => Promise<void>]> = [
  ['orders', seedLargeOrders],
  ['quotations', seedLargeQuotations],
  ['purchase-orders', seedLargePurchaseOrders],
  ['test-orders', seedLargeTestOrders],
  ['packing-lists', seedLargePackingLists],
  ['tasks', seedLargeTasks],
  ['events', seedLargeEvents],
];

function arg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v <= 0) throw new Error(`--${name} must be a positive whole number`);
  return v;
}

async function main() {
  const wanted = LISTS.map(([name, load]) => ({ name, load, total: arg(name) })).filter((l) => l.total);
  const loads = wanted.length ? wanted : [{ name: 'orders', load: seedLargeOrders, total: 100_000 }];
  const database = await openDatabase(loadConfig());
  const now = unixNow(systemClock);
  try {
    for (const { name, load, total } of loads) {
      const t0 = Date.now();
      console.log(`${name}: ${total}`);
      await load(database.db, total as number, now);
      console.log(`Done: ${total} ${name} in ${Math.round((Date.now() - t0) / 1000)} s.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
