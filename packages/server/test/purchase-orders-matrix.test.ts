/**
 * The transition × role matrix of document 2 sections 4 and 6: every status × every lifecycle
 * action × every role. Allowed calls succeed; the rest change nothing and answer 403 when the role
 * may never do it, 409 when another status would allow it.
 * The expectation is written out from the spec's table here, not read from the permission code.
 */
import { PO_STATUSES, type PoStatus } from '@bpm/contract/purchase-orders';
import { ROLES, type Role } from '@bpm/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, makeRefs, poBody, poIn, type Refs, rawPo } from './factories/purchasing';
import { call, countRows, createTestApp, pdfFile, type TestApp, upload } from './helpers';

let t: TestApp;
let refs: Refs;
let approverId: number;
beforeAll(async () => {
  t = await createTestApp();
  refs = await makeRefs(t);
  const list = (await call(t, 'admin', 'GET', '/purchaseorders/users/poapproval')).json().data as Json[];
  approverId = list.find((u) => u.user_role === 'poapproval')!.id;
}, 60_000);
afterAll(() => t.close());

const ACTIONS = [
  'save',
  'revise',
  'duplicate',
  'requestApproval',
  'approve',
  'reject',
  'receive',
  'cancel',
  'pay',
  'quote',
  'shippingCost',
  'awb',
] as const;
type PoAction = (typeof ACTIONS)[number];

/** Document 2 section 6, as a purchasing clerk reads it. */
function expected(action: PoAction, role: Role, status: PoStatus): boolean {
  const editor = role === 'administrator' || role === 'purchase';
  const done = status === 'approved' || status === 'received';
  switch (action) {
    case 'save':
      return editor && status === 'draft';
    case 'revise':
      return editor && status !== 'draft' && status !== 'cancelled';
    case 'duplicate':
      return editor && status !== 'cancelled';
    case 'requestApproval':
      return editor && status === 'draft';
    case 'approve':
    case 'reject':
      return (role === 'administrator' || role === 'poapproval') && status === 'waitingapproval';
    case 'receive':
      return role === 'administrator' && status === 'approved';
    case 'cancel':
      return status !== 'cancelled' && (done ? role === 'administrator' : editor);
    case 'pay':
      return editor && done;
    case 'quote':
      return editor && (status === 'draft' || status === 'waitingapproval');
    case 'shippingCost':
      return status !== 'cancelled' && (editor || (role === 'shipping' && done));
    case 'awb':
      return status !== 'cancelled' && (editor || (role === 'qa' && done));
  }
}

// Only /admin/ and /poapproval/ variants exist; any other role is refused on either.
const prefix = (role: Role) => (role === 'poapproval' ? 'poapproval' : 'admin');
const asUser = (role: Role) => (role === 'administrator' ? 'admin' : role) as Parameters<TestApp['as']>[0];

async function perform(action: PoAction, role: Role, po: Json) {
  const r = asUser(role);
  const id = po.id;
  switch (action) {
    case 'save':
      return call(t, r, 'POST', '/purchaseorders/save', { ...poBody(refs), id, version: po.version });
    case 'revise':
      return call(t, r, 'POST', '/purchaseorders/save', { ...poBody(refs), id, version: po.version, revise: true });
    case 'duplicate':
      return call(t, r, 'POST', '/purchaseorders/save', { ...poBody(refs), id, duplicate: true });
    case 'requestApproval':
      return call(t, r, 'POST', `/purchaseorders/requestapproval/${id}`, { emailTo: [approverId] });
    case 'approve':
    case 'reject':
      return call(t, r, 'PUT', `/${prefix(role)}/purchaseorders/${action}/${id}`);
    case 'receive':
      return call(t, r, 'PUT', `/admin/purchaseorders/receive/${id}`);
    case 'cancel':
      return call(t, r, 'POST', `/purchaseorders/cancel/${id}`, { reason: '  no longer needed  ' });
    case 'pay':
      return upload(t, r, `/purchaseorders/pay/${id}`, { payment_status: 2 }, [pdfFile('proof_payment_pdf')]);
    case 'quote':
      return upload(t, r, `/purchaseorders/quote/${id}`, {}, [pdfFile('supplier_quote_pdf')]);
    case 'shippingCost':
      return call(t, r, 'POST', '/purchaseorders/saveShippingCost', { id, shipping_cost: 12.5 });
    case 'awb':
      return call(t, r, 'POST', '/purchaseorders/saveAwb', { id, awb_number: 'AWB-1' });
  }
}

describe('purchase order transition × role matrix', () => {
  for (const status of PO_STATUSES) {
    it(`${status}: every action × every role`, async () => {
      const shared = await poIn(t, refs, status);
      const wrong: string[] = [];
      for (const action of ACTIONS) {
        for (const role of ROLES) {
          const allowed = expected(action, role, status);
          if (allowed) {
            const po = await poIn(t, refs, status);
            const res = await perform(action, role, po);
            if (res.statusCode !== 200) wrong.push(`${status} ${action} ${role} → ${res.statusCode} ${res.body}`);
          } else {
            const before = await rawPo(t, shared.id);
            const count = await countRows(t, 'purchase_orders');
            const res = await perform(action, role, shared);
            // One rule: 403 when this role may never do it, 409 when another status would allow it.
            const code = PO_STATUSES.some((other) => expected(action, role, other)) ? 409 : 403;
            if (res.statusCode !== code)
              wrong.push(`${status} ${action} ${role} → ${res.statusCode}, expected ${code}`);
            if (!res.json().message) wrong.push(`${status} ${action} ${role}: no message`);
            expect(await rawPo(t, shared.id), `${status} ${action} ${role}`).toEqual(before);
            expect(await countRows(t, 'purchase_orders')).toBe(count);
          }
        }
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  }

  it('each allowed transition lands in the status of section 4', async () => {
    const statusAfter = async (from: PoStatus, action: PoAction, role: Role) => {
      const po = await poIn(t, refs, from);
      const res = await perform(action, role, po);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.status as PoStatus;
    };
    expect(await statusAfter('draft', 'requestApproval', 'purchase')).toBe('waitingapproval');
    expect(await statusAfter('waitingapproval', 'approve', 'poapproval')).toBe('approved');
    expect(await statusAfter('waitingapproval', 'reject', 'administrator')).toBe('rejected');
    expect(await statusAfter('approved', 'receive', 'administrator')).toBe('received');
    expect(await statusAfter('received', 'cancel', 'administrator')).toBe('cancelled');
    expect(await statusAfter('rejected', 'revise', 'purchase')).toBe('draft');
    expect(await statusAfter('received', 'duplicate', 'purchase')).toBe('draft');
  });
});
