import { MSG } from '@bpm/contract/messages';
import { encodeTimezone } from '@bpm/contract/reports';
import { dayStart } from '@bpm/contract/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { makeProject, makeTask } from './factories/work';
import { countRows, createTestApp, multipart, type TestApp } from './helpers';

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
const upload = async (who: Who, taskId: number | string, name = 'report.txt', data = Buffer.from('hello')) => {
  const mp = multipart({ task_id: taskId }, [{ field: 'file', name, type: 'application/octet-stream', data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/taskattachments/upload',
    headers: { ...(await t.as(who)), ...mp.headers },
    payload: mp.payload,
  });
};

// admin owns project A with sale manager, production member, qa viewer; tester is outside.
// purchase owns project B (nobody else).
let A: number;
let B: number;
beforeAll(async () => {
  t = await createTestApp();
  A = (
    await makeProject(t, 'admin', { name: 'Project A' }, [
      ['sale', 'manager'],
      ['production', 'member'],
      ['qa', 'viewer'],
    ])
  ).id;
  B = (await makeProject(t, 'purchase', { name: 'Project B' })).id;
});
afterAll(() => t.close());

const addTask = async (who: Who, body: Record<string, unknown>) => call(who, 'POST', '/tasks/add', body);

describe('moving and assigning tasks (issue 21 item 2)', () => {
  it('moving a task into a project where the editor may not add tasks is refused with 403 and changes nothing', async () => {
    // qa and shipping each have a task of their own (no project); neither is a member of B.
    for (const who of ['qa', 'shipping'] as const) {
      const own = await makeTask(t, who, { title: `${who} own` });
      const res = await call(who, 'POST', `/tasks/edit/${own.id}`, { title: `${who} own`, project_id: B });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(MSG.taskProjectForbidden);
      expect((await call(who, 'GET', `/tasks/${own.id}`)).json().data.project_id).toBeNull();
      // A project that does not exist answers the same (ids reveal nothing).
      const none = await call(who, 'POST', `/tasks/edit/${own.id}`, { title: `${who} own`, project_id: 999999 });
      expect([none.statusCode, none.json().message]).toEqual([403, MSG.taskProjectForbidden]);
    }
    // A viewer of A may not add tasks there either.
    const qaTask = await makeTask(t, 'qa', { title: 'qa to A' });
    const viewer = await call('qa', 'POST', `/tasks/edit/${qaTask.id}`, { title: 'qa to A', project_id: A });
    expect([viewer.statusCode, viewer.json().message]).toEqual([403, MSG.taskProjectForbidden]);
  });

  it('a member who may add tasks moves their task, with its subtasks, into the project', async () => {
    const own = await makeTask(t, 'production', { title: 'production own' });
    const sub = await makeTask(t, 'production', { title: 'production sub', parent_id: own.id });
    const res = await call('production', 'POST', `/tasks/edit/${own.id}`, { title: 'production own', project_id: A });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ project_id: A, project_name: 'Project A' });
    // Now a task of A: every member of A sees it and its subtask; tester (outside) does not.
    expect((await call('qa', 'GET', `/tasks/${sub.id}`)).json().data.project_id).toBe(A);
    expect((await call('tester', 'GET', `/tasks/${own.id}`)).statusCode).toBe(404);
    // A subtask cannot leave its parent's project.
    const subMove = await call('production', 'POST', `/tasks/edit/${sub.id}`, { title: 'x', project_id: B });
    expect(subMove.json().cause).toEqual({ project_id: MSG.parentOtherProject });
  });

  it("assigning a project's task to a non-member is refused with the spec's warning; members are fine", async () => {
    const [first, last] = (
      await queryRows<{ first_name: string; last_name: string }>(
        t.database.db,
        sql`select first_name, last_name from users where username = 'tester'`,
      )
    ).map((u) => [u.first_name, u.last_name])[0]!;
    const warning = MSG.notMemberWarning(`${first} ${last}`.trim());
    const mails = t.mails.length;
    const added = await addTask('admin', {
      title: 'For an outsider',
      project_id: A,
      assigned_to: await userId('tester'),
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toMatchObject({ message: warning, cause: { assigned_to: warning } });
    const task = (await addTask('admin', { title: 'Assign later', project_id: A })).json().data;
    const edit = await call('admin', 'POST', `/tasks/edit/${task.id}`, {
      title: 'Assign later',
      assigned_to: await userId('tester'),
    });
    expect([edit.statusCode, edit.json().message]).toEqual([400, warning]);
    expect((await call('admin', 'GET', `/tasks/${task.id}`)).json().data.assigned_to).toBeNull();
    // No mail told the outsider about a task they cannot open.
    expect(t.mails.length).toBe(mails);
    const ok = await call('admin', 'POST', `/tasks/edit/${task.id}`, {
      title: 'Assign later',
      assigned_to: await userId('qa'),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('tasks', () => {
  it('adds with defaults (medium, new), requires a title with the spec message', async () => {
    const bad = await addTask('admin', { title: '  ', project_id: A });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MSG.taskTitleRequired, cause: { title: MSG.required } });
    const res = await addTask('admin', { title: 'Plan', project_id: A, due_date: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Plan',
      priority: 'medium',
      status: 'new',
      due_date: null,
      project_name: 'Project A',
      added_by_first_name: 'Alice',
    });
    const bad2 = await addTask('admin', { title: 'x', status: 'done', priority: 'urgent', due_date: 'soon' });
    expect(bad2.json().cause).toMatchObject({ status: MSG.required, priority: MSG.required, due_date: MSG.number });
  });

  it("shows who added it, who has it and its project, by name, in the list and the task's page", async () => {
    const names = async (username: string) =>
      (
        await queryRows<{ first_name: string; last_name: string }>(
          t.database.db,
          sql`select first_name, last_name from users where username = ${username}`,
        )
      )[0]!;
    const [adder, assignee] = [await names('sale'), await names('production')];
    const task = await makeTask(t, 'sale', {
      title: 'Named people',
      project_id: A,
      assigned_to: await userId('production'),
    });
    const expected = {
      added_by_first_name: adder.first_name,
      added_by_last_name: adder.last_name,
      assigned_to_first_name: assignee.first_name,
      assigned_to_last_name: assignee.last_name,
      project_name: 'Project A',
    };
    expect((await call('sale', 'GET', `/tasks/${task.id}`)).json().data).toMatchObject(expected);
    const list = (await call('sale', 'GET', '/tasks?search=Named%20people')).json().data as Array<{ id: number }>;
    expect(list.find((r) => r.id === task.id)).toMatchObject(expected);
    // One without an assignee or a project: nulls, not another task's names.
    const bare = await makeTask(t, 'sale', { title: 'Nobody named' });
    expect((await call('sale', 'GET', `/tasks/${bare.id}`)).json().data).toMatchObject({
      assigned_to_first_name: null,
      project_name: null,
    });
  });

  it('project roles × task actions: 403 and nothing changed when refused; 404 for non-members', async () => {
    const byManager = await makeTask(t, 'sale', { title: 'Manager task', project_id: A });
    expect((await addTask('production', { title: 'Member task', project_id: A })).statusCode).toBe(200);
    const before = await countRows(t, 'tasks');
    expect((await addTask('qa', { title: 'Viewer task', project_id: A })).statusCode).toBe(403);
    expect((await addTask('tester', { title: 'Outsider', project_id: A })).statusCode).toBe(404);
    expect(await countRows(t, 'tasks')).toBe(before);

    const edit = (who: Who, id: number, title: string) => call(who, 'POST', `/tasks/edit/${id}`, { title });
    expect((await edit('production', byManager.id, 'member edits')).statusCode).toBe(403);
    expect((await edit('qa', byManager.id, 'viewer edits')).statusCode).toBe(403);
    expect((await edit('tester', byManager.id, 'outsider edits')).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/tasks/${byManager.id}`)).json().data.title).toBe('Manager task');
    expect((await edit('admin', byManager.id, 'owner edits')).statusCode).toBe(200);
    // A member manages a task assigned to them.
    const assigned = (
      await addTask('sale', { title: 'For member', project_id: A, assigned_to: await userId('production') })
    ).json().data;
    const own = { title: 'member edits own', project_id: A, assigned_to: await userId('production') };
    expect((await call('production', 'POST', `/tasks/edit/${assigned.id}`, own)).statusCode).toBe(200);

    expect((await call('qa', 'GET', `/tasks/${assigned.id}`)).json().data).toMatchObject({
      can_manage: false,
      can_add_note: false,
      can_add_attachment: false,
    });
    expect((await call('tester', 'GET', `/tasks/${assigned.id}`)).json().message).toBe(MSG.taskNotFound);
    expect((await call('qa', 'DELETE', `/tasks/${assigned.id}`)).statusCode).toBe(403);
    expect((await call('production', 'DELETE', `/tasks/${byManager.id}`)).statusCode).toBe(403);
    expect((await call('production', 'DELETE', `/tasks/${assigned.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/tasks/${assigned.id}`)).statusCode).toBe(404);
  });

  it('tasks without a project: creator and assignee manage them, nobody else sees them', async () => {
    const own = await makeTask(t, 'tester', { title: 'Personal', assigned_to: await userId('qa') });
    expect(own.project_id).toBeNull();
    const qa = await userId('qa');
    expect(
      (await call('qa', 'POST', `/tasks/edit/${own.id}`, { title: 'Personal 2', assigned_to: qa })).statusCode,
    ).toBe(200);
    expect((await call('sale', 'GET', `/tasks/${own.id}`)).statusCode).toBe(404);
    expect((await call('sale', 'POST', '/tasknotes/add', { task_id: own.id, note: 'x' })).statusCode).toBe(404);
    expect((await call('qa', 'POST', '/tasknotes/add', { task_id: own.id, note: 'ok' })).statusCode).toBe(200);
  });

  it('subtasks inherit the parent project; no subtask of a subtask; the parent lists them', async () => {
    const parent = await makeTask(t, 'admin', { title: 'Parent', project_id: A });
    const sub = await addTask('sale', { title: 'Child', parent_id: parent.id });
    expect(sub.json().data).toMatchObject({ parent_id: parent.id, project_id: A });
    expect((await addTask('sale', { title: 'Grandchild', parent_id: sub.json().data.id })).statusCode).toBe(400);
    expect((await addTask('qa', { title: 'Viewer child', parent_id: parent.id })).statusCode).toBe(403);
    expect((await addTask('tester', { title: 'Outsider child', parent_id: parent.id })).statusCode).toBe(404);
    const view = (await call('qa', 'GET', `/tasks/${parent.id}`)).json().data;
    expect(view.subtasks.map((s: { title: string }) => s.title)).toEqual(['Child']);
    expect(view.subtask_count).toBe(1);
  });

  it('lists my tasks and tasks in my projects with every filter, id descending, in SQL', async () => {
    const me = await userId('shipping');
    await call('admin', 'POST', `/projects/${A}/members/add`, { user_id: me, role: 'member' });
    const ids: number[] = [];
    for (const [title, status, priority, due] of [
      ['Alpha widget', 'new', 'low', 1_800_000_000],
      ['Beta widget', 'in progress', 'high', 1_900_000_000],
      ['Gamma', 'completed', 'medium', null],
    ] as const)
      ids.push((await makeTask(t, 'shipping', { title, status, priority, due_date: due, project_id: A })).id);
    // Scoped to project A so the demo data's tasks do not count.
    const list = async (q: string, path = '/tasks/my') =>
      (await call('shipping', 'GET', `${path}?project_id=${A}&${q}`)).json();
    const all = await list('');
    expect(all.data.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect(all.total).toBe(3);
    expect((await list('search=WIDGET')).total).toBe(2);
    expect((await list('status=in progress')).data[0].title).toBe('Beta widget');
    expect((await list('status=all&priority=low')).data[0].title).toBe('Alpha widget');
    expect((await list('due_from=1850000000')).data.map((r: { title: string }) => r.title)).toEqual(['Beta widget']);
    expect((await list('due_to=1850000000')).total).toBe(1);
    const now = Math.floor(t.clock.now() / 1000);
    expect((await list(`date_from=${now}`)).total).toBe(3);
    expect((await list(`date_to=${now - 1}`)).total).toBe(0);
    expect((await list('limit=1&offset=1')).data[0].title).toBe('Beta widget');
    const completed = (await list('status=completed')).data[0];
    expect(completed.date_completed).toBe(now);
    // Tasks in my projects include the others' tasks of project A.
    const projects = await list('limit=500', '/tasks');
    expect(projects.total).toBeGreaterThan(3);
    expect(projects.data.every((r: { project_id: number }) => r.project_id === A)).toBe(true);
    expect((await list('status=bogus')).statusCode ?? 400).toBe(400);
  });

  it('overdue=1 lists my open tasks whose due day is over, in my time zone (the dashboard count)', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const yesterday = dayStart(now, 'UTC') - 86400;
    const late = (await makeTask(t, 'poapproval', { title: 'Late', due_date: yesterday })).id;
    await addTask('poapproval', { title: 'Late but done', due_date: yesterday, status: 'completed' });
    // Due today (the day's midnight, or earlier today): not overdue until the day is over.
    await addTask('poapproval', { title: 'Late today', due_date: dayStart(now, 'UTC') });
    await addTask('poapproval', { title: 'Late this morning', due_date: now - 60 });
    await addTask('poapproval', { title: 'Not yet late', due_date: now + 60 });
    const res = (await call('poapproval', 'GET', '/tasks/my?overdue=1&search=late')).json();
    expect(res.data.map((r: { id: number }) => r.id)).toEqual([late]);
    expect(res.total).toBe(1);
  });

  it('which day is today follows the time zone the caller sends (as the reports take it)', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const tokyo = dayStart(now, 'Asia/Tokyo');
    const honolulu = dayStart(now, 'Pacific/Honolulu');
    expect(tokyo).not.toBe(honolulu);
    // Due on the day that is today in Tokyo (its local midnight) and on the day that is today in Honolulu.
    const dueTokyo = (await makeTask(t, 'tester', { title: 'Zone Tokyo', due_date: tokyo })).id;
    const dueHonolulu = (await makeTask(t, 'tester', { title: 'Zone Honolulu', due_date: honolulu })).id;
    const overdue = async (zone: string) =>
      (
        await call(
          'tester',
          'GET',
          `/tasks/my?overdue=1&search=zone&timezone=${encodeURIComponent(encodeTimezone(zone))}`,
        )
      )
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort();
    // Each task is due today where that day is today; where the day has already ended it is overdue (Tokyo's day
    // starts first unless Tokyo is already a date ahead).
    expect(await overdue('Asia/Tokyo')).toEqual(tokyo < honolulu ? [] : [dueHonolulu]);
    expect(await overdue('Pacific/Honolulu')).toEqual(tokyo < honolulu ? [dueTokyo] : []);
    const bad = await call('tester', 'GET', `/tasks/my?overdue=1&timezone=${encodeTimezone('Nowhere/Else')}`);
    expect(bad.statusCode).toBe(400);
  });

  it('project panel order: completed last; overdue, then priority, then due date, no due date last', async () => {
    const p = (await call('admin', 'POST', '/projects/add', { name: 'Order project' })).json().data.id;
    const now = Math.floor(t.clock.now() / 1000);
    for (const [title, status, priority, due] of [
      ['done', 'completed', 'high', now - 100],
      ['low-soon', 'new', 'low', now + 1000],
      ['high-none', 'new', 'high', null],
      ['high-late', 'new', 'high', now + 5000],
      ['high-early', 'new', 'high', now + 2000],
      ['overdue-low', 'new', 'low', dayStart(now, 'UTC') - 10],
      // Due earlier today: not overdue yet, ordered by its priority.
      ['today-medium', 'new', 'medium', now - 10],
    ] as const)
      await addTask('admin', { title, status, priority, due_date: due, project_id: p });
    const rows = (await call('admin', 'GET', `/projects/${p}/tasks?limit=50`)).json().data;
    expect(rows.map((r: { title: string }) => r.title)).toEqual([
      'overdue-low',
      'high-early',
      'high-late',
      'high-none',
      'today-medium',
      'low-soon',
      'done',
    ]);
  });

  it('notes: add (viewer refused), edit own, delete; events; IDOR across projects is not found', async () => {
    const task = (await makeTask(t, 'production', { title: 'Noted', project_id: A })).id;
    const n = await call('production', 'POST', '/tasknotes/add', { task_id: task, note: 'first line\nsecond' });
    expect(n.statusCode).toBe(200);
    const noteId = n.json().data.id;
    expect((await call('production', 'POST', '/tasknotes/add', { task_id: task, note: '   ' })).statusCode).toBe(400);
    expect((await call('production', 'POST', '/tasknotes/add', { note: 'x' })).json().message).toBe(MSG.taskIdRequired);
    expect((await call('qa', 'POST', '/tasknotes/add', { task_id: task, note: 'viewer' })).statusCode).toBe(403);
    expect((await call('sale', 'POST', `/tasknotes/edit/${noteId}`, { note: 'manager edit' })).statusCode).toBe(200);
    const other = (await call('sale', 'POST', '/tasknotes/add', { task_id: task, note: 'by manager' })).json().data.id;
    expect((await call('production', 'POST', `/tasknotes/edit/${other}`, { note: 'no' })).statusCode).toBe(403);
    expect((await call('production', 'DELETE', `/tasknotes/${other}`)).statusCode).toBe(403);
    // IDOR: purchase (project B only) cannot read, edit or delete project A's notes.
    expect((await call('purchase', 'GET', `/tasks/${task}/notes`)).statusCode).toBe(404);
    expect((await call('purchase', 'POST', `/tasknotes/edit/${noteId}`, { note: 'hack' })).statusCode).toBe(404);
    expect((await call('purchase', 'DELETE', `/tasknotes/${noteId}`)).statusCode).toBe(404);
    expect((await call('purchase', 'POST', '/tasknotes/add', { task_id: task, note: 'hack' })).statusCode).toBe(404);
    const notes = (await call('qa', 'GET', `/tasks/${task}/notes`)).json();
    expect(notes.data.map((x: { note: string; can_manage: boolean }) => [x.note, x.can_manage])).toEqual([
      ['manager edit', false],
      ['by manager', false],
    ]);
    expect(notes.data[0].date_modified).toBeGreaterThanOrEqual(notes.data[0].date_added);
    expect((await call('production', 'DELETE', `/tasknotes/${noteId}`)).statusCode).toBe(200);
    const ev = (await call('qa', 'GET', `/events/task/${task}`)).json().data.map((e: { event: string }) => e.event);
    expect(ev).toEqual(
      expect.arrayContaining(['task_created', 'task_note_added', 'task_note_updated', 'task_note_deleted']),
    );
    expect((await call('admin', 'POST', '/tasknotes/edit/abc', { note: 'x' })).json().cause).toEqual({
      id: MSG.noteIdRequired,
    });
  });

  it('attachments: any type, streamed download with RFC 6266 header, IDOR refused, delete rules', async () => {
    const task = (await makeTask(t, 'production', { title: 'Files', project_id: A })).id;
    const res = await upload('production', task, 'Prüfbericht final.bin', Buffer.from([0, 1, 2, 3, 255]));
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const dl = await call('qa', 'GET', `/files/task_attachments/task_attachment_file/${id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload).toEqual(Buffer.from([0, 1, 2, 3, 255]));
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="Pr_fbericht final.bin"; filename*=UTF-8''Pr%C3%BCfbericht%20final.bin`,
    );
    expect(dl.headers['content-type']).toBe('application/octet-stream');
    expect((await call('purchase', 'GET', `/files/task_attachments/task_attachment_file/${id}`)).statusCode).toBe(404);
    expect((await call('purchase', 'GET', `/tasks/${task}/attachments`)).statusCode).toBe(404);
    expect((await upload('purchase', task)).statusCode).toBe(404);
    expect((await upload('qa', task)).statusCode).toBe(403);
    const empty = multipart({ task_id: task });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/taskattachments/upload',
      headers: { ...(await t.as('production')), ...empty.headers },
      payload: empty.payload,
    });
    expect(none.json().message).toBe(MSG.selectFile);
    expect((await upload('production', '')).json().message).toBe(MSG.taskIdRequired);
    const list = (await call('qa', 'GET', `/tasks/${task}/attachments`)).json();
    expect(list.data[0]).toMatchObject({ file_name: 'Prüfbericht final.bin', first_name: 'Pedro', size: 5 });
    const big = await upload('production', task, 'big.bin', Buffer.alloc(t.config.maxUpload + 1));
    expect(big.statusCode).toBe(413);
    const bySale = (await upload('sale', task)).json().data.id;
    expect((await call('production', 'DELETE', `/taskattachments/${bySale}`)).statusCode).toBe(403);
    expect((await call('purchase', 'DELETE', `/taskattachments/${id}`)).statusCode).toBe(404);
    expect((await call('sale', 'DELETE', `/taskattachments/${id}`)).statusCode).toBe(200);
    const ev = (await call('qa', 'GET', `/events/task/${task}`)).json().data.map((e: { event: string }) => e.event);
    expect(ev).toEqual(expect.arrayContaining(['task_attachment_added', 'task_attachment_deleted']));
  });

  it('IDOR: a task of another project is not found for every task call', async () => {
    const inB = (await makeTask(t, 'purchase', { title: 'Secret', project_id: B })).id;
    for (const [m, url, body] of [
      ['GET', `/tasks/${inB}`],
      ['POST', `/tasks/edit/${inB}`, { title: 'x' }],
      ['DELETE', `/tasks/${inB}`],
      ['GET', `/tasks/${inB}/notes`],
      ['GET', `/tasks/${inB}/attachments`],
      ['POST', '/tasks/add', { title: 'sub', parent_id: inB }],
      ['POST', '/tasks/add', { title: 'in B', project_id: B }],
      ['GET', `/projects/${B}/members`],
      ['POST', `/projects/${B}/members/add`, { user_id: 1, role: 'owner' }],
      ['GET', `/tasks/users/${B}`],
    ] as const)
      expect([m, url, (await call('admin', m, url, body)).statusCode]).toEqual([m, url, 404]);
    expect((await call('purchase', 'GET', `/tasks/${inB}`)).json().data.title).toBe('Secret');
    const list = (await call('admin', 'GET', '/tasks?limit=500')).json().data.map((r: { id: number }) => r.id);
    expect(list).not.toContain(inB);
  });

  it('mails the assignee when a task is assigned to them', async () => {
    t.mails.length = 0;
    const task = (await addTask('admin', { title: 'Mail me', project_id: A, assigned_to: await userId('sale') })).json()
      .data;
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]).toMatchObject({ to: ['samuel.reyes@bpm.example.com'] });
    expect(t.mails[0]!.subject).toContain('Mail me');
    await call('admin', 'POST', `/tasks/edit/${task.id}`, { title: 'Mail me', assigned_to: await userId('sale') });
    expect(t.mails).toHaveLength(1);
    await call('admin', 'POST', `/tasks/edit/${task.id}`, { title: 'Mail me', assigned_to: await userId('admin') });
    expect(t.mails).toHaveLength(1);
  });

  it('refuses a stale version with 409', async () => {
    const task = await makeTask(t, 'admin', { title: 'Versioned', project_id: A });
    expect((await call('sale', 'POST', `/tasks/edit/${task.id}`, { title: 'v2', version: 1 })).statusCode).toBe(200);
    const stale = await call('admin', 'POST', `/tasks/edit/${task.id}`, { title: 'v3', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
  });

  it('bad input on every call is a 400, never a 500', async () => {
    for (const [m, url, body] of [
      ['GET', '/tasks/abc'],
      ['GET', '/tasks/my?limit=100000'],
      ['GET', '/tasks?due_from=yesterday'],
      ['POST', '/tasks/edit/0', { title: 'x' }],
      ['DELETE', '/tasks/-1'],
      ['GET', '/tasks/99999999999/notes'],
      ['POST', '/tasks/add', { title: 'x', assigned_to: 'bob' }],
      ['POST', '/tasks/add', { title: 'x'.repeat(600) }],
      ['POST', '/tasknotes/add', { task_id: 'x', note: 'x' }],
      ['DELETE', '/taskattachments/abc'],
      ['GET', '/tasks/users/abc'],
    ] as const)
      expect([m, url, (await call('admin', m, url, body)).statusCode]).toEqual([m, url, 400]);
    expect((await call('admin', 'GET', '/tasks/abc')).json().cause).toEqual({ id: MSG.taskIdRequired });
    expect((await call('admin', 'POST', '/tasks/add', { title: 'x', assigned_to: 999999 })).json().cause).toEqual({
      assigned_to: MSG.userNotFound,
    });
  });
});
