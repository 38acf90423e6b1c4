/** Bench cases of tasks and projects: one project with 500 tasks (written before the server starts). */
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client';

export const WORK_PROJECT = 'Bench project (500 tasks)';
const TASKS = 500;

export async function seedWorkBench(db: Db, now: number) {
  await db.execute(sql`
    with p as (
      insert into projects (name, description, created_by, date_created, created_at, updated_at)
      select ${WORK_PROJECT}, '<p>Bench</p>', id, ${now}, ${now}, ${now} from users where username = 'admin'
      returning id, created_by)
    insert into project_members (project_id, user_id, role, created_at)
    select p.id, u.id, case when u.id = p.created_by then 'owner' else 'member' end, ${now}
    from p cross join users u where u.username in ('admin', 'sale')`);
  await db.execute(sql`
    insert into tasks (title, description, priority, status, due_date, assigned_to, added_by, date_added, date_completed,
      project_id, created_at, updated_at)
    select 'Bench task ' || g, '<p>Task ' || g || '</p>',
      (array['low','medium','high'])[1 + g % 3], (array['new','in progress','completed'])[1 + g % 3],
      case when g % 4 = 0 then null else ${now}::bigint + (g - 250) * 3600 end,
      (select id from users where username = case when g % 2 = 0 then 'sale' else 'admin' end),
      (select id from users where username = 'admin'), ${now} - g * 60,
      case when g % 3 = 2 then ${now}::bigint else null end,
      (select id from projects where name = ${WORK_PROJECT}), ${now}, ${now}
    from generate_series(1, ${TASKS}) g`);
  await db.execute(sql`analyze tasks, projects, project_members`);
}

type Bearer = (username: string) => Promise<Record<string, string>>;
interface Case {
  name: string;
  setup(ctx: { url: string; bearer: Bearer }): Promise<autocannon.Options>;
}

async function projectId(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${url}/api/projects?completion=all&search=${encodeURIComponent('Bench project')}`, {
    headers,
  });
  const body = (await res.json()) as { data: Array<{ id: number }> };
  return body.data[0]!.id;
}

const inProject =
  (path: (id: number) => string): Case['setup'] =>
  async ({ url, bearer }) => {
    const headers = await bearer('sale');
    return { url: `${url}${path(await projectId(url, headers))}`, headers };
  };

export const WORK_CASES: Case[] = [
  {
    name: 'GET /api/tasks?limit=50 (tasks in my projects, 500 in one project)',
    setup: async ({ url, bearer }) => ({ url: `${url}/api/tasks?limit=50`, headers: await bearer('sale') }),
  },
  {
    name: 'GET /api/tasks/my?limit=50&status=new',
    setup: async ({ url, bearer }) => ({
      url: `${url}/api/tasks/my?limit=50&status=new`,
      headers: await bearer('sale'),
    }),
  },
  { name: 'GET /api/projects/{id} (500 tasks)', setup: inProject((id) => `/api/projects/${id}`) },
  {
    name: 'GET /api/projects/{id}/tasks?limit=500 (panel order)',
    setup: inProject((id) => `/api/projects/${id}/tasks?limit=500`),
  },
  {
    name: 'GET /api/projects/{id}/check-permission?function=can_manage_members',
    setup: inProject((id) => `/api/projects/${id}/check-permission?function=can_manage_members`),
  },
];
