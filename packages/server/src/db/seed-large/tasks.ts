// Bulk tasks for `npm run seed:large -- --tasks N`: ~300 people in 400 projects of 3–15 members each; N tasks over
// two years (90 % in projects, assigned among members; a fifth are subtasks), old ones mostly completed.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DAY, ensureUsers, inChunks, maxId, syncSequence, withoutIndexes } from './bulk';

const PROJECTS = 400;

export async function seedLargeTasks(db: Db, total: number, now: number) {
  await ensureUsers(db, 300, now);
  const p0 = await maxId(db, 'projects');
  await db.execute(sql`drop table if exists bulk_people`);
  await db.execute(sql`create unlogged table bulk_people as
    select row_number() over (order by id)::int - 1 as k, id from users where deleted = 0 and active = 1`);
  await db.execute(sql`
    with p as (
      insert into projects (id, name, description, created_by, date_created, created_at, updated_at)
      select ${p0}::int + g, 'Bulk project ' || (${p0}::int + g), '<p>Bulk project</p>',
        (select id from bulk_people where k = g % (select count(*) from bulk_people)),
        ${now} - (g * 7919 % 730) * ${DAY}, ${now}, ${now}
      from generate_series(1, ${PROJECTS}::int) g returning id, created_by)
    insert into project_members (project_id, user_id, role, created_at)
    select p.id, m.user_id, case when m.user_id = p.created_by then 'owner'
      else (array['manager','member','member','member','viewer'])[1 + (p.id + m.user_id) % 5] end, ${now}
    from p cross join lateral (
      select distinct bp.id as user_id from generate_series(0, 2 + p.id % 13) j
      join bulk_people bp on bp.k = (p.id * 31 + j * 17) % (select count(*) from bulk_people)
      union select p.created_by) m`);
  await syncSequence(db, 'projects');
  // Members of each bulk project as an array, to assign tasks among them.
  await db.execute(sql`drop table if exists bulk_members`);
  await db.execute(sql`create unlogged table bulk_members as
    select row_number() over (order by project_id)::int - 1 as k, project_id, array_agg(user_id order by user_id) as ids
    from project_members where project_id > ${p0} group by project_id`);
  const start = await maxId(db, 'tasks');
  const tops = Math.ceil(total * 0.8);
  try {
    await withoutIndexes(db, ['tasks'], total, async () => {
      const status = (age: unknown, r: unknown) => sql`case when ${age} > 90 * ${DAY} then
          (case when ${r} < 0.9 then 'completed' when ${r} < 0.95 then 'in progress' else 'new' end)
        when ${r} < 0.4 then 'new' when ${r} < 0.7 then 'in progress' else 'completed' end`;
      await inChunks(db, 'tasks', tops, async (tx, from, to) => {
        await tx.execute(sql`
          with g as (select ${start}::int + g as id, random() as r1, random() as r2 from generate_series(${from}::int, ${to}::int) g),
          v as (select g.*, ${now} - (g.r1 * 730 * ${DAY})::bigint as added, m.project_id, m.ids,
                       ${status(sql`(g.r1 * 730 * ${DAY})`, sql`g.r2`)} as st
                from g join bulk_members m on m.k = g.id % ${PROJECTS}),
          w as (select v.*, v.ids[1 + v.id % cardinality(v.ids)] as adder, v.ids[1 + (v.id / 7) % cardinality(v.ids)] as assignee,
                       v.id % 10 = 0 as personal from v)
          insert into tasks (id, title, description, priority, status, due_date, assigned_to, added_by, date_added,
            date_completed, project_id, created_at, updated_at)
          select w.id, 'Bulk task ' || w.id || ' ' || md5(w.id::text), '<p>Task</p>',
            (array['low','medium','medium','high'])[1 + w.id % 4], w.st,
            case when w.id % 5 = 0 then null else w.added + (3 + w.id % 40) * ${DAY} end,
            case when w.id % 8 = 0 then null when w.personal then w.adder else w.assignee end, w.adder, w.added,
            case when w.st = 'completed' then least(w.added + (1 + w.id % 30) * ${DAY}, ${now}) end,
            case when w.personal then null else w.project_id end, w.added, w.added
          from w`);
      });
      // Subtasks: under a top-level task of the same project, added after it, by one of its members.
      await inChunks(db, 'subtasks', total - tops, async (tx, from, to) => {
        await tx.execute(sql`
          with g as (select ${start + tops}::int + g as id, random() as r2, ${start}::int + 1 + (g::bigint * 7919) % ${tops}::int as parent
                     from generate_series(${from}::int, ${to}::int) g),
          v as (select g.*, t.project_id, t.added_by, t.assigned_to,
                       least(t.date_added + (g.id % 10) * ${DAY}, ${now}) as added
                from g join tasks t on t.id = g.parent)
          insert into tasks (id, title, description, priority, status, due_date, assigned_to, added_by, date_added,
            date_completed, project_id, parent_id, created_at, updated_at)
          select v.id, 'Bulk subtask ' || v.id || ' ' || md5(v.id::text), '', (array['low','medium','high'])[1 + v.id % 3],
            ${status(sql`(${now} - v.added)`, sql`v.r2`)}, v.added + 7 * ${DAY}, coalesce(v.assigned_to, v.added_by),
            v.added_by, v.added,
            case when ${status(sql`(${now} - v.added)`, sql`v.r2`)} = 'completed' then least(v.added + 2 * ${DAY}, ${now}) end,
            v.project_id, v.parent, v.added, v.added
          from v`);
      });
    });
  } finally {
    await db.execute(sql`drop table if exists bulk_people, bulk_members`);
  }
  await syncSequence(db, 'tasks');
  await db.execute(sql`analyze projects, project_members`);
}
