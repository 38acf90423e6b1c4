// Restoring a backup into a database, all or nothing: in one transaction the app's objects are dropped,
// the schema is built by this build's migrations up to the archive's, the rows are loaded in dependency
// order (the app's triggers off: rows come back as they were), the sequences set, and the later
// migrations run. Any failure rolls it all back: the database is as it was.
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_MSG,
  type BackupManifest,
  backupManifest,
} from '@bpm/contract/backup';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files';
import { readArchive } from './archive';
import {
  applyMigrations,
  dropAppObjects,
  ident,
  journal,
  latestSchema,
  type SequenceState,
  schemaLabel,
  type TableInfo,
  tablesInOrder,
} from './catalog';
import { ENTRY } from './dump';

/** Rows per insert statement. */
const ROWS_PER_INSERT = 2000;

/** A restore refused or failed, with a message for the person restoring. */
export class RestoreError extends Error {}

/** Reads and checks the manifest (the archive's first entry): its format and a schema this build can restore. */
export async function readManifest(path: string): Promise<BackupManifest> {
  for await (const entry of readArchive(path)) {
    if (entry.name !== ENTRY.manifest) break;
    let parsed: ReturnType<typeof backupManifest.safeParse>;
    try {
      parsed = backupManifest.safeParse(JSON.parse(entry.data.toString('utf8')));
    } catch {
      break;
    }
    if (!parsed.success) break;
    return checkManifest(parsed.data);
  }
  throw new RestoreError(BACKUP_MSG.notABackup);
}

/** Refuses a newer format or schema, or a schema this build's journal does not name. */
export function checkManifest(m: BackupManifest): BackupManifest {
  if (m.format !== BACKUP_FORMAT) throw new RestoreError(BACKUP_MSG.notABackup);
  if (m.format_version > BACKUP_FORMAT_VERSION) throw new RestoreError(BACKUP_MSG.newerFormat(m.format_version));
  const ours = latestSchema();
  if (m.schema.when > ours.when)
    throw new RestoreError(BACKUP_MSG.newerSchema(schemaLabel(m.schema), schemaLabel(ours)));
  if (!journal().some((e) => e.when === m.schema.when))
    throw new RestoreError(BACKUP_MSG.unknownSchema(schemaLabel(m.schema)));
  return m;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows loaded per table. */
  rows: Record<string, number>;
  files: number;
}

/**
 * Restores `path` into `db` (replacing everything in it) and its files into `store`; the files are put
 * first (content-addressed: the store only gains files), then the database in one transaction.
 */
export async function restoreBackup(db: Db, store: FileStore, path: string): Promise<RestoreResult> {
  const manifest = await readManifest(path);
  const files = await restoreFiles(store, path, manifest);
  const rows = await db.transaction(async (tx) => {
    await dropAppObjects(tx);
    await applyMigrations(tx, 0, manifest.schema.when);
    const tables = await tablesInOrder(tx);
    const loaded = await loadRows(tx, tables, path, manifest);
    await applyMigrations(tx, manifest.schema.when, Number.POSITIVE_INFINITY);
    return loaded;
  });
  return { manifest, rows, files };
}

async function restoreFiles(store: FileStore, path: string, manifest: BackupManifest): Promise<number> {
  let n = 0;
  for await (const e of readArchive(path)) {
    if (!e.name.startsWith('files/')) continue;
    const sha = e.name.slice('files/'.length);
    if ((await store.put(e.data)) !== sha) throw new RestoreError(BACKUP_MSG.corrupt(`file ${sha}`));
    n++;
  }
  if (n !== manifest.files.count) throw new RestoreError(BACKUP_MSG.corrupt(`${n} of ${manifest.files.count} files`));
  return n;
}

/** Loads every table's chunks into the schema at the archive's version; checks each table's count. */
async function loadRows(
  tx: Db,
  tables: TableInfo[],
  path: string,
  manifest: BackupManifest,
): Promise<Record<string, number>> {
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const m of manifest.tables)
    if (!byName.has(m.name)) throw new RestoreError(BACKUP_MSG.corrupt(`table ${m.name} is not in its schema`));
  const names = tables.map((t) => ident(t.name));
  // Rows the migrations wrote (seeded lookups) make way for the backup's; the app's triggers stay off.
  for (const n of names) await tx.execute(sql.raw(`alter table ${n} disable trigger user`));
  if (names.length) await tx.execute(sql.raw(`truncate ${names.join(', ')}`));
  for (const t of tables.filter(hasSelfRefs))
    await tx.execute(
      sql.raw(
        `create temp table ${selfRefCopy(t)} on commit drop as select ${[t.key[0]!, ...t.selfRefs].map(ident).join(', ')} from ${ident(t.name)} where false`,
      ),
    );
  const rows: Record<string, number> = Object.fromEntries(tables.map((t) => [t.name, 0]));
  let sequencesState: SequenceState[] = [];
  for await (const e of readArchive(path)) {
    if (e.name === ENTRY.sequences) sequencesState = JSON.parse(e.data.toString('utf8')) as SequenceState[];
    const m = /^db\/([^/]+)\/\d+\.jsonl$/.exec(e.name);
    if (!m) continue;
    const t = byName.get(m[1]!);
    if (!t) throw new RestoreError(BACKUP_MSG.corrupt(`rows of an unknown table ${m[1]}`));
    const lines = e.data.toString('utf8').split('\n').filter(Boolean);
    for (let i = 0; i < lines.length; i += ROWS_PER_INSERT)
      await insertRows(tx, t, lines.slice(i, i + ROWS_PER_INSERT));
    rows[t.name]! += lines.length;
  }
  for (const m of manifest.tables)
    if (rows[m.name] !== m.rows)
      throw new RestoreError(BACKUP_MSG.corrupt(`${m.name} has ${rows[m.name]} of its ${m.rows} rows`));
  for (const t of tables) await setSequences(tx, t, sequencesState);
  for (const n of names) await tx.execute(sql.raw(`alter table ${n} enable trigger user`));
  return rows;
}

const hasSelfRefs = (t: TableInfo) => t.selfRefs.length > 0 && t.key.length === 1;
/** The temporary table holding a table's self-references while it loads. */
const selfRefCopy = (t: TableInfo) => ident(`_restore_${t.name}`);

/**
 * Inserts JSON rows through `json_populate_recordset` (PostgreSQL reads back its own text of every
 * type). Columns that reference the table itself are set in a second statement: a parent row may
 * come in a later chunk than its child.
 */
async function insertRows(tx: Db, t: TableInfo, lines: string[]) {
  const json = `[${lines.join(',')}]`;
  const cols = t.columns.map(ident);
  const self = hasSelfRefs(t);
  const values = t.columns.map((c) => (self && t.selfRefs.includes(c) ? 'null' : `r.${ident(c)}`));
  const target = ident(t.name);
  const rows = sql`${sql.raw(`json_populate_recordset(null::${target},`)} ${json}::json) r`;
  try {
    await tx.execute(
      sql`${sql.raw(`insert into ${target} (${cols.join(', ')}) select ${values.join(', ')} from`)} ${rows}`,
    );
    if (self) {
      const kept = [t.key[0]!, ...t.selfRefs].map((c) => `r.${ident(c)}`).join(', ');
      await tx.execute(sql`${sql.raw(`insert into ${selfRefCopy(t)} select ${kept} from`)} ${rows}`);
    }
  } catch (err) {
    throw new RestoreError(BACKUP_MSG.corrupt(`rows of ${t.name} do not load`), { cause: err });
  }
}

/** The self-references of a table, once all its rows are in; then its sequences where they stood. */
async function setSequences(tx: Db, t: TableInfo, state: SequenceState[]) {
  if (hasSelfRefs(t)) {
    const key = ident(t.key[0]!);
    const set = t.selfRefs.map((c) => `${ident(c)} = s.${ident(c)}`).join(', ');
    await tx.execute(
      sql.raw(`update ${ident(t.name)} x set ${set} from ${selfRefCopy(t)} s where s.${key} = x.${key}`),
    );
  }
  for (const s of state.filter((q) => q.table === t.name)) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${ident(t.name)}, ${s.column}), ${s.last_value}, ${s.is_called})`,
    );
  }
}
