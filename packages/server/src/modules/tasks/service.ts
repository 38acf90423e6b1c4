import { MSG } from '@bpm/contract/messages';
import { projectCan } from '@bpm/contract/permissions';
import type { Task, TaskDetail, TaskSave } from '@bpm/contract/tasks';
import { eq, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { users } from '../../db/schema/users';
import { projectMembers, projects, tasks } from '../../db/schema/work';
import { badRequest, forbidden, invalid, notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import type { Mailer } from '../../platform/mail';
import { type SaveKind, saveRecord } from '../../platform/records';
import { sanitizeRichText } from '../../platform/rich-text';
import { retireTasks, roleOf, type TaskAccess, taskAccess } from '../projects/access';

export const TASK_ENTITY = 'task';
type Caller = Actor & { user_id: number };

// Tables through drizzle (a renamed column fails tsc), under SQL aliases: a task is `t` (tasks/list.ts and the
// visibility rule of projects/access.ts are SQL on `t`); ${tasks} ${T} renders "tasks" "t".
const T = alias(tasks, 't');
const S = alias(tasks, 's');
const AB = alias(users, 'ab');
const AU = alias(users, 'au');
const P = alias(projects, 'p');
const U = alias(users, 'u');
const PM = alias(projectMembers, 'pm');

// The people's names and the project's as subqueries of each row, not left joins: the joins took the planner
// ~0.6 ms of every task list page (docs/performance.md 'Mixed workload' › session 12).
const addedBy = (c: AnyPgColumn) => sql`(select ${c} from ${users} ${AB} where ${AB.id} = ${T.addedBy})`;
const assignedTo = (c: AnyPgColumn) => sql`(select ${c} from ${users} ${AU} where ${AU.id} = ${T.assignedTo})`;

export const taskColumns = sql`${T.id} as id, ${T.title} as title, ${T.description} as description,
  ${T.priority} as priority, ${T.status} as status, ${T.dueDate} as due_date, ${T.assignedTo} as assigned_to,
  ${T.dateAdded} as date_added, ${T.dateCompleted} as date_completed, ${T.parentId} as parent_id,
  ${T.projectId} as project_id, ${T.addedBy} as added_by,
  ${addedBy(AB.firstName)} as added_by_first_name, ${addedBy(AB.lastName)} as added_by_last_name,
  ${assignedTo(AU.firstName)} as assigned_to_first_name, ${assignedTo(AU.lastName)} as assigned_to_last_name,
  (select ${P.name} from ${projects} ${P} where ${P.id} = ${T.projectId}) as project_name,
  (select count(*) from ${tasks} ${S} where ${S.parentId} = ${T.id})::int as subtask_count, ${T.version} as version`;
export const taskFrom = sql`from ${tasks} ${T}`;

async function readTask(db: Db, id: number): Promise<Task> {
  const [t] = await queryRows<Task>(db, sql`select ${taskColumns} ${taskFrom} where ${T.id} = ${id}`);
  if (!t) throw notFound(MSG.taskNotFound);
  return t;
}

export async function getTask(db: Db, id: number, userId: number): Promise<TaskDetail> {
  const access = await taskAccess(db, id, userId);
  const [task, subtasks] = await Promise.all([
    readTask(db, id),
    queryRows<Task>(db, sql`select ${taskColumns} ${taskFrom} where ${T.parentId} = ${id} order by ${T.id}`),
  ]);
  return {
    ...task,
    subtasks,
    can_manage: projectCan(access.role, 'can_manage_tasks', access.mine),
    can_add_note: projectCan(access.role, 'can_add_note'),
    can_add_attachment: projectCan(access.role, 'can_add_attachment'),
  };
}

const snapshot = (t: Task) => ({
  title: t.title,
  description: t.description,
  priority: t.priority,
  status: t.status,
  due_date: t.due_date,
  assigned_to: t.assigned_to,
  project_id: t.project_id,
  parent_id: t.parent_id,
});

/**
 * The assignee exists and, for a project's task, is a member of that project: assigning anyone else is
 * refused with the spec's warning (they could not open the task; docs/decisions.md).
 */
async function checkAssignee(db: Db, userId: number | null, projectId: number | null) {
  if (userId == null) return;
  const [u] = await queryRows<{ first_name: string; last_name: string; member: boolean }>(
    db,
    sql`select ${U.firstName} as first_name, ${U.lastName} as last_name,
          exists (select 1 from ${projectMembers} ${PM} where ${PM.projectId} = ${projectId} and ${PM.userId} = ${U.id}) as member
        from ${users} ${U} where ${U.id} = ${userId} and ${U.deleted} = 0`,
  );
  if (!u) throw invalid({ assigned_to: MSG.userNotFound });
  if (projectId != null && !u.member) {
    const warning = MSG.notMemberWarning(`${u.first_name} ${u.last_name}`.trim());
    throw badRequest(warning, { assigned_to: warning });
  }
}

/** The caller may add tasks to the project (a member whose project role allows it); else 403. */
async function requireTaskCreator(db: Db, projectId: number, userId: number) {
  const role = await roleOf(db, projectId, userId);
  // The same answer whether the project exists or not: a move reveals nothing about other projects.
  if (!role || !projectCan(role, 'can_create_tasks')) throw forbidden(MSG.taskProjectForbidden);
}

/** An e-mail (or outbox row) to the new assignee; BPM's own (docs/decisions.md). */
async function notifyAssignee(db: Db, mailer: Mailer, task: Task, actor: Caller) {
  if (task.assigned_to == null || task.assigned_to === actor.user_id) return;
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, task.assigned_to));
  if (!u?.email) return;
  await mailer.send(db, {
    to: [u.email],
    subject: `Task #${task.id} assigned to you: ${task.title}`,
    text: [
      `${actor.first_name ?? actor.username} ${actor.last_name ?? ''} assigned you task #${task.id}: ${task.title}.`,
      task.project_name ? `Project: ${task.project_name}` : '',
      `Priority: ${task.priority}. Status: ${task.status}.`,
      `Open it at ${mailer.link(`/tasks/view/${task.id}`)}`,
    ]
      .filter(Boolean)
      .join('\n'),
  });
}

const TASK: SaveKind<Task> = {
  table: tasks,
  entityType: TASK_ENTITY,
  event: 'task',
  get: readTask,
  snapshot,
  label: (t) => ({ title: t.title }),
};

export async function addTask(db: Db, mailer: Mailer, input: TaskSave, actor: Caller, now: number): Promise<Task> {
  const task = await db.transaction(async (tx) => {
    let projectId = input.project_id ?? null;
    if (input.parent_id) {
      const parent = await taskAccess(tx, input.parent_id, actor.user_id).catch(() => {
        throw notFound(MSG.parentNotFound);
      });
      if (parent.parentId != null) throw invalid({ parent_id: MSG.subtaskOfSubtask });
      if (projectId != null && projectId !== parent.projectId) throw invalid({ project_id: MSG.parentOtherProject });
      projectId = parent.projectId;
      const ok = projectId == null ? parent.mine : projectCan(parent.role, 'can_create_tasks');
      if (!ok) throw forbidden();
    } else if (projectId != null) {
      if (!(await roleOf(tx, projectId, actor.user_id))) throw notFound(MSG.projectNotFound);
      await requireTaskCreator(tx, projectId, actor.user_id);
    }
    await checkAssignee(tx, input.assigned_to, projectId);
    const fields = {
      title: input.title,
      description: sanitizeRichText(input.description),
      priority: input.priority,
      status: input.status,
      dueDate: input.due_date,
      assignedTo: input.assigned_to,
      addedBy: actor.user_id,
      dateAdded: now,
      dateCompleted: input.status === 'completed' ? now : null,
      parentId: input.parent_id ?? null,
      projectId,
    };
    return (await saveRecord(tx, TASK, {}, { fields }, actor, now)).record;
  });
  await notifyAssignee(db, mailer, task, actor);
  return task;
}

/**
 * The task's project after an edit: a named project other than its own moves it (with its subtasks),
 * for a caller who may add tasks there; null or absent keeps it. A subtask stays with its parent.
 */
async function movedTo(db: Db, task: TaskAccess, wanted: number | null, userId: number): Promise<number | null> {
  if (wanted == null || wanted === task.projectId) return task.projectId;
  if (task.parentId != null) throw invalid({ project_id: MSG.parentOtherProject });
  await requireTaskCreator(db, wanted, userId);
  return wanted;
}

export async function editTask(
  db: Db,
  mailer: Mailer,
  id: number,
  input: TaskSave,
  actor: Caller,
  now: number,
): Promise<Task> {
  const { before, record: after } = await db.transaction(async (tx) => {
    const access = await taskAccess(tx, id, actor.user_id, true);
    if (!projectCan(access.role, 'can_manage_tasks', access.mine)) throw forbidden();
    let projectId: number | null = null;
    const fields = async (before: Task | undefined) => {
      // The parent stays as created; the project stays unless another one is named (docs/decisions.md).
      projectId = await movedTo(tx, access, input.project_id, actor.user_id);
      if (input.assigned_to !== before!.assigned_to || projectId !== before!.project_id)
        await checkAssignee(tx, input.assigned_to, projectId);
      const completedNow = input.status === 'completed';
      return {
        title: input.title,
        description: sanitizeRichText(input.description),
        priority: input.priority,
        status: input.status,
        dueDate: input.due_date,
        assignedTo: input.assigned_to,
        projectId,
        dateCompleted: completedNow ? (before!.status === 'completed' ? before!.date_completed : now) : null,
      };
    };
    // Subtasks follow their parent's project.
    const written = async (_id: number, before: Task | undefined) => {
      if (projectId !== before!.project_id)
        await tx.update(tasks).set({ projectId, updatedAt: now }).where(eq(tasks.parentId, id));
    };
    return saveRecord(tx, TASK, { id, version: input.version }, { fields, written }, actor, now);
  });
  if (after.assigned_to !== before!.assigned_to) await notifyAssignee(db, mailer, after, actor);
  return after;
}

/** Deletes a task with its subtasks, notes and attachments (cascade). */
export async function deleteTask(db: Db, id: number, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    const access = await taskAccess(tx, id, actor.user_id, true);
    if (!projectCan(access.role, 'can_manage_tasks', access.mine)) throw forbidden();
    await retireTasks(tx, sql`(${T.id} = ${id} or ${T.parentId} = ${id})`);
    await tx.delete(tasks).where(eq(tasks.id, id));
    await recordEvent(
      tx,
      actor,
      {
        entityType: TASK_ENTITY,
        entityId: id,
        event: 'task_deleted',
        data: { title: access.title, project_id: access.projectId, parent_id: access.parentId },
      },
      now,
    );
    return { id };
  });
}
