/**
 * Migrate once and clone: the server project's globalSetup (global-setup.ts) builds two starting
 * points per run — migrated, and migrated + demo data — and every test file clones one instead of
 * migrating and seeding again. PostgreSQL: template databases (`create database … template …`);
 * PGlite: data-directory dumps loaded with `loadDataDir`.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client';

/** The fake clock's start; the seeded snapshot is seeded at this time, as createTestApp would. */
export const FAKE_EPOCH_MS = Date.UTC(2026, 10, 22, 12, 0, 0);

/** What globalSetup hands to the test files: file paths (PGlite) or database names (PostgreSQL). */
export interface TestDbTemplates {
  kind: 'pglite' | 'postgres';
  migrated: string;
  seeded: string;
  /** PostgreSQL: the run's tag in every database name it makes (the global teardown drops what is left of them). */
  run?: string;
}

/** The prefix of every database a run tagged `run` makes (its clones and fresh databases). */
export const runPrefix = (run: string) => `bpm_test_${run}_`;

declare module 'vitest' {
  export interface ProvidedContext {
    bpmTestDb: TestDbTemplates | undefined;
  }
}

/** The server URL with another database name. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the maintenance connection of TEST_DATABASE_URL. */
export async function adminQuery(base: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * `create database` / `drop database` fail with 55006 while a just-closed pool's backends are still
 * exiting (or another clone of the same template is starting): wait for them rather than kill them.
 */
export async function retryBusy(base: string, text: (attempt: number) => string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await adminQuery(base, text(i));
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || i >= 100) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 50));
    }
  }
}

/**
 * A PostgreSQL database dropped on close; created empty, or as a copy of `template`. Creating and
 * dropping go to TEST_DATABASE_URL directly; the app's pool connects through TEST_POOLER_URL (a
 * PgBouncer in transaction mode in front of the same server, .ci/run) when that is set.
 */
export async function newPostgresDatabase(
  base: string,
  template?: string,
  run?: string,
  open: { size?: number; prepared?: boolean; direct?: boolean } = {},
): Promise<Database> {
  const name = `${runPrefix(run ?? String(process.pid))}${Math.random().toString(36).slice(2, 10)}`;
  const pooler = open.direct ? undefined : process.env.TEST_POOLER_URL;
  await retryBusy(base, () => `create database ${name}${template ? ` template ${template}` : ''}`);
  let db: Database;
  try {
    // Direct, the fixed reads go as named prepared statements (as DATABASE_PREPARED_STATEMENTS=on deploys them);
    // through the pooler (PgBouncer 1.18 in CI) unnamed, as a deployment behind an older pooler must run.
    db = await openPostgres(databaseUrl(pooler || base, name), { prepared: !pooler, ...open });
  } catch (err) {
    await retryBusy(base, () => `drop database if exists ${name} with (force)`);
    throw err;
  }
  return {
    ...db,
    async close() {
      await db.close();
      // PgBouncer keeps its idle server connections to the database after our pool closed (until
      // server_idle_timeout): a plain drop would wait for them in vain (55006), so through the pooler
      // the drop ends them at once (PostgreSQL 13+); nothing of ours uses them any more. Direct, the
      // just-closed pool's backends are only exiting: wait for them first, force only late.
      await retryBusy(base, (i) => `drop database if exists ${name}${!pooler && i < 20 ? '' : ' with (force)'}`);
    },
  };
}

/** A clone of one of the run's starting points. */
export async function cloneTemplate(
  t: TestDbTemplates,
  which: 'migrated' | 'seeded',
  open?: Parameters<typeof newPostgresDatabase>[3],
): Promise<Database> {
  if (t.kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is unset in a run whose templates are on PostgreSQL');
    return newPostgresDatabase(base, t[which], t.run, open);
  }
  return openPglite(undefined, { loadDataDir: new Blob([readFileSync(t[which])]) });
}
