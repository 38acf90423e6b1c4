// Issue 25 item 2: the events list finds its page with the list engine (events/service.ts eventPagePlan) — the
// time walk, or the matches first when the capped count finds few — and reads tasks' and projects' visibility as
// the set of records the person may see (events/scope.ts visibleRecordIds). Every way answers the rows of the plain
// query that checks each event's record with recordVisibleTo (the rule as projects/access.ts writes it), page by
// page, with ties on time; and the set is exactly the records recordVisibleTo lets each person see.
import { type EventListQuery, type EventName, eventListQuery } from '@bpm/contract/events';
import type { Role } from '@bpm/contract/roles';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { events } from '../src/db/schema/platform';
import { projects, retiredRecordViewers, tasks } from '../src/db/schema/work';
import { type MembershipType, visibleEntityTypes, visibleRecordIds } from '../src/modules/events/scope';
import { eventPagePlan, listEvents } from '../src/modules/events/service';
import { recordVisibleTo } from '../src/modules/projects/access';
import { recordEvent } from '../src/platform/events';
import { pageBy, type Way } from '../src/platform/list-page';
import { makeUser } from './factories/users';
import { makeProject, makeTask } from './factories/work';
import { call, createTestApp, statementsOf, type TestApp } from './helpers';

let t: TestApp;
const db = () => t.database.db;
const T0 = 1_800_000_000;
type Person = { id: number; role: Role };
const people: Person[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const sale = await makeUser(t, 'sale', 'Plan', 'Sale');
  const admin = await makeUser(t, 'administrator', 'Plan', 'Admin');
  people.push({ id: sale.id, role: 'sale' }, { id: admin.id, role: 'administrator' });
  const addMember = async (project: number, id: number) =>
    call(t, 'administrator', 'POST', `/projects/${project}/members/add`, {
      project_id: project,
      user_id: id,
      role: 'member',
    });

  // Projects of the demo administrator: `mine` with both readers, `left` that the sale reader leaves (a task there
  // stays assigned to them), `other` with neither; tasks in each, tasks without a project (the sale reader's own, one assigned to them, one of
  // nobody here), and a task of `mine` deleted (its last viewers keep its history).
  const mine = await makeProject(t, 'administrator', { name: 'Plan mine' });
  const left = await makeProject(t, 'administrator', { name: 'Plan left' });
  const other = await makeProject(t, 'administrator', { name: 'Plan other' });
  for (const p of [mine.id, left.id]) for (const who of [sale.id, admin.id]) await addMember(p, who);
  const inMine = await makeTask(t, 'administrator', { title: 'Plan in mine', project_id: mine.id });
  const inLeft = await makeTask(t, 'administrator', {
    title: 'Plan in left',
    project_id: left.id,
    assigned_to: sale.id,
  });
  const inOther = await makeTask(t, 'administrator', { title: 'Plan in other', project_id: other.id });
  const own = await makeTask(t, 'administrator', { title: 'Plan assigned', assigned_to: sale.id });
  const nobody = await makeTask(t, 'administrator', { title: 'Plan nobody' });
  const gone = await makeTask(t, 'administrator', { title: 'Plan gone', project_id: mine.id });
  const removed = await call(t, 'administrator', 'DELETE', `/projects/${left.id}/members/${sale.id}`);
  expect(removed.statusCode).toBe(200);
  expect((await call(t, 'administrator', 'DELETE', `/tasks/${gone.id}`)).statusCode).toBe(200);

  // 200 events over those records and role-opened types, with few distinct times (ties broken by id).
  const records: Array<[string, number]> = [
    ['task', inMine.id],
    ['task', inLeft.id],
    ['task', inOther.id],
    ['task', own.id],
    ['task', nobody.id],
    ['task', gone.id],
    ['project', mine.id],
    ['project', left.id],
    ['project', other.id],
    ['order', 7],
    ['dealer', 4],
    ['user', 3],
    ['purchaseorder', 2],
  ];
  for (let i = 0; i < 200; i++) {
    const [entityType, entityId] = records[(i * 7) % records.length]!;
    await recordEvent(
      db(),
      { user_id: admin.id, username: admin.username },
      { entityType, entityId, event: `${entityType}_plan` as EventName, data: { n: i % 5 === 0 ? 'needle' : 'hay' } },
      T0 + (i % 17),
    );
  }
}, 120_000);
afterAll(async () => t?.close());

/** The visibility as the rule reads it, row by row: the role's types, a task's or project's record's own rule. */
function plainVisible(p: Person): SQL {
  const types = visibleEntityTypes(p.role);
  const byRole = types
    ? sql`${events.entityType} in (${sql.join(
        types.map((x) => sql`${x}`),
        sql`, `,
      )})`
    : sql`true`;
  const rule = (type: MembershipType) => recordVisibleTo(type, sql`${events.entityId}`, p.id);
  return sql`${byRole} and (case ${events.entityType} when 'task' then ${rule('task')}
    when 'project' then ${rule('project')} else true end)`;
}

/** The filters of this test in plain SQL. */
const FILTERS: Array<{ q: Record<string, string>; where: SQL }> = [
  { q: {}, where: sql`true` },
  { q: { type: 'task' }, where: sql`${events.entityType} = 'task'` },
  { q: { type: 'project' }, where: sql`${events.entityType} = 'project'` },
  { q: { type: 'order' }, where: sql`${events.entityType} = 'order'` },
  { q: { type: 'purchaseorder' }, where: sql`${events.entityType} = 'purchaseorder'` },
  { q: { from: String(T0 + 3), to: String(T0 + 9) }, where: sql`${events.time} between ${T0 + 3} and ${T0 + 9}` },
  {
    q: { search: 'needle', type: 'task' },
    where: sql`${events.searchText} like '%needle%' and ${events.entityType} = 'task'`,
  },
  { q: { search: 'needle' }, where: sql`${events.searchText} like '%needle%'` },
];

const plain = async (p: Person, where: SQL) =>
  (
    await queryRows<{ id: number }>(
      db(),
      sql`select ${events.id} as id from ${events} where ${plainVisible(p)} and ${where}
          and ${events.time} >= ${T0} order by ${events.time} desc nulls last, ${events.id} desc nulls last`,
    )
  ).map((r) => Number(r.id));

const WAYS: Way[] = ['walk', 'filter first'];

describe('events list plans', () => {
  it('pages every filter the same as the plain query, by the plan and by every way', async () => {
    let checked = 0;
    for (const p of people)
      for (const f of FILTERS) {
        // Only this file's events (the API calls above audited their own): from T0 on.
        const all = await plain(p, f.where);
        const limit = 7;
        for (let offset = 0; offset <= all.length; offset += limit) {
          const q: EventListQuery = eventListQuery.parse({ from: String(T0), ...f.q, limit, offset });
          const what = `${p.role} ${JSON.stringify(f.q)} @${offset}`;
          const want = all.slice(offset, offset + limit);
          const got = await listEvents(db(), { user_id: p.id, user_role: p.role }, q);
          expect(
            got.rows.map((r) => r.id),
            what,
          ).toEqual(want);
          expect(got.total, what).toBe(all.length);
          const plan = eventPagePlan({ user_id: p.id, user_role: p.role }, q);
          for (const way of WAYS) expect(await pageBy(db(), plan, q, way), `${what} ${way}`).toEqual(want);
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(40);
  }, 120_000);

  it("reads a search's matches once for the page and the total (then the page's rows by id)", async () => {
    for (const p of people) {
      const q = eventListQuery.parse({ from: String(T0), search: 'needle', limit: 3, offset: 1 });
      let total = -1;
      const statements = await statementsOf(t, async () => {
        total = (await listEvents(db(), { user_id: p.id, user_role: p.role }, q)).total;
      });
      expect(total, p.role).toBe((await plain(p, sql`${events.searchText} like '%needle%'`)).length);
      const reads = statements.filter((s) => s.includes('"search_text" like'));
      expect(reads, p.role).toHaveLength(1);
    }
  });

  it('the sale reader sees their tasks and projects, not a project they left nor one of nobody here', async () => {
    const [sale] = people as [Person];
    const seen = await plain(sale, sql`${events.entityType} in ('task', 'project')`);
    const titles = await queryRows<{ title: string }>(
      db(),
      sql`select distinct ${tasks.title} as title from ${events} join ${tasks} on ${tasks.id} = ${events.entityId}
          where ${events.entityType} = 'task' and ${events.id} in (${sql.join(
            seen.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(titles.map((r) => r.title).sort()).toEqual(['Plan assigned', 'Plan in mine']);
    const q = eventListQuery.parse({ from: String(T0), type: 'task', limit: 100 });
    const listed = await listEvents(db(), { user_id: sale.id, user_role: 'sale' }, q);
    // Their tasks' events, and the deleted task's (kept for its last members): 'in mine', 'assigned', 'gone'.
    expect(new Set(listed.rows.map((r) => r.entity_id)).size).toBe(3);
  });

  it('visibleRecordIds is exactly the records recordVisibleTo lets each person see, deleted ones included', async () => {
    const everyone = await queryRows<{ id: number; user_role: Role }>(db(), sql`select id, user_role from users`);
    const candidates = (type: MembershipType) =>
      type === 'task'
        ? sql`select ${tasks.id} as id from ${tasks} union select ${retiredRecordViewers.entityId} from ${retiredRecordViewers} where ${retiredRecordViewers.entityType} = 'task'`
        : sql`select ${projects.id} as id from ${projects} union select ${retiredRecordViewers.entityId} from ${retiredRecordViewers} where ${retiredRecordViewers.entityType} = 'project'`;
    let nonEmpty = 0;
    for (const u of everyone)
      for (const type of ['task', 'project'] as const) {
        const byRule = await queryRows<{ id: number }>(
          db(),
          sql`select c.id from (${candidates(type)}) c where ${recordVisibleTo(type, sql`c.id`, u.id)} order by 1`,
        );
        const bySet = await queryRows<{ id: number }>(
          db(),
          sql`select distinct v.id from (${visibleRecordIds(type, u.id)}) v(id) order by 1`,
        );
        expect(
          bySet.map((r) => Number(r.id)),
          `${type} ${u.id}`,
        ).toEqual(byRule.map((r) => Number(r.id)));
        if (byRule.length) nonEmpty++;
      }
    expect(nonEmpty).toBeGreaterThan(4);
  });
});
