import { MSG } from '@bpm/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { makeProject } from './factories/work';
import { countRows, createTestApp, multipart, SAMPLE, type TestApp } from './helpers';

let t: TestApp;
type Who = Parameters<TestApp['as']>[0];
const call = async (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: await t.as(who),
    ...(payload ? { payload: payload as object } : {}),
  });
const userId = async (username: string) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = ${username}`))[0]!.id;

// Project roles played by demo users: admin creates (owner), sale manager, production member, qa viewer,
// tester is not a member.
const ROLE_OF = { owner: 'admin', manager: 'sale', member: 'production', viewer: 'qa', none: 'tester' } as const;
let projectId: number;

const newProject = async (owner: Who, name: string) =>
  (await makeProject(t, owner, { name, description: '<p>Hello <b>world</b></p>' })).id;

beforeAll(async () => {
  t = await createTestApp();
  projectId = (
    await makeProject(t, 'admin', { name: 'Apollo', description: '<p>Hello <b>world</b></p>' }, [
      ['sale', 'manager'],
      ['production', 'member'],
      ['qa', 'viewer'],
    ])
  ).id;
});
afterAll(() => t.close());

describe('projects', () => {
  it('creates a project whose creator is its owner, with sanitised description and events', async () => {
    const res = await call('admin', 'GET', `/projects/${projectId}`);
    const p = res.json().data;
    expect(p).toMatchObject({ name: 'Apollo', my_role: 'owner', member_count: 4, total_tasks: 0, completed_tasks: 0 });
    expect(p.description).toBe('<p>Hello <b>world</b></p>');
    // A member (a viewer) reads the project's history; tester, not a member, reads none of it.
    const ev = await call('qa', 'GET', `/events/project/${projectId}`);
    expect(ev.json().data.map((e: { event: string }) => e.event)).toContain('project_created');
    expect(ev.json().data.filter((e: { event: string }) => e.event === 'project_member_added')).toHaveLength(3);
    expect((await call('tester', 'GET', `/events/project/${projectId}`)).json()).toMatchObject({ data: [], total: 0 });
  });

  it('requires a name with the spec message', async () => {
    const res = await call('sale', 'POST', '/projects/add', { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.projectNameRequired, cause: { name: MSG.required } });
  });

  it('lists only my projects with counts and the completion filter (default not-completed)', async () => {
    const other = await newProject('purchase', 'Hidden from admin');
    const mine = (await call('admin', 'GET', '/projects?limit=200')).json();
    expect(mine.data.map((p: { id: number }) => p.id)).toContain(projectId);
    expect(mine.data.map((p: { id: number }) => p.id)).not.toContain(other);
    // A project with all tasks completed leaves the default list.
    const done = await newProject('admin', 'Done project');
    await call('admin', 'POST', '/tasks/add', {
      title: 'Only task',
      status: 'completed',
      priority: 'low',
      project_id: done,
    });
    const def = (await call('admin', 'GET', '/projects?limit=200')).json().data.map((p: { id: number }) => p.id);
    expect(def).not.toContain(done);
    const completed = (await call('admin', 'GET', '/projects?completion=completed')).json().data;
    expect(completed.map((p: { id: number }) => p.id)).toEqual([done]);
    expect(completed[0]).toMatchObject({ total_tasks: 1, completed_tasks: 1 });
    expect((await call('admin', 'GET', '/projects?search=apollo&completion=all')).json().total).toBe(1);
  });

  it('is not found for a non-member', async () => {
    const res = await call('tester', 'GET', `/projects/${projectId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.projectNotFound);
    expect((await call('tester', 'GET', `/projects/${projectId}/members`)).statusCode).toBe(404);
    expect((await call('tester', 'GET', `/projects/${projectId}/tasks`)).statusCode).toBe(404);
  });

  it('check-permission answers every function by project role', async () => {
    const expected: Record<string, Record<keyof typeof ROLE_OF, boolean>> = {
      is_project_owner: { owner: true, manager: false, member: false, viewer: false, none: false },
      can_create_tasks: { owner: true, manager: true, member: true, viewer: false, none: false },
      can_manage_tasks: { owner: true, manager: true, member: false, viewer: false, none: false },
      can_view_members: { owner: true, manager: true, member: true, viewer: true, none: false },
      can_manage_members: { owner: true, manager: true, member: false, viewer: false, none: false },
      can_add_note: { owner: true, manager: true, member: true, viewer: false, none: false },
      can_add_attachment: { owner: true, manager: true, member: true, viewer: false, none: false },
    };
    for (const [fn, byRole] of Object.entries(expected))
      for (const [role, who] of Object.entries(ROLE_OF)) {
        const res = await call(who, 'GET', `/projects/${projectId}/check-permission?function=${fn}`);
        expect(res.statusCode).toBe(200);
        expect([fn, role, res.json().data.has_permission]).toEqual([fn, role, byRole[role as keyof typeof ROLE_OF]]);
      }
    expect((await call('admin', 'GET', `/projects/${projectId}/check-permission?function=nope`)).statusCode).toBe(400);
  });

  it('check-permission with a task id and the batch checks for notes and attachments', async () => {
    const own = (await call('production', 'POST', '/tasks/add', { title: 'Member task', project_id: projectId })).json()
      .data.id;
    const others = (await call('sale', 'POST', '/tasks/add', { title: 'Manager task', project_id: projectId })).json()
      .data.id;
    const check = async (who: Who, q: string) =>
      (await call(who, 'GET', `/projects/${projectId}/check-permission?${q}`)).json().data;
    expect(await check('production', `function=can_manage_tasks&taskId=${own}`)).toEqual({ has_permission: true });
    expect(await check('production', `function=can_manage_tasks&taskId=${others}`)).toEqual({ has_permission: false });
    expect(await check('qa', `function=can_manage_tasks&taskId=${own}`)).toEqual({ has_permission: false });

    const n1 = (await call('production', 'POST', '/tasknotes/add', { task_id: own, note: 'mine' })).json().data.id;
    const n2 = (await call('sale', 'POST', '/tasknotes/add', { task_id: own, note: 'manager' })).json().data.id;
    expect(await check('production', `function=can_manage_notes&noteIds=${n1},${n2},999999`)).toEqual({
      result: { [n1]: true, [n2]: false, 999999: false },
    });
    expect(await check('sale', `function=can_manage_notes&noteIds=${n1},${n2}`)).toEqual({
      result: { [n1]: true, [n2]: true },
    });
    expect(await check('qa', `function=can_manage_notes&noteIds=${n1}`)).toEqual({ result: { [n1]: false } });

    const up = multipart({ task_id: own }, [{ field: 'file', name: 'a.txt', type: 'text/plain', data: SAMPLE.text }]);
    const a1 = await t.app.inject({
      method: 'POST',
      url: '/api/taskattachments/upload',
      headers: { ...(await t.as('production')), ...up.headers },
      payload: up.payload,
    });
    expect(a1.statusCode).toBe(200);
    const aid = a1.json().data.id;
    expect(await check('production', `function=can_manage_attachments&attachmentIds=${aid}`)).toEqual({
      result: { [aid]: true },
    });
    expect(await check('tester', `function=can_manage_attachments&attachmentIds=${aid}`)).toEqual({
      result: { [aid]: false },
    });
  });

  it('members: managers add, edit and remove; others are refused with nothing changed', async () => {
    const p = await newProject('admin', 'Members project');
    const pur = await userId('purchase');
    await call('admin', 'POST', `/projects/${p}/members/add`, { user_id: await userId('sale'), role: 'manager' });
    await call('admin', 'POST', `/projects/${p}/members/add`, { user_id: await userId('qa'), role: 'viewer' });
    const before = await countRows(t, 'project_members');
    const refused = await call('qa', 'POST', `/projects/${p}/members/add`, { user_id: pur, role: 'member' });
    expect(refused.statusCode).toBe(403);
    expect(await countRows(t, 'project_members')).toBe(before);
    expect(
      (await call('tester', 'POST', `/projects/${p}/members/add`, { user_id: pur, role: 'member' })).statusCode,
    ).toBe(404);

    const missing = await call('sale', 'POST', `/projects/${p}/members/add`, { role: 'member' });
    expect(missing.json()).toMatchObject({ message: MSG.userIdRequired });
    const noRole = await call('sale', 'POST', `/projects/${p}/members/add`, { user_id: pur });
    expect(noRole.json()).toMatchObject({ message: MSG.roleRequired });
    // Only an owner grants the owner role.
    expect((await call('sale', 'POST', `/projects/${p}/members/add`, { user_id: pur, role: 'owner' })).statusCode).toBe(
      403,
    );

    expect(
      (await call('sale', 'POST', `/projects/${p}/members/add`, { user_id: pur, role: 'member' })).statusCode,
    ).toBe(200);
    expect(
      (await call('sale', 'POST', `/projects/${p}/members/add`, { user_id: pur, role: 'viewer' })).statusCode,
    ).toBe(409);
    const edit = await call('sale', 'POST', `/projects/${p}/members/edit/${pur}`, { role: 'viewer' });
    expect(edit.json().data.role).toBe('viewer');
    expect((await call('sale', 'POST', `/projects/${p}/members/edit/${pur}`, {})).json().message).toBe(MSG.selectRole);
    // The creator stays owner.
    const admin = await userId('admin');
    expect((await call('sale', 'DELETE', `/projects/${p}/members/${admin}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/projects/${p}/members/${admin}`)).statusCode).toBe(409);
    expect((await call('sale', 'DELETE', `/projects/${p}/members/${pur}`)).statusCode).toBe(200);
    const list = (await call('qa', 'GET', `/projects/${p}/members`)).json().data;
    expect(list.map((m: { role: string }) => m.role)).toEqual(['owner', 'manager', 'viewer']);
    const users = (await call('qa', 'GET', `/tasks/users/${p}`)).json().data;
    expect(users.find((u: { id: number }) => u.id === pur).project_member_id).toBeNull();
    expect(users.find((u: { id: number }) => u.id === admin).project_member_id).not.toBeNull();
    const ev = (await call('admin', 'GET', `/events/project/${p}`)).json().data.map((e: { event: string }) => e.event);
    expect(ev).toEqual(
      expect.arrayContaining(['project_member_added', 'project_member_updated', 'project_member_removed']),
    );
  });

  it('only the owner edits and deletes; delete cascades to tasks', async () => {
    const p = await newProject('admin', 'Doomed');
    await call('admin', 'POST', `/projects/${p}/members/add`, { user_id: await userId('sale'), role: 'manager' });
    const task = (await call('sale', 'POST', '/tasks/add', { title: 'Goes too', project_id: p })).json().data.id;
    expect((await call('sale', 'POST', `/projects/edit/${p}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call('sale', 'DELETE', `/projects/${p}`)).statusCode).toBe(403);
    const edit = await call('admin', 'POST', `/projects/edit/${p}`, {
      name: 'Doomed 2',
      description:
        '<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)">j</a><a href="https://e.com">e</a></p>',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.description).toBe(
      '<p>a<a target="_blank" rel="noopener noreferrer">j</a><a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a></p>',
    );
    expect((await call('admin', 'DELETE', `/projects/${p}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/projects/${p}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/tasks/${task}`)).statusCode).toBe(404);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from tasks where id = ${task}`,
    );
    expect(row!.n).toBe(0);
  });

  it('rejects bad ids and bad input with 400, never 500', async () => {
    for (const url of ['/projects/abc', '/projects/0', '/projects/99999999999', '/projects/x/tasks'])
      expect([400, 404]).toContain((await call('admin', 'GET', url)).statusCode);
    expect((await call('admin', 'GET', '/projects/abc')).json().cause).toEqual({ id: MSG.projectIdRequired });
    expect((await call('admin', 'POST', '/projects/add', { name: 'x'.repeat(300) })).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/projects?completion=maybe')).statusCode).toBe(400);
    expect(
      (await call('admin', 'GET', `/projects/${projectId}/check-permission?function=can_manage_notes&noteIds=a,b`))
        .statusCode,
    ).toBe(400);
  });
});
