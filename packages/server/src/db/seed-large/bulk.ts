// Shared steps of the bulk loads (`npm run seed:large`): chunked set-based inserts, index rebuilds, people.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth';
import { type Db, queryRows } from '../client';

export const DAY = 86400;

/**
 * Runs `load` with the tables' secondary indexes dropped when the load is large (≥ 50k rows), then
 * builds them once: maintaining dozens of indexes (trigram ones above all) row by row is most of a
 * bulk load's time. The indexes are rebuilt even when the load fails.
 */
export async function withoutIndexes(db: Db, tables: string[], rows: number, load: () => Promise<void>) {
  const t0 = Date.now();
  const indexes =
    rows >= 50_000
      ? await queryRows<{ name: string; def: string; stats: string[] | null }>(
          db,
          // Each index's columns' statistics targets too (migration 0046: the search expressions'), set again after.
          sql`select indexname as name, indexdef as def,
                (select array_agg('alter index "' || indexname || '" alter column ' || a.attnum
                                  || ' set statistics ' || a.attstattarget)
                 from pg_attribute a
                 where a.attrelid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass
                   and coalesce(a.attstattarget, -1) >= 0) as stats
              from pg_indexes i
              where tablename in ${tables} and not exists (
                select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
        )
      : [];
  for (const i of indexes) await db.execute(sql.raw(`drop index if exists "${i.name}"`));
  try {
    await load();
  } finally {
    const t1 = Date.now();
    for (const i of indexes) {
      await db.execute(sql.raw(i.def));
      for (const statement of i.stats ?? []) await db.execute(sql.raw(statement));
    }
    if (indexes.length) console.log(`  ${indexes.length} indexes rebuilt in ${Math.round((Date.now() - t1) / 1000)} s`);
  }
  await db.execute(sql.raw(`vacuum analyze ${tables.map((t) => `"${t}"`).join(', ')}`));
  return Date.now() - t0;
}

/** Calls `insert(from, to)` for 1-based id ranges of `chunk` rows, one transaction each, with progress. */
export async function inChunks(
  db: Db,
  label: string,
  total: number,
  insert: (tx: Db, from: number, to: number) => Promise<void>,
  chunk = 100_000,
) {
  const t0 = Date.now();
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await db.transaction((tx) => insert(tx, from, to));
    console.log(`  ${to} / ${total} ${label} (${Math.round((Date.now() - t0) / 1000)} s)`);
  }
}

/** The current max id of a table (new bulk rows are numbered after it). */
export async function maxId(db: Db, table: string): Promise<number> {
  const [r] = await queryRows<{ max: number }>(db, sql.raw(`select coalesce(max(id), 0)::int as max from "${table}"`));
  return Number(r?.max ?? 0);
}

/** Moves the table's id sequence past the bulk rows written with explicit ids. */
export const syncSequence = (db: Db, table: string) =>
  db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from "${table}"))`));

/**
 * At least `n` live users (a few hundred people for tasks, projects and events): the missing ones are
 * added as `bulk.user.N` with roles spread like a company's, sharing one real password hash.
 */
export async function ensureUsers(db: Db, n: number, now: number): Promise<void> {
  const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users where deleted = 0`);
  const missing = n - Number(c?.n ?? 0);
  if (missing <= 0) return;
  const hash = await hashPassword(`bulk-${now}-${Math.random()}`);
  const start = await maxId(db, 'users');
  await db.execute(sql`
    insert into users (id, username, password_hash, user_role, first_name, last_name, email, position, active,
      created_at, updated_at)
    select ${start}::int + g, 'bulk.user.' || (${start}::int + g), ${hash},
      (array['sale','production','shipping','production','administrator'])[1 + g % 5],
      (array['Ana','Ben','Carla','Dan','Eva','Felix','Gina','Hugo','Iris','Jon'])[1 + g % 10],
      'Bulk' || (${start}::int + g), 'bulk.user.' || (${start}::int + g) || '@example.com', 'Staff',
      case when g % 20 = 0 then 0 else 1 end, ${now}, ${now}
    from generate_series(1, ${missing}::int) g`);
  await syncSequence(db, 'users');
}
