import type { EventListQuery, EventRow } from '@bpm/contract/events';
import type { Role } from '@bpm/contract/roles';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ListTotal, listTotal } from '../../db/count';
import { events } from '../../db/schema/platform';
import { likePattern } from '../../platform/paging';
import { labelEvents, type UnlabelledEventRow } from './labels';
import { scopeEventData, visibleEntityTypes } from './scope';

/**
 * Newest first; `entity` narrows to one record's history; `type`, `event`, `user` and `from`/`to` filter
 * in SQL. The role sees only the entity types it
 * may open, and sales records without money when its own views have none.
 */
export async function listEvents(
  db: Db,
  role: Role,
  q: EventListQuery,
  entity?: { type: string; id: number },
): Promise<{ rows: EventRow[] } & ListTotal> {
  const conds: SQL[] = [];
  if (entity) conds.push(eq(events.entityType, entity.type), eq(events.entityId, entity.id));
  else {
    const types = visibleEntityTypes(role);
    if (types) conds.push(types.length ? inArray(events.entityType, types) : sql`false`);
  }
  if (q.search) conds.push(sql`${events.searchText} like ${likePattern(q.search)}`);
  // The filters narrow within what the role may see (the type condition above stays).
  if (q.type) conds.push(eq(events.entityType, q.type));
  if (q.event) conds.push(eq(events.event, q.event));
  if (q.user) {
    const who = likePattern(q.user);
    conds.push(
      sql`(lower(${events.username}) like ${who} or lower(${events.firstName} || ' ' || ${events.lastName}) like ${who})`,
    );
  }
  if (q.from !== undefined) conds.push(gte(events.time, q.from));
  if (q.to !== undefined) conds.push(lte(events.time, q.to));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db
    .select({
      id: events.id,
      time: events.time,
      username: events.username,
      first_name: events.firstName,
      last_name: events.lastName,
      event: events.event,
      entity_type: events.entityType,
      entity_id: events.entityId,
      data: events.data,
    })
    .from(events)
    .where(where)
    // NULLS LAST matches events_time_idx / events_entity_idx; plain DESC (nulls first) sorts the whole table.
    .orderBy(sql`${events.time} desc nulls last`, sql`${events.id} desc nulls last`)
    .limit(q.limit)
    .offset(q.offset);
  const total = await listTotal(db, sql`select 1 from ${events} where ${where ?? sql`true`}`, {
    ...q,
    length: rows.length,
  });
  const scoped = rows.map((r) => ({
    ...r,
    data: scopeEventData(role, r.entity_type, r.data as Record<string, unknown>),
  }));
  // Record names are resolved for the page only: one query per entity type present.
  return { rows: await labelEvents(db, scoped as UnlabelledEventRow[]), ...total };
}
