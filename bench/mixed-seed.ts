/**
 * The mixed bench's dataset (issue 25 item 1): the demo data, one user per virtual user (`mixed.<role>.<n>`,
 * the demo password), then the `npm run seed:large` loaders at the sizes × `scale` — 100k orders, 20k
 * quotations, 20k purchase orders, 13k test orders, 10k packing lists, 20k tasks, 100k events — written straight
 * into the database before the server starts. The virtual users are made first, so the bulk projects take them
 * as members (their task lists have rows). Beside the bulk data: an OC PDF on the open orders (shipping and
 * production may save an order only when it has one), and each tester's own checklists to enter results on.
 */
import type { Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/db/seed';
import { seedLargeEvents } from '../packages/server/src/db/seed-large/events';
import { seedLargeOrders } from '../packages/server/src/db/seed-large/orders';
import { seedLargePackingLists } from '../packages/server/src/db/seed-large/packing-lists';
import { seedLargePurchaseOrders } from '../packages/server/src/db/seed-large/purchase-orders';
import { seedLargeQuotations } from '../packages/server/src/db/seed-large/quotations';
import { seedLargeTasks } from '../packages/server/src/db/seed-large/tasks';
import { seedLargeTestOrders } from '../packages/server/src/db/seed-large/test-orders';
import { rebuildMonthRollup } from '../packages/server/src/modules/dashboard/rollup';
import { DEMO_OC_PDF } from '../packages/server/src/modules/orders/seed';
import type { FileStore } from '../packages/server/src/platform/files';

/** The dataset at scale 1. */
export const MIXED_SIZES = {
  orders: 100_000,
  quotations: 20_000,
  'purchase-orders': 20_000,
  'test-orders': 13_000,
  'packing-lists': 10_000,
  tasks: 20_000,
  events: 100_000,
} as const;

/** Checklists each tester virtual user has assigned, open, to enter results on. */
const TESTER_CHECKLISTS = 40;

/** The demo user whose role (and password) a virtual user of `role` copies. */
const demoUser = (role: Role) => (role === 'administrator' ? 'admin' : role);

export const vuUsername = (role: Role, n: number) => `mixed.${role}.${n}`;

type Loader = (db: Db, total: number, now: number) => Promise<void>;
const LOADERS: Array<[keyof typeof MIXED_SIZES, Loader]> = [
  ['orders', seedLargeOrders],
  ['quotations', seedLargeQuotations],
  ['purchase-orders', seedLargePurchaseOrders],
  ['test-orders', seedLargeTestOrders],
  ['packing-lists', seedLargePackingLists],
  ['tasks', seedLargeTasks],
  ['events', seedLargeEvents],
];

/**
 * Seeds everything the mixed bench reads and writes; `vus` is the role of each virtual user, `files` the server's
 * file store (the OC PDF's bytes go there, so the record is whole: downloads and backups find it).
 */
export async function seedMixed(db: Db, now: number, scale: number, vus: Role[], files: FileStore) {
  const t0 = Date.now();
  await seedDemo(db, now);
  const counts = new Map<Role, number>();
  for (const role of vus) {
    const n = (counts.get(role) ?? 0) + 1;
    counts.set(role, n);
    await db.execute(sql`
      insert into users (username, password_hash, user_role, first_name, last_name, email, active, created_at, updated_at)
      select ${vuUsername(role, n)}, password_hash, user_role, first_name, 'Mixed ' || ${n}::int, '', 1, ${now}, ${now}
      from users where username = ${demoUser(role)}`);
  }
  for (const [name, load] of LOADERS) {
    const total = Math.max(1, Math.round(MIXED_SIZES[name] * scale));
    const t = Date.now();
    await load(db, total, now);
    console.log(`  ${total} ${name} in ${Math.round((Date.now() - t) / 1000)} s`);
  }
  await rebuildMonthRollup(db);
  await ocOnOpenOrders(db, now, files);
  await testerChecklists(db);
  await db.execute(sql`analyze`);
  console.log(`  dataset ready in ${Math.round((Date.now() - t0) / 1000)} s`);
}

/** One OC PDF record shared by the open (wait, ship) orders: a shipping or production save needs it. */
async function ocOnOpenOrders(db: Db, now: number, files: FileStore) {
  const sha = await files.put(DEMO_OC_PDF);
  const [f] = await queryRows<{ id: number }>(
    db,
    sql`insert into files (sha256, size, mime, file_name, created_at)
        values (${sha}, ${DEMO_OC_PDF.length}, 'application/pdf', 'OC.pdf', ${now}) returning id`,
  );
  await db.execute(sql`update orders set oc_file_id = ${f!.id}
    where oc_file_id is null and shipping_status in ('wait', 'ship') and oc_ref <> ''`);
}

/** Each tester virtual user gets open bulk checklists (with units and steps) assigned, spread over them. */
async function testerChecklists(db: Db) {
  await db.execute(sql`
    with t as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n
               from users where username like 'mixed.tester.%'),
    c as (select c.id, row_number() over (order by c.id desc) - 1 as k from test_checklists c
          where c.status in ('in progress', 'failed') and c.qa_by is null
            and exists (select 1 from units u where u.checklist_id = c.id)
            and exists (select 1 from test_checklist_steps s where s.checklist_id = c.id))
    update test_checklists tc set test_by = t.id
    from c join t on t.k = c.k % t.n
    where tc.id = c.id and c.k < t.n * ${TESTER_CHECKLISTS}`);
}
