import assert from 'node:assert/strict';
import { MSG } from '@bpm/contract/messages';
import type { Browser, Page, Route } from 'playwright-core';
import { apiAs, PASSWORD, signIn, toastShown } from './api';
import { expectAccessible, expectAccessibleAtViewports } from './axe';

async function as(browser: Browser, baseURL: string, username: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

async function pick(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * The journey: sale creates a project (owner), adds a member and a viewer, creates a task with a
 * subtask; the member adds a note (Enter) and an attachment; the viewer sees everything without edit
 * controls; the owner deletes the project after its confirmation.
 */
export async function workProjectJourney({
  page,
  browser,
  baseURL,
}: {
  page: Page;
  browser: Browser;
  baseURL: string;
}) {
  const name = `Journey ${Date.now()}`;
  await signIn(page, 'sale');
  await page.goto('/projects');
  await page.getByTestId('project-add').waitFor();
  await expectAccessibleAtViewports(page, 'projects list');
  await page.getByTestId('project-add').click();
  await page.getByTestId('field-name').waitFor();
  await expectAccessibleAtViewports(page, 'project form');
  await page.getByTestId('field-name').fill(name);
  await page.locator('[data-testid="field-description"] .ql-editor').fill('Launch plan https://example.com/plan');
  await page.getByTestId('project-save').click();
  await page.getByText(`Project: ${name}`).waitFor();
  const projectUrl = page.url();

  // Members: production as member (the default role), qa as viewer.
  await page.getByTestId('member-add').click();
  await pick(page, 'User', /Pedro Almeida/);
  await page.getByTestId('member-add-save').click();
  await toastShown(page, 'Member added successfully');
  await page.getByTestId('member-add').click();
  await pick(page, 'User', /Quentin Dubois/);
  await pick(page, 'Role', 'Viewer');
  await page.getByTestId('member-add-save').click();
  await page.getByTestId('role-viewer').waitFor();
  assert.equal(await page.getByTestId('member').count(), 3);
  await expectAccessibleAtViewports(page, 'project view with members');

  // A refused add says why, in the dialog: the user was added meanwhile from another tab.
  await page.getByTestId('member-add').click();
  await pick(page, 'User', /Tomas Novak/);
  const otherTab = await as(browser, baseURL, 'sale');
  await otherTab.goto(projectUrl);
  await otherTab.getByTestId('member-add').click();
  await pick(otherTab, 'User', /Tomas Novak/);
  await otherTab.getByTestId('member-add-save').click();
  await toastShown(otherTab, 'Member added successfully');
  await otherTab.context().close();
  await page.getByTestId('member-add-save').click();
  await page.getByTestId('member-add-dialog').getByText(MSG.alreadyMember).waitFor();
  await page.getByTestId('member-add-cancel').click();
  await page.getByTestId('discard-dialog').getByRole('button', { name: 'Discard' }).click();

  // A refused role change says why too: the member was removed meanwhile from another tab.
  await page.reload();
  await page.getByTestId('member').filter({ hasText: 'Tomas Novak' }).getByTestId('member-edit').click();
  const remover = await as(browser, baseURL, 'sale');
  await remover.goto(projectUrl);
  await remover.getByTestId('member').filter({ hasText: 'Tomas Novak' }).getByTestId('member-remove').click();
  await remover.getByTestId('member-remove-dialog').getByTestId('confirm-yes').click();
  await remover.getByTestId('member').filter({ hasText: 'Tomas Novak' }).waitFor({ state: 'detached' });
  await remover.context().close();
  await pick(page, 'Role', 'Manager');
  await page.getByTestId('member-edit-save').click();
  await page.getByTestId('member-edit-dialog').getByRole('alert').getByText(MSG.memberNotFound).waitFor();
  await page.getByTestId('member-edit-cancel').click();
  await page.getByTestId('discard-dialog').getByRole('button', { name: 'Discard' }).click();

  // A task assigned to the member, then a subtask.
  await page.getByTestId('project-task-add').click();
  await page.getByTestId('field-title').waitFor();
  await expectAccessibleAtViewports(page, 'task form');
  await page.getByTestId('field-title').fill('Prepare demo units');
  await pick(page, 'Priority', 'High');
  await pick(page, 'Assigned To', /Pedro Almeida/);
  await page.getByTestId('task-save').click();
  await toastShown(page, 'Task created successfully');
  await page.getByTestId('project-task').first().click();
  await page.getByTestId('task-title').waitFor();
  const taskUrl = page.url();
  await expectAccessibleAtViewports(page, 'task view');
  const taskId = taskUrl.split('/').pop();
  await page.getByTestId('subtask-add').click();
  await page.getByTestId('field-title').fill('Flash firmware');
  await page.getByTestId('task-save').click();
  await toastShown(page, 'Subtask created successfully');
  await page.waitForURL(`**/tasks/view/${taskId}`);
  await page.getByTestId('subtask').first().click();
  await page.getByText(new RegExp(`Task #${taskId} › Subtask #\\d+: Flash firmware`)).waitFor();
  await page.getByTestId('back-button').click();
  await page.waitForURL(`**/tasks/view/${taskId}`);

  // The member adds a note with Enter (Shift+Enter keeps a new line) and an attachment.
  const member = await as(browser, baseURL, 'production');
  await member.goto(`/tasks/view/${taskId}`);
  const input = member.getByTestId('note-input');
  await input.fill('First line');
  await input.press('Shift+Enter');
  await input.pressSequentially('second line');
  await input.press('Enter');
  await member.getByTestId('note-text').filter({ hasText: 'second line' }).waitFor();
  assert.equal(await input.inputValue(), '', 'the box is empty once the note is sent');
  await member.getByTestId('attachment-input').setInputFiles({
    name: 'measurements.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('unit,value\n1,42\n'),
  });
  await toastShown(member, 'Attachment uploaded successfully');
  await member.getByText('measurements.csv').waitFor();
  await expectAccessibleAtViewports(member, 'task view with a note and an attachment (assignee)');
  assert.equal(await member.getByTestId('task-edit').count(), 1, 'the assignee may edit');

  // The viewer sees everything but no edit controls.
  const viewer = await as(browser, baseURL, 'qa');
  await viewer.goto(`/tasks/view/${taskId}`);
  await viewer.getByText('measurements.csv').waitFor();
  await viewer.getByTestId('note-text').first().waitFor();
  await viewer.getByTestId('subtask').first().waitFor();
  for (const id of [
    'task-edit',
    'task-delete',
    'note-input',
    'attachment-upload',
    'note-menu',
    'attachment-delete',
    'subtask-add',
  ])
    assert.equal(await viewer.getByTestId(id).count(), 0, `viewer sees no ${id}`);
  await viewer.goto(projectUrl);
  await viewer.getByTestId('members-panel').waitFor();
  await expectAccessible(viewer, 'project view (viewer)');
  for (const id of ['project-edit', 'project-delete', 'member-add', 'member-edit', 'project-task-add'])
    assert.equal(await viewer.getByTestId(id).count(), 0, `viewer sees no ${id}`);

  // The owner deletes the project after the confirmation.
  // Reach the project inside the app, so 'back one page' after the delete is the list.
  await page.goto('/projects');
  await page.getByTestId('projects-table').getByText(name).click();
  await page.waitForURL(projectUrl);
  await page.getByTestId('project-delete').click();
  await page
    .getByText(
      `Are you sure you want to delete "${name}"? All associated tasks will also be deleted. This action cannot be undone.`,
    )
    .waitFor();
  await expectAccessible(page, 'delete project dialog');
  await page.getByTestId('confirm-yes').click();
  await toastShown(page, 'Project deleted successfully');
  await page.waitForURL('**/projects');
  await page.getByTestId('projects-table').getByText(name).waitFor({ state: 'detached' });
  await member.context().close();
  await viewer.context().close();
}

const VECTORS = [
  '<script>window.__xss("script")</script>',
  '<img src=x onerror="window.__xss(\'img\')">',
  '<svg onload="window.__xss(\'svg\')"></svg>',
  '<svg><script>window.__xss("svgscript")</script></svg>',
  '<a href="javascript:window.__xss(\'href\')">click</a>',
  '<a href="JaVaScRiPt:window.__xss(\'href2\')">x</a>',
  '<a href="&#106;avascript:window.__xss(\'ent\')">x</a>',
  '<iframe src="javascript:window.__xss(\'iframe\')"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(\'srcdoc\')</script>"></iframe>',
  '<body onload="window.__xss(\'body\')">',
  '<details open ontoggle="window.__xss(\'details\')">',
  '<input autofocus onfocus="window.__xss(\'focus\')">',
  '<video><source onerror="window.__xss(\'video\')"></video>',
  '<audio src=x onerror="window.__xss(\'audio\')">',
  '<object data="javascript:window.__xss(\'object\')"></object>',
  '<embed src="javascript:window.__xss(\'embed\')">',
  '<form action="javascript:window.__xss(\'form\')"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss(\'mxss\')">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss(\'noscript\')>">',
  '<style>@import "javascript:window.__xss(\'style\')";</style>',
  '<p style="background:url(javascript:window.__xss(\'css\'))">css</p>',
  '<span style="color: expression(window.__xss(\'expr\'))">e</span>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss(\'meta\')">',
  '<base href="javascript:window.__xss(\'base\')//">',
  '<img src="x" onerror=window.__xss(1)//',
  "\"><img src=x onerror=window.__xss('attr')>",
  "'><svg/onload=window.__xss('q')>",
  '<scr<script>ipt>window.__xss("nested")</scr</script>ipt>',
  '<img """><script>window.__xss("quotes")</script>">',
  '<a href="data:text/html,<script>window.__xss(\'data\')</script>">d</a>',
  '<isindex action="javascript:window.__xss(\'isindex\')" type=image>',
  '<marquee onstart="window.__xss(\'marquee\')">m</marquee>',
  '<select autofocus onfocus="window.__xss(\'select\')"></select>',
  '<textarea autofocus onfocus="window.__xss(\'ta\')"></textarea>',
  '<keygen autofocus onfocus="window.__xss(\'keygen\')">',
  '<div onmouseover="window.__xss(\'hover\')" style="position:fixed;inset:0">hover</div>',
  '<template><script>window.__xss("tpl")</script></template>',
  '<svg><animate onbegin="window.__xss(\'animate\')" attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:window.__xss(\'xlink\')"><text y=20>x</text></a></svg>',
  '<link rel="import" href="data:text/html,<script>window.__xss(\'link\')</script>">',
];
/** ≥ 200 payloads: each vector bare, inside a paragraph, after a heading, in a list item and in a span. */
const PAYLOADS = VECTORS.flatMap((v) => [
  v,
  `<p>${v}</p>`,
  `<h2>t</h2>${v}`,
  `<ul><li>${v}</li></ul>`,
  `<span>${v}</span>`,
]);

/** Stored XSS: ≥200 payloads in project and task descriptions and notes are rendered; nothing runs. */
export async function workStoredXssRendersInert({ page }: { page: Page }) {
  assert.ok(PAYLOADS.length >= 200);
  const fired: string[] = [];
  await page.exposeFunction('__xssHit', (s: string) => fired.push(s));
  await page.addInitScript(() => {
    (window as unknown as { __xss: (s: string) => void }).__xss = (s) =>
      (window as unknown as { __xssHit: (s: string) => void }).__xssHit(String(s));
  });
  page.on('dialog', (d) => {
    fired.push(`dialog:${d.message()}`);
    void d.dismiss();
  });
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: PASSWORD } });
  const { access_token } = (await login.json()) as { access_token: string };
  await page.context().clearCookies();
  const headers = { Authorization: `Bearer ${access_token}` };
  const post = async (path: string, data: object) => {
    const r = await page.request.post(`/api${path}`, { headers, data });
    assert.equal(r.status(), 200, `${path}: ${await r.text()}`);
    return ((await r.json()) as { data: { id: number } }).data;
  };
  // 10 payloads a record; project descriptions, task descriptions and notes each carry a share.
  const chunks: string[][] = [];
  for (let i = 0; i < PAYLOADS.length; i += 10) chunks.push(PAYLOADS.slice(i, i + 10));
  const project = await post('/projects/add', { name: 'XSS project', description: chunks[0]!.join('') });
  const views: string[] = [`/projects/view/${project.id}`];
  for (const [i, chunk] of chunks.slice(1).entries()) {
    if (i % 2 === 0) {
      const task = await post('/tasks/add', { title: `XSS ${i}`, project_id: project.id, description: chunk.join('') });
      views.push(`/tasks/view/${task.id}`);
      await post('/tasknotes/add', { task_id: task.id, note: chunk.join('\n') });
    } else {
      const p = await post('/projects/add', { name: `XSS project ${i}`, description: chunk.join('') });
      views.push(`/projects/view/${p.id}`);
    }
  }
  await loginForm(page);
  for (const url of views) {
    await page.goto(url);
    await page.locator('[data-testid="task-description"], [data-testid="project-description"]').first().waitFor();
    await page.mouse.move(640, 400);
    await page.waitForTimeout(150);
    const bad = await page.evaluate(() => {
      const root = document.querySelectorAll('.rich-text, [data-testid="note-text"]');
      const found: string[] = [];
      for (const el of Array.from(root))
        for (const n of Array.from(el.querySelectorAll('*'))) {
          if (
            ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'FORM', 'BASE', 'META', 'LINK', 'SVG'].includes(
              n.tagName.toUpperCase(),
            )
          )
            found.push(n.tagName);
          for (const a of Array.from(n.attributes)) {
            if (/^on/i.test(a.name)) found.push(`${n.tagName}[${a.name}]`);
            if (/^\s*(javascript|data):/i.test(a.value)) found.push(`${n.tagName}[${a.name}=${a.value}]`);
          }
        }
      return found;
    });
    assert.deepEqual(bad, [], `dangerous markup rendered on ${url}`);
  }
  assert.deepEqual(fired, [], 'no payload executed');
}

async function loginForm(page: Page) {
  await signIn(page, 'admin');
}

/** Records the text of every error toast the page shows (notistack's error variant), for a journey to assert on. */
async function watchErrorToasts(page: Page) {
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __errorToasts: string[] }).__errorToasts = seen;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('.notistack-MuiContent-error'))) {
        const text = el.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  return (p: Page) => p.evaluate(() => (window as unknown as { __errorToasts: string[] }).__errorToasts);
}

/**
 * Issue 24 items 16-18: deletes show only their success and land on the list (a subtask on its parent, a project
 * opened as the tab's first page on /projects, not outside the app); a note, an attachment and a member are
 * deleted only after a confirmation; unknown ids say 'Task not found' / 'Project not found' with a way back.
 */
export async function workDeletesLandOnTheList({ page }: { page: Page }) {
  const errors = await watchErrorToasts(page);
  const production = await apiAs(page, 'production');
  const api = await apiAs(page, 'sale');
  const name = `Delete journey ${Date.now()}`;
  const project = await api.post<{ id: number }>('/projects/add', { name });
  await api.post(`/projects/${project.id}/members/add`, {
    project_id: project.id,
    user_id: production.userId,
    role: 'member',
  });
  const task = await api.post<{ id: number }>('/tasks/add', { title: 'Task to delete', project_id: project.id });
  const sub = await api.post<{ id: number }>('/tasks/add', { title: 'Subtask to delete', parent_id: task.id });
  await api.post('/tasknotes/add', { task_id: task.id, note: 'A note to delete' });
  await signIn(page, 'sale');

  // Unknown ids: said in place, with the way back to the list.
  await page.goto('/tasks/view/abc');
  await page.getByTestId('task-not-found').getByText('Task not found').waitFor();
  await page.getByTestId('back-to-tasks').click();
  await page.waitForURL('**/tasks');
  await page.goto('/tasks/view/999999999');
  await page.getByTestId('task-not-found').waitFor();
  // The editor of a task that is not there says so too (not 'Failed to load data: …').
  await page.goto('/tasks/edit/999999999');
  assert.equal(await page.getByTestId('task-load-error').textContent(), 'Task not found');
  await page.goto('/projects/view/abc');
  await page.getByTestId('project-not-found').getByText('Project not found').waitFor();
  await page.getByTestId('back-to-projects').click();
  await page.waitForURL('**/projects');
  // Other load failures in the spec's words (document 3 §8): the editor names the server's reason.
  const failing = (r: Route) =>
    r.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Database busy' }) });
  await page.route(`**/api/tasks/${task.id}`, failing);
  await page.goto(`/tasks/edit/${task.id}`);
  await page.getByTestId('task-load-error').getByText('Failed to load data: Database busy', { exact: true }).waitFor();
  await page.unroute(`**/api/tasks/${task.id}`);
  await page.route(`**/api/projects/${project.id}/tasks*`, failing);
  await page.goto(`/projects/view/${project.id}`);
  await page.getByTestId('project-tasks-error').getByText('Failed to load project data', { exact: true }).waitFor();
  await page.unroute(`**/api/projects/${project.id}/tasks*`);

  // A note is deleted only after the question; Cancel keeps it.
  await page.goto(`/tasks/view/${task.id}`);
  const note = page.getByTestId('note-text').filter({ hasText: 'A note to delete' });
  await note.waitFor();
  await page.getByTestId('note-menu').click();
  await page.getByTestId('note-delete').click();
  await page.getByTestId('note-delete-dialog').getByText('Are you sure you want to delete this note?').waitFor();
  await expectAccessible(page, 'delete note dialog');
  await page.getByTestId('confirm-no').click();
  await page.getByTestId('note-delete-dialog').waitFor({ state: 'detached' });
  assert.equal(await note.count(), 1, 'Cancel keeps the note');
  await page.getByTestId('note-menu').click();
  await page.getByTestId('note-delete').click();
  await page.getByTestId('confirm-yes').click();
  await note.waitFor({ state: 'detached' });

  // An attachment likewise.
  await page.getByTestId('attachment-input').setInputFiles({
    name: 'to-delete.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('bye'),
  });
  await toastShown(page, 'Attachment uploaded successfully');
  await page.getByTestId('attachment-delete').click();
  await page.getByTestId('attachment-delete-dialog').getByText('"to-delete.txt"', { exact: false }).waitFor();
  await page.getByTestId('confirm-yes').click();
  await toastShown(page, 'Attachment deleted successfully');
  await page.getByText('to-delete.txt').waitFor({ state: 'detached' });

  // A subtask's delete lands on its parent, the task's on the task list: only the success shows.
  await page.goto(`/tasks/view/${sub.id}`);
  await page.getByTestId('task-delete').click();
  await page.getByTestId('confirm-yes').click();
  await toastShown(page, 'Task deleted successfully');
  await page.waitForURL(`**/tasks/view/${task.id}`);
  await page.getByTestId('task-title').getByText('Task to delete').waitFor();
  await page.getByTestId('task-delete').click();
  await page.getByTestId('confirm-yes').click();
  await page.waitForURL('**/tasks');
  await page.getByText('Task deleted successfully').first().waitFor();

  // A member is removed only after the question.
  await page.goto(`/projects/view/${project.id}`);
  const member = page.getByTestId('member').filter({ hasText: 'Pedro Almeida' });
  await member.getByTestId('member-remove').click();
  await page
    .getByTestId('member-remove-dialog')
    .getByText('Are you sure you want to remove Pedro Almeida from this project?')
    .waitFor();
  await page.getByTestId('confirm-yes').click();
  await page.getByText('Member removed successfully').waitFor();
  await member.waitFor({ state: 'detached' });

  // The project opened as the first page of a new tab: its delete lands on /projects, inside the app.
  const tab = await page.context().newPage();
  await tab.goto(`/projects/view/${project.id}`);
  await tab.getByTestId('project-delete').click();
  await tab.getByTestId('confirm-yes').click();
  await toastShown(tab, 'Project deleted successfully');
  await tab.waitForURL('**/projects');
  await tab.getByTestId('projects-table').waitFor();
  // Time for any refetch of the deleted records to have answered.
  await tab.waitForTimeout(1500);
  await page.waitForTimeout(500);
  assert.deepEqual(await errors(page), [], 'no error toast beside the successes');
  assert.deepEqual(await errors(tab), [], 'no error toast after the project delete');
  await tab.close();
}
