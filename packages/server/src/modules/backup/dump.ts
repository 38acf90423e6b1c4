// Taking a backup: one consistent snapshot of every table (a repeatable-read transaction), rows as JSON
// lines in chunks, parents before children, the sequences' positions, then every uploaded file.
import { rename, rm } from 'node:fs/promises';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BACKUP_MSG, type BackupManifest } from '@bpm/contract/backup';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { files } from '../../db/schema/platform';
import type { FileStore } from '../../platform/files';
import { writeArchive } from './archive';
import { appliedSchema, appVersion, ident, sequences, type TableInfo, tablesInOrder } from './catalog';

/** Rows per archive entry: a few hundred kB of JSON, bounded memory on both sides. */
export const ROWS_PER_CHUNK = 2000;

/** Entry names inside the archive. */
export const ENTRY = {
  manifest: 'manifest.json',
  sequences: 'db/sequences.json',
  chunk: (table: string, n: number) => `db/${table}/${String(n).padStart(6, '0')}.jsonl`,
  file: (sha: string) => `files/${sha}`,
};

export interface BackupSource {
  db: Db;
  files: FileStore;
  kind: 'pglite' | 'postgres';
  /** The time the backup is dated (ms). */
  now: number;
}

/**
 * Writes a backup of the database and its uploaded files to `path` (written beside it and renamed, so a
 * failed backup leaves no archive behind); answers its manifest.
 */
export async function createBackup(src: BackupSource, path: string): Promise<BackupManifest> {
  const tmp = `${path}.${process.pid}.part`;
  const out = writeArchive(tmp);
  try {
    const manifest = await src.db.transaction(
      async (tx) => {
        const tables = await tablesInOrder(tx);
        const counts = await Promise.all(tables.map((t) => countRows(tx, t)));
        const stored = await tx
          .selectDistinctOn([files.sha256], { sha: files.sha256, name: files.fileName, size: files.size })
          .from(files)
          .orderBy(files.sha256);
        const m: BackupManifest = {
          format: BACKUP_FORMAT,
          format_version: BACKUP_FORMAT_VERSION,
          app_version: appVersion(),
          schema: await appliedSchema(tx),
          created_at: new Date(src.now).toISOString(),
          database: src.kind,
          tables: tables.map((t, i) => ({ name: t.name, rows: counts[i]! })),
          files: { count: stored.length, bytes: stored.reduce((s, f) => s + Number(f.size), 0) },
        };
        await out.add(ENTRY.manifest, Buffer.from(JSON.stringify(m, null, 2)));
        await out.add(ENTRY.sequences, Buffer.from(JSON.stringify(await sequences(tx))));
        for (const t of tables) await dumpTable(tx, t, out.add);
        return { m, stored };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Uploaded files are content-addressed and never rewritten: read after the snapshot, outside it.
    for (const f of manifest.stored) {
      let data: Buffer;
      try {
        data = await src.files.get(f.sha);
      } catch {
        throw new Error(BACKUP_MSG.missingFile(f.sha, f.name));
      }
      await out.add(ENTRY.file(f.sha), data);
    }
    await out.finish();
    await rename(tmp, path);
    return manifest.m;
  } catch (err) {
    await out.abort(err as Error);
    await rm(tmp, { force: true });
    throw err;
  }
}

async function countRows(db: Db, t: TableInfo): Promise<number> {
  const [r] = await queryRows<{ n: number | string }>(db, sql.raw(`select count(*) as n from ${ident(t.name)}`));
  return Number(r?.n ?? 0);
}

/**
 * One table's rows as chunks of JSON lines (`row_to_json`: PostgreSQL's own text of every type, read back
 * by `json_populate_recordset`), in key order: by a one-column key, keyset; otherwise by offset (stable
 * within the snapshot).
 */
async function dumpTable(db: Db, t: TableInfo, add: (name: string, data: Buffer) => Promise<void>) {
  const order = t.key.length ? t.key.map((k) => `t.${ident(k)}`).join(', ') : 't.ctid';
  const keyset = t.key.length === 1;
  let after: string | undefined;
  let offset = 0;
  for (let n = 1; ; n++) {
    const where: SQL =
      keyset && after !== undefined
        ? sql`where ${sql.raw(`t.${ident(t.key[0]!)}`)} > cast(${after} as ${sql.raw(t.keyType)})`
        : sql``;
    const rows = await queryRows<{ j: string; k: string | null }>(
      db,
      sql`select row_to_json(t)::text as j, ${sql.raw(keyset ? `t.${ident(t.key[0]!)}::text` : 'null')} as k
        from ${sql.raw(ident(t.name))} t ${where} order by ${sql.raw(order)}
        limit ${ROWS_PER_CHUNK} offset ${keyset ? 0 : offset}`,
    );
    if (rows.length === 0) break;
    await add(ENTRY.chunk(t.name, n), Buffer.from(`${rows.map((r) => r.j).join('\n')}\n`));
    if (rows.length < ROWS_PER_CHUNK) break;
    after = rows.at(-1)!.k ?? undefined;
    offset += rows.length;
  }
}
