/**
 * `DATABASE_URL=postgres://… node --import tsx bench/passport.ts [--units 1000000] [--lookups 2000]`: a serial's
 * passport (issue 23 item 11, target p99 ≤ 30 ms on PostgreSQL at 1M units) through the passport service on one
 * connection, each lookup a different random serial (case as a person types it) — no cache can serve one twice.
 *
 * Loads what is missing first (set-based): `--units` units of the demo products, one serial each (a tenth of them a
 * modem unit with an IMEI), every tenth shipped on a packing list, every twentieth with a license key; the demo
 * data first on an empty database.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/db/seed';
import { getPassport } from '../packages/server/src/modules/passport/service';

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const UNITS = arg('--units', 1_000_000);
const LOOKUPS = arg('--lookups', 2000);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL database with the demo data');
const db = await openPostgres(url);
const now = Math.floor(Date.now() / 1000);
const count = async (table: string) =>
  Number((await queryRows<{ n: number }>(db.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0);

if ((await count('users')) === 0) await seedDemo(db.db, now);
const have = await count("units where id in (select unit_id from unit_serials where value like 'PSN-%')");
if (have < UNITS) {
  const t0 = Date.now();
  const [pl] = await queryRows<{ id: number | null }>(db.db, sql`select min(id)::int as id from packing_lists`);
  const [order] = await queryRows<{ id: number | null }>(db.db, sql`select min(id)::int as id from orders`);
  await db.db.execute(sql`
    with p as (select array_agg(id order by id) as ids, count(*)::int as n from products),
    g as (select g from generate_series(${have + 1}::int, ${UNITS}::int) g),
    u as (insert into units (product_id, checklist_id, position, created_at, updated_at)
          select p.ids[1 + g % p.n], null, 1, ${now}, ${now} from g, p returning id),
    n as (select id, row_number() over (order by id) + ${have}::int as k from u)
    insert into unit_serials (unit_id, slot, value, is_imei)
    select id, 0, 'PSN-' || k, 0 from n
    union all select id, 1, 'IMEI-' || k, 1 from n where k % 10 = 0`);
  if (pl?.id)
    await db.db.execute(sql`
      insert into packing_list_units (packing_list_id, unit_id, position)
      select ${pl.id}, us.unit_id, 0 from unit_serials us
      where us.value like 'PSN-%' and substr(us.value, 5)::int % 10 = 0 and substr(us.value, 5)::int > ${have}
      on conflict do nothing`);
  await db.db.execute(sql`
    insert into licenses (kind, mac_hex, options, key, order_id, serial, unit_id, created_by_name, created_at)
    select 'license', lpad(to_hex(us.unit_id), 12, '0'), '[{"code":"pro","value":1}]'::jsonb, 'KEY-' || us.value,
      ${order?.id ?? null}::int, us.value, us.unit_id, 'bench', ${now}
    from unit_serials us where us.value like 'PSN-%' and substr(us.value, 5)::int % 20 = 0
      and substr(us.value, 5)::int > ${have}`);
  await db.db.execute(sql`analyze units, unit_serials, packing_list_units, licenses`);
  console.log(`loaded ${UNITS - have} units in ${Math.round((Date.now() - t0) / 1000)} s`);
}

const total = await count('units');
const [admin] = await queryRows<{ id: number; username: string }>(
  db.db,
  sql`select id, username from users where user_role = 'administrator' and deleted = 0 order by id limit 1`,
);
if (!admin) throw new Error('No administrator: load the demo data first');
const user = { user_id: admin.id, username: admin.username, user_role: 'administrator' as const, is_test: 0 };

// Seeded draws: a run is repeatable, and every lookup is a different serial.
let seed = 23;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const drawn = new Set<number>();
const serials: string[] = [];
while (serials.length < LOOKUPS) {
  const k = 1 + Math.floor(random() * UNITS);
  if (drawn.has(k)) continue;
  drawn.add(k);
  // Typed as a person would: any case; now and then the IMEI.
  serials.push(k % 10 === 0 && random() < 0.3 ? `imei-${k}` : random() < 0.5 ? `psn-${k}` : `PSN-${k}`);
}
for (const s of serials.slice(0, 20)) await getPassport(db.db, s, user); // a running server is warm
const times: number[] = [];
for (const s of serials.slice(20)) {
  const t0 = performance.now();
  await getPassport(db.db, s, user);
  times.push(performance.now() - t0);
}
console.log(
  `passport of a random serial, ${times.length} lookups, ${total} units, one connection, load ${loadavg()[0]!.toFixed(1)}: ` +
    `p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, ` +
    `max ${Math.max(...times).toFixed(1)} ms`,
);
await db.close();
