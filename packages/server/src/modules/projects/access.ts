import { MSG } from '@bpm/contract/messages';
import type { ProjectRole } from '@bpm/contract/projects';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { tasks } from '../../db/schema/work';
import { notFound } from '../../platform/errors';
import { lockRow } from '../../platform/records';

/** The caller's role in a project, or null when not a member (or no such project). */
export async function roleOf(db: Db, projectId: number, userId: number): Promise<ProjectRole | null> {
  const [r] = await queryRows<{ role: ProjectRole }>(
    db,
    sql`select role from project_members where project_id = ${projectId} and user_id = ${userId}`,
  );
  return r?.role ?? null;
}

/** The caller's role; a project they are not in is 'Project not found' for them. */
export async function requireRole(db: Db, projectId: number, userId: number): Promise<ProjectRole> {
  const role = await roleOf(db, projectId, userId);
  if (!role) throw notFound(MSG.projectNotFound);
  return role;
}

/** SQL: the ids of the projects the user is a member of. */
export const myProjectIds = (userId: number) =>
  sql`(select pm.project_id from project_members pm where pm.user_id = ${userId})`;

/**
 * SQL on a task aliased `t`: the user may see it — a task of their project, or their own task without a
 * project (they created it or are assigned to it). The one rule of the task read, list and history.
 */
export const taskVisibleTo = (userId: number) =>
  sql`((t.project_id is null and (t.added_by = ${userId} or t.assigned_to = ${userId})) or t.project_id in ${myProjectIds(userId)})`;

/** SQL: the user was among those who could see the deleted record (its last membership). */
const retiredViewer = (entityType: 'task' | 'project', id: SQL, userId: number) =>
  sql`exists (select 1 from retired_record_viewers r
    where r.entity_type = ${entityType} and r.entity_id = ${id} and r.user_id = ${userId})`;

/**
 * SQL: the user may see the task or project `id` (an SQL expression), or could when it was deleted.
 * What the history of tasks and projects is filtered by (events/scope.ts).
 */
export const recordVisibleTo = (entityType: 'task' | 'project', id: SQL, userId: number): SQL =>
  entityType === 'task'
    ? sql`(exists (select 1 from tasks t where t.id = ${id} and ${taskVisibleTo(userId)}) or ${retiredViewer('task', id, userId)})`
    : sql`(${id} in ${myProjectIds(userId)} or ${retiredViewer('project', id, userId)})`;

/**
 * Before tasks are deleted (`which`: SQL on `t` choosing them, with what cascades with them): keeps who
 * can see each of them now, so their history stays visible to exactly those people.
 */
export async function retireTasks(db: Db, which: SQL): Promise<void> {
  await db.execute(
    sql`insert into retired_record_viewers (entity_type, entity_id, user_id)
        select 'task', t.id, v.user_id from tasks t
          cross join lateral (
            select pm.user_id from project_members pm where pm.project_id = t.project_id
            union select t.added_by where t.project_id is null
            union select t.assigned_to where t.project_id is null and t.assigned_to is not null
          ) v
        where ${which}
        on conflict do nothing`,
  );
}

/** Before a project is deleted: keeps its members as the viewers of its history and of its tasks'. */
export async function retireProject(db: Db, projectId: number): Promise<void> {
  await retireTasks(db, sql`t.project_id = ${projectId}`);
  await db.execute(
    sql`insert into retired_record_viewers (entity_type, entity_id, user_id)
        select 'project', ${projectId}, pm.user_id from project_members pm where pm.project_id = ${projectId}
        on conflict do nothing`,
  );
}

export interface TaskAccess {
  id: number;
  projectId: number | null;
  parentId: number | null;
  addedBy: number;
  assignedTo: number | null;
  title: string;
  /** The caller's effective role for this task (see docs/decisions.md for tasks without a project). */
  role: ProjectRole;
  /** The caller created the task or is assigned to it. */
  mine: boolean;
}

/**
 * The caller's access to a task: its project role; for a task without a project its creator and
 * assignee act as managers of it. Anyone else gets 'Task not found' (no hint that it exists).
 */
export async function taskAccess(db: Db, taskId: number, userId: number, lock = false): Promise<TaskAccess> {
  if (lock) await lockRow(db, tasks, taskId);
  const [t] = await queryRows<{
    id: number;
    project_id: number | null;
    parent_id: number | null;
    added_by: number;
    assigned_to: number | null;
    title: string;
    role: ProjectRole | null;
  }>(
    db,
    sql`select t.id, t.project_id, t.parent_id, t.added_by, t.assigned_to, t.title,
          (select pm.role from project_members pm where pm.project_id = t.project_id and pm.user_id = ${userId}) as role
        from tasks t where t.id = ${taskId}`,
  );
  if (!t) throw notFound(MSG.taskNotFound);
  const mine = t.added_by === userId || t.assigned_to === userId;
  const role: ProjectRole | null = t.project_id == null ? (mine ? 'manager' : null) : t.role;
  if (!role) throw notFound(MSG.taskNotFound);
  return {
    id: t.id,
    projectId: t.project_id,
    parentId: t.parent_id,
    addedBy: t.added_by,
    assignedTo: t.assigned_to,
    title: t.title,
    role,
    mine,
  };
}
