import { EVENTS, type EventName, type RecordEventStem } from '@bpm/contract/events';
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

/** What the shared save, toggle and file helpers need to know about one area's records. */
export interface RecordKind<R extends { id: number; version: number }> {
  table: VersionedTable;
  entityType: string;
  /** The record's group in the event catalogue: its `created`, `updated`, `enabled`, `disabled` events. */
  event: RecordEventStem;
  get(db: Db, id: number): Promise<R>;
  /** What an event shows of the record: the form's fields. */
  snapshot(r: R): Record<string, unknown>;
  /** What names the record in its events, e.g. `{ product_code }`. */
  label(r: R): Record<string, unknown>;
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

/**
 * Inserts (no `input.id`) or updates (after the version check) one record and writes its
 * `_created` / `_updated` event. `fields` may be a function: it then runs after the version check.
 * `afterUpdate` runs before the event, in the same transaction.
 */
export async function saveRecord<R extends { id: number; version: number }>(
  tx: Db,
  kind: RecordKind<R>,
  input: { id?: number; version?: number },
  fields: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
  actor: Actor,
  now: number,
  afterUpdate?: (before: R, after: R) => Promise<void>,
): Promise<{ record: R; created: boolean }> {
  const values = () => (typeof fields === 'function' ? fields() : Promise.resolve(fields));
  if (!input.id) {
    const [created] = await tx
      .insert(kind.table)
      .values({ ...(await values()), createdAt: now, updatedAt: now } as never)
      .returning({ id: kind.table.id });
    const record = await kind.get(tx, created!.id as number);
    await recordEvent(
      tx,
      actor,
      {
        entityType: kind.entityType,
        entityId: record.id,
        event: EVENTS[kind.event].created,
        data: { ...kind.label(record), changes: diff(null, kind.snapshot(record)) },
      },
      now,
    );
    return { record, created: true };
  }
  const before = await lockRecord(tx, kind, input.id, input.version);
  await updateVersioned(tx, kind.table, before.id, await values(), now);
  const after = await kind.get(tx, before.id);
  if (afterUpdate) await afterUpdate(before, after);
  await recordEvent(
    tx,
    actor,
    {
      entityType: kind.entityType,
      entityId: after.id,
      event: EVENTS[kind.event].updated,
      data: { ...kind.label(after), changes: diff(kind.snapshot(before), kind.snapshot(after)) },
    },
    now,
  );
  return { record: after, created: false };
}

/** Enable or disable: the `active` flag, a new version and the `_enabled` / `_disabled` event. */
export async function setActive<R extends { id: number; version: number; active: number }>(
  db: Db,
  kind: RecordKind<R>,
  id: number,
  active: 0 | 1,
  actor: Actor,
  now: number,
): Promise<{ active: 0 | 1; version: number }> {
  return db.transaction(async (tx) => {
    const before = await kind.get(tx, id);
    const version = await updateVersioned(tx, kind.table, id, { active }, now);
    await recordEvent(
      tx,
      actor,
      {
        entityType: kind.entityType,
        entityId: id,
        event: active ? EVENTS[kind.event].enabled : EVENTS[kind.event].disabled,
        data: { ...kind.label(before), changes: { active: { old: before.active, new: active } } },
      },
      now,
    );
    return { active, version };
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
