import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ConnectionGate } from './connection-gate';

// biome-ignore lint/suspicious/noExplicitAny: both drivers share this base type
export type Db = PgDatabase<PgQueryResultHKT, any>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (the test tier's snapshots). */
  dump?(): Promise<Blob>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// Make pg return int8 and numeric as JS numbers/strings consistently with PGlite's bigint mode.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Connections to PostgreSQL per server: DATABASE_POOL_SIZE, else twice this machine's cores plus one (PostgreSQL's
 * rule of thumb for its own cores; the database usually shares or matches this machine).
 */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : 2 * availableParallelism() + 1;
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`DATABASE_POOL_SIZE must be a positive integer, not ${env.DATABASE_POOL_SIZE}`);
  return size;
}

/**
 * Whether the fixed-shape reads (db/fixed-read.ts) go to PostgreSQL as named prepared statements, whose plans it
 * keeps: DATABASE_PREPARED_STATEMENTS `on`, or `off` (the default). Only a connection that keeps a statement's
 * name from one query to the next can carry them: a direct one, or PgBouncer 1.21 and later with
 * `max_prepared_statements` set. Older PgBouncer in transaction mode sends each run to any server connection,
 * which may lack the name or hold it already (docs/decisions.md 'Named prepared statements for the fixed reads').
 */
export function preparedStatements(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.DATABASE_PREPARED_STATEMENTS ?? '';
  if (v === '' || v === 'off') return false;
  if (v === 'on') return true;
  throw new Error(`DATABASE_PREPARED_STATEMENTS must be on or off, not ${v}`);
}

/** A client that sends every statement unnamed: the queries' names are dropped before they reach PostgreSQL. */
class UnnamedClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; the arguments pass through
  override query(...args: any[]): any {
    const [config] = args;
    if (config && typeof config === 'object' && config.name) args[0] = { ...config, name: undefined };
    // biome-ignore lint/suspicious/noExplicitAny: as above
    return (super.query as (...a: any[]) => any)(...args);
  }
}

const gates = new WeakMap<pg.Pool, ConnectionGate>();

/** The gate in front of a pool (connection-gate.ts), for the metrics. */
export const gateOf = (pool: pg.Pool) => gates.get(pool);

/**
 * Every use of the pool passes the gate: a statement of its own (`pool.query`, held until it answers) and a
 * transaction (`pool.connect()`, held until the client is released). The pool's own callback `connect` (what its
 * `query` calls inside) is left as it is: that statement already holds its slot.
 */
function gatePool(pool: pg.Pool, gate: ConnectionGate) {
  gates.set(pool, gate);
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    async query(...args: unknown[]) {
      const leave = await gate.enter();
      try {
        return await query(...args);
      } finally {
        leave();
      }
    },
    connect(...args: unknown[]) {
      if (args.length > 0) return connect(...args);
      return (async () => {
        const leave = await gate.enter();
        try {
          const client = (await connect()) as pg.PoolClient;
          const release = client.release.bind(client);
          client.release = (err?: Error | boolean) => {
            leave();
            client.release = release;
            return release(err);
          };
          return client;
        } catch (err) {
          leave();
          throw err;
        }
      })();
    },
  });
}

export async function openPostgres(url: string, opts: { size?: number; prepared?: boolean } = {}): Promise<Database> {
  const size = opts.size ?? poolSize();
  const prepared = opts.prepared ?? preparedStatements();
  // No JIT: the app's statements are short index walks whose inflated cost estimates made PostgreSQL compile
  // them (100–500 ms each, docs/performance.md 'Mixed workload'). No parallel workers either: starting them costs
  // more than such a statement (the test order list's capped count at 1M: 7.5 → 11 ms, up to 54 ms), and a list's
  // count no longer needs a transaction of four round trips to say so. A SET, not a startup option: PgBouncer
  // refuses unknown startup parameters; the pool runs it on each new connection before handing it out.
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    ...(prepared ? {} : { Client: UnnamedClient }),
    onConnect: async (client) => {
      await client.query('set jit = off; set max_parallel_workers_per_gather = 0');
    },
  });
  gatePool(pool, new ConnectionGate(size));
  // An idle connection killed by the server (restart, admin, network) is emitted here; without a
  // listener it would be an uncaught exception that ends the process. The pool reconnects itself.
  pool.on('error', (err) => console.error(`PostgreSQL: idle connection lost: ${err.message}`));
  const db = drizzlePg(pool) as unknown as Db;
  await migratePg(drizzlePg(pool), { migrationsFolder });
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * Opens the embedded database; `dir` undefined means in memory (tests). `loadDataDir` starts from
 * a dump of an earlier database (tests clone one migrated snapshot instead of migrating each time).
 */
export async function openPglite(dir?: string, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  let release = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = lockDir(dir);
  }
  try {
    const client = await PGlite.create({
      dataDir: dir ? join(dir, 'pgdata') : undefined,
      loadDataDir: opts.loadDataDir,
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      dump: () => client.dumpDataDir('none'),
      close: async () => {
        // CHECKPOINT flushes WAL so the next start needs no recovery.
        await client.query('CHECKPOINT').catch(() => {});
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The embedded database is single-process: a lock file with our pid and its start time keeps a
 * second server out. A pid alone is not enough: after a crash and reboot it may belong to another
 * process, which must not block the restart.
 */
export function lockDir(dir: string): () => void {
  const lock = join(dir, 'server.lock');
  if (existsSync(lock)) {
    const holder = readHolder(readFileSync(lock, 'utf8'));
    if (holder && holder.pid !== process.pid && holds(holder)) {
      throw new Error(`The data directory ${dir} is in use by process ${holder.pid}. Stop it first.`);
    }
    rmSync(lock, { force: true });
  }
  const fd = openSync(lock, 'wx');
  writeSync(fd, JSON.stringify({ pid: process.pid, start: startTime(process.pid) }));
  closeSync(fd);
  return () => rmSync(lock, { force: true });
}

interface Holder {
  pid: number;
  /** Start time of the process (Linux clock ticks since boot); null where unknown. */
  start: string | null;
}

/** Reads `{ pid, start }`, or a bare pid (lock files of earlier versions). */
function readHolder(text: string): Holder | null {
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v === 'number') return v > 0 ? { pid: v, start: null } : null;
    const h = v as { pid?: unknown; start?: unknown };
    return typeof h?.pid === 'number' && h.pid > 0
      ? { pid: h.pid, start: typeof h.start === 'string' ? h.start : null }
      : null;
  } catch {
    return null;
  }
}

/** The lock's process still runs: its pid is alive and, where known, started at the recorded time. */
function holds(h: Holder): boolean {
  if (!isAlive(h.pid)) return false;
  const now = startTime(h.pid);
  return h.start == null || now == null || now === h.start;
}

/** A process's start time from /proc (field 22 of its stat line); null off Linux. */
export function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function openDatabase(opts: { databaseUrl: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(join(opts.dataDir, 'db'));
}

/** A json value as either driver may hand it over: parsed already, or as its text. */
export type JsonValue<T> = T | string;

/** A json value parsed (`empty` for SQL null). */
export const fromJson = <T>(v: JsonValue<T> | null | undefined, empty: T): T =>
  v == null ? empty : typeof v === 'string' ? (JSON.parse(v) as T) : v;

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}
