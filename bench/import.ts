/**
 * `node --import tsx bench/import.ts [--rows 10000] [--pg postgres://…] [--events 100000]`
 *
 * Spreadsheet import of dealers (issue 26 item 2: 10,000 dealers in under 10 s, preview and commit) through the
 * import service itself (`previewImport`, `commitImport`: the same calls the routes make), on a fresh embedded
 * database in a temporary directory (on disk, as a deployment runs it) or, with `--pg URL`, on a fresh PostgreSQL
 * database created (and dropped) under that server. The demo data goes in first, plus `--events` audit events
 * (the events table and its trigram index are what every save writes into).
 *
 * Two runs of `--rows` rows: a file of new dealers (all creates), then the same names with other values (all
 * updates). Prints seconds per step, rows a second and the load average, which the figures depend on (2 cores),
 * and this process's CPU seconds for each run (on PGlite the database's work too: a figure less at the mercy of
 * the machine's other work than the elapsed one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres, queryRows } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/db/seed';
import { commitImport, previewImport } from '../packages/server/src/modules/imports/service';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ROWS = Number(arg('--rows') ?? 10_000);
const EVENTS = Number(arg('--events') ?? 100_000);
const PG = arg('--pg');
const TARGET_S = 10;

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** A dealers file: `rows` lines, names `<tag> <i>`; `round` changes every other value (an update run). */
function dealersCsv(tag: string, rows: number, round: number): Buffer {
  const lines = Array.from(
    { length: rows },
    (_, i) =>
      `${tag} ${i},${round ? 'France' : 'Germany'},d${i}.${round}@bulk.example,"Street ${i}, ${round}",` +
      `${(i + round) % 50},100% 30 days,${i * 10 + round}`,
  );
  return Buffer.from(
    `name,country,email,billing_address,discount,payment_terms,credit_limit\n${lines.join('\n')}\n`,
    'utf8',
  );
}

async function open(): Promise<{ database: Database; done(): Promise<void> }> {
  if (!PG) {
    const dir = mkdtempSync(join(tmpdir(), 'bpm-import-bench-'));
    const database = await openPglite(join(dir, 'db'));
    return {
      database,
      async done() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `bpm_import_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: PG });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const u = new URL(PG);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString());
  return {
    database,
    async done() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

const { database, done } = await open();
try {
  const db = database.db;
  const now = Math.floor(Date.now() / 1000);
  await seedDemo(db, now);
  // History as a working database has it: the events every save inserts into (and indexes).
  await db.execute(sql`
    insert into events (time, user_id, username, first_name, last_name, entity_type, entity_id, event, data, search_text)
    select ${now} - g, 1, 'admin', 'Alice', 'Morgan', 'order', g, 'order_updated',
      jsonb_build_object('oc_ref', 'OC-' || g, 'changes', jsonb_build_object('note', jsonb_build_object('old', '', 'new', 'n' || g))),
      'order_updated admin alice morgan {"oc_ref":"oc-' || g || '"}'
    from generate_series(1, ${EVENTS}::int) g`);
  await db.execute(sql`analyze`);
  const [who] = await queryRows<{ id: number; username: string }>(
    db,
    sql`select id, username from users where username = 'admin'`,
  );
  const actor = { user_id: who!.id, username: who!.username };
  console.log(
    `import of ${ROWS} dealers on ${database.kind} (${cpus().length} cores, node ${process.version}), load ${load()}`,
  );
  const tag = `Bench ${process.pid}`;
  for (const [round, label] of [
    [0, 'create'],
    [1, 'update'],
  ] as const) {
    const data = dealersCsv(tag, ROWS, round);
    const file = { field: 'file', fileName: 'dealers.csv', mimetype: 'text/csv', data };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const p = await previewImport(db, 'dealers', file);
    const t1 = performance.now();
    const wanted = label === 'create' ? p.create : p.update;
    if (wanted !== ROWS || p.errors) throw new Error(`preview: ${JSON.stringify({ ...p, rows: p.rows.slice(0, 3) })}`);
    const r = await commitImport(db, 'dealers', p.token, file, actor, now + round);
    const t2 = performance.now();
    if (r.created + r.updated !== ROWS) throw new Error(`commit: ${JSON.stringify(r)}`);
    const total = (t2 - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `  ${ROWS} ${label}s: preview ${((t1 - t0) / 1000).toFixed(2)} s, commit ${((t2 - t1) / 1000).toFixed(2)} s ` +
        `(${Math.round(ROWS / ((t2 - t1) / 1000))} rows/s), together ${total.toFixed(2)} s ` +
        `(target < ${TARGET_S} s: ${total < TARGET_S ? 'ok' : 'MISSED'}), CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, ` +
        `load ${load()}`,
    );
  }
  const [n] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from events where entity_type = 'dealer' and time >= ${now}`,
  );
  console.log(`  audit events written: ${n!.n} (one per record and run: ${2 * ROWS})`);
} finally {
  await done();
}
