// The task lists (my tasks, my projects' tasks, a project's panel): their filters and orders, declared for the
// list engine (platform/list-page.ts). Tasks are read as `t` (the visibility rule of projects/access.ts is SQL
// on `t`).
import { dayStart, type Task, type TaskListQuery } from '@bpm/contract/tasks';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { tasks } from '../../db/schema/work';
import { findPage, type PagePlan, searchOnce } from '../../platform/list-page';
import { trigramSearch } from '../../platform/paging';
import { myProjectIds, requireRole, taskVisibleTo } from '../projects/access';
import { taskColumns, taskFrom } from './service';

const T = alias(tasks, 't');

/** The start of the caller's day (their `timezone`, else UTC): a task is overdue once its due day is over. */
const todayStart = (q: TaskListQuery, nowSec: number) => dayStart(nowSec, q.timezone ?? 'UTC');

function filters(q: TaskListQuery, nowSec: number): SQL[] {
  const c: SQL[] = [];
  // isOverdue (contract): due before the start of today, in the caller's time zone.
  if (q.overdue) c.push(sql`${T.status} <> 'completed' and ${T.dueDate} < ${todayStart(q, nowSec)}`);
  if (q.status) c.push(sql`${T.status} = ${q.status}`);
  if (q.priority) c.push(sql`${T.priority} = ${q.priority}`);
  if (q.assigned_to) c.push(sql`${T.assignedTo} = ${q.assigned_to}`);
  if (q.project_id) c.push(sql`${T.projectId} = ${q.project_id}`);
  if (q.date_from != null) c.push(sql`${T.dateAdded} >= ${q.date_from}`);
  if (q.date_to != null) c.push(sql`${T.dateAdded} <= ${q.date_to}`);
  if (q.due_from != null) c.push(sql`${T.dueDate} >= ${q.due_from}`);
  if (q.due_to != null) c.push(sql`${T.dueDate} <= ${q.due_to}`);
  if (!q.include_subtasks) c.push(sql`${T.parentId} is null`);
  return c;
}

/** Newest first (id descending): the lists' order but the panel's. */
const NEWEST = {
  key: sql`${T.id}`,
  walk: sql`${T.id} desc nulls last`,
  keyed: sql`k desc nulls last, id desc nulls last`,
};

/** The filter columns the lists read of a search's matches (read first, within the scope's `narrow`). */
const SEARCHED_COLUMNS = sql`${T.id}, ${T.projectId}, ${T.parentId}, ${T.status}, ${T.priority}, ${T.dueDate},
  ${T.dateAdded}, ${T.assignedTo}, ${T.addedBy}`;

/** What a task list declares: its scope, its order, and how its pages are found (`plan`). */
interface TaskList {
  scope: SQL;
  conds: SQL[];
  sort: PagePlan['sort'];
  /** A condition the scope implies, for the search's bitmap AND. */
  narrow: SQL;
  plan: Pick<PagePlan, 'direct' | 'small' | 'merges'>;
}

/** The page's tasks in the one statement that finds their ids, in the list's order. */
const pageRows = (order: SQL) => (db: Db, ids: SQL) =>
  queryRows<Task>(db, sql`select ${taskColumns} ${taskFrom} where ${T.id} in ${ids} order by ${order}`);

const readRows = (db: Db, ids: number[]) =>
  queryRows<Task>(
    db,
    sql`select ${taskColumns} ${taskFrom} where ${T.id} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );

/**
 * A page and its total. A search reads its matches once through tasks_title_trgm (fenced: no walk of the ids
 * filters every title, 1 s at 1M tasks) and counts them in the same pass; otherwise the engine finds the page's
 * ids, then only those tasks are read with their people, project and subtask count, and the total is counted.
 */
async function taskPage(db: Db, l: TaskList, q: TaskListQuery) {
  const title = q.search ? trigramSearch(sql`lower(${T.title})`, q.search) : undefined;
  const conds = [l.scope, ...l.conds, ...(title ? [title] : [])];
  const plan: PagePlan = { list: { table: T }, conds, sort: l.sort, ...l.plan };
  // A search: its matches within `narrow` (a condition the scope implies, checked with the title's trigram index:
  // a bitmap AND, so only the scope's candidates are read), then the scope and filters, all counted.
  const found = title
    ? await searchOnce(db, plan, q, { cap: null, fenced: { conds: [title, l.narrow], columns: SEARCHED_COLUMNS } })
    : undefined;
  const rows = await findPage(db, plan, q, undefined, { byIds: readRows, rows: pageRows(l.sort.walk) }, found?.ids);
  const total =
    found?.total ??
    Number(
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${tasks} ${T} where ${sql.join(conds, sql` and `)}`,
        )
      )[0]?.n ?? 0,
    );
  return { rows, total };
}

/** GET /tasks/my (mode my: created by or assigned to me) and GET /tasks (tasks in my projects); id descending. */
export function listTasks(db: Db, userId: number, q: TaskListQuery, mode: 'my' | 'projects', nowSec: number) {
  const conds = filters(q, nowSec);
  if (mode === 'my') {
    const mine = sql`(${T.assignedTo} = ${userId} or ${T.addedBy} = ${userId})`;
    // The caller's own tasks (assigned or added, thousands at most): read through the assignee and author
    // indexes, then sorted.
    return taskPage(
      db,
      {
        scope: sql`${taskVisibleTo(userId)} and ${mine}`,
        conds,
        sort: NEWEST,
        narrow: mine,
        plan: { direct: false, small: true },
      },
      q,
    );
  }
  const scope = sql`${T.projectId} in ${myProjectIds(userId)}`;
  return taskPage(
    db,
    {
      scope,
      conds,
      sort: NEWEST,
      // An array, not IN (subquery): the planner then ANDs one project bitmap with the trigram bitmap instead of
      // repeating the trigram scan per project.
      narrow: sql`${T.projectId} = any(array${myProjectIds(userId)})`,
      // One walk of tasks_project_cover_idx per project, newest first, merged — index-only, each reading at most
      // the page's end of matches (a walk of the whole id order crossed 200k subtasks before a top-level one).
      plan: {
        direct: false,
        merges: [
          {
            kind: 'buckets',
            when: 'first',
            bucket: sql`${T.projectId}`,
            implied: [scope],
            series: async () => ({ values: myProjectIds(userId) }),
          },
        ],
      },
    },
    q,
  );
}

/** GET /projects/{id}/tasks in the panel's order (document 3 section 9). */
export async function projectTasks(db: Db, projectId: number, userId: number, q: TaskListQuery, nowSec: number) {
  await requireRole(db, projectId, userId);
  const walk = sql`(${T.status} = 'completed'),
    (case when ${T.status} <> 'completed' and ${T.dueDate} < ${todayStart(q, nowSec)} then 0 else 1 end),
    (case ${T.priority} when 'high' then 0 when 'medium' then 1 when 'low' then 2 else 3 end),
    ${T.dueDate} asc nulls last, ${T.id} desc`;
  const scope = sql`${T.projectId} = ${projectId}`;
  return taskPage(
    db,
    {
      scope,
      conds: filters({ ...q, project_id: undefined }, nowSec),
      // No index holds this order: the plain query (a project's tasks are read through its index, then sorted).
      sort: { ...NEWEST, walk },
      narrow: scope,
      plan: { direct: true },
    },
    q,
  );
}
