/**
 * Where the database time goes in a mixed run on PostgreSQL. Where the server preloads pg_stat_statements (a server
 * setting, `shared_preload_libraries`, that needs a restart the bench never does to a shared server), the bench
 * reads it for the recording alone: each statement's calls, execution and planning time (planning when
 * `pg_stat_statements.track_planning` is on). Everywhere, without a restart, it (1) samples
 * pg_stat_activity every 20 ms — the statements active in the bench database, counted by text: samples × 20 ms
 * estimates each statement's total time — and (2) loads auto_explain into the bench database's sessions
 * (`session_preload_libraries`, superuser) to log the plans of statements over `--explain-ms` (100 ms), read back from the server
 * log when it is readable on this machine. The backends' CPU comes from /proc when PostgreSQL runs here.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import pg from 'pg';

const SAMPLE_MS = 20;
const LOG = '/var/log/postgresql/postgresql-15-main.log';

/** `fn` on a connection of its own to `url`, closed after it. */
async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Turns auto_explain on for new sessions of `db` (before the server opens its pool); false when refused. */
export function enableAutoExplain(adminUrl: string, db: string, slowMs: number): Promise<boolean> {
  return withClient(adminUrl, async (c) => {
    try {
      await c.query(`alter database ${db} set session_preload_libraries = 'auto_explain'`);
      await c.query(`alter database ${db} set auto_explain.log_min_duration = ${slowMs}`);
      await c.query(`alter database ${db} set auto_explain.log_analyze = on`);
      await c.query(`alter database ${db} set auto_explain.log_timing = off`);
      await c.query(`alter database ${db} set auto_explain.log_buffers = on`);
      return true;
    } catch (err) {
      console.log(`  auto_explain not available: ${(err as Error).message}`);
      return false;
    }
  });
}

export interface StatementShare {
  query: string;
  samples: number;
  /** Estimated total active time, ms (samples × sampling interval). */
  ms: number;
  share: number;
}

/** Samples the active statements of `db` until stopped; answers the top statements by estimated time. */
export function sampleActivity(url: string, db: string) {
  const counts = new Map<string, number>();
  let total = 0;
  let running = true;
  const c = new pg.Client({ connectionString: url });
  const done = (async () => {
    await c.connect();
    while (running) {
      const t = Date.now();
      const r = await c.query<{ query: string; wait: string | null }>(
        `select query, wait_event_type || ':' || wait_event as wait from pg_stat_activity
         where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [db],
      );
      for (const { query, wait } of r.rows) {
        // A sample waiting (a row lock, a WAL flush, I/O) counts apart from the same statement running.
        const key = `${wait ? `[waits ${wait}] ` : ''}${query.replace(/\s+/g, ' ').trim()}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        total++;
      }
      await new Promise((ok) => setTimeout(ok, Math.max(0, SAMPLE_MS - (Date.now() - t))));
    }
    await c.end();
  })();
  return {
    async stop(top = 10): Promise<StatementShare[]> {
      running = false;
      await done;
      return [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([query, samples]) => ({ query, samples, ms: samples * SAMPLE_MS, share: total ? samples / total : 0 }));
    },
  };
}

/** What pg_stat_statements counted in the bench database during the recording. */
export interface StatementStats {
  /** Statements run (every call of every statement, BEGIN and COMMIT too). */
  calls: number;
  execMs: number;
  /** Planning time; null when `pg_stat_statements.track_planning` is off. */
  planMs: number | null;
  /** The statements that took the most time (execution plus planning), most first. */
  top: Array<{ query: string; calls: number; execMs: number; planMs: number }>;
}

/**
 * pg_stat_statements for the bench database `db` (its URL: `url`), when PostgreSQL preloads it: `reset` at the
 * recording's start clears what this database counted (warm-up, connection set-up), `read` answers what the
 * recording ran. Undefined when the server does not preload the module.
 */
export async function statementStats(url: string, db: string) {
  const run = <T>(fn: (c: pg.Client) => Promise<T>) => withClient(url, fn);
  const loaded = await run(async (c) => {
    const { rows } = await c.query<{ loaded: boolean }>(
      `select current_setting('shared_preload_libraries') ~ 'pg_stat_statements' as loaded`,
    );
    if (rows[0]?.loaded) await c.query('create extension if not exists pg_stat_statements');
    return !!rows[0]?.loaded;
  });
  if (!loaded) return undefined;
  const dbid = `(select oid from pg_database where datname = $1)`;
  return {
    reset: () => run((c) => c.query(`select pg_stat_statements_reset(0, ${dbid}, 0)`, [db])),
    read: (top = 10): Promise<StatementStats> =>
      run(async (c) => {
        const planning = await c.query<{ on: boolean }>(
          `select current_setting('pg_stat_statements.track_planning')::bool as on`,
        );
        const r = await c.query<{ query: string; calls: string; exec: number; plan: number }>(
          `select query, calls, total_exec_time as exec, total_plan_time as plan from pg_stat_statements
           where dbid = ${dbid} and query not like 'vacuum%' order by total_exec_time + total_plan_time desc`,
          [db],
        );
        const sum = (f: (x: (typeof r.rows)[number]) => number) => r.rows.reduce((n, x) => n + f(x), 0);
        return {
          calls: sum((x) => Number(x.calls)),
          execMs: sum((x) => x.exec),
          planMs: planning.rows[0]?.on ? sum((x) => x.plan) : null,
          top: r.rows.slice(0, top).map((x) => ({
            query: x.query.replace(/\s+/g, ' ').trim(),
            calls: Number(x.calls),
            execMs: x.exec,
            planMs: x.plan,
          })),
        };
      }),
  };
}

/** The pids of the bench database's backends (the server's pool, once warm). */
export function backendPids(url: string, db: string): Promise<number[]> {
  return withClient(url, async (c) => {
    const r = await c.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [db],
    );
    return r.rows.map((x) => x.pid);
  });
}

/** The server log's size now: the slow plans of a run are what it logs after this. */
export const logOffset = () => (existsSync(LOG) ? statSync(LOG).size : -1);

export interface SlowPlan {
  ms: number;
  text: string;
}

/** The auto_explain entries of `db` logged since `offset`, slowest first. */
export function slowPlans(offset: number, db: string, top = 5): { count: number; plans: SlowPlan[] } {
  if (offset < 0 || !existsSync(LOG)) return { count: 0, plans: [] };
  let text: string;
  try {
    text = readFileSync(LOG).subarray(offset).toString('utf8');
  } catch {
    return { count: 0, plans: [] };
  }
  // An entry starts with the line prefix ('2026-… UTC [pid] user@db LOG:  duration: … ms  plan:').
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d )/).filter((e) => e.includes(`@${db} `) && e.includes('plan:'));
  const plans = entries
    .map((e) => ({ ms: Number(/duration: ([\d.]+) ms/.exec(e)?.[1] ?? 0), text: e.trim() }))
    .sort((a, b) => b.ms - a.ms);
  return { count: plans.length, plans: plans.slice(0, top) };
}
