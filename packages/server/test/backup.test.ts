/**
 * Backup and restore (issue 26 item 1): a database with every kind of record and file is backed up,
 * restored into a fresh database and file store, and every table's rows and every file's hash compared.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (freshDatabase).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_MSG } from '@bpm/contract/backup';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, queryRows } from '../src/db/client';
import { files as filesTable } from '../src/db/schema/platform';
import { readArchive, writeArchive } from '../src/modules/backup/archive';
import {
  appliedSchema,
  applyMigrations,
  dropAppObjects,
  ident,
  journal,
  latestSchema,
  tablesInOrder,
} from '../src/modules/backup/catalog';
import { backupCommand, restoreCommand } from '../src/modules/backup/cli';
import { createBackup } from '../src/modules/backup/dump';
import { readManifest, restoreBackup } from '../src/modules/backup/load';
import {
  BACKUP_MAX_WAIT_MS,
  BACKUP_QUIET_MS,
  backupFileName,
  backupKeep,
  dailyBackupIfDue,
  listBackups,
} from '../src/modules/backup/service';
import { diskFileStore } from '../src/platform/files';
import { createMailer } from '../src/platform/mail';
import { makePart, makeSaleProduct } from './factories/products';
import { makeSupplier } from './factories/purchasing';
import { createDealer, createOrder, createQuotation } from './factories/sales';
import { makeChecklist, makeTestedOrder } from './factories/testing';
import { makeUser } from './factories/users';
import { makeProject, makeTask } from './factories/work';
import { call, createTestApp, freshDatabase, postForm, SAMPLE, type TestApp, upload } from './helpers';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'bpm-backup-test-'));
  await fillEveryKind(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Records of every area beside the demo data, with uploaded files (images, PDFs, attachments). */
async function fillEveryKind(t: TestApp) {
  const dealer = await createDealer(t);
  const withPdf = await postForm(t, 'sale', '/api/dealers/save', { ...dealer, id: dealer.id }, [
    { field: 'agreement_pdf', name: 'agreement.pdf' },
  ]);
  expect(withPdf.statusCode, withPdf.body).toBe(200);
  const product = await makeSaleProduct(t, { desc: 'Backed-up product ünïcödé' });
  const img = await postForm(t, 'administrator', '/api/products/save', { ...product, id: product.id }, [
    { field: 'product_image', name: 'p.png', type: 'image/png', data: SAMPLE.png },
  ]);
  expect(img.statusCode, img.body).toBe(200);
  await makePart(t);
  await makeSupplier(t);
  await createOrder(t, { products: [{ product_id: product.id, quantity: 2, msrp: 100 }] }, dealer.id);
  await createQuotation(t, { products: [{ product_id: product.id, quantity: 1, msrp: 100 }] }, dealer.id);
  const tested = await makeTestedOrder(t);
  await makeChecklist(t, tested.line.id, (await makeUser(t, 'tester')).id);
  const project = await makeProject(t, 'sale', { name: 'Backup project' });
  const parent = await makeTask(t, 'sale', { title: 'Parent task', project_id: project.id });
  // A subtask whose parent has a higher id: self-references load whatever the row order.
  const child = await makeTask(t, 'sale', { title: 'Child task', project_id: project.id });
  const later = await makeTask(t, 'sale', { title: 'Later parent', project_id: project.id });
  await t.database.db.execute(sql`update tasks set parent_id = ${later.id} where id = ${child.id}`);
  const att = await upload(t, 'sale', '/taskattachments/upload', { task_id: parent.id }, [
    { field: 'file', name: 'note.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n% another\n%%EOF\n') },
  ]);
  expect(att.statusCode, att.body).toBe(200);
  // A deleted task keeps its viewers (retired_record_viewers).
  const gone = await makeTask(t, 'sale', { title: 'Deleted task', project_id: project.id });
  expect((await call(t, 'sale', 'DELETE', `/tasks/${gone.id}`)).statusCode).toBe(200);
  const lic = await call(t, 'sale', 'POST', '/license/batch', {
    license_type: 'license',
    license: [{ code: 'pro', value: 1 }],
    devices: [{ mac: '02:00:00:AB:CD:01' }],
  });
  expect(lic.statusCode, lic.body).toBe(200);
  // The outbox: the platform mailer's row (the test app's mailer keeps mail in memory).
  const mailer = createMailer({
    smtpUrl: '',
    from: 'BPM <bpm@localhost>',
    publicUrl: '',
    clock: t.clock,
    log: () => {},
  });
  await mailer.send(t.database.db, { to: ['someone@example.com'], subject: 'Backed up', text: 'Hello' });
  // A unit on a packing list (packing_list_units): the demo's first list ships the demo's first unit.
  await t.database.db.execute(sql`insert into packing_list_units (packing_list_id, unit_id, position)
    select (select min(id) from packing_lists), (select min(id) from units), 1
    where not exists (select 1 from packing_list_units)`);
}

/** Every table's rows as PostgreSQL's JSON text, in key order. */
async function tableRows(db: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tablesInOrder(db.db)) {
    const order = table.key.length ? table.key.map(ident).join(', ') : 'row_to_json(t)::text';
    const rows = await queryRows<{ j: string }>(
      db.db,
      sql.raw(`select row_to_json(t)::text as j from ${ident(table.name)} t order by ${order}`),
    );
    out[table.name] = rows.map((r) => r.j);
  }
  return out;
}

/** sha256 → the hash of the bytes the store answers for it, for every file row. */
async function fileHashes(db: Database, store: ReturnType<typeof diskFileStore>) {
  const rows = await db.db.selectDistinct({ sha: filesTable.sha256 }).from(filesTable);
  const out: Record<string, string> = {};
  for (const r of rows)
    out[r.sha] = createHash('sha256')
      .update(await store.get(r.sha))
      .digest('hex');
  return out;
}

const source = () => ({
  db: t.database.db,
  files: diskFileStore(join(t.config.dataDir, 'files')),
  kind: t.database.kind,
  now: t.clock.now(),
});

describe('backup and restore', () => {
  it('round trip: every table and every file come back as they were', async () => {
    const path = join(dir, 'full.tar.gz');
    const manifest = await createBackup(source(), path);
    expect(manifest.schema).toEqual(latestSchema());
    expect(manifest.app_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.created_at).toBe(new Date(t.clock.now()).toISOString());
    const before = await tableRows(t.database);
    // Every kind of record: a new table needs a record of its kind in fillEveryKind.
    const empty = Object.entries(before)
      .filter(([, rows]) => rows.length === 0)
      .map(([name]) => name);
    expect(empty).toEqual([]);
    expect(Object.fromEntries(manifest.tables.map((x) => [x.name, x.rows]))).toEqual(
      Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v.length])),
    );
    expect(manifest.files.count).toBeGreaterThanOrEqual(3);

    const target = await freshDatabase();
    const targetFiles = diskFileStore(join(dir, 'restored-files'));
    try {
      const result = await restoreBackup(target.db, targetFiles, path);
      expect(result.files).toBe(manifest.files.count);
      const after = await tableRows(target);
      for (const name of Object.keys(before)) expect(after[name], name).toEqual(before[name]);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      const original = await fileHashes(t.database, source().files);
      const restored = await fileHashes(target, targetFiles);
      expect(restored).toEqual(original);
      for (const [sha, hash] of Object.entries(restored)) expect(hash).toBe(sha);
      // Sequences go on where they stood: a new row gets a fresh id, not one of a restored row.
      const [seq] = await queryRows<{ next: number }>(target.db, sql`select nextval('dealers_id_seq')::int as next`);
      const [max] = await queryRows<{ max: number }>(target.db, sql`select max(id)::int as max from dealers`);
      expect(seq!.next).toBeGreaterThan(max!.max);
      expect(await appliedSchema(target.db)).toEqual(latestSchema());
    } finally {
      await target.close();
    }
  });

  it('an archive from a newer schema is refused with a clear message, before anything is touched', async () => {
    const path = join(dir, 'newer.tar.gz');
    const manifest = await createBackup(source(), join(dir, 'base.tar.gz'));
    const newer = { ...manifest, schema: { index: 999, tag: '0999_future', when: latestSchema().when + 1 } };
    await rewriteManifest(join(dir, 'base.tar.gz'), path, newer);
    await expect(readManifest(path)).rejects.toThrow(
      BACKUP_MSG.newerSchema('0999_future (999)', `${latestSchema().tag} (${latestSchema().index})`),
    );
    const target = await freshDatabase();
    try {
      await target.db.execute(sql`insert into suppliers (name, contact_person, address, created_at, updated_at)
        values ('Kept supplier', 'x', 'y', 0, 0)`);
      await expect(restoreBackup(target.db, diskFileStore(join(dir, 'f2')), path)).rejects.toThrow(/newer version/);
      const [r] = await queryRows<{ n: number }>(target.db, sql`select count(*)::int as n from suppliers`);
      expect(r!.n).toBe(1);
    } finally {
      await target.close();
    }
  });

  it('never half-restores: a damaged archive leaves the database as it was', async () => {
    const good = join(dir, 'good.tar.gz');
    await createBackup(source(), good);
    const bad = join(dir, 'damaged.tar.gz');
    await rewriteEntries(good, bad, (name, data) =>
      name.startsWith('db/orders/') ? Buffer.from(`${data.toString().slice(0, 40)}\n`) : data,
    );
    const target = await freshDatabase();
    try {
      await target.db.execute(sql`insert into suppliers (name, contact_person, address, created_at, updated_at)
        values ('Kept supplier', 'x', 'y', 0, 0)`);
      await expect(restoreBackup(target.db, diskFileStore(join(dir, 'f3')), bad)).rejects.toThrow(/damaged/);
      const [r] = await queryRows<{ n: number }>(target.db, sql`select count(*)::int as n from suppliers`);
      expect(r!.n).toBe(1);
      expect(await appliedSchema(target.db)).toEqual(latestSchema());
    } finally {
      await target.close();
    }
  });

  it('an archive from an older schema is restored, then migrated to this one', async () => {
    const older = journal().at(-2)!;
    const db = await freshDatabase();
    const target = await freshDatabase();
    try {
      // A database at the previous migration, with a record in it.
      await db.db.transaction(async (tx) => {
        await dropAppObjects(tx);
        await applyMigrations(tx, 0, older.when);
      });
      await db.db.execute(sql`insert into suppliers (name, contact_person, address, created_at, updated_at)
        values ('Old supplier', 'x', 'y', 0, 0)`);
      const path = join(dir, 'older.tar.gz');
      const m = await createBackup({ db: db.db, files: source().files, kind: db.kind, now: 0 }, path);
      expect(m.schema).toEqual({ index: older.idx, tag: older.tag, when: older.when });
      await restoreBackup(target.db, diskFileStore(join(dir, 'f4')), path);
      expect(await appliedSchema(target.db)).toEqual(latestSchema());
      const rows = await queryRows<{ name: string }>(target.db, sql`select name from suppliers`);
      expect(rows.map((r) => r.name)).toEqual(['Old supplier']);
    } finally {
      await db.close();
      await target.close();
    }
  });

  it('a file that is not a backup is refused as such', async () => {
    const path = join(dir, 'not.tar.gz');
    writeFileSync(path, 'just text');
    await expect(readManifest(path)).rejects.toThrow(BACKUP_MSG.notABackup);
  });

  it('GET /backup/download: the administrator gets the archive; other roles 403', async () => {
    const res = await call(t, 'administrator', 'GET', '/backup/download');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="bpm-backup-\d{8}-\d{6}\.tar\.gz"/,
    );
    const path = join(dir, 'downloaded.tar.gz');
    writeFileSync(path, res.rawPayload);
    expect((await readManifest(path)).database).toBe(t.database.kind);
    for (const role of ['sale', 'purchase'] as const)
      expect((await call(t, role, 'GET', '/backup/download')).statusCode).toBe(403);
  });
});

/** Copies an archive entry by entry through `change`. */
async function rewriteEntries(from: string, to: string, change: (name: string, data: Buffer) => Buffer) {
  const out = writeArchive(to);
  for await (const e of readArchive(from)) await out.add(e.name, change(e.name, e.data));
  await out.finish();
}

async function rewriteManifest(from: string, to: string, manifest: object) {
  await rewriteEntries(from, to, (name, data) =>
    name === 'manifest.json' ? Buffer.from(JSON.stringify(manifest)) : data,
  );
}

// tar-stream is the archive's format: a reader other than ours sees the same entries.
it('the archive is a plain tar.gz whose first entry is the manifest', async () => {
  const path = join(dir, 'plain.tar.gz');
  await createBackup(source(), path);
  const names: string[] = [];
  const extract = tar.extract();
  const { gunzipSync } = await import('node:zlib');
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (h, stream, next) => {
      names.push(h.name);
      stream.on('end', next);
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(gunzipSync(readFileSync(path)));
  await done;
  expect(names[0]).toBe('manifest.json');
  expect(names).toContain('db/sequences.json');
  expect(names.some((n) => /^files\/[0-9a-f]{64}$/.test(n))).toBe(true);
});

describe('command line and daily backups (embedded database)', () => {
  it('npm run backup / npm run restore: a fresh data directory switched in, the old one kept', async () => {
    const path = join(dir, 'cli.tar.gz');
    await createBackup(source(), path);
    const dataDir = join(dir, 'cli-data');
    const env = { DATA_DIR: dataDir };
    const log: string[] = [];
    // An existing installation with other data: replaced whole.
    const old = await openPglite(join(dataDir, 'db'));
    await old.db.execute(sql`insert into suppliers (name, contact_person, address, created_at, updated_at)
      values ('Replaced supplier', 'x', 'y', 0, 0)`);
    await old.close();
    await restoreCommand([path], env, (s) => log.push(s));
    expect(log.at(-1)).toMatch(/previous database and files are kept in .*pre-restore-/);
    const restored = await openPglite(join(dataDir, 'db'));
    try {
      const names = await queryRows<{ name: string }>(restored.db, sql`select name from suppliers order by id`);
      const expected = await queryRows<{ name: string }>(t.database.db, sql`select name from suppliers order by id`);
      expect(names).toEqual(expected);
      const again = join(dir, 'cli-again.tar.gz');
      await restored.close();
      // And back out through the command line backup.
      await backupCommand(['--out', again], env, () => {});
      expect((await readManifest(again)).tables.find((x) => x.name === 'suppliers')?.rows).toBe(expected.length);
    } finally {
      await restored.close().catch(() => {});
    }
  });

  it('restore refuses while a server holds the embedded database', async () => {
    const dataDir = join(dir, 'busy-data');
    const path = join(dir, 'busy.tar.gz');
    await createBackup(source(), path);
    const { writeFileSync: write } = await import('node:fs');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dataDir, 'db'), { recursive: true });
    // A lock held by a live process that is not this one (pid 1), start time unknown.
    write(join(dataDir, 'db', 'server.lock'), JSON.stringify({ pid: 1, start: null }));
    await expect(restoreCommand([path], { DATA_DIR: dataDir }, () => {})).rejects.toThrow(/in use by process 1/);
  });

  it('daily backups: one a day into DATA_DIR/backups, the newest BACKUP_KEEP kept', async () => {
    const dataDir = join(dir, 'daily');
    const backups = join(dataDir, 'backups');
    const { mkdirSync, writeFileSync: write } = await import('node:fs');
    mkdirSync(backups, { recursive: true });
    for (const d of ['20260101', '20260102', '20260103']) write(join(backups, `bpm-backup-${d}-000000.tar.gz`), 'old');
    const { utimesSync } = await import('node:fs');
    for (const n of readdirSync(backups)) utimesSync(join(backups, n), new Date(2026, 0, 4), new Date(2026, 0, 4));
    const opts = {
      db: t.database.db,
      files: source().files,
      dataDir,
      keep: 2,
      now: () => t.clock.now(),
      log: () => {},
      quietFor: () => BACKUP_QUIET_MS,
      startedAt: t.clock.now(),
    };
    const made = await dailyBackupIfDue(opts);
    expect(made).toBe(join(backups, backupFileName(t.clock.now())));
    expect(await listBackups(backups)).toEqual([backupFileName(t.clock.now()), 'bpm-backup-20260103-000000.tar.gz']);
    // Not due again within the day.
    expect(await dailyBackupIfDue(opts)).toBeNull();
    expect(backupKeep({})).toBe(7);
    expect(backupKeep({ BACKUP_KEEP: '3' })).toBe(3);
    expect(await dailyBackupIfDue({ ...opts, keep: 0 })).toBeNull();
  });

  it('a due daily backup waits for a quiet minute, but not longer than BACKUP_MAX_WAIT_MS', async () => {
    const opts = {
      db: t.database.db,
      files: source().files,
      keep: 2,
      now: () => t.clock.now(),
      log: () => {},
    };
    const hour = 3600_000;
    const busy = { ...opts, dataDir: join(dir, 'busy-daily'), startedAt: t.clock.now() - hour };
    // Due (no backup yet) for an hour, but a request ran 59 s ago, or one is running: not now.
    expect(await dailyBackupIfDue({ ...busy, quietFor: () => BACKUP_QUIET_MS - 1000 })).toBeNull();
    expect(await dailyBackupIfDue({ ...busy, quietFor: () => 0 })).toBeNull();
    expect(await listBackups(join(busy.dataDir, 'backups'))).toEqual([]);
    // A quiet minute: made.
    expect(await dailyBackupIfDue({ ...busy, quietFor: () => BACKUP_QUIET_MS })).toBe(
      join(busy.dataDir, 'backups', backupFileName(t.clock.now())),
    );
    // Never quiet, but due for longer than BACKUP_MAX_WAIT_MS: made anyway.
    const never = { ...opts, dataDir: join(dir, 'never-quiet'), startedAt: t.clock.now() - BACKUP_MAX_WAIT_MS };
    expect(await dailyBackupIfDue({ ...never, quietFor: () => 0 })).toBe(
      join(never.dataDir, 'backups', backupFileName(t.clock.now())),
    );
  });
});
