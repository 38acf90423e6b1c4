// Spreadsheet import: a preview says what a commit of the same file would create, update or refuse;
// the commit writes every row through the area's own save, all in one transaction, or nothing.
import { createHash } from 'node:crypto';
import {
  IMPORT_KEYS,
  IMPORT_MSG,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
} from '@bpm/contract/imports';
import { MSG } from '@bpm/contract/messages';
import type { Db } from '../../db/client';
import { AppError, badRequest, invalid, zodCause } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { SaveRowError } from '../../platform/records';
import { chunks } from '../../platform/records-write';
import type { UploadedFile } from '../../platform/route';
import { CsvError, cellValue, decodeCsv, parseCsv } from './csv';
import { formFields, KINDS, keyText } from './kinds';

interface PlannedRow extends ImportRow {
  /** The parsed form input of a row without errors. */
  input?: Record<string, unknown>;
}

interface Plan extends Omit<ImportPreview, 'rows'> {
  rows: PlannedRow[];
}

/** The file's token: its kind and bytes, hashed (a commit must send the file its preview read). */
const tokenOf = (kind: ImportKind, data: Buffer) =>
  createHash('sha256').update(kind).update('\0').update(data).digest('hex');

/** The header's column names as the export writes them (a BOM, spaces and letter case aside). */
const columnName = (h: string) => h.trim().toLowerCase().replace(/\s+/g, '_');

/** Reads the file and decides each row: create, update (matched by its natural key) or error. */
async function plan(db: Db, kind: ImportKind, file: UploadedFile | undefined): Promise<Plan> {
  if (!file) throw invalid({ file: MSG.selectCsv });
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(decodeCsv(file.data));
  } catch (err) {
    if (err instanceof CsvError) throw invalid({ file: err.message });
    throw err;
  }
  const [header, ...data] = records;
  if (!header || data.length === 0) throw invalid({ file: MSG.noDataToImport });
  const def = KINDS[kind];
  const fields = new Set(formFields(def));
  const names = header.cells.map(columnName);
  const missing = IMPORT_KEYS[kind].filter((k) => !names.includes(k));
  if (missing.length) throw invalid({ file: MSG.missingHeaders(missing) });
  const read = names.map((n, i) => (fields.has(n) && names.indexOf(n) === i ? n : null));
  const existing = await def.existing(db);
  const raws = data.map((r) => {
    const raw: Record<string, unknown> = {};
    read.forEach((n, i) => {
      if (n) raw[n] = cellValue(r.cells[i] ?? '');
    });
    return { line: r.line, raw };
  });
  const stored = await storedRecords(kind, db, raws, existing);
  const seen = new Map<string, number>();
  const rows = raws.map((r) => planRow(kind, r.line, r.raw, existing, stored, seen));
  return {
    kind,
    token: tokenOf(kind, file.data),
    create: rows.filter((r) => r.action === 'create').length,
    update: rows.filter((r) => r.action === 'update').length,
    errors: rows.filter((r) => r.action === 'error').length,
    columns: names.filter((n) => fields.has(n)),
    ignored_columns: names.filter((n) => !fields.has(n)),
    rows,
  };
}

/** The stored form fields of every record the file's keys match (one read for the file), by id. */
async function storedRecords(
  kind: ImportKind,
  db: Db,
  raws: Array<{ raw: Record<string, unknown> }>,
  existing: Map<string, number[]>,
): Promise<Map<number, Record<string, unknown>>> {
  const def = KINDS[kind];
  const keys = IMPORT_KEYS[kind];
  const ids = new Set<number>();
  for (const { raw } of raws) {
    const matched = existing.get(keyText(keys.map((k) => raw[k])));
    if (matched?.length === 1) ids.add(matched[0]!);
  }
  const out = new Map<number, Record<string, unknown>>();
  const fields = formFields(def);
  for (const part of chunks([...ids], 5000))
    for (const r of await def.stored(db, part)) out.set(r.id, Object.fromEntries(fields.map((f) => [f, r[f]])));
  return out;
}

function planRow(
  kind: ImportKind,
  line: number,
  raw: Record<string, unknown>,
  existing: Map<string, number[]>,
  stored: Map<number, Record<string, unknown>>,
  seen: Map<string, number>,
): PlannedRow {
  const def = KINDS[kind];
  const keys = IMPORT_KEYS[kind];
  const keyParts = keys.map((k) => raw[k]);
  const key = keyParts.map((p) => String(p ?? '').trim()).join(' / ');
  const k = keyText(keyParts);
  const error = (errors: Record<string, string>): PlannedRow => ({ line, action: 'error', key, errors });
  const first = seen.get(k);
  if (first !== undefined && keyParts.some((p) => String(p ?? '').trim()))
    return error({ [keys.at(-1)!]: IMPORT_MSG.duplicateKey(first) });
  seen.set(k, line);
  const ids = existing.get(k) ?? [];
  if (ids.length > 1) return error({ [keys.at(-1)!]: IMPORT_MSG.ambiguous });
  const id = ids[0];
  const base = id !== undefined ? (stored.get(id) ?? {}) : {};
  const parsed = def.schema.safeParse({ ...base, ...raw, ...(id !== undefined ? { id } : {}) });
  if (!parsed.success) return error(zodCause(parsed.error));
  return { line, action: id !== undefined ? 'update' : 'create', key, input: parsed.data };
}

/**
 * The import's transaction as the areas' saves see it: their own `transaction` joins it instead of
 * opening a savepoint per row (a failing row rolls the whole import back anyway).
 */
function joined(tx: Db): Db {
  const handle = Object.create(tx) as Db;
  Object.defineProperty(handle, 'transaction', { value: (fn: (t: Db) => Promise<unknown>) => fn(handle) });
  return handle;
}

/** A row's save refused: the row's line and the save's message (and field errors); a server error as it is. */
function rowFailed(line: number, err: unknown): unknown {
  if (!(err instanceof AppError) || err.statusCode >= 500) return err;
  const cause = Object.fromEntries(Object.entries(err.fieldErrors ?? {}).map(([f, m]) => [`line ${line}.${f}`, m]));
  return new AppError(err.statusCode, IMPORT_MSG.rowFailed(line, err.message), cause);
}

/** POST /imports/preview. */
export async function previewImport(db: Db, kind: ImportKind, file: UploadedFile | undefined): Promise<ImportPreview> {
  const p = await plan(db, kind, file);
  return { ...p, rows: p.rows.map(({ input: _input, ...row }) => row) };
}

/**
 * POST /imports/commit: the previewed file again (its token must match), refused whole while any row
 * has an error; then the rows through their area's save of many in one transaction (one event per record,
 * the table's work done for the set).
 */
export async function commitImport(
  db: Db,
  kind: ImportKind,
  token: string | undefined,
  file: UploadedFile | undefined,
  actor: Actor,
  now: number,
): Promise<ImportResult> {
  const p = await plan(db, kind, file);
  if (token !== p.token) throw invalid({ file: IMPORT_MSG.changed });
  const bad = p.rows.filter((r) => r.action === 'error');
  if (bad.length) {
    const cause: Record<string, string> = {};
    for (const r of bad.slice(0, 50))
      for (const [f, m] of Object.entries(r.errors ?? {})) cause[`line ${r.line}.${f}`] = m;
    throw badRequest(IMPORT_MSG.hasErrors, cause);
  }
  const save = KINDS[kind].save as (tx: Db, inputs: unknown[], actor: Actor, now: number) => Promise<unknown>;
  await db.transaction(async (outer) => {
    try {
      await save(
        joined(outer),
        p.rows.map((r) => r.input),
        actor,
        now,
      );
    } catch (err) {
      if (!(err instanceof SaveRowError)) throw err;
      throw rowFailed(p.rows[err.index]!.line, err.error);
    }
  });
  return { created: p.create, updated: p.update };
}
