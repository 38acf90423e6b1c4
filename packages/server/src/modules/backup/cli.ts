// `npm run backup -- --out FILE` and `npm run restore -- FILE [--into DIR]` (scripts/backup.ts, scripts/restore.ts).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../config';
import { type Database, lockDir, openPglite, openPostgres } from '../../db/client';
import { diskFileStore } from '../../platform/files';
import { createBackup } from './dump';
import { readManifest, restoreBackup } from './load';
import { backupFileName } from './service';

interface Place {
  databaseUrl: string;
  dataDir: string;
}

/** Where the data is: DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR; uploads in DATA_DIR/files. */
function place(env: NodeJS.ProcessEnv): Place {
  return { databaseUrl: env.DATABASE_URL || '', dataDir: resolve(env.DATA_DIR || join(REPO_ROOT, 'data')) };
}

const option = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** Writes a backup to `--out FILE` (default: a dated name in the current directory); answers its path. */
export async function backupCommand(args: string[], env: NodeJS.ProcessEnv, log = console.log): Promise<string> {
  const p = place(env);
  const out = resolve(option(args, '--out') ?? backupFileName(Date.now()));
  const database: Database = p.databaseUrl
    ? await openPostgres(p.databaseUrl)
    : await openPglite(join(p.dataDir, 'db'));
  try {
    const m = await createBackup(
      { db: database.db, files: diskFileStore(join(p.dataDir, 'files')), kind: database.kind, now: Date.now() },
      out,
    );
    log(`Backup written to ${out}: schema ${m.schema.tag}, ${m.tables.length} tables, ${m.files.count} files.`);
  } finally {
    await database.close();
  }
  return out;
}

/**
 * Restores FILE. PostgreSQL: in one transaction on DATABASE_URL (all or nothing), the files added to
 * DATA_DIR/files first. Embedded: into a fresh data directory beside the live one, switched in by renames
 * only once complete (the old database and files kept in DATA_DIR/pre-restore-<date>); `--into DIR`
 * restores into a new, empty DIR instead and switches nothing.
 */
export async function restoreCommand(args: string[], env: NodeJS.ProcessEnv, log = console.log): Promise<void> {
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--into');
  if (!file) throw new Error('Usage: npm run restore -- FILE [--into DIR]');
  const path = resolve(file);
  const m = await readManifest(path);
  log(`Restoring ${path}: taken ${m.created_at} by BPM ${m.app_version}, schema ${m.schema.tag}.`);
  const p = place(env);
  if (p.databaseUrl) {
    const database = await openPostgres(p.databaseUrl);
    try {
      await restoreBackup(database.db, diskFileStore(join(p.dataDir, 'files')), path);
    } finally {
      await database.close();
    }
    log('Restored into the PostgreSQL database (one transaction).');
    return;
  }
  const into = option(args, '--into');
  if (into) {
    const dir = resolve(into);
    if (existsSync(dir) && readdirSync(dir).length)
      throw new Error(`${dir} is not empty: restore into a new directory.`);
    await restoreFresh(path, dir);
    log(`Restored into ${dir} (set DATA_DIR=${dir} to use it).`);
    return;
  }
  await restoreSwitch(path, p.dataDir, log);
}

/** Restores into `dir`/db and `dir`/files (a new data directory). */
async function restoreFresh(path: string, dir: string): Promise<void> {
  const database = await openPglite(join(dir, 'db'));
  try {
    await restoreBackup(database.db, diskFileStore(join(dir, 'files')), path);
  } finally {
    await database.close();
  }
}

/** The embedded database: a fresh data directory, then renames (the server must be stopped: the lock says so). */
async function restoreSwitch(path: string, dataDir: string, log: (s: string) => void): Promise<void> {
  const live = join(dataDir, 'db');
  mkdirSync(live, { recursive: true });
  const release = lockDir(live);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const staging = join(dataDir, `restore-${stamp}`);
  try {
    await restoreFresh(path, staging);
    const kept = join(dataDir, `pre-restore-${stamp}`);
    mkdirSync(kept);
    for (const part of ['db', 'files']) {
      if (existsSync(join(dataDir, part))) renameSync(join(dataDir, part), join(kept, part));
      renameSync(join(staging, part), join(dataDir, part));
    }
    rmSync(join(kept, 'db', 'server.lock'), { force: true });
    rmSync(staging, { recursive: true, force: true });
    log(`Restored into ${dataDir}; the previous database and files are kept in ${kept}.`);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    release();
    throw err;
  }
}
