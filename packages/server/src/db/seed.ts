import type { Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import { seedSales } from '../modules/orders/seed';
import { seedProducts } from '../modules/products/seed';
import { seedPurchasing } from '../modules/purchase-orders/seed';
import { seedWork } from '../modules/tasks/seed';
import { seedTesting } from '../modules/test-checklists/seed';
import { hashPassword } from '../platform/auth';
import { type Db, queryRows } from './client';
import { users } from './schema/users';

export const DEMO_PASSWORD = 'bpm-demo';

/** One demo user per role; the username is the role's name (administrator's is `admin`). */
export const DEMO_USERS: Array<{ username: string; role: Role; first: string; last: string; position: string }> = [
  { username: 'admin', role: 'administrator', first: 'Alice', last: 'Morgan', position: 'Operations Director' },
  { username: 'sale', role: 'sale', first: 'Samuel', last: 'Reyes', position: 'Sales Manager' },
  { username: 'shipping', role: 'shipping', first: 'Hannah', last: 'Kowalski', position: 'Logistics Coordinator' },
  { username: 'production', role: 'production', first: 'Pedro', last: 'Almeida', position: 'Production Lead' },
  { username: 'purchase', role: 'purchase', first: 'Priya', last: 'Nair', position: 'Purchasing Officer' },
  { username: 'qa', role: 'qa', first: 'Quentin', last: 'Dubois', position: 'Quality Engineer' },
  { username: 'poapproval', role: 'poapproval', first: 'Olivia', last: 'Chen', position: 'Finance Controller' },
  { username: 'tester', role: 'tester', first: 'Tomas', last: 'Novak', position: 'Test Technician' },
];

/** A later area adds its demo records by appending a seeder; each runs once on an empty database. */
export type Seeder = (db: Db, ctx: { now: number }) => Promise<void>;
// Products, parts and suppliers run first: orders and purchase orders refer to them.
export const DEMO_SEEDERS: Seeder[] = [seedProducts];
// Sales runs after products: its order lines reference the demo products.
DEMO_SEEDERS.push(seedSales);
// Purchasing runs after products: its PO lines reference the demo suppliers and parts.
DEMO_SEEDERS.push(seedPurchasing);
// Tasks and projects: demo projects, members in every role, tasks, subtasks and notes.
DEMO_SEEDERS.push(seedWork);
// Test checklists and packing lists run after sales: they test the demo orders' lines.
DEMO_SEEDERS.push(seedTesting);

export async function isEmpty(db: Db): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(r?.n ?? 0) === 0;
}

export async function seedDemo(db: Db, now: number): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values(
    DEMO_USERS.map((u) => ({
      username: u.username,
      passwordHash: hash,
      userRole: u.role,
      firstName: u.first,
      lastName: u.last,
      email: `${u.first.toLowerCase()}.${u.last.toLowerCase()}@bpm.example.com`,
      phone: '+1 (555) 010-0100',
      position: u.position,
      companyName: 'BPM Hardware Inc.',
      country: 'United States',
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const seed of DEMO_SEEDERS) await seed(db, { now });
}

/** Production start: only the first administrator, from BPM_ADMIN_PASSWORD. */
export async function seedAdmin(db: Db, password: string, now: number): Promise<void> {
  await db.insert(users).values({
    username: 'admin',
    passwordHash: await hashPassword(password),
    userRole: 'administrator',
    firstName: 'System',
    lastName: 'Administrator',
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * A first start's history: one creation event per demo order, quotation and dealer (by the demo
 * salesperson, at the record's date), so the event screens show something before anyone saves.
 * Only `npm start` calls it; tests seed without history so their event counts stay exact.
 */
export async function seedDemoHistory(db: Db): Promise<void> {
  const entity = (type: string, event: string, table: string, time: string, data: string) => sql`
    insert into events (time, user_id, username, first_name, last_name, entity_type, entity_id, event, data, search_text)
    select ${sql.raw(time)}, u.id, u.username, u.first_name, u.last_name, ${type}, d.id, ${event}, ${sql.raw(data)},
           lower(${event} || ' ' || u.username || ' ' || u.first_name || ' ' || u.last_name || ' ' || (${sql.raw(data)})::text)
    from ${sql.raw(table)} d cross join (select * from users where username = 'sale') u
    where d.deleted = 0`;
  await db.execute(
    entity(
      'order',
      'order_created',
      'orders',
      'd.date',
      "jsonb_build_object('oc_ref', d.oc_ref, 'dealer_name', d.dealer_name, 'value', d.value)",
    ),
  );
  await db.execute(
    entity(
      'quotation',
      'quotation_created',
      'quotations',
      'd.date',
      "jsonb_build_object('quote_ref', d.quote_ref, 'dealer_name', d.dealer_name, 'value', d.value)",
    ),
  );
  await db.execute(sql`
    insert into events (time, user_id, username, first_name, last_name, entity_type, entity_id, event, data, search_text)
    select d.created_at, u.id, u.username, u.first_name, u.last_name, 'dealer', d.id, 'dealer_created',
           jsonb_build_object('name', d.name, 'country', d.country),
           lower('dealer_created ' || u.username || ' ' || d.name || ' ' || d.country)
    from dealers d cross join (select * from users where username = 'sale') u`);
}
