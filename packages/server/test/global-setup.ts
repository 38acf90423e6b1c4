/**
 * Server project globalSetup: builds the run's two starting points once (see test-db.ts).
 * PostgreSQL: two template databases `bpm_test_tpl_<pid>_{m,s}`, dropped at teardown.
 * PGlite: two dumps in the temp directory, kept between runs under a hash of everything that
 * shapes them (server and contract sources, migrations, PGlite's version), so a second run of a
 * single test file only loads them.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { seedDemo } from '../src/db/seed';
import { adminQuery, databaseUrl, FAKE_EPOCH_MS, retryBusy, runPrefix, type TestDbTemplates } from './test-db';

const SERVER = resolve(import.meta.dirname, '..');
const SOURCES = [join(SERVER, 'src'), resolve(SERVER, '../contract/src')];
const CACHE = join(tmpdir(), 'bpm-test-snapshots');
const STALE_MS = 3 * 3600_000;

const seed = (db: Database) => seedDemo(db.db, Math.floor(FAKE_EPOCH_MS / 1000));

export default async function setup(project: TestProject) {
  const started = performance.now();
  const base = process.env.TEST_DATABASE_URL;
  const templates = base ? await postgresTemplates(base) : await pgliteSnapshots();
  project.provide('bpmTestDb', templates);
  // The templates are built and cloned on TEST_DATABASE_URL directly (see test-db.ts): a pooler's idle
  // server connections to a template would block `create database … template …`.
  const pooler = base && process.env.TEST_POOLER_URL;
  console.log(
    `test databases: ${templates.kind} starting points ready in ${Math.round(performance.now() - started)} ms` +
      (pooler ? `; the apps connect through the pooler at ${new URL(pooler).host}` : ''),
  );
  return async () => {
    if (base) {
      for (const name of [templates.seeded, templates.migrated]) {
        await retryBusy(base, () => `drop database if exists ${name} with (force)`);
      }
      await dropLeftovers(base, templates.run!);
    }
  };
}

/**
 * Drops the databases of this run that a test file left (its close did not run: a worker ended first), and says
 * so: a shared PostgreSQL server keeps no test database, and the log names the leak.
 */
async function dropLeftovers(base: string, run: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  let names: string[];
  try {
    const r = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
      runPrefix(run),
    ]);
    names = r.rows.map((x) => x.datname);
  } finally {
    await c.end();
  }
  for (const name of names) await retryBusy(base, () => `drop database if exists ${name} with (force)`);
  if (names.length) console.warn(`test databases: dropped ${names.length} a test file left open: ${names.join(', ')}`);
}

async function postgresTemplates(base: string): Promise<TestDbTemplates> {
  const migrated = `bpm_test_tpl_${process.pid}_m`;
  const seeded = `bpm_test_tpl_${process.pid}_s`;
  try {
    await adminQuery(base, `create database ${migrated}`);
    const m = await openPostgres(databaseUrl(base, migrated));
    await m.close();
    await retryBusy(base, () => `create database ${seeded} template ${migrated}`);
    const s = await openPostgres(databaseUrl(base, seeded));
    try {
      await seed(s);
    } finally {
      await s.close();
    }
  } catch (err) {
    for (const name of [seeded, migrated]) await retryBusy(base, () => `drop database if exists ${name} with (force)`);
    throw err;
  }
  return { kind: 'postgres', migrated, seeded, run: `r${process.pid}` };
}

async function pgliteSnapshots(): Promise<TestDbTemplates> {
  const dir = join(CACHE, sourceHash());
  const files = { kind: 'pglite' as const, migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
  pruneCache(dir);
  if (existsSync(files.migrated) && existsSync(files.seeded)) {
    const now = new Date();
    utimesSync(dir, now, now);
    return files;
  }
  mkdirSync(dir, { recursive: true });
  const db = await openPglite();
  try {
    await save(files.migrated, db);
    await seed(db);
    await save(files.seeded, db);
  } finally {
    await db.close();
  }
  return files;
}

/** Written beside and renamed: a concurrent run never reads half a file. */
async function save(path: string, db: Database) {
  const blob = await db.dump!();
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, path);
}

function sourceHash(): string {
  const h = createHash('sha256');
  // The engine's version shapes the dump's format.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  h.update(readFileSync(join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json')));
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        h.update(p);
        h.update(readFileSync(p));
      }
    }
  };
  for (const s of SOURCES) walk(s);
  return h.digest('hex').slice(0, 16);
}

/** Snapshots of older source states nobody has used for hours go. */
function pruneCache(keep: string) {
  if (!existsSync(CACHE)) return;
  for (const name of readdirSync(CACHE)) {
    const p = join(CACHE, name);
    if (p !== keep && Date.now() - statSync(p).mtimeMs > STALE_MS) rmSync(p, { recursive: true, force: true });
  }
}
