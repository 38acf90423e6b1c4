// Backups on demand (Settings › Backup) and daily ones of the embedded database (DATA_DIR/backups).
import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { FileStore } from '../../platform/files';
import { createBackup } from './dump';

/** Which database `db` is: PGlite reports an Emscripten build in its version. */
export async function databaseKind(db: Db): Promise<'pglite' | 'postgres'> {
  const [r] = await queryRows<{ v: string }>(db, sql`select version() as v`);
  return /emscripten|emcc/i.test(r?.v ?? '') ? 'pglite' : 'postgres';
}

/** `bpm-backup-YYYYMMDD-HHMMSS.tar.gz` (UTC): names sort by date. */
export function backupFileName(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `bpm-backup-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}.tar.gz`;
}

const BACKUP_NAME = /^bpm-backup-\d{8}-\d{6}\.tar\.gz$/;

/** How many daily backups to keep: BACKUP_KEEP (default 7; 0 turns daily backups off). */
export function backupKeep(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.BACKUP_KEEP ?? 7);
  return Number.isInteger(n) && n >= 0 ? n : 7;
}

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => BACKUP_NAME.test(n))
    .sort()
    .reverse();
}

/** Removes all but the newest `keep` backups of `dir`; answers the removed names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const n of old) await rm(join(dir, n), { force: true });
  return old;
}

const DAY_MS = 24 * 3600_000;
/** A due backup waits for the server to be this quiet (no request running or answered meanwhile)… */
export const BACKUP_QUIET_MS = 60_000;
/** …but not longer than this after it fell due: a server that is never quiet is still backed up daily. */
export const BACKUP_MAX_WAIT_MS = 6 * 3600_000;

export interface DailyBackups {
  db: Db;
  files: FileStore;
  dataDir: string;
  keep: number;
  now(): number;
  log(message: string): void;
  /**
   * How long the server has been quiet (ms since its last request; 0 while one runs). The embedded database
   * has one connection and a backup reads every table in one snapshot, holding it for seconds to minutes at
   * 1M rows: every request would wait meanwhile.
   */
  quietFor(): number;
  /** When the server started (ms): a database without a backup is due from then. */
  startedAt: number;
}

/**
 * One daily backup when the newest in DATA_DIR/backups is a day old (or there is none) and the server is quiet
 * (or the backup has waited BACKUP_MAX_WAIT_MS for that), then the oldest beyond `keep` go; answers the new
 * backup's path, or null when none was made.
 */
export async function dailyBackupIfDue(o: DailyBackups): Promise<string | null> {
  if (o.keep <= 0) return null;
  const dir = join(o.dataDir, 'backups');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const [newest] = await listBackups(dir);
  const due = newest ? (await stat(join(dir, newest))).mtimeMs + DAY_MS : o.startedAt;
  if (o.now() < due) return null;
  if (o.quietFor() < BACKUP_QUIET_MS && o.now() - due < BACKUP_MAX_WAIT_MS) return null;
  const path = join(dir, backupFileName(o.now()));
  const m = await createBackup({ db: o.db, files: o.files, kind: 'pglite', now: o.now() }, path);
  await pruneBackups(dir, o.keep);
  o.log(
    `Daily backup ${path} (schema ${m.schema.tag}, ${m.tables.reduce((s, t) => s + t.rows, 0)} rows, ${m.files.count} files)`,
  );
  return path;
}

/**
 * The embedded database's daily backups: checked every minute (a machine that slept catches up; a due backup
 * waits for a quiet minute). Answers a stop function. Failures are logged, never fatal.
 */
export function startDailyBackups(o: DailyBackups): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void dailyBackupIfDue(o)
      .catch((err: unknown) => o.log(`Daily backup failed: ${(err as Error).message}`))
      .finally(() => {
        running = false;
      });
  };
  const every = setInterval(run, 60_000);
  every.unref();
  return () => clearInterval(every);
}
