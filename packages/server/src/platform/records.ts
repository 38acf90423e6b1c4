import { EVENTS, type EventName, type EventStem, type RecordEventStem } from '@bpm/contract/events';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client';
import { notFound } from './errors';
import { type Actor, checkVersion, diff, type EventInput, recordEvent, recordEvents } from './events';
import { bumpVersions, idChunks, idIn, insertRows, updateRows, type VersionedTable } from './records-write';

export type { VersionedTable } from './records-write';

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
  /** Many records at once, in any order (the batch save's reads); without it, `get` one by one. */
  getMany?(db: Db, ids: number[]): Promise<R[]>;
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

/** What a save answers: the record as stored after it, as it was before (undefined on an insert), and which. */
export interface Saved<R> {
  record: R;
  before: R | undefined;
  created: boolean;
}

/**
 * The one save of a record: inserts (no `input.id`) or locks, reads, checks `input.version` (none
 * when it is undefined: APIs without a version, duplicates of a source) and updates; then its lines and
 * side steps, and its audit event with the diff — all in the caller's transaction `tx`. An update that
 * changes nothing (the plain `updated` event, an empty snapshot diff, the row's columns as they were)
 * leaves the record as it was: its version and updatedAt go back, no event, the record as stored.
 * It is `saveRecords` of one record.
 */
export async function saveRecord<R extends { id: number; version: number }>(
  tx: Db,
  kind: SaveKind<R>,
  input: { id?: number; version?: number },
  steps: SaveSteps<R>,
  actor: Actor,
  now: number,
): Promise<Saved<R>> {
  try {
    return (await saveRecords(tx, kind, [{ input, steps }], actor, now))[0]!;
  } catch (err) {
    throw err instanceof SaveRowError ? err.error : err;
  }
}

/** One record of a batch save: its id and version (none on an insert) and its own steps. */
export interface SaveItem<R> {
  input: { id?: number; version?: number };
  steps: SaveSteps<R>;
}

/** A batch save refused or failed in one record's own steps: the record's place in the batch, and why. */
export class SaveRowError extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/** One record's way through a batch save. */
interface Step<R> {
  /** The record's place in the batch (what a `SaveRowError` names). */
  index: number;
  item: SaveItem<R>;
  id: number;
  before: R | undefined;
  set: Record<string, unknown> | null;
  record?: R;
  changes?: Changes;
}

/**
 * The shared save of many records of one kind, in the caller's transaction: each record goes through the
 * same steps as `saveRecord` (lock, read, guard, version check, fields, write, written, read-back, saved,
 * event with its diff, nothing for a save that changed nothing), and the table's work is done for the set —
 * one locked read of the updated rows, multi-row inserts, one update per set of columns, one read-back, one
 * insert of the events. A record's own step that throws is a `SaveRowError` naming its index; any failure
 * fails the lot (the caller's transaction rolls back). Each record may appear once.
 */
export async function saveRecords<R extends { id: number; version: number }>(
  tx: Db,
  kind: SaveKind<R>,
  items: SaveItem<R>[],
  actor: Actor,
  now: number,
): Promise<Saved<R>[]> {
  const ids = items.flatMap((it) => (it.input.id ? [it.input.id] : []));
  if (new Set(ids).size !== ids.length) throw new Error('saveRecords: a record may be saved once per batch');
  await lockRows(tx, kind.table, ids);
  const befores = await readRecords(tx, kind, ids);
  const steps: Step<R>[] = [];
  for (const [i, item] of items.entries()) {
    const id = item.input.id;
    const before = id ? (befores.get(id) ?? (await inRow(i, () => kind.get(tx, id)))) : undefined;
    const set = await inRow(i, async () => {
      const { fields, guard } = item.steps;
      if (before) {
        if (guard) await guard(before);
        await checkVersion(tx, kind.entityType, before, item.input.version);
      }
      return typeof fields === 'function' ? fields(before) : fields;
    });
    steps.push({ index: i, item, id: before?.id ?? 0, before, set });
  }
  const moved = await writeRows(tx, kind.table, steps, now);
  for (const s of steps) if (s.item.steps.written) await inRow(s.index, () => s.item.steps.written!(s.id, s.before));
  await readBack(tx, kind, steps);
  for (const s of steps) {
    const record = s.record!;
    if (s.item.steps.saved) await inRow(s.index, () => s.item.steps.saved!(record, s.before));
    s.changes = diff(s.before ? kind.snapshot(s.before) : null, kind.snapshot(record));
  }
  const names = typeof kind.event === 'string' ? EVENTS[kind.event] : kind.event;
  const unchanged = await versionsWithEvents(tx, kind, steps, moved, names.updated, now);
  const events: EventInput[] = [];
  for (const s of steps) {
    if (unchanged.has(s)) continue;
    const { event, data } = s.item.steps;
    const record = s.record!;
    events.push({
      entityType: kind.entityType,
      entityId: s.id,
      event: event ?? (s.before ? names.updated : names.created),
      data: data
        ? await inRow(s.index, () => data(record, s.changes!, s.before))
        : { ...kind.label(record), changes: s.changes },
    });
  }
  await recordEvents(tx, actor, events, now);
  return steps.map((s) => ({ record: s.record!, before: s.before, created: !s.before }));
}

/** Runs one record's own step; what it throws names the record's place in the batch. */
async function inRow<T>(index: number, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new SaveRowError(index, err);
  }
}

/** Locks the rows of `ids` until the transaction ends (a missing one is left to the kind's read). */
async function lockRows(tx: Db, table: VersionedTable, ids: number[]) {
  // One answer row whatever the count: the rows are locked, not sent.
  for (const part of idChunks(ids))
    await tx.execute(
      sql`select count(*) from (select 1 from ${table} where ${idIn(table.id, part)} for update) locked`,
    );
}

/** The records of `ids` as the kind reads them (by id; a missing one is absent). */
async function readRecords<R extends { id: number; version: number }>(
  tx: Db,
  kind: SaveKind<R>,
  ids: number[],
): Promise<Map<number, R>> {
  const out = new Map<number, R>();
  if (ids.length === 0) return out;
  if (!kind.getMany) {
    for (const id of ids) out.set(id, await kind.get(tx, id));
    return out;
  }
  for (const part of idChunks(ids)) for (const r of await kind.getMany(tx, part)) out.set(r.id, r);
  return out;
}

/**
 * Inserts the new records (their ids come back in order) and updates the others (a `null` set writes nothing);
 * answers the updated ids whose row changed.
 */
async function writeRows<R>(tx: Db, table: VersionedTable, steps: Step<R>[], now: number): Promise<Set<number>> {
  const creates = steps.filter((s) => !s.before);
  const ids = await insertRows(
    tx,
    table,
    creates.map((s) => s.set ?? {}),
    now,
  );
  creates.forEach((s, k) => {
    s.id = ids[k]!;
  });
  const updates = steps.filter((s) => s.before && s.set);
  return updateRows(
    tx,
    table,
    updates.map((s) => ({ id: s.id, set: s.set! })),
    now,
  );
}

/** Reads every record back: its own `readBack`, else the kind's read (one for the set). */
async function readBack<R extends { id: number; version: number }>(tx: Db, kind: SaveKind<R>, steps: Step<R>[]) {
  const read = await readRecords(
    tx,
    kind,
    steps.filter((s) => !s.item.steps.readBack).map((s) => s.id),
  );
  for (const s of steps) {
    const own = s.item.steps.readBack;
    s.record = own
      ? await inRow(s.index, () => own(tx, s.id))
      : (read.get(s.id) ?? (await inRow(s.index, () => kind.get(tx, s.id))));
  }
}

/**
 * The version moves exactly with an event (a stale save's 409 names the author of the record's last event).
 * Answers the updates that changed nothing — the plain `updated` event, an empty snapshot diff and their row's
 * columns already holding the written values (a column the snapshot does not show — a password hash, a file
 * under the same name — counts): they keep their version and updatedAt and write no event. An update whose
 * row held its values but whose event is written (lines changed, a named event) gets its new version here.
 */
async function versionsWithEvents<R extends { id: number; version: number }>(
  tx: Db,
  kind: SaveKind<R>,
  steps: Step<R>[],
  moved: Set<number>,
  updated: EventName,
  now: number,
): Promise<Set<Step<R>>> {
  const quiet = new Set<Step<R>>();
  const behind: Step<R>[] = [];
  for (const s of steps) {
    if (!s.before || !s.set || moved.has(s.id)) continue;
    const plain = (s.item.steps.event ?? updated) === updated;
    if (plain && Object.keys(s.changes!).length === 0) quiet.add(s);
    else behind.push(s);
  }
  if (behind.length) {
    await bumpVersions(
      tx,
      kind.table,
      behind.map((s) => s.id),
      now,
    );
    await readBack(tx, kind, behind);
  }
  return quiet;
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
