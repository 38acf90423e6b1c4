/** The mixed bench's figures: per action class and overall, as a Markdown table and as JSON. */
import { writeFileSync } from 'node:fs';
import { pct, type Recorder } from './mixed-client';
import type { SlowPlan, StatementShare, StatementStats } from './mixed-pg';

export interface ClassFigures {
  name: string;
  count: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  conflicts: number;
}

export interface MixedFigures {
  date: string;
  database: 'pglite' | 'postgres';
  users: number;
  roles: Record<string, number>;
  seconds: number;
  scale: number;
  classes: ClassFigures[];
  overall: ClassFigures;
  /** Writes (saves) as a share of all requests. */
  writeShare: number;
  bareRps: number;
  ratio: number;
  load: { mean: number; max: number };
  serverCpu: { ms: number; cores: number; msPerRequest: number };
  dbCpu?: { ms: number; cores: number; backends: number };
  /** PostgreSQL: whether the server ran with DATABASE_PREPARED_STATEMENTS on (its fixed reads named). */
  preparedStatements?: boolean;
  /** The bench process (the VUs' HTTP client, the sampler). */
  clientCpu?: { ms: number; cores: number };
  topStatements?: StatementShare[];
  /** pg_stat_statements over the recording, where PostgreSQL preloads it. */
  statementStats?: StatementStats;
  slowPlans?: { count: number; plans: SlowPlan[] };
  firstErrors: string[];
}

const SAVES = /save/;

function figures(name: string, times: number[], seconds: number, errors: number, conflicts: number): ClassFigures {
  const s = [...times].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    name,
    count: s.length,
    rps: r(s.length / seconds),
    p50: r(pct(s, 50)),
    p95: r(pct(s, 95)),
    p99: r(pct(s, 99)),
    max: r(s[s.length - 1] ?? 0),
    errors,
    conflicts,
  };
}

/** Per-class and overall figures of a recorded run. */
export function summarize(rec: Recorder, seconds: number) {
  const classes = [...rec.times.entries()]
    .map(([name, t]) => figures(name, t, seconds, rec.errors.get(name) ?? 0, rec.conflicts.get(name) ?? 0))
    .sort((a, b) => b.count - a.count);
  const all = [...rec.times.values()].flat();
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const overall = figures('overall', all, seconds, sum(rec.errors), sum(rec.conflicts));
  const writes = classes.filter((c) => SAVES.test(c.name)).reduce((a, c) => a + c.count, 0);
  return { classes, overall, writeShare: overall.count ? writes / overall.count : 0 };
}

export function table(f: MixedFigures): string {
  const row = (c: ClassFigures) =>
    `| ${c.name} | ${c.count} | ${c.rps} | ${c.p50} | ${c.p95} | ${c.p99} | ${c.max} | ${c.errors} | ${c.conflicts} |`;
  return [
    '| action | count | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | 409 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...f.classes.map(row),
    row({ ...f.overall, name: '**overall**' }),
  ].join('\n');
}

export function summaryLines(f: MixedFigures): string[] {
  const out = [
    `${f.database}, ${f.users} VUs (${Object.entries(f.roles)
      .map(([r, n]) => `${n} ${r}`)
      .join(', ')}), ${f.seconds} s, scale ${f.scale}, ${f.date}`,
    `overall ${f.overall.rps} req/s; writes ${(f.writeShare * 100).toFixed(1)} % of requests; bare Fastify ${Math.round(f.bareRps)} req/s from the same client → ratio ${f.ratio.toFixed(3)}`,
    `load average (1 min) during the run: mean ${f.load.mean.toFixed(2)}, max ${f.load.max.toFixed(2)}; server CPU ${Math.round(f.serverCpu.ms)} ms = ${f.serverCpu.cores.toFixed(2)} cores, ${f.serverCpu.msPerRequest.toFixed(2)} ms/request`,
  ];
  if (f.dbCpu)
    out.push(
      `PostgreSQL backends (${f.dbCpu.backends}): CPU ${Math.round(f.dbCpu.ms)} ms = ${f.dbCpu.cores.toFixed(2)} cores, ${(f.dbCpu.ms / Math.max(1, f.overall.count)).toFixed(2)} ms/request; prepared statements ${f.preparedStatements ? 'on' : 'off'}`,
    );
  if (f.clientCpu)
    out.push(
      `bench client (this process): CPU ${Math.round(f.clientCpu.ms)} ms = ${f.clientCpu.cores.toFixed(2)} cores`,
    );
  return out;
}

/** A statement as the table shows it: its first 300 characters (the JSON keeps it whole). */
const shorten = (q: string) => (q.length > 300 ? `${q.slice(0, 300)} …` : q);

export function statementsTable(top: StatementShare[]): string {
  return [
    '| # | share of active samples | est. total ms | statement |',
    '|---:|---:|---:|---|',
    ...top.map(
      (s, i) =>
        `| ${i + 1} | ${(s.share * 100).toFixed(1)} % | ${s.ms} | \`${shorten(s.query).replace(/\|/g, '\\|')}\` |`,
    ),
  ].join('\n');
}

/** The recording's statements as pg_stat_statements counted them: per request, execution against planning. */
export function statementStatsLines(st: StatementStats, requests: number): string {
  const total = st.execMs + (st.planMs ?? 0);
  const planning =
    st.planMs === null
      ? 'planning not tracked (pg_stat_statements.track_planning off)'
      : `planning ${Math.round(st.planMs)} ms (${((st.planMs / Math.max(1, total)) * 100).toFixed(0)} % of the two)`;
  const ms = (x: number) => (x / Math.max(1, requests)).toFixed(2);
  return [
    `pg_stat_statements: ${st.calls} statements = ${(st.calls / Math.max(1, requests)).toFixed(2)} per request; ` +
      `execution ${Math.round(st.execMs)} ms (${ms(st.execMs)} ms per request), ${planning}`,
    '| # | calls | exec ms | plan ms | mean exec ms | mean plan ms | statement |',
    '|---:|---:|---:|---:|---:|---:|---|',
    ...st.top.map(
      (s, i) =>
        `| ${i + 1} | ${s.calls} | ${Math.round(s.execMs)} | ${Math.round(s.planMs)} | ${(s.execMs / Math.max(1, s.calls)).toFixed(2)} | ` +
        `${(s.planMs / Math.max(1, s.calls)).toFixed(2)} | \`${shorten(s.query).replace(/\|/g, '\\|')}\` |`,
    ),
  ].join('\n');
}

export function writeJson(file: string, f: MixedFigures) {
  writeFileSync(file, `${JSON.stringify(f, null, 2)}\n`);
}
