import { MSG } from '@bpm/contract/messages';
import type { ProjectRole } from '@bpm/contract/projects';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { projectMembers, retiredRecordViewers, tasks } from '../../db/schema/work';
import { notFound } from '../../platform/errors';
import { lockRow } from '../../platform/records';
import { bareColumns } from '../../platform/sql-names';

/*
 * Tables through drizzle (a renamed column fails tsc), under the SQL aliases these fragments share with
 * their callers: a task is `t` (tasks/list.ts; retireTasks' `which`). ${tasks} ${T} renders "tasks" "t".
 */
const T = alias(tasks, 't');
const PM = alias(projectMembers, 'pm');
const R = alias(retiredRecordViewers, 'r');

/** The caller's role in a project, or null when not a member (or no such project). */
export async function roleOf(db: Db, projectId: number, userId: number): Promise<ProjectRole | null> {
  const [r] = await queryRows<{ role: ProjectRole }>(
    db,
    sql`select ${projectMembers.role} as role from ${projectMembers}
        where ${projectMembers.projectId} = ${projectId} and ${projectMembers.userId} = ${userId}`,
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
  sql`(select ${PM.projectId} from ${projectMembers} ${PM} where ${PM.userId} = ${userId})`;

/**
 * SQL on a task aliased `t`: the user may see it — a task of their project, or their own task without a
 * project (they created it or are assigned to it). The one rule of the task read, list and history.
 */
export const taskVisibleTo = (userId: number) =>
  sql`((${T.projectId} is null and (${T.addedBy} = ${userId} or ${T.assignedTo} = ${userId})) or ${T.projectId} in ${myProjectIds(userId)})`;

/** SQL: the user was among those who could see the deleted record (its last membership). */
const retiredViewer = (entityType: 'task' | 'project', id: SQL, userId: number) =>
  sql`exists (select 1 from ${retiredRecordViewers} ${R}
    where ${R.entityType} = ${entityType} and ${R.entityId} = ${id} and ${R.userId} = ${userId})`;

/**
 * SQL: the user may see the task or project `id` (an SQL expression), or could when it was deleted.
 * What the history of tasks and projects is filtered by (events/scope.ts).
 */
export const recordVisibleTo = (entityType: 'task' | 'project', id: SQL, userId: number): SQL =>
  entityType === 'task'
    ? sql`(exists (select 1 from ${tasks} ${T} where ${T.id} = ${id} and ${taskVisibleTo(userId)}) or ${retiredViewer('task', id, userId)})`
    : sql`(${id} in ${myProjectIds(userId)} or ${retiredViewer('project', id, userId)})`;

/**
 * Before tasks are deleted (`which`: SQL on `t` choosing them, with what cascades with them): keeps who
 * can see each of them now, so their history stays visible to exactly those people.
 */
export async function retireTasks(db: Db, which: SQL): Promise<void> {
  await db.execute(
    sql`insert into ${retiredRecordViewers} (${bareColumns(retiredRecordViewers.entityType, retiredRecordViewers.entityId, retiredRecordViewers.userId)})
        select 'task', ${T.id}, v.user_id from ${tasks} ${T}
          cross join lateral (
            select ${PM.userId} as user_id from ${projectMembers} ${PM} where ${PM.projectId} = ${T.projectId}
            union select ${T.addedBy} where ${T.projectId} is null
            union select ${T.assignedTo} where ${T.projectId} is null and ${T.assignedTo} is not null
          ) v
        where ${which}
        on conflict do nothing`,
  );
}

/** Before a project is deleted: keeps its members as the viewers of its history and of its tasks'. */
export async function retireProject(db: Db, projectId: number): Promise<void> {
  await retireTasks(db, sql`${T.projectId} = ${projectId}`);
  await db.execute(
    sql`insert into ${retiredRecordViewers} (${bareColumns(retiredRecordViewers.entityType, retiredRecordViewers.entityId, retiredRecordViewers.userId)})
        select 'project', ${projectId}, ${PM.userId} from ${projectMembers} ${PM} where ${PM.projectId} = ${projectId}
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
    sql`select ${T.id} as id, ${T.projectId} as project_id, ${T.parentId} as parent_id, ${T.addedBy} as added_by,
          ${T.assignedTo} as assigned_to, ${T.title} as title,
          (select ${PM.role} from ${projectMembers} ${PM} where ${PM.projectId} = ${T.projectId} and ${PM.userId} = ${userId}) as role
        from ${tasks} ${T} where ${T.id} = ${taskId}`,
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
