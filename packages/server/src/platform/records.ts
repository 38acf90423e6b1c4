import { EVENTS, type EventName, type EventStem, type RecordEventStem } from '@bpm/contract/events';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client';
import { notFound } from './errors';
import { type Actor, checkVersion, diff, recordEvent } from './events';

/** A table whose rows have an id, an optimistic-lock version and created/updated times. */
export type VersionedTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** Catalogue groups with a `created` and an `updated` event. */
type SaveEventStem = {
  [S in EventStem]: (typeof EVENTS)[S] extends Record<'created' | 'updated', string> ? S : never;
}[EventStem];

/** What the shared save needs to know about one area's records. */
export interface SaveKind<R extends { id: number; version: number }> {
  table: VersionedTable;
  entityType: string;
  /** The events of an insert and an update: a catalogue group with `created`/`updated`, or the two names. */
  event: SaveEventStem | { created: EventName; updated: EventName };
  get(db: Db, id: number): Promise<R>;
  /** What an event shows of the record: the form's fields. */
  snapshot(r: R): Record<string, unknown>;
  /** What names the record in its events, e.g. `{ product_code }`. */
  label(r: R): Record<string, unknown>;
}

/** What the shared save, toggle and file helpers need to know about one area's records. */
export interface RecordKind<R extends { id: number; version: number }> extends SaveKind<R> {
  /** The record's group in the event catalogue: its `created`, `updated`, `enabled`, `disabled` events. */
  event: RecordEventStem;
}

// Row locks: the only `for update` of the server (test/no-row-locks.test.ts). A module locks through these.

/**
 * Locks one row until the transaction ends; answers whether it exists (locking a missing row is a no-op:
 * `get` then answers 404, or the caller throws its own).
 */
export async function lockRow(tx: Db, table: PgTable & { id: AnyPgColumn }, id: number): Promise<boolean> {
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
  return rows.length > 0;
}

/**
 * Locks the rows of one table that match `where` until the transaction ends and answers `columns` of
 * them (join-free: only that table's rows are locked; read joined data after the lock).
 */
export async function lockWhere<C extends SelectedFields>(
  tx: Db,
  table: PgTable,
  where: SQL | undefined,
  columns: C,
): Promise<SelectResultFields<C>[]> {
  return (await tx.select(columns).from(table).where(where).for('update')) as SelectResultFields<C>[];
}

/** What `lockRecord` needs of a record's area: its table, its entity type and how to read one. */
export interface LockedKind<R extends { id: number; version: number }> {
  table: PgTable & { id: AnyPgColumn };
  entityType: string;
  get(db: Db, id: number): Promise<R>;
}

/**
 * Locks a record's row, reads it and checks the version the caller loaded (409 naming who changed
 * it; no check when `version` is undefined). Concurrent writes of one record take turns, so the
 * second sees the new version.
 */
export async function lockRecord<R extends { id: number; version: number }>(
  tx: Db,
  kind: LockedKind<R>,
  id: number,
  version: number | undefined,
): Promise<R> {
  await lockRow(tx, kind.table, id);
  const before = await kind.get(tx, id);
  await checkVersion(tx, kind.entityType, before, version);
  return before;
}

/** Updates one row and bumps its version; answers the new version. */
export async function updateVersioned(
  tx: Db,
  table: VersionedTable,
  id: number,
  set: Record<string, unknown>,
  now: number,
): Promise<number> {
  const [row] = await tx
    .update(table)
    .set({ ...set, version: sql`${table.version} + 1`, updatedAt: now } as never)
    .where(eq(table.id, id))
    .returning({ version: table.version });
  return row!.version as number;
}

/** Locks one row like `lockRow` and answers all its columns (undefined when there is no such row). */
async function lockFullRow(tx: Db, table: VersionedTable, id: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  return row as Record<string, unknown> | undefined;
}

/** Column values compared as stored (numerics as text, JSON by its text, bytes by content). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b) === 0;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A save whose snapshot diff is empty: when the row's own columns are as they were before the save (apart
 * from the version and updatedAt the write moved), the version and updatedAt go back to the stored ones
 * and the save answers true — it changed nothing, so it leaves no new version and no event. A column
 * that did change (a password hash, a new file under the same name, a counter) answers false: the save
 * keeps its new version and writes its event, because the version never moves without one (the stale
 * save's 409 names the author of the record's last event). The row is locked by the save.
 */
async function putBackUnchanged(tx: Db, table: VersionedTable, stored: Record<string, unknown>): Promise<boolean> {
  const [now] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, stored.id as number));
  const row = now as Record<string, unknown> | undefined;
  if (!row) return false;
  for (const key of Object.keys(stored)) {
    if (key === 'version' || key === 'updatedAt') continue;
    if (!sameValue(stored[key], row[key])) return false;
  }
  if (row.version !== stored.version || row.updatedAt !== stored.updatedAt)
    await tx
      .update(table)
      .set({ version: stored.version, updatedAt: stored.updatedAt } as never)
      .where(eq(table.id, stored.id as number));
  return true;
}

/** The changed fields of an event: `{ field: { old, new } }`. */
export type Changes = Record<string, { old: unknown; new: unknown }>;

/**
 * One save's own steps around the shared lock → read → version check → write → event. Every hook runs
 * in the save's transaction; `before` is the stored record (undefined on an insert).
 */
export interface SaveSteps<R> {
  /**
   * The columns to write (an insert adds createdAt/updatedAt; an update bumps version and updatedAt).
   * A function runs after the version check and before the write: the area's own checks that need the
   * stored record go there, and may throw. `null` on an update: no write and no new version (an event
   * only when the snapshots show a change of the lines or children, or the event is not the plain update).
   */
  fields: Record<string, unknown> | ((before: R | undefined) => Promise<Record<string, unknown> | null>);
  /** After the lock and read, before the version check: rules (role, state) that refuse before a stale version. */
  guard?(before: R): void | Promise<void>;
  /** After the row is written, before it is read back: lines and children, values derived from the new id. */
  written?(id: number, before: R | undefined): Promise<void>;
  /** How to read the record back when the write takes it out of the kind's `get` (a soft delete). */
  readBack?(db: Db, id: number): Promise<R>;
  /** After the read-back, before the event: rollups, renames, history snapshots. */
  saved?(after: R, before: R | undefined): Promise<void>;
  /** The event's name when it is not the kind's `created` / `updated` (revised, duplicated, approved…). */
  event?: EventName;
  /** The event's data; by default `{ ...label(after), changes }` with the snapshots' diff. */
  data?(after: R, changes: Changes, before: R | undefined): Record<string, unknown>;
}

/**
 * The one save of a record: inserts (no `input.id`) or locks, reads, checks `input.version` (none
 * when it is undefined: APIs without a version, duplicates of a source) and updates; then its lines and
 * side steps, and its audit event with the diff — all in the caller's transaction `tx`. An update that
 * changes nothing (the plain `updated` event, an empty snapshot diff, the row's columns as they were)
 * leaves the record as it was: its version and updatedAt go back, no event, the record as stored.
 */
export async function saveRecord<R extends { id: number; version: number }>(
  tx: Db,
  kind: SaveKind<R>,
  input: { id?: number; version?: number },
  steps: SaveSteps<R>,
  actor: Actor,
  now: number,
): Promise<{ record: R; before: R | undefined; created: boolean }> {
  const { fields } = steps;
  const values = (before: R | undefined) => (typeof fields === 'function' ? fields(before) : Promise.resolve(fields));
  let before: R | undefined;
  let storedRow: Record<string, unknown> | undefined;
  let id: number;
  if (!input.id) {
    const [created] = await tx
      .insert(kind.table)
      .values({ ...(await values(undefined)), createdAt: now, updatedAt: now } as never)
      .returning({ id: kind.table.id });
    id = created!.id as number;
  } else {
    storedRow = await lockFullRow(tx, kind.table, input.id);
    before = await kind.get(tx, input.id);
    if (steps.guard) await steps.guard(before);
    await checkVersion(tx, kind.entityType, before, input.version);
    id = before.id;
    const set = await values(before);
    if (set) await updateVersioned(tx, kind.table, id, set, now);
  }
  if (steps.written) await steps.written(id, before);
  let record = await (steps.readBack ?? kind.get)(tx, id);
  if (steps.saved) await steps.saved(record, before);
  const changes = diff(before ? kind.snapshot(before) : null, kind.snapshot(record));
  const names = typeof kind.event === 'string' ? EVENTS[kind.event] : kind.event;
  const plainUpdate = before && (steps.event ?? names.updated) === names.updated;
  if (plainUpdate && Object.keys(changes).length === 0 && (await putBackUnchanged(tx, kind.table, storedRow!))) {
    record = await (steps.readBack ?? kind.get)(tx, id);
    return { record, before, created: false };
  }
  await recordEvent(
    tx,
    actor,
    {
      entityType: kind.entityType,
      entityId: id,
      event: steps.event ?? (before ? names.updated : names.created),
      data: steps.data ? steps.data(record, changes, before) : { ...kind.label(record), changes },
    },
    now,
  );
  return { record, before, created: !before };
}

/** Enable or disable: the `active` flag, a new version and the `_enabled` / `_disabled` event, through the one save. */
export async function setActive<R extends { id: number; version: number; active: number }>(
  db: Db,
  kind: RecordKind<R>,
  id: number,
  active: 0 | 1,
  actor: Actor,
  now: number,
): Promise<{ active: 0 | 1; version: number }> {
  return db.transaction(async (tx) => {
    const { record } = await saveRecord(
      tx,
      kind,
      { id },
      {
        fields: { active },
        event: active ? EVENTS[kind.event].enabled : EVENTS[kind.event].disabled,
        data: (_after, _changes, before) => ({
          ...kind.label(before!),
          changes: { active: { old: before!.active, new: active } },
        }),
      },
      actor,
      now,
    );
    return { active, version: record.version };
  });
}

/**
 * Detaches a record's file (column `column`, shown as `field`); the event is written only when
 * there was a file. Answers the new version.
 */
export async function detachFile<R extends { id: number; version: number }>(
  db: Db,
  kind: RecordKind<R>,
  id: number,
  file: { column: string; field: keyof R & string; event: EventName },
  actor: Actor,
  now: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await kind.get(tx, id);
    const version = await updateVersioned(tx, kind.table, id, { [file.column]: null }, now);
    if (before[file.field] !== null) {
      await recordEvent(
        tx,
        actor,
        {
          entityType: kind.entityType,
          entityId: id,
          event: file.event,
          data: { ...kind.label(before), changes: { [file.field]: { old: before[file.field], new: null } } },
        },
        now,
      );
    }
    return version;
  });
}

/** The id of the file a record holds in `column` (null when none); 404 with `missing` when there is no such record. */
export async function fileIdOf(
  db: Db,
  table: PgTable & { id: AnyPgColumn },
  column: AnyPgColumn,
  id: number,
  missing: string,
): Promise<number | null> {
  const [r] = await db.select({ f: column }).from(table).where(eq(table.id, id));
  if (!r) throw notFound(missing);
  return r.f as number | null;
}
