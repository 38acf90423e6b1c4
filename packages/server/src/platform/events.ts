import type { EventName } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { events } from '../db/schema/platform';
import { staleVersion } from './errors';

/** Who did it: the signed-in caller, or the system (seeding, jobs). */
export interface Actor {
  user_id: number | null;
  username: string;
  first_name?: string;
  last_name?: string;
}

export interface EventInput {
  entityType: string;
  entityId: number | null;
  /** Event name from the contract's catalogue (EVENTS), e.g. `user_created`. */
  event: EventName;
  /** For changes: `{ changes: { field: { old, new } } }`; otherwise what identifies the record. */
  data: Record<string, unknown>;
}

/** Writes one audit event; call it inside the transaction of the change it describes. */
export async function recordEvent(db: Db, actor: Actor, input: EventInput, nowSec: number): Promise<void> {
  await recordEvents(db, actor, [input], nowSec);
}

/** Events one statement inserts at most. */
const EVENTS_PER_INSERT = 5000;

/** A value a change may go from or to that says nothing (a create's empty fields). */
const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The data as the search text has it: without the changes from nothing to nothing. A create lists every field,
 * most of them empty — their names and `{"old":null,"new":""}` were over half of a new dealer's text and nearly
 * a quarter of the trigrams each event adds to the search index; no search looks for an empty field. The event's
 * data keeps them (docs/performance.md 'Import').
 */
function searchData(data: Record<string, unknown>, json: string): string {
  const changes = data.changes;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return json;
  const entries = Object.entries(changes as Record<string, { old?: unknown; new?: unknown } | null>);
  const kept = entries.filter(([, c]) => !(c && typeof c === 'object' && blank(c.old) && blank(c.new)));
  return kept.length === entries.length ? json : JSON.stringify({ ...data, changes: Object.fromEntries(kept) });
}

/** What the history search reads: event, person and data (less empty changes), lower case, 4,000 characters. */
const searchText = (event: string, who: string[], data: Record<string, unknown>, json: string) =>
  [event, ...who, searchData(data, json)].join(' ').toLowerCase().slice(0, 4000);

/** Writes the audit events of one actor's changes (a batch save's), in order; inside their transaction. */
export async function recordEvents(db: Db, actor: Actor, inputs: EventInput[], nowSec: number): Promise<void> {
  if (inputs.length === 0) return;
  // The name as the request's account check read it; else (a job, a test's actor) as the account has it now.
  const named = actor.first_name !== undefined && actor.last_name !== undefined;
  const [row] =
    actor.user_id && !named
      ? await queryRows<{ first_name: string; last_name: string }>(
          db,
          sql`select first_name, last_name from users where id = ${actor.user_id}`,
        )
      : [];
  const firstName = row?.first_name ?? actor.first_name ?? '';
  const lastName = row?.last_name ?? actor.last_name ?? '';
  const who = [actor.username, firstName, lastName];
  if (inputs.length === 1) {
    const input = inputs[0]!;
    await db.insert(events).values({
      time: nowSec,
      userId: actor.user_id,
      username: actor.username,
      firstName,
      lastName,
      entityType: input.entityType,
      entityId: input.entityId,
      event: input.event,
      data: input.data,
      searchText: searchText(input.event, who, input.data, JSON.stringify(input.data)),
    });
    return;
  }
  // Many: one JSON list a statement (no statement of thousands of parameters to build and parse), each row's
  // data stringified once; what all rows share is a parameter of its own, not repeated in every row.
  const shared = sql`${nowSec}::bigint, ${actor.user_id}::integer,
    ${actor.username}::text, ${firstName}::text, ${lastName}::text`;
  const names = sql.join(
    [
      events.time,
      events.userId,
      events.username,
      events.firstName,
      events.lastName,
      events.entityType,
      events.entityId,
      events.event,
      events.data,
      events.searchText,
    ].map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  for (let i = 0; i < inputs.length; i += EVENTS_PER_INSERT) {
    const list = inputs.slice(i, i + EVENTS_PER_INSERT).map((input) => {
      const json = JSON.stringify(input.data);
      const text = searchText(input.event, who, input.data, json);
      const head = JSON.stringify({ t: input.entityType, id: input.entityId, e: input.event });
      return `${head.slice(0, -1)},"d":${json},"s":${JSON.stringify(text)}}`;
    });
    await db.execute(
      sql`insert into ${events} (${names}) select ${shared}, v.t, v.id, v.e, v.d, v.s
          from jsonb_to_recordset(${`[${list.join(',')}]`}::jsonb) as v(t text, id bigint, e text, d jsonb, s text)`,
    );
  }
}

/** Fields whose values never go into an event (secrets). */
const HIDDEN = new Set(['password', 'passwordHash', 'password_hash', 'confirmPassword']);

/**
 * The changed fields between two snapshots as `{ field: { old, new } }`. Arrays and objects
 * compare by JSON; numbers and numeric strings compare by value.
 */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Record<string, { old: unknown; new: unknown }> {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const k of keys) {
    if (HIDDEN.has(k)) continue;
    const a = before?.[k] ?? null;
    const b = after[k] ?? null;
    if (same(a, b)) continue;
    changes[k] = { old: a, new: b };
  }
  return changes;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) {
    if (a === '' || b === '') return false;
    return Number(a) === Number(b) && !Number.isNaN(Number(a));
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Names the person behind the latest change of a record, for the 409 message. */
export async function lastChangedBy(db: Db, entityType: string, entityId: number): Promise<string> {
  const [e] = await db
    .select({ time: events.time, username: events.username, first: events.firstName, last: events.lastName })
    .from(events)
    .where(and(eq(events.entityType, entityType), eq(events.entityId, entityId)))
    .orderBy(desc(events.time), desc(events.id))
    .limit(1);
  if (!e) return MSG.conflict('another user', 'an earlier time');
  const who = `${e.first} ${e.last}`.trim() || e.username;
  return MSG.conflict(
    `${who} (${e.username})`,
    `${new Date(e.time * 1000).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  );
}

/** Optimistic locking: a save that names an older version than `current` is a 409 naming who changed it since. */
export async function checkVersion(
  db: Db,
  entityType: string,
  current: { id: number; version: number },
  version: number | undefined,
): Promise<void> {
  if (version !== undefined && version !== current.version)
    throw staleVersion(await lastChangedBy(db, entityType, current.id));
}
