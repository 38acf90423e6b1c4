// What a backup reads of a database: its tables in dependency order, their columns and keys, its
// sequences and its schema version; and the migrations of this build, appliable up to a given one.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SchemaVersion } from '@bpm/contract/backup';
import { sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { type Db, queryRows } from '../../db/client';

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/** The app's version: the server package's. */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, '../../../package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this build knows, oldest first. */
export function journal(): JournalEntry[] {
  const j = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return [...j.entries].sort((a, b) => a.when - b.when);
}

/** The newest schema this build knows. */
export function latestSchema(): SchemaVersion {
  const last = journal().at(-1)!;
  return { index: last.idx, tag: last.tag, when: last.when };
}

export const schemaLabel = (s: SchemaVersion) => `${s.tag} (${s.index})`;

/** The database's schema: its last applied migration, as this build's journal names it (`unknown` when it does not). */
export async function appliedSchema(db: Db): Promise<SchemaVersion> {
  const [row] = await queryRows<{ created_at: string | number }>(
    db,
    sql.raw('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1'),
  );
  if (!row) return { index: -1, tag: 'none', when: 0 };
  const when = Number(row.created_at);
  const entry = journal().find((e) => e.when === when);
  return entry ? { index: entry.idx, tag: entry.tag, when } : { index: -1, tag: 'unknown', when };
}

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface TableInfo {
  name: string;
  /** Columns written on restore (generated ones are computed again). */
  columns: string[];
  /** The primary key's columns ([] when there is none). */
  key: string[];
  /** The SQL type of the primary key's first column. */
  keyType: string;
  /** Columns referencing the table itself (written in a second pass: a parent may come after its child). */
  selfRefs: string[];
}

/** The app's tables (schema public), parents before children (foreign keys); a cycle between tables is an error. */
export async function tablesInOrder(db: Db): Promise<TableInfo[]> {
  const names = (
    await queryRows<{ name: string }>(
      db,
      sql.raw(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
    )
  ).map((r) => r.name);
  const cols = await queryRows<{ t: string; col: string; generated: string }>(
    db,
    sql.raw(`select table_name as t, column_name as col, is_generated as generated from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`),
  );
  const keys = await queryRows<{ t: string; col: string; type: string }>(
    db,
    sql.raw(`select k.table_name as t, k.column_name as col, c.data_type as type
      from information_schema.table_constraints tc
      join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
      join information_schema.columns c on c.table_schema = k.table_schema and c.table_name = k.table_name and c.column_name = k.column_name
      where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = 'public' order by k.table_name, k.ordinal_position`),
  );
  const fks = await queryRows<{ t: string; r: string; col: string }>(
    db,
    sql.raw(`select conrelid::regclass::text as t, confrelid::regclass::text as r,
      (select attname from pg_attribute where attrelid = conrelid and attnum = conkey[1]) as col
      from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`),
  );
  const info = new Map<string, TableInfo>(
    names.map((n) => [
      n,
      {
        name: n,
        columns: cols.filter((c) => c.t === n && c.generated !== 'ALWAYS').map((c) => c.col),
        key: keys.filter((k) => k.t === n).map((k) => k.col),
        keyType: keys.find((k) => k.t === n)?.type ?? 'text',
        selfRefs: fks.filter((f) => f.t === n && f.r === n).map((f) => f.col),
      },
    ]),
  );
  const parents = new Map(names.map((n) => [n, new Set(fks.filter((f) => f.t === n && f.r !== n).map((f) => f.r))]));
  const out: TableInfo[] = [];
  const done = new Set<string>();
  while (out.length < names.length) {
    const ready = names.filter((n) => !done.has(n) && [...parents.get(n)!].every((p) => done.has(p)));
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among: ${names.filter((n) => !done.has(n))}`);
    for (const n of ready) {
      done.add(n);
      out.push(info.get(n)!);
    }
  }
  return out;
}

/** A sequence owned by a table's column, with its position. */
export interface SequenceState {
  table: string;
  column: string;
  last_value: number;
  is_called: boolean;
}

/** The sequences owned by the app's columns (serial ids), with where each stands. */
export async function sequences(db: Db): Promise<SequenceState[]> {
  const owned = await queryRows<{ seq: string | null; t: string; col: string }>(
    db,
    sql.raw(`select pg_get_serial_sequence(quote_ident(table_name), column_name) as seq, table_name as t,
      column_name as col from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%' order by table_name, column_name`),
  );
  const out: SequenceState[] = [];
  for (const o of owned) {
    if (!o.seq) continue;
    const [v] = await queryRows<{ last_value: string | number; is_called: boolean }>(
      db,
      sql.raw(`select last_value, is_called from ${o.seq}`),
    );
    out.push({ table: o.t, column: o.col, last_value: Number(v!.last_value), is_called: v!.is_called });
  }
  return out;
}

/** This build's migrations, oldest first (the SQL drizzle's migrator would run). */
export function migrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).sort((a, b) => a.folderMillis - b.folderMillis);
}

/**
 * Applies this build's migrations whose time is in `(after, upTo]` in the caller's transaction, recording
 * each as drizzle's migrator does (so a later start finds them applied).
 */
export async function applyMigrations(tx: Db, after: number, upTo: number): Promise<void> {
  await tx.execute(sql.raw('create schema if not exists "drizzle"'));
  await tx.execute(
    sql.raw(
      'create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)',
    ),
  );
  for (const m of migrations()) {
    if (m.folderMillis <= after || m.folderMillis > upTo) continue;
    for (const statement of m.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values (${m.hash}, ${m.folderMillis})`,
    );
  }
}

/**
 * Empties the database of the app's objects (tables, their sequences and triggers, functions, types, the
 * migrations' record), keeping extensions: a restore then builds the schema again from the migrations.
 */
export async function dropAppObjects(tx: Db): Promise<void> {
  const tables = await queryRows<{ stmt: string }>(
    tx,
    sql.raw(`select 'drop view if exists ' || quote_ident(viewname) || ' cascade' as stmt from pg_views where schemaname = 'public'
      union all select 'drop materialized view if exists ' || quote_ident(matviewname) || ' cascade' from pg_matviews
      where schemaname = 'public'
      union all select 'drop table if exists ' || quote_ident(tablename) || ' cascade' from pg_tables where schemaname = 'public'`),
  );
  for (const r of tables) await tx.execute(sql.raw(r.stmt));
  const rest = await queryRows<{ stmt: string }>(
    tx,
    sql.raw(`select 'drop function if exists ' || p.oid::regprocedure::text || ' cascade' as stmt from pg_proc p
      where p.pronamespace = 'public'::regnamespace and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      union all select 'drop sequence if exists ' || quote_ident(sequencename) || ' cascade' from pg_sequences
      where schemaname = 'public'
      union all select 'drop type if exists ' || quote_ident(typname) || ' cascade' from pg_type t
      where typnamespace = 'public'::regnamespace and typtype in ('e', 'd')
      and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`),
  );
  for (const r of rest) await tx.execute(sql.raw(r.stmt));
  await tx.execute(sql.raw('drop table if exists "drizzle"."__drizzle_migrations"'));
}
