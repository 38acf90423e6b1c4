import { describe, expect, it } from 'vitest';
import {
  allOf,
  assignedToUser,
  byRole,
  can,
  inStates,
  isEmpty,
  notInStates,
  type PermissionContext,
  STATE_RULES,
  type StateRule,
} from '../src/permissions';
import type { Role } from '../src/roles';

describe('can(role, action, context)', () => {
  it('denies missing roles and roles the table does not list', () => {
    expect(can(undefined, 'orders.read')).toBe(false);
    expect(can('shipping', 'orders.read')).toBe(false);
    expect(can('sale', 'orders.read')).toBe(true);
  });

  it('applies an action state rule only when a context is given, and never widens the role table', () => {
    const before = STATE_RULES['orders.save'];
    STATE_RULES['orders.save'] = (_role, ctx) => ctx.state !== 'cancelled';
    try {
      expect(can('sale', 'orders.save')).toBe(true);
      expect(can('sale', 'orders.save', { state: 'open' })).toBe(true);
      expect(can('sale', 'orders.save', { state: 'cancelled' })).toBe(false);
      expect(can('shipping', 'orders.save', { state: 'open' })).toBe(false);
    } finally {
      if (before) STATE_RULES['orders.save'] = before;
      else delete STATE_RULES['orders.save'];
    }
  });
});

describe('state rules of purchase orders and checklists fit the model', () => {
  // The rules of document 2 section 6 and document 3 section 6 as the STATE_RULES comment shows them:
  // a role list and a rule built from the shared blocks; allowed = role listed and rule passes.
  type Rule = { roles: readonly Role[]; rule: StateRule };
  const allowed = ({ roles, rule }: Rule, role: Role, ctx: PermissionContext) =>
    roles.includes(role) && rule(role, ctx);
  const po = {
    requestApproval: { roles: ['administrator', 'purchase'], rule: inStates('draft') },
    approve: { roles: ['administrator', 'poapproval'], rule: inStates('waitingapproval') },
    receive: { roles: ['administrator'], rule: inStates('approved') },
    cancel: {
      roles: ['administrator', 'purchase'],
      rule: allOf(notInStates('cancelled'), byRole({ purchase: notInStates('approved', 'received') })),
    },
    payment: { roles: ['administrator', 'purchase'], rule: inStates('approved', 'received') },
    shippingCost: {
      roles: ['administrator', 'purchase', 'shipping'],
      rule: byRole({ shipping: inStates('approved', 'received') }),
    },
    awb: { roles: ['administrator', 'purchase', 'qa'], rule: byRole({ qa: inStates('approved', 'received') }) },
    supplierQuote: { roles: ['administrator', 'purchase'], rule: inStates('draft', 'waitingapproval') },
  } satisfies Record<string, Rule>;
  const checklist = {
    edit: { roles: ['administrator', 'sale', 'production'], rule: notInStates('completed') },
    serials: {
      roles: ['administrator', 'sale', 'production', 'tester'],
      rule: allOf(notInStates('completed'), byRole({ tester: assignedToUser })),
    },
    results: {
      roles: ['tester', 'sale', 'production'],
      rule: allOf(assignedToUser, isEmpty('qaBy'), notInStates('completed')),
    },
    signOff: { roles: ['qa'], rule: inStates('passed') },
  } satisfies Record<string, Rule>;

  it('purchase orders: status-dependent actions per role (document 2 section 6)', () => {
    expect(allowed(po.approve, 'poapproval', { state: 'waitingapproval' })).toBe(true);
    expect(allowed(po.approve, 'poapproval', { state: 'draft' })).toBe(false);
    expect(allowed(po.approve, 'purchase', { state: 'waitingapproval' })).toBe(false);
    expect(allowed(po.receive, 'administrator', { state: 'approved' })).toBe(true);
    expect(allowed(po.receive, 'administrator', { state: 'waitingapproval' })).toBe(false);
    // Cancel: admin in approved/received; otherwise the editing roles; never when already cancelled.
    expect(allowed(po.cancel, 'administrator', { state: 'received' })).toBe(true);
    expect(allowed(po.cancel, 'purchase', { state: 'approved' })).toBe(false);
    expect(allowed(po.cancel, 'purchase', { state: 'draft' })).toBe(true);
    expect(allowed(po.cancel, 'administrator', { state: 'cancelled' })).toBe(false);
    // Shipping cost: admin and purchase always, shipping only when approved or received.
    expect(allowed(po.shippingCost, 'purchase', { state: 'draft' })).toBe(true);
    expect(allowed(po.shippingCost, 'shipping', { state: 'draft' })).toBe(false);
    expect(allowed(po.shippingCost, 'shipping', { state: 'received' })).toBe(true);
    expect(allowed(po.awb, 'qa', { state: 'waitingapproval' })).toBe(false);
    expect(allowed(po.awb, 'qa', { state: 'approved' })).toBe(true);
    expect(allowed(po.payment, 'purchase', { state: 'draft' })).toBe(false);
    expect(allowed(po.supplierQuote, 'purchase', { state: 'waitingapproval' })).toBe(true);
    expect(allowed(po.requestApproval, 'purchase', { state: 'rejected' })).toBe(false);
  });

  it('checklists: the assigned tester versus any other user (document 3 section 6)', () => {
    const mine = { state: 'in progress', userId: 7, ownerId: 7, qaBy: null };
    const theirs = { ...mine, userId: 8 };
    expect(allowed(checklist.results, 'tester', mine)).toBe(true);
    expect(allowed(checklist.results, 'tester', theirs)).toBe(false);
    expect(allowed(checklist.results, 'sale', theirs)).toBe(false);
    expect(allowed(checklist.results, 'tester', { ...mine, qaBy: 3 })).toBe(false);
    expect(allowed(checklist.results, 'tester', { ...mine, state: 'completed' })).toBe(false);
    expect(allowed(checklist.results, 'administrator', mine)).toBe(false);
    expect(allowed(checklist.serials, 'production', theirs)).toBe(true);
    expect(allowed(checklist.serials, 'tester', theirs)).toBe(false);
    expect(allowed(checklist.serials, 'tester', mine)).toBe(true);
    expect(allowed(checklist.serials, 'sale', { ...theirs, state: 'completed' })).toBe(false);
    expect(allowed(checklist.edit, 'sale', { state: 'completed' })).toBe(false);
    expect(allowed(checklist.signOff, 'qa', { state: 'passed' })).toBe(true);
  });
});
