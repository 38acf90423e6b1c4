import type { EventListQuery, EventRow } from '@bpm/contract/events';
import type { Role } from '@bpm/contract/roles';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/platform';
import { type KeyCursor, keysetChunk } from '../../platform/csv-keyset';
import { findPage, keySort, type PagePlan, searchOnce, withMatches } from '../../platform/list-page';
import { countCapped, EXACT_COUNT_LIMIT, type ListTotal, totalOverCap } from '../../platform/list-totals';
import { trigramSearch } from '../../platform/paging';
import { labelEvents, type UnlabelledEventRow } from './labels';
import { eventsOpenedByRole, type HistoryReader, isMembershipType, scopeEventData, visibleEvents } from './scope';

/** The events the reader may see that the filters select (`entity`: one record's history). */
function eventConditions(reader: HistoryReader, q: EventListQuery, entity?: { type: string; id: number }): SQL[] {
  return [visibleEvents(reader, entity, q.type), ...filterConditions(q)];
}

/** The list's filters, within what the reader may see. */
function filterConditions(q: EventListQuery): SQL[] {
  const conds: SQL[] = [];
  if (q.search) conds.push(trigramSearch(sql`${events.searchText}`, q.search));
  // The filters narrow within what the role may see (the type condition above stays).
  if (q.type) conds.push(eq(events.entityType, q.type));
  if (q.event) conds.push(eq(events.event, q.event));
  if (q.user) {
    const byUsername = trigramSearch(sql`lower(${events.username})`, q.user);
    const byName = trigramSearch(sql`lower(${events.firstName} || ' ' || ${events.lastName})`, q.user);
    conds.push(sql`(${byUsername} or ${byName})`);
  }
  if (q.from !== undefined) conds.push(gte(events.time, q.from));
  if (q.to !== undefined) conds.push(lte(events.time, q.to));
  return conds;
}

const rowColumns = {
  id: events.id,
  time: events.time,
  username: events.username,
  first_name: events.firstName,
  last_name: events.lastName,
  event: events.event,
  entity_type: events.entityType,
  entity_id: events.entityId,
  data: events.data,
};
// NULLS LAST matches events_time_cover_idx / events_entity_idx; plain DESC (nulls first) sorts the whole table.
const newestFirst = [sql`${events.time} desc nulls last`, sql`${events.id} desc nulls last`];
const NEWEST = keySort(sql`${events.time}`, events.id, false, { nullable: true });

/**
 * The events list's page plan (platform/list-page.ts findPage). One record's history is read through
 * events_entity_idx (`direct`). Otherwise the match count (capped) chooses: few matches (a type whose visible
 * records are few — a person's tasks among everyone's) are read first and sorted; many are found by the time
 * walk, which checks the filters in events_time_cover_idx and stops at the page's end.
 */
export function eventPagePlan(reader: HistoryReader, q: EventListQuery, entity?: { type: string; id: number }) {
  return {
    list: { table: events },
    conds: eventConditions(reader, q, entity),
    sort: NEWEST,
    direct: entity !== undefined,
  } satisfies PagePlan;
}

/** The rows as the role sees them, with their records' current names. */
async function answerRows(db: Db, role: Role, rows: { entity_type: string; data: unknown }[]): Promise<EventRow[]> {
  const scoped = rows.map((r) => ({
    ...r,
    data: scopeEventData(role, r.entity_type, r.data as Record<string, unknown>),
  }));
  // Record names are resolved for the page only: one query per entity type present.
  return labelEvents(db, scoped as UnlabelledEventRow[]);
}

/**
 * Newest first; `entity` narrows to one record's history; `type`, `event`, `user` and `from`/`to` filter
 * in SQL. The role sees only the entity types it may open, and sales records without money when its own
 * views have none. The total is exact up to EXACT_COUNT_LIMIT, else the planner's estimate (flagged).
 */
export async function listEvents(
  db: Db,
  reader: HistoryReader,
  q: EventListQuery,
  entity?: { type: string; id: number },
): Promise<{ rows: EventRow[] } & ListTotal> {
  const plan = eventPagePlan(reader, q, entity);
  const where = and(...plan.conds)!;
  // Counted in the list's order, so the planner walks the time index and stops at the cap where matches are
  // many (not a bitmap of every event of the role's types: production's whole list 36 → 10 ms); the events of
  // the types the role opens first, which need no per-row membership check (then 1–2 ms). Not a search: its
  // matches are found through the trigram index (a walk in time order would read every event's text when few
  // match: 5.3 s at 1M).
  const inOrder = (cond: SQL) =>
    q.search
      ? sql`select 1 from ${events} where ${cond}`
      : sql`select 1 from ${events} where ${cond} order by ${sql.join(newestFirst, sql`, `)}`;
  // Not with a filter of its own (event, person, search): the subset may then have few matches, and counting
  // them walks the whole index (event task_updated: 76k → 243k buffers).
  const narrowed = entity || q.event || q.user || q.search;
  const byRole = narrowed ? undefined : eventsOpenedByRole(reader.user_role, q.type);
  const subset = byRole && and(byRole, ...filterConditions(q));
  // A task or project filter reads the ids of the records the person may see: its matches are read once, all of
  // them, for the exact total and the page (any read of them sorts them all; a count and then the page paid the
  // set's cost twice: 2,500 visible of 150k task events, ~100 ms each).
  const once = !entity && q.type !== undefined && isMembershipType(q.type);
  // A search's matches up to the cap are read once too: the total and the page in one read (a person's 'ana' over a
  // year — 25k matches of the trigram and the time index, 12k of them tasks checked one by one — twice: 98 → 54 ms).
  const count = async (): Promise<ListTotal & { ids?: number[] }> => {
    const found = once
      ? await searchOnce(db, plan, q, { cap: null })
      : q.search
        ? await searchOnce(db, plan, q)
        : undefined;
    if (found) return { ...found, estimated: false };
    // More matches than the cap (the read above stopped there): the planner's estimate.
    if (q.search) return totalOverCap(db, inOrder(where));
    return countCapped(db, inOrder(where), EXACT_COUNT_LIMIT, subset && inOrder(subset));
  };
  const page = (matches: number | undefined, known?: number[]) =>
    findPage(
      db,
      plan,
      q,
      matches,
      {
        byIds: (d, ids) => d.select(rowColumns).from(events).where(inArray(events.id, ids)),
        // The page's rows in the one statement that finds their ids.
        rows: (d, ids) =>
          d
            .select(rowColumns)
            .from(events)
            .where(inArray(events.id, ids))
            .orderBy(...newestFirst),
      },
      known,
    );
  const [{ ids: _ids, ...total }, rows] = await withMatches(plan, count, page);
  return { rows: await answerRows(db, reader.user_role, rows), ...total };
}

/** GET /events/export.csv: one chunk of the list's rows, newest first, after `after` (keyset on time, id). */
export async function exportEvents(db: Db, reader: HistoryReader, q: EventListQuery, limit: number, after?: unknown) {
  const where = and(...eventConditions(reader, q))!;
  const sort = { key: events.time, id: events.id, desc: true, nullsFirst: false };
  const { rows, next } = await keysetChunk(
    sort,
    limit,
    after as KeyCursor | undefined,
    (condition, n) =>
      db
        .select(rowColumns)
        .from(events)
        .where(and(where, condition))
        .orderBy(...newestFirst)
        .limit(n),
    (r) => ({ k: r.time, id: r.id }),
  );
  return { rows: await answerRows(db, reader.user_role, rows), next };
}
