/**
 * `npm run bench -- --mixed [--users 20] [--duration 60] [--scale 1] [--pg URL [--keep | --reuse NAME]] [--json FILE]
 * [--seed 1] [--cpu-prof DIR] [--explain-ms 100]`
 * (issue 25 item 1): a real day's mix of every role against the real server. Seeds the dataset
 * (bench/mixed-seed.ts) into a temp embedded database, or with `--pg URL` into a fresh PostgreSQL database created
 * (and dropped) under that server; starts the server (main.ts) and a bare Fastify app, each in its own process;
 * signs in one user per virtual user (VU), roles in proportion (20 VUs: 7 sale, 3 production, 3 tester,
 * 2 shipping, 2 purchase, 1 qa, 1 poapproval, 1 administrator; `--users N` scales it); measures the bare route
 * with the same client and VUs; then runs the VUs closed loop without think time (bench/mixed-roles.ts) for a
 * warm-up and `--duration` seconds, and prints per action class count, req/s, p50/p95/p99/max, errors and 409s,
 * the ratio to the bare route, the load average, the server's CPU, and on PostgreSQL where the database time goes
 * (bench/mixed-pg.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROLES, type Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  type Database,
  openPglite,
  openPostgres,
  preparedStatements,
  queryRows,
} from '../packages/server/src/db/client';
import { DEMO_PASSWORD } from '../packages/server/src/db/seed';
import { diskFileStore } from '../packages/server/src/platform/files';
import { Client, prng, Recorder } from './mixed-client';
import * as prof from './mixed-pg';
import {
  type MixedFigures,
  statementStatsLines,
  statementsTable,
  summarize,
  summaryLines,
  table,
  writeJson,
} from './mixed-report';
import { nextAction, type Vu } from './mixed-roles';
import { seedMixed, vuUsername } from './mixed-seed';

const ROOT = resolve(import.meta.dirname, '..');
/** Virtual users of each role out of 20 (issue 25: most sale, then production, tester, …). */
const SHARE: Record<Role, number> = {
  sale: 7,
  production: 3,
  tester: 3,
  shipping: 2,
  purchase: 2,
  qa: 1,
  poapproval: 1,
  administrator: 1,
};

interface Opts {
  users: number;
  duration: number;
  scale: number;
  pg?: string;
  json?: string;
  seed: number;
  /** `--keep`: leave the PostgreSQL database in place afterwards (to EXPLAIN what the run was slow at). */
  keep?: boolean;
  /** `--reuse`: run on the database a `--keep` run left (its name, under `--pg`) instead of seeding one. */
  reuse?: string;
  /** `--cpu-prof DIR`: the server process writes a V8 CPU profile there when it stops. */
  cpuProf?: string;
  /** `--explain-ms N`: auto_explain logs the plans of statements over N ms (default 100). */
  explainMs: number;
}

function parseArgs(argv: string[]): Opts {
  const o: Opts = { users: 20, duration: 60, scale: 1, seed: 1, explainMs: 100 };
  const num = (i: number) => Number(argv[i + 1]);
  argv.forEach((a, i) => {
    if (a === '--users') o.users = num(i);
    else if (a === '--duration') o.duration = num(i);
    else if (a === '--scale') o.scale = num(i);
    else if (a === '--seed') o.seed = num(i);
    else if (a === '--pg') o.pg = argv[i + 1];
    else if (a === '--json') o.json = argv[i + 1];
    else if (a === '--keep') o.keep = true;
    else if (a === '--reuse') o.reuse = argv[i + 1];
    else if (a === '--cpu-prof') o.cpuProf = argv[i + 1];
    else if (a === '--explain-ms') o.explainMs = num(i);
  });
  return o;
}

/** The role of each VU: SHARE scaled to `n`, every role at least once when n ≥ 8. */
export function rolesFor(n: number): Role[] {
  const want = (r: Role) => (SHARE[r] * n) / 20;
  const count = new Map(ROLES.map((r) => [r, Math.max(n >= ROLES.length ? 1 : 0, Math.floor(want(r)))]));
  const total = () => [...count.values()].reduce((a, b) => a + b, 0);
  const byGap = () => [...ROLES].sort((a, b) => want(b) - count.get(b)! - (want(a) - count.get(a)!));
  while (total() < n) count.set(byGap()[0]!, count.get(byGap()[0]!)! + 1);
  while (total() > n) {
    const r = byGap()
      .reverse()
      .find((x) => count.get(x)! > 1)!;
    count.set(r, count.get(r)! - 1);
  }
  const order = Object.keys(SHARE) as Role[];
  return order.flatMap((r) => Array.from({ length: count.get(r)! }, () => r));
}

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const start = (script: string, env: NodeJS.ProcessEnv, flags: string[] = []) =>
  spawn(process.execPath, [...flags, '--import', 'tsx', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

/** CPU (user + system) a process has used so far, ms, from /proc (0 when not readable). */
function cpuMs(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(x[11]) + Number(x[12])) * 10;
  } catch {
    return 0;
  }
}
const cpuOf = (pids: number[]) => pids.reduce((s, p) => s + cpuMs(p), 0);

/** Runs every VU's loop until `until` (ms since epoch). */
const loop = (vus: Vu[], until: () => number) =>
  Promise.all(
    vus.map(async (vu) => {
      while (Date.now() < until()) await nextAction(vu)(vu);
    }),
  );

/** The bare route's req/s with the same client and as many closed-loop users. */
async function measureBare(port: number, users: number, seconds: number): Promise<number> {
  const c = new Client('127.0.0.1', port, new Recorder());
  const until = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (Date.now() < until) {
        await c.raw('GET', '/', {});
        n++;
      }
    }),
  );
  return n / seconds;
}

async function prepare(o: Opts, roles: Role[], now: number) {
  // A PostgreSQL run's files live beside its database's name, so that a `--keep` run's store serves a `--reuse`.
  let dataDir = o.reuse ? join(tmpdir(), `bpm-mixed-${o.reuse}`) : mkdtempSync(join(tmpdir(), 'bpm-mixed-'));
  let dbName = '';
  let databaseUrl = '';
  let db: Database;
  if (o.pg && o.reuse) {
    dbName = o.reuse;
    const u = new URL(o.pg);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    db = await openPostgres(databaseUrl);
  } else if (o.pg) {
    dbName = `bpm_mixed_${process.pid}`;
    if (o.keep) {
      const kept = join(tmpdir(), `bpm-mixed-${dbName}`);
      renameSync(dataDir, kept);
      dataDir = kept;
    }
    const admin = new pg.Client({ connectionString: o.pg });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(o.pg);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
    db = await openPostgres(databaseUrl);
  } else db = await openPglite(join(dataDir, 'db'));
  if (!o.reuse) await seedMixed(db.db, now, o.scale, roles, diskFileStore(join(dataDir, 'files')));
  if (o.pg) {
    // Every run, fresh or reused, starts from a vacuumed database: what autovacuum keeps in a deployment. A server
    // with autovacuum off (CI machines) would otherwise carry each earlier run's dead rows into the next.
    const [setting] = await queryRows<{ autovacuum: string }>(db.db, sql`show autovacuum`);
    if (setting?.autovacuum !== 'on')
      console.log('  autovacuum is off on this server: dead rows of the run stay until the next run');
    await db.db.execute(sql`vacuum analyze`);
  }
  const ids = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(db.db, q)).map((r) => r.id);
  const pools = {
    dealers: await ids(sql`select id from dealers where active = 1 order by id`),
    suppliers: await ids(sql`select id from suppliers order by id`),
    now,
  };
  await db.close();
  return { dataDir, dbName, databaseUrl, pools };
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function runMixed(argv: string[]) {
  const o = parseArgs(argv);
  const roles = rolesFor(o.users);
  const kind = o.pg ? 'postgres' : 'pglite';
  const now = Math.floor(Date.now() / 1000);
  console.log(
    `BPM mixed bench on ${kind}: ${o.users} VUs, ${o.duration} s, scale ${o.scale}, ${cpus().length} cores, node ${process.version}`,
  );
  const prep = await prepare(o, roles, now);
  const explain = o.pg ? await prof.enableAutoExplain(o.pg, prep.dbName, o.explainMs) : false;
  const [port, barePort] = [await freePort(), await freePort()];
  // BACKUP_KEEP=0: no daily backup of the embedded database a minute after the start. It reads every table on
  // the one PGlite connection while all requests wait (about 30 s at these sizes): a once-a-day event, not the
  // steady state this bench measures (docs/performance.md, 'Mixed workload').
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: prep.dataDir,
    LOG_LEVEL: 'warn',
    BACKUP_KEEP: '0',
  };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  if (prep.databaseUrl) env.DATABASE_URL = prep.databaseUrl;
  const profile = o.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${resolve(o.cpuProf)}`] : [];
  const server = start('packages/server/src/main.ts', { ...env, PORT: String(port) }, profile);
  const bare = start('bench/bare.ts', { ...env, PORT: String(barePort) });
  let failed = false;
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/api/health`, server);
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    const rec = new Recorder();
    const client = new Client('127.0.0.1', port, rec);
    const counts = new Map<Role, number>();
    const vus: Vu[] = [];
    for (const [i, role] of roles.entries()) {
      const n = (counts.get(role) ?? 0) + 1;
      counts.set(role, n);
      const token = await login(url, vuUsername(role, n));
      const seen = {
        orders: [],
        quotations: [],
        pos: [],
        drafts: [],
        checklists: [],
        packing: [],
        dealers: [],
        tasks: [],
      };
      vus.push({ role, token, c: client, r: prng(o.seed * 1000 + i), pools: prep.pools, seen, ...fresh() });
    }
    const bareRps = await measureBare(barePort, o.users, Math.min(10, o.duration));
    console.log(`  bare Fastify: ${Math.round(bareRps)} req/s (${o.users} closed-loop users, same client)`);
    const warm = Math.max(3, Math.min(15, Math.round(o.duration / 6)));
    console.log(`  warm-up ${warm} s …`);
    await Promise.all(vus.map((vu) => nextAction(vu)(vu))); // every VU once: pools and JIT warm
    const warmEnd = Date.now() + warm * 1000;
    await loop(vus, () => warmEnd);
    const pids = o.pg ? await prof.backendPids(o.pg, prep.dbName) : [];
    const sampler = o.pg ? prof.sampleActivity(o.pg, prep.dbName) : null;
    const stats = prep.databaseUrl ? await prof.statementStats(prep.databaseUrl, prep.dbName) : undefined;
    await stats?.reset();
    const logAt = prof.logOffset();
    const loads: number[] = [];
    const ticker = setInterval(() => loads.push(loadavg()[0] ?? 0), 1000);
    const [cpu0, db0, client0] = [cpuMs(server.pid), cpuOf(pids), cpuMs(process.pid)];
    rec.recording = true;
    const t0 = Date.now();
    const end = t0 + o.duration * 1000;
    console.log(`  recording ${o.duration} s …`);
    await loop(vus, () => end);
    const seconds = (Date.now() - t0) / 1000;
    rec.recording = false;
    clearInterval(ticker);
    const [cpu1, db1, client1] = [cpuMs(server.pid), cpuOf(pids), cpuMs(process.pid)];
    const top = sampler ? await sampler.stop(10) : undefined;
    const statementStats = await stats?.read(10);
    const s = summarize(rec, seconds);
    const f: MixedFigures = {
      date: new Date().toISOString(),
      database: kind,
      users: o.users,
      roles: Object.fromEntries(counts),
      seconds: Math.round(seconds * 10) / 10,
      scale: o.scale,
      ...s,
      bareRps,
      ratio: s.overall.rps / bareRps,
      load: {
        mean: loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length),
        max: Math.max(0, ...loads),
      },
      serverCpu: {
        ms: cpu1 - cpu0,
        cores: (cpu1 - cpu0) / 1000 / seconds,
        msPerRequest: s.overall.count ? (cpu1 - cpu0) / s.overall.count : 0,
      },
      ...(o.pg
        ? {
            dbCpu: { ms: db1 - db0, cores: (db1 - db0) / 1000 / seconds, backends: pids.length },
            preparedStatements: preparedStatements(env),
          }
        : {}),
      // The VUs' client and the sampler share this process: its CPU is what the two cores give the load itself.
      clientCpu: { ms: client1 - client0, cores: (client1 - client0) / 1000 / seconds },
      ...(top ? { topStatements: top } : {}),
      ...(statementStats ? { statementStats } : {}),
      ...(explain ? { slowPlans: prof.slowPlans(logAt, prep.dbName) } : {}),
      firstErrors: rec.firstErrors,
    };
    report(f, o.explainMs);
    if (o.json) writeJson(o.json, f);
    failed = s.overall.errors > 0;
  } finally {
    await stop(server);
    await stop(bare);
    if (!o.keep && !o.reuse) rmSync(prep.dataDir, { recursive: true, force: true });
    if (prep.dbName && (o.keep || o.reuse))
      console.log(`Kept the database: ${prep.databaseUrl} (again: --pg … --reuse ${prep.dbName})`);
    else if (prep.dbName) {
      const admin = new pg.Client({ connectionString: o.pg });
      await admin.connect();
      await admin.query(`drop database if exists ${prep.dbName} with (force)`);
      await admin.end();
    }
  }
  if (failed) {
    console.error('Some requests failed (non-2xx other than 409): see the first errors above.');
    process.exit(1);
  }
}

const fresh = () => ({ stock: new Map<number, boolean>(), grid: new Map(), saves: 0 });

function report(f: MixedFigures, explainMs: number) {
  console.log(`\n${summaryLines(f).join('\n')}\n\n${table(f)}\n`);
  if (f.topStatements?.length)
    console.log(
      `Top statements by sampled active time (pg_stat_activity every 20 ms):\n${statementsTable(f.topStatements)}\n`,
    );
  if (f.statementStats) console.log(`${statementStatsLines(f.statementStats, f.overall.count)}\n`);
  if (f.slowPlans)
    console.log(
      `auto_explain: ${f.slowPlans.count} statements over ${explainMs} ms; the slowest:\n${f.slowPlans.plans
        .map((p) => p.text.split('\n').slice(0, 30).join('\n'))
        .join('\n\n')}\n`,
    );
  if (f.firstErrors.length) console.log(`First errors:\n${f.firstErrors.join('\n')}\n`);
}
