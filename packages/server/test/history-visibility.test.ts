/**
 * Issue 21 item 1: an event is visible exactly when its record is. Tasks and projects are visible by
 * membership (the record's own read rule), a deleted one by its last membership; every other type by
 * the role. Every role, as a member and as an outsider, reads every per-record history, the global
 * list, its search and its CSV export; no row of a record it may not see may come back, and every row
 * of a record it may see must.
 */
import { EVENT_KINDS } from '@bpm/contract/events';
import { can } from '@bpm/contract/permissions';
import { ROLES, type Role } from '@bpm/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_OPEN_ACTION } from '../src/modules/events/scope';
import { makeUser } from './factories/users';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
type Person = Awaited<ReturnType<typeof makeUser>>;
const member = new Map<Role, Person>();
const outsider = new Map<Role, Person>();

/** Each record's secret (in its note or description) and the people who may see it. */
interface Watched {
  type: 'task' | 'project';
  id: number;
  secret: string;
  viewers: Set<number>;
}
const watched: Watched[] = [];

const send = async (who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  if (method !== 'GET' && res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
};

async function project(owner: Person, members: Person[], secret: string) {
  const p = (
    await send(owner, 'POST', '/projects/add', { name: `P ${secret}`, description: `<p>${secret}</p>` })
  ).json().data as { id: number };
  for (const m of members)
    await send(owner, 'POST', `/projects/${p.id}/members/add`, { project_id: p.id, user_id: m.id, role: 'member' });
  return p.id;
}

async function task(by: Person, body: Record<string, unknown>, secret: string) {
  const x = (await send(by, 'POST', '/tasks/add', { title: `T ${secret}`, ...body })).json().data as { id: number };
  await send(by, 'POST', '/tasknotes/add', { task_id: x.id, note: `note ${secret}` });
  return x.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    member.set(role, await makeUser(t, role, 'Member', role));
    outsider.set(role, await makeUser(t, role, 'Outsider', role));
  }
  const m = (r: Role) => member.get(r)!;
  const everyMember = ROLES.map(m);
  const ids = (people: Person[]) => new Set(people.map((p) => p.id));

  // A live project with every role's member, and a task in it.
  const live = await project(m('administrator'), everyMember.slice(1), 'secret-live-project');
  watched.push({ type: 'project', id: live, secret: 'secret-live-project', viewers: ids(everyMember) });
  const liveTask = await task(m('sale'), { project_id: live }, 'secret-live-task');
  watched.push({ type: 'task', id: liveTask, secret: 'secret-live-task', viewers: ids(everyMember) });

  // A task without a project: its creator and its assignee.
  const own = await task(m('tester'), { assigned_to: m('shipping').id }, 'secret-own-task');
  watched.push({ type: 'task', id: own, secret: 'secret-own-task', viewers: ids([m('tester'), m('shipping')]) });

  // A small project, deleted with its task: its last members keep its history.
  const gone = await project(m('qa'), [m('sale'), m('poapproval')], 'secret-gone-project');
  const goneTask = await task(m('sale'), { project_id: gone }, 'secret-gone-task');
  const goneViewers = ids([m('qa'), m('sale'), m('poapproval')]);
  // Removed before the deletion: no longer among them.
  await send(m('qa'), 'DELETE', `/projects/${gone}/members/${m('poapproval').id}`);
  goneViewers.delete(m('poapproval').id);
  await send(m('qa'), 'DELETE', `/projects/${gone}`);
  watched.push({ type: 'project', id: gone, secret: 'secret-gone-project', viewers: goneViewers });
  watched.push({ type: 'task', id: goneTask, secret: 'secret-gone-task', viewers: goneViewers });

  // A deleted task without a project, with a subtask deleted along with it.
  const mine = await task(m('production'), { assigned_to: m('purchase').id }, 'secret-gone-own');
  const sub = await task(m('production'), { parent_id: mine }, 'secret-gone-sub');
  await send(m('production'), 'DELETE', `/tasks/${mine}`);
  watched.push({ type: 'task', id: mine, secret: 'secret-gone-own', viewers: ids([m('production'), m('purchase')]) });
  watched.push({ type: 'task', id: sub, secret: 'secret-gone-sub', viewers: ids([m('production')]) });
});
afterAll(() => t.close());

const everyone = () =>
  ROLES.flatMap((role) => [
    { role, who: member.get(role)!, label: `${role} member` },
    { role, who: outsider.get(role)!, label: `${role} outsider` },
  ]);

type Row = { entity_type: string; entity_id: number | null; data: unknown };
const secretsIn = (text: string) => watched.filter((w) => text.includes(w.secret)).map((w) => w.secret);
const mayRead = (w: Watched, who: Person) => w.viewers.has(who.id);

describe('history is visible exactly when its record is', () => {
  it('sanity: the fixture has live and deleted records with different viewers', () => {
    expect(watched).toHaveLength(7);
    expect(EVENT_KINDS).toEqual(expect.arrayContaining(['task', 'project']));
  });

  it('per-record history: every role, member and outsider, of every task and project', async () => {
    for (const { who, label } of everyone()) {
      for (const w of watched) {
        const res = await send(who, 'GET', `/events/${w.type}/${w.id}?limit=100`);
        expect(res.statusCode, label).toBe(200);
        const rows = res.json().data as Row[];
        if (mayRead(w, who)) {
          expect(rows.length, `${label} reads ${w.secret}`).toBeGreaterThan(0);
          expect(secretsIn(JSON.stringify(rows)), `${label} ${w.secret}`).toContain(w.secret);
        } else expect({ label, secret: w.secret, rows }).toEqual({ label, secret: w.secret, rows: [] });
      }
    }
  });

  it('the global list, its search and its CSV export show only records the caller may see', async () => {
    let checked = 0;
    for (const { role, who, label } of everyone()) {
      if (!can(role, 'events.all')) {
        expect((await send(who, 'GET', '/events')).statusCode, label).toBe(403);
        continue;
      }
      const mine = watched.filter((w) => mayRead(w, who)).map((w) => w.secret);
      for (const query of [
        '?limit=100',
        '?limit=100&search=secret-',
        '?limit=100&type=task',
        '?limit=100&type=project',
      ]) {
        const res = await send(who, 'GET', `/events${query}`);
        const rows = res.json().data as Row[];
        for (const r of rows) {
          const open = ENTITY_OPEN_ACTION[r.entity_type];
          if (role !== 'administrator') expect(open && can(role, open), `${label} ${r.entity_type}`).toBeTruthy();
        }
        const seen = secretsIn(JSON.stringify(rows));
        expect(
          seen.filter((s) => !mine.includes(s)),
          `${label} ${query}`,
        ).toEqual([]);
        if (query.includes('search')) expect([...new Set(seen)].sort(), label).toEqual([...mine].sort());
        checked++;
      }
      const csv = await send(who, 'GET', '/events/export.csv?search=secret-');
      expect(csv.statusCode, label).toBe(200);
      expect([...new Set(secretsIn(csv.body))].sort(), `${label} CSV`).toEqual([...mine].sort());
    }
    expect(checked).toBeGreaterThan(0);
  });
});
