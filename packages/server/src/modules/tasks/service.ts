import { MSG } from '@bpm/contract/messages';
import { projectCan } from '@bpm/contract/permissions';
import type { Task, TaskDetail, TaskListQuery, TaskSave } from '@bpm/contract/tasks';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { tasks } from '../../db/schema/work';
import { badRequest, forbidden, invalid, notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import type { Mailer } from '../../platform/mail';
import { likePattern } from '../../platform/paging';
import { type SaveKind, saveRecord } from '../../platform/records';
import { sanitizeRichText } from '../../platform/rich-text';
import {
  myProjectIds,
  requireRole,
  retireTasks,
  roleOf,
  type TaskAccess,
  taskAccess,
  taskVisibleTo,
} from '../projects/access';

export const TASK_ENTITY = 'task';
type Caller = Actor & { user_id: number };

const taskColumns = sql`t.id, t.title, t.description, t.priority, t.status, t.due_date, t.assigned_to, t.date_added,
  t.date_completed, t.parent_id, t.project_id, t.added_by,
  ab.first_name as added_by_first_name, ab.last_name as added_by_last_name,
  au.first_name as assigned_to_first_name, au.last_name as assigned_to_last_name, p.name as project_name,
  (select count(*) from tasks s where s.parent_id = t.id)::int as subtask_count, t.version`;
const taskFrom = sql`from tasks t left join users ab on ab.id = t.added_by left join users au on au.id = t.assigned_to
  left join projects p on p.id = t.project_id`;

function filters(q: TaskListQuery, nowSec: number): SQL[] {
  const c: SQL[] = [];
  if (q.overdue) c.push(sql`t.status <> 'completed' and t.due_date < ${nowSec}`);
  if (q.status) c.push(sql`t.status = ${q.status}`);
  if (q.priority) c.push(sql`t.priority = ${q.priority}`);
  if (q.assigned_to) c.push(sql`t.assigned_to = ${q.assigned_to}`);
  if (q.project_id) c.push(sql`t.project_id = ${q.project_id}`);
  if (q.date_from != null) c.push(sql`t.date_added >= ${q.date_from}`);
  if (q.date_to != null) c.push(sql`t.date_added <= ${q.date_to}`);
  if (q.due_from != null) c.push(sql`t.due_date >= ${q.due_from}`);
  if (q.due_to != null) c.push(sql`t.due_date <= ${q.due_to}`);
  if (!q.include_subtasks) c.push(sql`t.parent_id is null`);
  return c;
}

/**
 * How a page's ids are found (docs/decisions.md, Lists & performance): `perProject` (the caller's projects):
 * one walk of tasks_project_cover_idx per project, newest first, merged — index-only, each reading at most
 * the page's end of matches (a walk of the whole id order crossed 200k subtasks before a top-level one);
 * `filterFirst` (the caller's own tasks: assigned or added, thousands at most): read them through the
 * assignee and author indexes, then sort. `narrow`: a condition the scope implies, checked with the
 * search's trigram index (a bitmap AND), so only the scope's candidates are read.
 */
type PageWay = { perProject?: number; filterFirst?: boolean; narrow: SQL };

/** The filter columns of the search's matches within `narrow` (the lists' filters read only these). */
const searched = (search: string, narrow: SQL) =>
  sql`(select t.id, t.project_id, t.parent_id, t.status, t.priority, t.due_date, t.date_added, t.assigned_to, t.added_by
       from tasks t where lower(t.title) like ${likePattern(search)} and ${narrow} offset 0) t`;

async function page(db: Db, scope: SQL, conds: SQL[], order: SQL, q: TaskListQuery, way: PageWay) {
  const w = sql.join([scope, ...conds], sql` and `);
  const end = q.offset + q.limit;
  // The page's ids first, then only those tasks are read with their people, project and subtask count.
  // A search reads its matches once through tasks_title_trgm (`offset 0` fences the subquery, so no walk of
  // the ids filters every title: 1 s at 1M tasks) and counts them in the same pass.
  const ids = q.search
    ? sql`select t.id, count(*) over () as n from ${searched(q.search, way.narrow)} where ${w} order by ${order}
          limit ${q.limit} offset ${q.offset}`
    : way.perProject !== undefined
      ? sql`select x.id from ${myProjectIds(way.perProject)} pm
            cross join lateral (select t.id from tasks t where t.project_id = pm.project_id
                                ${conds.length ? sql`and ${sql.join(conds, sql` and `)}` : sql``}
                                order by t.id desc nulls last limit ${end}) x
            order by x.id desc limit ${q.limit} offset ${q.offset}`
      : way.filterFirst
        ? sql`select t.id from tasks t where ${w} order by (t.id + 0) desc limit ${q.limit} offset ${q.offset}`
        : sql`select t.id from tasks t where ${w} order by ${order} limit ${q.limit} offset ${q.offset}`;
  const rows = await queryRows<Task & { n?: number }>(
    db,
    sql`with page as materialized (${ids})
        select ${taskColumns}${q.search ? sql`, page.n` : sql``} from page join tasks t on t.id = page.id
          left join users ab on ab.id = t.added_by left join users au on au.id = t.assigned_to
          left join projects p on p.id = t.project_id
        order by ${order}`,
  );
  const counted = q.search ? (rows.length ? Number(rows[0]?.n) : q.offset === 0 ? 0 : undefined) : undefined;
  const total =
    counted ??
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${q.search ? searched(q.search, way.narrow) : sql`tasks t`} where ${w}`,
        )
      )[0]?.n ?? 0,
    );
  return { rows: rows.map(({ n: _n, ...r }) => r), total };
}

/** GET /tasks/my (mode my: created by or assigned to me) and GET /tasks (tasks in my projects); id descending. */
export function listTasks(db: Db, userId: number, q: TaskListQuery, mode: 'my' | 'projects', nowSec: number) {
  if (mode === 'my')
    return page(
      db,
      sql`${taskVisibleTo(userId)} and (t.assigned_to = ${userId} or t.added_by = ${userId})`,
      filters(q, nowSec),
      sql`t.id desc`,
      q,
      { filterFirst: true, narrow: sql`(t.assigned_to = ${userId} or t.added_by = ${userId})` },
    );
  return page(db, sql`t.project_id in ${myProjectIds(userId)}`, filters(q, nowSec), sql`t.id desc`, q, {
    perProject: userId,
    // An array, not IN (subquery): the planner then ANDs one project bitmap with the trigram bitmap instead of
    // repeating the trigram scan per project.
    narrow: sql`t.project_id = any(array${myProjectIds(userId)})`,
  });
}

/** GET /projects/{id}/tasks in the panel's order (document 3 section 9). */
export async function projectTasks(db: Db, projectId: number, userId: number, q: TaskListQuery, nowSec: number) {
  await requireRole(db, projectId, userId);
  const order = sql`(t.status = 'completed'),
    (case when t.status <> 'completed' and t.due_date < ${nowSec} then 0 else 1 end),
    (case t.priority when 'high' then 0 when 'medium' then 1 when 'low' then 2 else 3 end),
    t.due_date asc nulls last, t.id desc`;
  return page(db, sql`t.project_id = ${projectId}`, filters({ ...q, project_id: undefined }, nowSec), order, q, {
    narrow: sql`t.project_id = ${projectId}`,
  });
}

async function readTask(db: Db, id: number): Promise<Task> {
  const [t] = await queryRows<Task>(db, sql`select ${taskColumns} ${taskFrom} where t.id = ${id}`);
  if (!t) throw notFound(MSG.taskNotFound);
  return t;
}

export async function getTask(db: Db, id: number, userId: number): Promise<TaskDetail> {
  const access = await taskAccess(db, id, userId);
  const [task, subtasks] = await Promise.all([
    readTask(db, id),
    queryRows<Task>(db, sql`select ${taskColumns} ${taskFrom} where t.parent_id = ${id} order by t.id`),
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
    sql`select first_name, last_name,
          exists (select 1 from project_members pm where pm.project_id = ${projectId} and pm.user_id = u.id) as member
        from users u where u.id = ${userId} and u.deleted = 0`,
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
  const [u] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${task.assigned_to}`);
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
    await retireTasks(tx, sql`(t.id = ${id} or t.parent_id = ${id})`);
    await tx.execute(sql`delete from tasks where id = ${id}`);
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
