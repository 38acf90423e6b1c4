import { type Action, can, isAdministrator, LINE_MONEY_FIELDS, MONEY_FIELDS } from '@bpm/contract/permissions';
import type { Role } from '@bpm/contract/roles';
import { inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { events } from '../../db/schema/platform';
import { retiredRecordViewers, tasks } from '../../db/schema/work';
import { myProjectIds, recordVisibleTo, taskVisibleTo } from '../projects/access';

/**
 * The action that opens records of each audited entity type: an event list shows a role only the
 * types it may open. A type not listed here is for the administrator only (deny by default); areas
 * that audit a new entity type add it.
 */
export const ENTITY_OPEN_ACTION: Record<string, Action> = {
  user: 'users.manage',
  dealer: 'dealers.read',
  product: 'products.read',
  partComponent: 'partComponents.manage',
  supplier: 'suppliers.manage',
  order: 'orders.read',
  quotation: 'quotations.read',
  packinglist: 'events.packinglist',
  purchaseorder: 'events.purchaseorder',
  task: 'events.task',
  project: 'events.project',
  test_checklist: 'testChecklists.read',
  license: 'license.generate',
  po_department: 'purchaseOrders.lookups',
  po_term: 'purchaseOrders.lookups',
  po_price_quote: 'purchaseOrders.lookups',
};

/** Entity types whose events carry order money (values, payments, line prices). */
const SALES_TYPES = new Set(['order', 'quotation', 'packinglist']);

/** The money fields shipping and production never see of an order or quotation, nor of its lines. */
const HIDDEN_MONEY = new Set([...Object.keys(MONEY_FIELDS), ...Object.keys(LINE_MONEY_FIELDS)]);

/** null: every type (administrator); otherwise the types the role may open. */
export function visibleEntityTypes(role: Role): string[] | null {
  if (isAdministrator(role)) return null;
  return Object.entries(ENTITY_OPEN_ACTION)
    .filter(([, action]) => can(role, action))
    .map(([type]) => type);
}

/** Who reads history: the rules below need the role and, for project work, the person. */
export interface HistoryReader {
  user_id: number;
  user_role: Role;
}

/** Entity types whose records are visible by project membership, not by role (tasks and projects). */
const MEMBERSHIP_TYPES = ['task', 'project'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
export const isMembershipType = (type: string): type is MembershipType =>
  (MEMBERSHIP_TYPES as readonly string[]).includes(type);

/** Tasks as `t` (taskVisibleTo is SQL on `t`); the kept viewers of deleted records as `r`. */
const T = alias(tasks, 't');
const R = alias(retiredRecordViewers, 'r');

/** SQL: the ids of the deleted tasks or projects whose history the user keeps (their last membership). */
const retiredIds = (type: MembershipType, userId: number) =>
  sql`select ${R.entityId} from ${retiredRecordViewers} ${R} where ${R.entityType} = ${type} and ${R.userId} = ${userId}`;

/**
 * SQL: the ids of the tasks or projects the user may see — recordVisibleTo (projects/access.ts) as a set, read
 * through what the person is in rather than row by row: their projects' tasks (tasks_project_cover_idx) and the
 * tasks they created or are assigned (tasks_added_by_idx, tasks_assigned_idx), each then checked by taskVisibleTo
 * itself, the one rule. Those two reads cover the rule: a visible task is in one of the person's projects, or has
 * no project and is theirs.
 */
function liveRecordIds(type: MembershipType, userId: number): SQL {
  if (type === 'project') return myProjectIds(userId);
  const rule = taskVisibleTo(userId);
  return sql`select ${T.id} from ${tasks} ${T} where ${T.projectId} = any(array${myProjectIds(userId)}) and ${rule}
    union all select ${T.id} from ${tasks} ${T} where (${T.addedBy} = ${userId} or ${T.assignedTo} = ${userId}) and ${rule}`;
}

/**
 * SQL: the ids of the tasks or projects the user may see, or could when they were deleted (events-visibility tests
 * compare the set with recordVisibleTo for every person and record).
 */
export function visibleRecordIds(type: MembershipType, userId: number): SQL {
  return sql`${liveRecordIds(type, userId)} union all ${retiredIds(type, userId)}`;
}

/**
 * SQL: the events of `type` whose records the user may see (visibleRecordIds). The live and the deleted records'
 * ids are two sets OR-ed, so PostgreSQL builds each once as a hash and checks the type's events against them (one
 * read of events_entity_idx). As `in (a union all b)` it joins instead, and a union's distinct step is estimated at
 * 200 rows whatever it holds: it probed the index once per visible record (35k tasks for a member of 15 projects
 * at 1M: 50–60 ms, against 25–30 ms this way).
 */
const eventsOfVisibleRecords = (type: MembershipType, userId: number) =>
  sql`${events.entityType} = ${type} and (${events.entityId} in (${liveRecordIds(type, userId)})
      or ${events.entityId} in (${retiredIds(type, userId)}))`;

/**
 * SQL: the events of the types the role opens by role alone (every type but tasks and projects for the
 * administrator), within the list's Record filter `type`; undefined: none. A subset of visibleEvents that needs
 * no per-row check: the events list counts it first (more than the cap of these, and the list has more too).
 */
export function eventsOpenedByRole(role: Role, type?: string, entityType: SQL = sql`${events.entityType}`) {
  const open = visibleEntityTypes(role);
  if (open === null) {
    if (type === undefined) return notInArray(entityType, [...MEMBERSHIP_TYPES]);
    return isMembershipType(type) ? undefined : sql`${entityType} = ${type}`;
  }
  const byRole = open.filter((t) => !isMembershipType(t) && (type === undefined || t === type));
  return byRole.length ? inArray(entityType, byRole) : undefined;
}

/**
 * SQL: the events `reader` may see — an event is visible exactly when its record is. The role opens
 * entity types (above); a task's or project's events need the record's own read rule (membership),
 * or for a deleted one its last membership. `entity`: one record's history, its rule decided once.
 * `type`: the list's Record filter — only that type's branch (none when the role may not open it).
 *
 * One branch per kind of rule, OR-ed: the types the role opens, then each membership type's events — filtered to
 * that type, checked against the ids of the records the person may see (eventsOfVisibleRecords, built once per
 * statement) in one read of the type's events (events_entity_idx); in the whole list, row by row on the walk of
 * events_time_cover_idx (it includes entity_type and entity_id).
 */
export function visibleEvents(reader: HistoryReader, entity?: { type: string; id: number }, type?: string): SQL {
  if (entity) {
    const rule = isMembershipType(entity.type)
      ? recordVisibleTo(entity.type, sql`${entity.id}`, reader.user_id)
      : sql`true`;
    return sql`${events.entityType} = ${entity.type} and ${events.entityId} = ${entity.id} and ${rule}`;
  }
  const open = visibleEntityTypes(reader.user_role);
  const wanted = (t: string) => (type === undefined || t === type) && (open === null || open.includes(t));
  const membership = MEMBERSHIP_TYPES.filter(wanted);
  // Beside a membership branch, the types the role opens are checked on the rows, not read through
  // events_entity_idx (`|| ''`): the whole list is read in time order (events_time_cover_idx holds the type), and
  // with a date window the planner otherwise ORed a bitmap of each branch's types over the window and read their
  // table rows (a week as shipping: 24 ms against 4–7 ms index-only).
  const byRole = eventsOpenedByRole(
    reader.user_role,
    type,
    membership.length ? sql`(${events.entityType} || '')` : undefined,
  );
  const branches: SQL[] = byRole ? [byRole] : [];
  // Filtered to tasks or projects, the type's events are checked against the ids of the records the person may
  // see; in the whole list each task or project row on the way is checked by itself (building the whole set would
  // cost what the person can see — 34k tasks for a member of many projects, 30–60 ms — on every page).
  for (const t of membership)
    branches.push(
      type === t
        ? eventsOfVisibleRecords(t, reader.user_id)
        : sql`${events.entityType} = ${t} and ${recordVisibleTo(t, sql`${events.entityId}`, reader.user_id)}`,
    );
  if (!branches.length) return sql`false`;
  if (branches.length === 1) return branches[0]!;
  return sql`(${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` or `,
  )})`;
}

/** Whether the role reads order money (shipping and production do not: their order views strip it). */
export const seesOrderMoney = (role: Role) => can(role, 'orders.read');

/** An order line as the event text shows it, without its price and discount (`2 × CODE @ 10.00 −5%`). */
const linePriceless = (v: unknown) => (typeof v === 'string' ? v.replace(/ @ [^ ]+( −[^ ]+%)?/, '') : v);

function withoutMoney(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (HIDDEN_MONEY.has(k)) continue;
    if (k === 'products' && Array.isArray(v)) out[k] = v.map(linePriceless);
    else out[k] = v;
  }
  return out;
}

/** An event's data as the role may read it: money stripped from sales records for roles without it. */
export function scopeEventData(role: Role, entityType: string, data: Record<string, unknown>) {
  if (seesOrderMoney(role) || !SALES_TYPES.has(entityType) || !data || typeof data !== 'object') return data;
  const out = withoutMoney(data);
  const changes = data.changes;
  if (changes && typeof changes === 'object') {
    const kept: Record<string, unknown> = {};
    for (const [field, c] of Object.entries(withoutMoney(changes as Record<string, unknown>))) {
      const change = c as { old?: unknown; new?: unknown } | null;
      if (field === 'products' && change && typeof change === 'object') {
        const old = Array.isArray(change.old) ? change.old.map(linePriceless) : change.old;
        const next = Array.isArray(change.new) ? change.new.map(linePriceless) : change.new;
        // A change of prices only is no change once the prices are gone.
        if (JSON.stringify(old) !== JSON.stringify(next)) kept[field] = { old, new: next };
      } else kept[field] = c;
    }
    out.changes = kept;
  }
  return out;
}
