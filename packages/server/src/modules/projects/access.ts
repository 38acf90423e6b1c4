import { MSG } from '@bpm/contract/messages';
import type { ProjectRole } from '@bpm/contract/projects';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../platform/errors';

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
        from tasks t where t.id = ${taskId} ${lock ? sql`for update of t` : sql``}`,
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
