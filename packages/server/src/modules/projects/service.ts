import { MSG } from '@bpm/contract/messages';
import { projectCan } from '@bpm/contract/permissions';
import type {
  CheckPermissionQuery,
  CheckPermissionResult,
  Project,
  ProjectListQuery,
  ProjectRole,
  ProjectSave,
} from '@bpm/contract/projects';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { users } from '../../db/schema/users';
import { projectMembers, projects, taskAttachments, taskNotes, tasks } from '../../db/schema/work';
import { forbidden, notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { trigramSearch } from '../../platform/paging';
import { lockRow, saveRecord } from '../../platform/records';
import { sanitizeRichText } from '../../platform/rich-text';
import { requireRole, retireProject, roleOf } from './access';

export const PROJECT_ENTITY = 'project';

type Caller = Actor & { user_id: number };

// Tables through drizzle (a renamed column fails tsc), under SQL aliases: ${projects} ${P} renders
// "projects" "p".
const P = alias(projects, 'p');
const ME = alias(projectMembers, 'me');
const M = alias(projectMembers, 'm');
const T = alias(tasks, 't');
const U = alias(users, 'u');
const N = alias(taskNotes, 'n');
const A = alias(taskAttachments, 'a');

/** The caller's membership of `p`: the projects they see, and their role in each. */
const fromMine = (userId: number) =>
  sql`from ${projects} ${P} join ${projectMembers} ${ME} on ${ME.projectId} = ${P.id} and ${ME.userId} = ${userId}`;

const projectSelect = (userId: number) => sql`
  select ${P.id} as id, ${P.name} as name, ${P.description} as description, ${P.dateCreated} as date_created,
    ${P.createdBy} as created_by, ${U.firstName} as creator_first_name, ${U.lastName} as creator_last_name,
    (select count(*) from ${projectMembers} ${M} where ${M.projectId} = ${P.id})::int as member_count,
    (select count(*) from ${tasks} ${T} where ${T.projectId} = ${P.id})::int as total_tasks,
    (select count(*) from ${tasks} ${T} where ${T.projectId} = ${P.id} and ${T.status} = 'completed')::int as completed_tasks,
    ${P.version} as version, ${ME.role} as my_role
  ${fromMine(userId)}
  left join ${users} ${U} on ${U.id} = ${P.createdBy}`;

// Columns of the outer query (the subquery's output, named as the Project), so the computed counts sort too.
const SORTS: Record<string, string> = {
  name: 'lower(p.name)',
  date_created: 'p.date_created',
  member_count: 'p.member_count',
  total_tasks: 'p.total_tasks',
  completed_tasks: 'p.completed_tasks',
};

/** The caller's projects (member of), filtered, sorted and paged in SQL. */
export async function listProjects(db: Db, userId: number, q: ProjectListQuery) {
  const conds: SQL[] = [sql`true`];
  if (q.search) conds.push(trigramSearch(sql`lower(${P.name} || ' ' || ${P.description})`, q.search));
  if (q.date_from != null) conds.push(sql`${P.dateCreated} >= ${q.date_from}`);
  if (q.date_to != null) conds.push(sql`${P.dateCreated} <= ${q.date_to}`);
  const isCompleted = sql`(exists (select 1 from ${tasks} ${T} where ${T.projectId} = ${P.id})
    and not exists (select 1 from ${tasks} ${T} where ${T.projectId} = ${P.id} and ${T.status} <> 'completed'))`;
  if (q.completion === 'completed') conds.push(isCompleted);
  if (q.completion === 'not-completed') conds.push(sql`not ${isCompleted}`);
  const where = sql.join(conds, sql` and `);
  const sortCol = (q.sort && SORTS[q.sort]) || 'p.date_created';
  const dir = q.sort && q.order === 'asc' ? 'asc' : 'desc';
  const [rows, [c]] = await Promise.all([
    queryRows<Project>(
      db,
      sql`select * from (${projectSelect(userId)} where ${where}) p
          order by ${sql.raw(sortCol)} ${sql.raw(dir)}, p.id desc limit ${q.limit} offset ${q.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${fromMine(userId)} where ${where}`),
  ]);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function getProject(db: Db, id: number, userId: number): Promise<Project> {
  const [p] = await queryRows<Project>(db, sql`${projectSelect(userId)} where ${P.id} = ${id}`);
  if (!p) throw notFound(MSG.projectNotFound);
  return p;
}

const snapshot = (p: Project) => ({ name: p.name, description: p.description });

/** A project's events: what the shared save writes beside its table and its read. */
const PROJECT_EVENTS = {
  entityType: PROJECT_ENTITY,
  event: 'project',
  snapshot,
  label: (p: Project) => ({ name: p.name }),
} as const;

/** A project as the shared save reads it: through the caller's membership. */
const projectGet = (userId: number) => (db: Db, id: number) => getProject(db, id, userId);

export async function createProject(db: Db, input: ProjectSave, actor: Caller, now: number): Promise<Project> {
  return db.transaction(async (tx) => {
    const fields = {
      name: input.name,
      description: sanitizeRichText(input.description),
      createdBy: actor.user_id,
      dateCreated: now,
    };
    // The creator is the project's owner.
    const written = async (id: number) => {
      await tx.insert(projectMembers).values({ projectId: id, userId: actor.user_id, role: 'owner', createdAt: now });
    };
    return (
      await saveRecord(
        tx,
        { table: projects, ...PROJECT_EVENTS, get: projectGet(actor.user_id) },
        {},
        { fields, written },
        actor,
        now,
      )
    ).record;
  });
}

/** Only the owner edits or deletes a project (document 3 section 6). */
async function requireOwner(db: Db, id: number, userId: number) {
  const role = await requireRole(db, id, userId);
  if (!projectCan(role, 'is_project_owner')) throw forbidden();
}

export async function editProject(db: Db, id: number, input: ProjectSave, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    await requireOwner(tx, id, actor.user_id);
    const fields = { name: input.name, description: sanitizeRichText(input.description) };
    const saved = await saveRecord(
      tx,
      { table: projects, ...PROJECT_EVENTS, get: projectGet(actor.user_id) },
      { id, version: input.version },
      { fields },
      actor,
      now,
    );
    return saved.record;
  });
}

/** Deletes the project and, by cascade, its members, tasks, notes and attachments. */
export async function deleteProject(db: Db, id: number, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    await requireOwner(tx, id, actor.user_id);
    await lockRow(tx, projects, id);
    const p = await getProject(tx, id, actor.user_id);
    await retireProject(tx, id);
    await tx.delete(projects).where(eq(projects.id, id));
    await recordEvent(
      tx,
      actor,
      {
        entityType: PROJECT_ENTITY,
        entityId: id,
        event: 'project_deleted',
        data: { name: p.name, total_tasks: p.total_tasks },
      },
      now,
    );
    return { id };
  });
}

/** GET /projects/{id}/check-permission: a non-member (or a failed lookup) has no permission. */
export async function checkPermission(
  db: Db,
  projectId: number,
  userId: number,
  q: CheckPermissionQuery,
): Promise<CheckPermissionResult> {
  const role: ProjectRole | null = await roleOf(db, projectId, userId);
  if (q.function === 'can_manage_notes' || q.function === 'can_manage_attachments') {
    const ids = (q.function === 'can_manage_notes' ? q.noteIds : q.attachmentIds) ?? [];
    const result: Record<string, boolean> = Object.fromEntries(ids.map((id) => [String(id), false]));
    if (!role || !ids.length) return { result };
    const owned =
      q.function === 'can_manage_notes'
        ? sql`select ${N.id} as id, ${N.userId} as owner from ${taskNotes} ${N} join ${tasks} ${T} on ${T.id} = ${N.taskId}
              where ${T.projectId} = ${projectId} and ${N.id} in (${sql.join(ids, sql`, `)})`
        : sql`select ${A.id} as id, ${A.uploadedBy} as owner from ${taskAttachments} ${A} join ${tasks} ${T} on ${T.id} = ${A.taskId}
              where ${T.projectId} = ${projectId} and ${A.id} in (${sql.join(ids, sql`, `)})`;
    for (const r of await queryRows<{ id: number; owner: number }>(db, owned))
      result[String(r.id)] = projectCan(
        role,
        q.function === 'can_manage_notes' ? 'manage_note' : 'manage_attachment',
        r.owner === userId,
      );
    return { result };
  }
  if (q.function === 'can_manage_tasks' && q.taskId) {
    const [t] = await db
      .select({ added_by: tasks.addedBy, assigned_to: tasks.assignedTo })
      .from(tasks)
      .where(and(eq(tasks.id, q.taskId), eq(tasks.projectId, projectId)));
    if (!t) return { has_permission: false };
    return { has_permission: projectCan(role, 'can_manage_tasks', t.added_by === userId || t.assigned_to === userId) };
  }
  return { has_permission: projectCan(role, q.function) };
}
