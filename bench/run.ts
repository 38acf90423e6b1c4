/**
 * `npm run bench [-- --pg postgres://… --duration 5 --connections 10 --orders 100000]`
 *
 * Starts the real server (main.ts, NODE_ENV unset) on loopback with a temp DATA_DIR holding the
 * demo data plus 100k events, and a bare Fastify app, each in its own process; then drives both
 * with autocannon from this process and prints req/s, p50 and p99 per case and the throughput
 * ratio against the bare route measured in the same run, with the server process's CPU per request
 * (load-independent, unlike the rates) and the load average. `--pg URL` repeats the run on a fresh
 * PostgreSQL database created (and dropped) under that server; `--pg-only` skips the PGlite run.
 *
 * Areas add their cases to CASES below (orders list, dashboard, …). `--mixed` runs the mixed workload of every
 * role instead (bench/mixed.ts: `--users`, `--duration`, `--scale`, `--pg`, `--json`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../packages/server/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../packages/server/src/db/seed';
import { exportTimings } from './export';
import { measurePoPdf, PURCHASING_CASES, seedPurchaseOrders } from './purchasing';
import { reportTimings } from './reports';
import { SALES_CASES, seedOrders } from './sales';
import { seedChecklistGrid, TESTING_CASES } from './testing';
import { seedWorkBench, WORK_CASES } from './work';

const ROOT = resolve(import.meta.dirname, '..');
const EVENTS = 100_000;
/** Users the login case signs in as, in turn (more than the connections). */
const LOGIN_USERS = 100;

interface Opts {
  duration: number;
  connections: number;
  pg?: string;
  /** Only the cases whose name matches this regular expression (the bare reference always runs). */
  only?: string;
  /** Orders to seed (default 100k; `--orders 1000000` measures at 1M). */
  orders?: number;
  /** `--pg-only`: with `--pg`, skip the embedded-database run. */
  pgOnly?: boolean;
}

/** What a case may use: the server's URL and helpers to sign in. */
interface CaseCtx {
  url: string;
  /** Bearer header of a demo user (username = role name, `admin` for the administrator). */
  bearer(username: string): Promise<Record<string, string>>;
  /** A fresh refresh-token cookie (`bpm_refresh=…`) from a new login. */
  refreshCookie(username: string): Promise<string>;
  connections: number;
}

interface BenchCase {
  name: string;
  /** Autocannon options for this case (url, method, headers, body, requests…). */
  setup(ctx: CaseCtx): Promise<autocannon.Options> | autocannon.Options;
}

/** The measured cases; the first one on the bare app is the reference for the ratios. */
export const CASES: BenchCase[] = [
  {
    // Round-robin over LOGIN_USERS bench users: no user has two logins in flight, which the login
    // throttle would count as parallel guesses and lock (then every later case's login would fail).
    name: 'POST /api/auth/login',
    setup: ({ url }) => {
      let i = 0;
      return {
        url: `${url}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ username: `bench.login.${i++ % LOGIN_USERS}`, password: DEMO_PASSWORD }),
            }),
          },
        ],
      };
    },
  },
  {
    // Real rotation: every request presents a valid, never-used refresh token. A pool starts with
    // one token per connection; each answer's new cookie goes back into the pool.
    name: 'GET /api/auth/refresh (rotating)',
    async setup({ url, refreshCookie, connections }) {
      const pool: string[] = [];
      for (let i = 0; i < connections; i++) pool.push(await refreshCookie('sale'));
      return {
        url: `${url}/api/auth/refresh`,
        requests: [
          {
            method: 'GET',
            setupRequest(req) {
              const cookie = pool.shift();
              return { ...req, headers: { ...req.headers, ...(cookie ? { cookie } : {}) } };
            },
            onResponse(_status, _body, _ctx, headers) {
              const set = headers?.['set-cookie'];
              const value = Array.isArray(set) ? set[0] : set;
              const m = value ? /bpm_refresh=([^;]+)/.exec(value) : null;
              if (m?.[1]) pool.push(`bpm_refresh=${m[1]}`);
            },
          },
        ],
      };
    },
  },
  {
    name: `GET /api/events?limit=50 (${EVENTS / 1000}k events)`,
    setup: async ({ url, bearer }) => ({ url: `${url}/api/events?limit=50`, headers: await bearer('admin') }),
  },
  {
    name: 'GET /api/events?limit=50&search=xyz',
    setup: async ({ url, bearer }) => ({
      url: `${url}/api/events?limit=50&search=xyz`,
      headers: await bearer('admin'),
    }),
  },
  ...SALES_CASES,
  ...WORK_CASES,
  ...PURCHASING_CASES,
  ...TESTING_CASES,
];

function parseArgs(argv: string[]): Opts {
  const o: Opts = { duration: 5, connections: 10 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--pg') o.pg = argv[++i];
    else if (a === '--duration') o.duration = Number(argv[++i]);
    else if (a === '--connections') o.connections = Number(argv[++i]);
    else if (a === '--only') o.only = argv[++i];
    else if (a === '--orders') o.orders = Number(argv[++i]);
    else if (a === '--pg-only') o.pgOnly = true;
  }
  return o;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function start(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Demo data plus 100k events, written straight into the database the server will open. */
async function prepare(db: Database, orders?: number) {
  const now = Math.floor(Date.now() / 1000);
  await seedDemo(db.db, now);
  // The login case's users: the demo sale user's role and password under other names.
  await db.db.execute(sql`
    insert into users (username, password_hash, user_role, first_name, last_name, email, active, created_at, updated_at)
    select 'bench.login.' || g, u.password_hash, u.user_role, u.first_name, u.last_name, '', 1, ${now}, ${now}
    from users u, generate_series(0, ${LOGIN_USERS - 1}) g where u.username = 'sale'`);
  const t0 = Date.now();
  await db.db.execute(sql`
    insert into events (time, user_id, username, first_name, last_name, entity_type, entity_id, event, data, search_text)
    select ${now - EVENTS} + g, 2, 'sale', 'Samuel', 'Reyes', 'order', g % 5000, 'order_saved',
      jsonb_build_object('changes', jsonb_build_object('value', jsonb_build_object('old', g, 'new', g + 1))),
      'order_saved sale samuel reyes {"changes":{"value":{"old":' || g || ',"new":' || (g + 1) || '}}}'
    from generate_series(1, ${EVENTS}) g`);
  await db.db.execute(sql`analyze events`);
  console.log(`  inserted ${EVENTS} events in ${Date.now() - t0} ms`);
  await seedOrders(db.db, now, orders);
  await seedWorkBench(db.db, now);
  await seedPurchaseOrders(db.db, now);
  await seedChecklistGrid(db.db, now);
  await measurePoPdf(db.db);
  // Statistics of every table written above (the server's own start analyzes the embedded database; on
  // PostgreSQL autovacuum would, but not before the first cases run).
  await db.db.execute(sql`analyze`);
}

interface Row {
  db: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Server process CPU (user + system) per request, ms: what a request costs whatever else loads the machine. */
  cpu: number;
  /** 1-minute load average at the end of the case. */
  load: number;
  non2xx: number;
  errors: number;
}

/** CPU time (user + system) a process has used so far, ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the stat line (12 and 13 after the name), in clock ticks (100/s).
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

async function measure(name: string, db: string, opts: autocannon.Options, o: Opts, pid?: number): Promise<Row> {
  const cpu0 = cpuMs(pid);
  const r = await autocannon({ connections: o.connections, duration: o.duration, ...opts });
  const row = {
    db,
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpu: r.requests.total ? (cpuMs(pid) - cpu0) / r.requests.total : 0,
    load: loadavg()[0] ?? 0,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  console.log(
    `  ${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, CPU ${row.cpu.toFixed(2)} ms/req, load ${row.load.toFixed(1)}, non-2xx ${row.non2xx}`,
  );
  return row;
}

async function runOn(kind: 'pglite' | 'postgres', o: Opts): Promise<Row[]> {
  console.log(`\n== ${kind} ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bpm-bench-'));
  let dbName = '';
  let databaseUrl = '';
  if (kind === 'pglite') {
    const db = await openPglite(join(dataDir, 'db'));
    await prepare(db, o.orders);
    await db.close();
  } else {
    dbName = `bpm_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: o.pg });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(o.pg!);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    const db = await openPostgres(databaseUrl);
    await prepare(db, o.orders);
    await db.close();
  }

  const [port, barePort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const server = start('packages/server/src/main.ts', { ...env, PORT: String(port) });
  const bare = start('bench/bare.ts', { ...env, PORT: String(barePort) });
  const rows: Row[] = [];
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/api/health`, server);
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    const login = async (username: string) => {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
      return res;
    };
    const ctx: CaseCtx = {
      url,
      connections: o.connections,
      async bearer(username) {
        const res = await login(username);
        return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
      },
      async refreshCookie(username) {
        const res = await login(username);
        const m = /bpm_refresh=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
        if (!m) throw new Error('no refresh cookie');
        return `bpm_refresh=${m[1]}`;
      },
    };
    // Warm both up so JIT and caches do not count against the first case.
    await autocannon({ url: `http://127.0.0.1:${barePort}/`, connections: o.connections, duration: 1 });
    await autocannon({ url: `${url}/api/events?limit=50`, headers: await ctx.bearer('admin'), duration: 1 });
    rows.push(
      await measure('bare Fastify GET / {ok:true}', kind, { url: `http://127.0.0.1:${barePort}/` }, o, bare.pid),
    );
    for (const c of CASES.filter((x) => !o.only || new RegExp(o.only).test(x.name)))
      rows.push(await measure(c.name, kind, await c.setup(ctx), o, server.pid));
    // Reports: single downloads timed end to end (bench/reports.ts).
    if (!o.only || /report/i.test(o.only)) await reportTimings(url, server.pid!, ctx.bearer);
    // CSV export: whole 100k-order downloads timed end to end with the server's RSS (bench/export.ts).
    if (!o.only || /export/i.test(o.only)) await exportTimings(url, server.pid!, ctx.bearer, o.orders);
  } finally {
    await stop(server);
    await stop(bare);
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: o.pg });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
  return rows;
}

function table(rows: Row[]): string {
  const out = [
    '| database | case | req/s | p50 ms | p99 ms | ratio vs bare | server CPU ms/req | load | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const db of [...new Set(rows.map((r) => r.db))]) {
    const mine = rows.filter((r) => r.db === db);
    const bare = mine[0]!.rps;
    for (const r of mine)
      out.push(
        `| ${r.db} | ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / bare).toFixed(3)} | ${r.cpu.toFixed(2)} | ${r.load.toFixed(1)} | ${r.non2xx + r.errors} |`,
      );
  }
  return out.join('\n');
}

async function main() {
  // `--mixed`: the mixed workload of every role instead of the single-endpoint cases (bench/mixed.ts).
  if (process.argv.includes('--mixed')) return (await import('./mixed')).runMixed(process.argv.slice(2));
  const o = parseArgs(process.argv.slice(2));
  console.log(
    `BPM bench: ${o.connections} connections, ${o.duration} s per case, ${cpus().length} cores, ${cpus()[0]?.model ?? ''}, node ${process.version}`,
  );
  const rows = o.pg && o.pgOnly ? [] : await runOn('pglite', o);
  if (o.pg) rows.push(...(await runOn('postgres', o)));
  console.log(`\n${table(rows)}\n`);
  if (rows.some((r) => r.non2xx + r.errors > 0)) {
    console.error('Some requests failed (non-2xx or errors): the figures above are not valid.');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
