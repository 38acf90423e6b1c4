// Issue 24 item 19: history a person can read — people, suppliers and parts by name, rich text as text, codes by
// the screens' labels, and what a re-approval approves (the changes since sign-off); visible exactly as before.
import { PAYMENT_LABELS } from '@bpm/contract/purchase-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, makeRefs, poBody, type Refs } from './factories/purchasing';
import { makeTestedOrder } from './factories/testing';
import { makeUser, userId } from './factories/users';
import { makeTask } from './factories/work';
import { call, createTestApp, pdfFile, type TestApp, upload } from './helpers';

let t: TestApp;
let refs: Refs;
beforeAll(async () => {
  t = await createTestApp();
  refs = await makeRefs(t);
}, 60_000);
afterAll(() => t.close());

type Event = Json & {
  event: string;
  data: Record<string, unknown> & { changes?: Record<string, { old: unknown; new: unknown }> };
  labels: Record<string, Record<string, string>>;
  since_sign_off?: Array<{ field: string; old: unknown; new: unknown }>;
};
const history = async (who: Parameters<TestApp['as']>[0], url: string) => {
  const res = await call(t, who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Event[];
};
const one = (events: Event[], name: string) => {
  const e = events.find((x) => x.event === name);
  expect(e, `${name} in ${events.map((x) => x.event).join(', ')}`).toBeDefined();
  return e!;
};

describe('task and project history', () => {
  it('names the assignee, shows rich text as text and statuses as the chips label them', async () => {
    const owner = await makeUser(t, 'sale', 'Hanna', 'Owner');
    const helper = await makeUser(t, 'production', 'Ivo', 'Helper');
    const project = (await call(t, 'sale', 'POST', '/projects/add', { name: 'Readable history' })).json().data;
    for (const u of [owner, helper])
      await call(t, 'sale', 'POST', `/projects/${project.id}/members/add`, {
        project_id: project.id,
        user_id: u.id,
        role: 'member',
      });
    const task = await makeTask(t, 'sale', {
      title: 'Readable task',
      project_id: project.id,
      assigned_to: owner.id,
      description: '<p>Check <strong>the fan</strong> &amp; the PSU</p><ul><li>twice</li></ul>',
    });
    const edited = await call(t, 'sale', 'POST', `/tasks/edit/${task.id}`, {
      ...task,
      assigned_to: helper.id,
      status: 'in progress',
      description: '<p>Check the fan only</p>',
      version: task.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const events = await history('sale', `/events/task/${task.id}`);
    const created = one(events, 'task_created');
    expect(created.data.changes!.description!.new).toBe('Check the fan & the PSU\ntwice');
    const updated = one(events, 'task_updated');
    expect(updated.data.changes!.assigned_to).toEqual({ old: owner.id, new: helper.id });
    expect(updated.labels.assigned_to).toEqual({ [owner.id]: 'Hanna Owner', [helper.id]: 'Ivo Helper' });
    expect(updated.labels.status).toEqual({ new: 'New', 'in progress': 'In Progress' });
    expect(updated.data.changes!.description).toEqual({
      old: 'Check the fan & the PSU\ntwice',
      new: 'Check the fan only',
    });
    expect(created.labels.project_id).toEqual({ [project.id]: 'Readable history' });

    // Member events: the role as its badge says it.
    const roleChange = await call(t, 'sale', 'POST', `/projects/${project.id}/members/edit/${helper.id}`, {
      role: 'viewer',
    });
    expect(roleChange.statusCode, roleChange.body).toBe(200);
    const projectEvents = await history('sale', `/events/project/${project.id}`);
    expect(one(projectEvents, 'project_member_updated').labels.role).toEqual({ member: 'Member', viewer: 'Viewer' });

    // The privacy rule holds: someone outside the project still reads none of it.
    expect(await history('tester', `/events/task/${task.id}`)).toEqual([]);
  });
});

describe('purchase order history', () => {
  it('names the approvers, supplier, parts and documents; payment and status by their labels', async () => {
    const approver = await userId(t, 'poapproval');
    const po = (await call(t, 'purchase', 'POST', '/purchaseorders/save', poBody(refs))).json().data;
    const req = await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, {
      emailTo: [approver],
    });
    expect(req.statusCode, req.body).toBe(200);
    expect((await call(t, 'poapproval', 'PUT', `/poapproval/purchaseorders/approve/${po.id}`)).statusCode).toBe(200);
    await call(t, 'admin', 'PUT', `/admin/purchaseorders/receive/${po.id}`);
    const paid = await upload(t, 'purchase', `/purchaseorders/pay/${po.id}`, { payment_status: 1 }, [
      pdfFile('proof_payment_pdf'),
    ]);
    expect(paid.statusCode, paid.body).toBe(200);

    const events = await history('purchase', `/events/purchaseorder/${po.id}`);
    const requested = one(events, 'purchaseorder_approval_requested');
    expect(requested.data.emailTo).toEqual([approver]);
    expect(requested.labels.emailTo).toEqual({ [approver]: 'Olivia Chen' });
    expect(requested.labels.status).toEqual({ draft: 'Draft', waitingapproval: 'Waiting Approval' });

    const payment = one(events, 'purchaseorder_payment');
    expect(payment.data.changes!.paid).toEqual({ old: 0, new: 1 });
    expect(payment.labels.paid).toEqual({ '0': PAYMENT_LABELS[0], '1': PAYMENT_LABELS[1] });
    expect(payment.labels.paid).toEqual({ '0': 'Unpaid', '1': '100% Paid' });
    const proof = payment.data.changes!.proof_payment_pdf!.new as number;
    expect(payment.labels.proof_payment_pdf).toEqual({ [proof]: 'doc.pdf' });

    const created = one(events, 'purchaseorder_created');
    expect(created.labels.supplier).toEqual({ [refs.supplier.id]: refs.supplier.name });
    expect(created.labels.part).toEqual({
      [refs.parts[0]!.id]: refs.parts[0]!.manuf_part_number,
      [refs.parts[1]!.id]: refs.parts[1]!.manuf_part_number,
    });
    // A first approval approves the whole PO: nothing 'since sign-off'.
    expect(one(events, 'purchaseorder_approved').since_sign_off).toBeUndefined();
  });

  it('a re-approval shows what changed since the last approval', async () => {
    const approver = await userId(t, 'poapproval');
    const approve = async (id: number) => {
      await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${id}`, { emailTo: [approver] });
      const ok = await call(t, 'poapproval', 'PUT', `/poapproval/purchaseorders/approve/${id}`);
      expect(ok.statusCode, ok.body).toBe(200);
      return ok.json().data;
    };
    const po = (await call(t, 'purchase', 'POST', '/purchaseorders/save', poBody(refs))).json().data;
    const first = await approve(po.id);
    const other = (await makeRefs(t)).supplier;
    const revised = await call(t, 'purchase', 'POST', '/purchaseorders/save', {
      ...poBody(refs, { purpose: 'Spare units', supplier: other.id, supplier_name: other.name }),
      id: po.id,
      version: first.version,
      revise: true,
    });
    expect(revised.statusCode, revised.body).toBe(200);
    const draft = revised.json().data;
    const edited = await call(t, 'purchase', 'POST', '/purchaseorders/save', {
      ...poBody(refs, { purpose: 'Spare units for the lab', supplier: other.id, supplier_name: other.name }),
      id: po.id,
      version: draft.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await approve(po.id);

    const events = await history('purchase', `/events/purchaseorder/${po.id}`);
    const again = events.filter((e) => e.event === 'purchaseorder_approved')[0]!;
    const since = Object.fromEntries((again.since_sign_off ?? []).map((c) => [c.field, c]));
    expect(since.purpose).toEqual({ field: 'purpose', old: 'Stock for production', new: 'Spare units for the lab' });
    expect(since.po_number).toEqual({ field: 'po_number', old: po.po_number, new: `${po.po_number}-R1` });
    expect(since.supplier).toEqual({ field: 'supplier', old: refs.supplier.id, new: other.id });
    // The approval's own moves are not changes to approve.
    expect(since.status).toBeUndefined();
    expect(since.approved_by_name).toBeUndefined();
    expect(again.labels.supplier).toEqual({ [refs.supplier.id]: refs.supplier.name, [other.id]: other.name });
  });
});

describe('test checklist history', () => {
  it("a checklist approved after a change since QA's sign-off shows the changed step", async () => {
    const tester = await userId(t, 'tester');
    const { line } = await makeTestedOrder(t);
    const ok = async (who: Parameters<TestApp['as']>[0], method: 'GET' | 'POST', url: string, body?: object) => {
      const res = await call(t, who, method, url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    const c = await ok('production', 'POST', '/production/testChecklist/add', {
      test_by: tester,
      quantity: 1,
      order_product_id: line.id,
    });
    const steps = await ok('tester', 'GET', `/tester/testChecklistStep/checklist/${c.id}`);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['HR-1'] });
    const all = (step: { id: number }[]) => step.map((s) => ({ step_id: s.id, item_id: 1, result: 'passed' }));
    await ok('tester', 'POST', `/testChecklist/saveResults/${c.id}`, { results: all(steps) });
    await ok('qa', 'POST', `/qa/testChecklist/test/signQc/${c.id}`);
    const [, second] = steps;
    await ok('production', 'POST', '/testChecklistStep/save', {
      id: second.id,
      test_checklist_id: c.id,
      test_desc: 'Check every LED',
    });
    await ok('production', 'POST', '/testChecklistStep/save', { test_checklist_id: c.id, test_desc: 'Label the box' });
    const now = await ok('tester', 'GET', `/tester/testChecklistStep/checklist/${c.id}`);
    await ok('tester', 'POST', `/testChecklist/saveResults/${c.id}`, { results: all(now.slice(1)) });
    await ok('sale', 'POST', `/sale/testChecklist/test/approve/${c.id}`);

    const events = await history('sale', `/events?type=test_checklist&event=test_checklist_approved&limit=200`);
    const approved = events.find((e) => e.entity_id === c.id)!;
    expect(approved.since_sign_off).toEqual([
      { field: 'step', old: second.test_desc, new: 'Check every LED' },
      { field: 'step', old: null, new: 'Label the box' },
    ]);
    expect(approved.labels.status).toEqual({ completed: 'completed' });
    // Still only for those who may read the history at all.
    expect((await call(t, 'shipping', 'GET', '/events?type=test_checklist')).statusCode).toBe(403);
  });
});
