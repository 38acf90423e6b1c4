/**
 * The migrations and db/schema agree (README "Migrations"; docs/adding-an-area.md §4):
 *
 * - the journal lists every SQL file once, in order, with increasing `when` (drizzle's migrator applies
 *   an entry only when its `when` is later than the last applied one's: an older one never runs);
 * - drizzle-kit's snapshots chain, and the latest migration has one (`npm run db:generate` diffs against it);
 * - `drizzle-kit generate`, run on a copy of the migrations folder, finds nothing to migrate: the latest
 *   snapshot is db/schema;
 * - a database migrated from the SQL files has exactly the tables, columns, constraints and indexes
 *   (names and definitions, as PostgreSQL prints them) of one built from db/schema's SQL
 *   (`drizzle-kit export`), but for what drizzle cannot declare, listed in
 *   `__snapshots__/migrations-only.txt` (reviewed like route-roles.txt: `-u`, then read the diff).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { adminQuery, cloneTemplate, databaseUrl, retryBusy } from './test-db';

const ROOT = resolve(import.meta.dirname, '../../..');
const MIGRATIONS = join(ROOT, 'packages/server/src/db/migrations');
const SCHEMA = './packages/server/src/db/schema/*.ts';
const KIT = join(ROOT, 'node_modules/drizzle-kit/bin.cjs');
const run = promisify(execFile);

/** drizzle-kit with the flags of packages/server/drizzle.config.ts but `out` (relative: drizzle-kit wants it so). */
async function drizzleKit(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [KIT, ...args, '--dialect', 'postgresql'], {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
interface Snapshot {
  id: string;
  prevId: string;
}
const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;

describe('migrations', () => {
  it('the journal lists every SQL file once, in order, each later than the one before', () => {
    const journal = readJson<Journal>(join(MIGRATIONS, 'meta/_journal.json'));
    const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'));
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files.sort());
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(e.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it("drizzle-kit's snapshots chain, and the latest migration has one", async () => {
    const journal = readJson<Journal>(join(MIGRATIONS, 'meta/_journal.json'));
    const names = readdirSync(join(MIGRATIONS, 'meta'))
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort();
    const snapshots = names.map((f) => readJson<Snapshot>(join(MIGRATIONS, 'meta', f)));
    // Each follows the one before it (a gap is a migration written without drizzle-kit, before 0030).
    snapshots.forEach((s, i) => {
      expect(s.prevId, names[i]).toBe(i === 0 ? '00000000-0000-0000-0000-000000000000' : snapshots[i - 1]!.id);
    });
    expect(names.at(-1)).toBe(`${journal.entries.at(-1)!.tag.slice(0, 4)}_snapshot.json`);
    const { stdout } = await drizzleKit(['check', '--out', relative(ROOT, MIGRATIONS)]);
    expect(stdout).toContain("Everything's fine");
  });

  it('drizzle-kit generate finds nothing to migrate: the latest snapshot is db/schema', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'bpm-migrations-'));
    try {
      cpSync(MIGRATIONS, copy, { recursive: true });
      const { stdout } = await drizzleKit(['generate', '--schema', SCHEMA, '--out', relative(ROOT, copy)]);
      // drizzle-kit exits 0 on a snapshot collision too: the message and the files are what count.
      expect(stdout, 'db/schema differs from the latest snapshot: npm run db:generate').toContain(
        'No schema changes, nothing to migrate',
      );
      expect(readdirSync(copy).sort()).toEqual(readdirSync(MIGRATIONS).sort());
      expect(readdirSync(join(copy, 'meta')).sort()).toEqual(readdirSync(join(MIGRATIONS, 'meta')).sort());
      expect(readFileSync(join(copy, 'meta/_journal.json'), 'utf8')).toBe(
        readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('a database migrated from the SQL files is the one db/schema declares, but for migrations-only.txt', async () => {
    const { stdout: ddl } = await drizzleKit(['export', '--schema', SCHEMA]);
    const templates = inject('bpmTestDb');
    if (!templates) throw new Error('no test database templates (globalSetup)');

    const migrated = await cloneTemplate(templates, 'migrated');
    let fromMigrations: string[];
    try {
      fromMigrations = (await queryRows<{ line: string }>(migrated.db, sql.raw(CATALOG))).map((r) => r.line);
    } finally {
      await migrated.close();
    }
    const declared = await schemaCatalog(templates.kind, ddl);

    const only = fromMigrations.filter((l) => !declared.includes(l));
    const missing = declared.filter((l) => !fromMigrations.includes(l));
    // What only the SQL files make: each line a known exception (below), kept in the reviewed file.
    const exceptions = only.map(migrationOnly);
    expect(only.filter((_, i) => exceptions[i] === null)).toEqual([]);
    // What db/schema declares and the migrations do not make (an INCLUDE-less twin of a covering index
    // is not a difference: the INCLUDE list is the exception).
    const covered = new Set(only.map(withoutInclude));
    expect(missing.filter((l) => !covered.has(l))).toEqual([]);
    await expect(`${exceptions.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/migrations-only.txt');
  });

  it("the large lists' searched texts have 1,000 statistics buckets, every trigram index of theirs (0046)", async () => {
    const templates = inject('bpmTestDb');
    if (!templates) throw new Error('no test database templates (globalSetup)');
    const migrated = await cloneTemplate(templates, 'migrated');
    try {
      // An expression's target is its index's own column's; a plain column's is the table's.
      const targets = await queryRows<{ index: string; target: number }>(
        migrated.db,
        sql`select i.relname as index,
                   coalesce(case when x.indkey[0] = 0 then ia.attstattarget else ta.attstattarget end, -1)::int as target
            from pg_index x
            join pg_class i on i.oid = x.indexrelid
            join pg_class t on t.oid = x.indrelid
            join pg_opclass o on o.oid = x.indclass[0]
            join pg_attribute ia on ia.attrelid = i.oid and ia.attnum = 1
            left join pg_attribute ta on ta.attrelid = t.oid and ta.attnum = x.indkey[0]
            where o.opcname = 'gin_trgm_ops'
              and t.relname in ('orders', 'quotations', 'purchase_orders', 'packing_lists', 'events', 'tasks')
            order by 1`,
      );
      expect(targets.length).toBeGreaterThanOrEqual(12);
      expect(targets.filter((r) => r.target !== 1000)).toEqual([]);
    } finally {
      await migrated.close();
    }
  });
});

/**
 * Tables' columns, constraints, indexes, sequences, and the triggers, functions and views drizzle
 * cannot declare, one line each, as PostgreSQL prints them (both sides go through the same server).
 */
const CATALOG = `
select line from (
  select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
    || case when a.attnotnull then ' not null' else '' end
    || coalesce(case when a.attgenerated = 's' then ' generated ' else ' default ' end || pg_get_expr(d.adbin, d.adrelid), '')
    || case when a.attidentity <> '' then ' identity ' || a.attidentity::text else '' end as line
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
  union all
  select 'constraint ' || c.relname || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid)
  from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public'
  union all
  select 'index ' || tablename || '.' || indexname || ' ' || indexdef from pg_indexes where schemaname = 'public'
  union all
  select 'sequence ' || sequencename || ' ' || data_type::text from pg_sequences where schemaname = 'public'
  union all
  select 'trigger ' || c.relname || '.' || t.tgname
  from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and not t.tgisinternal
  union all
  select 'function ' || p.proname
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public'
    and not exists (select 1 from pg_depend e where e.objid = p.oid and e.deptype = 'e')
  union all
  select 'view ' || viewname from pg_views where schemaname = 'public'
) catalog order by line collate "C"`;

/** The catalog of an empty database given db/schema's DDL, on the run's engine. */
async function schemaCatalog(kind: 'pglite' | 'postgres', ddl: string): Promise<string[]> {
  const setup = `create extension if not exists pg_trgm;\n${ddl}`;
  if (kind === 'pglite') {
    const db = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await db.exec(setup);
      return (await db.query<{ line: string }>(CATALOG)).rows.map((r) => r.line);
    } finally {
      await db.close();
    }
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `bpm_test_${process.pid}_schema_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(base, `create database ${name}`);
  try {
    const c = new pg.Client({ connectionString: databaseUrl(base, name) });
    await c.connect();
    try {
      await c.query(setup);
      return (await c.query<{ line: string }>(CATALOG)).rows.map((r) => r.line);
    } finally {
      await c.end();
    }
  } finally {
    await retryBusy(base, (i) => `drop database if exists ${name}${i < 20 ? '' : ' with (force)'}`);
  }
}

const INCLUDE = / INCLUDE \(([^)]*)\)/;
const withoutInclude = (line: string) => line.replace(INCLUDE, '');

/**
 * What drizzle-orm cannot declare, so the SQL migrations alone make it (hand-written in a
 * `drizzle-kit generate --custom` migration): an index's INCLUDE list (the rest of the index is declared
 * in db/schema), triggers and their functions (the data generation of 0015, the packing lists' order
 * copy of 0018). Anything else only in the migrations is a difference: null.
 */
function migrationOnly(line: string): string | null {
  const include = INCLUDE.exec(line);
  if (line.startsWith('index ') && include) return `index ${line.split(' ')[1]} INCLUDE (${include[1]})`;
  if (/^(trigger|function) /.test(line)) return line;
  // A constraint trigger shows as a constraint too.
  if (/^constraint \S+ TRIGGER\b/.test(line)) return line;
  return null;
}
