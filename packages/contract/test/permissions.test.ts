import { describe, expect, it } from 'vitest';
import { can, decide, STATE_RULES } from '../src/permissions';

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

describe('the state rules that run: purchase orders (document 2 section 6) and checklists (document 3 section 6)', () => {
  it('purchase orders: status-dependent actions per role', () => {
    expect(can('poapproval', 'purchaseOrders.approve', { state: 'waitingapproval' })).toBe(true);
    expect(can('poapproval', 'purchaseOrders.approve', { state: 'draft' })).toBe(false);
    expect(can('purchase', 'purchaseOrders.approve', { state: 'waitingapproval' })).toBe(false);
    expect(can('administrator', 'purchaseOrders.receive', { state: 'approved' })).toBe(true);
    expect(can('administrator', 'purchaseOrders.receive', { state: 'waitingapproval' })).toBe(false);
    // Cancel: admin in approved/received; otherwise the editing roles; never when already cancelled.
    expect(can('administrator', 'purchaseOrders.cancel', { state: 'received' })).toBe(true);
    expect(can('purchase', 'purchaseOrders.cancel', { state: 'approved' })).toBe(false);
    expect(can('purchase', 'purchaseOrders.cancel', { state: 'draft' })).toBe(true);
    expect(can('administrator', 'purchaseOrders.cancel', { state: 'cancelled' })).toBe(false);
    // Shipping cost: admin and purchase while open, shipping only when approved or received.
    expect(can('purchase', 'purchaseOrders.shippingCost', { state: 'draft' })).toBe(true);
    expect(can('shipping', 'purchaseOrders.shippingCost', { state: 'draft' })).toBe(false);
    expect(can('shipping', 'purchaseOrders.shippingCost', { state: 'received' })).toBe(true);
    expect(can('qa', 'purchaseOrders.awb', { state: 'waitingapproval' })).toBe(false);
    expect(can('qa', 'purchaseOrders.awb', { state: 'approved' })).toBe(true);
    expect(can('purchase', 'purchaseOrders.pay', { state: 'draft' })).toBe(false);
    expect(can('purchase', 'purchaseOrders.quote', { state: 'waitingapproval' })).toBe(true);
    expect(can('purchase', 'purchaseOrders.requestApproval', { state: 'rejected' })).toBe(false);
    // Saving: a new purchase order (no state) or a draft.
    expect(can('purchase', 'purchaseOrders.save', {})).toBe(true);
    expect(can('purchase', 'purchaseOrders.save', { state: 'approved' })).toBe(false);
    expect(can('purchase', 'purchaseOrders.revise', {})).toBe(false);
  });

  it('checklists: the assigned tester versus any other user', () => {
    const mine = { state: 'in progress', userId: 7, ownerId: 7, qaBy: null };
    const theirs = { ...mine, userId: 8 };
    expect(can('tester', 'testChecklists.result', mine)).toBe(true);
    expect(can('tester', 'testChecklists.result', theirs)).toBe(false);
    expect(can('sale', 'testChecklists.result', theirs)).toBe(false);
    expect(can('sale', 'testChecklists.result', { ...mine })).toBe(true);
    expect(can('tester', 'testChecklists.result', { ...mine, qaBy: 3 })).toBe(false);
    expect(can('tester', 'testChecklists.result', { ...mine, state: 'completed' })).toBe(false);
    expect(can('administrator', 'testChecklists.result', mine)).toBe(false);
    expect(can('production', 'testChecklists.serials', theirs)).toBe(true);
    expect(can('tester', 'testChecklists.serials', theirs)).toBe(false);
    expect(can('tester', 'testChecklists.serials', mine)).toBe(true);
    expect(can('sale', 'testChecklists.serials', { ...theirs, state: 'completed' })).toBe(false);
    expect(can('sale', 'testChecklists.manage', { state: 'completed' })).toBe(false);
    expect(can('sale', 'testChecklists.manage', { state: 'waiting approval' })).toBe(false);
    expect(can('qa', 'testChecklists.sign', { state: 'passed' })).toBe(true);
    expect(can('qa', 'testChecklists.sign', { state: 'failed' })).toBe(false);
  });
});

describe('decide: one rule of 403 versus 409', () => {
  const PO = ['draft', 'waitingapproval', 'approved', 'rejected', 'received', 'cancelled'];
  const TESTS = ['pending', 'in progress', 'failed', 'passed', 'completed', 'waiting approval'];

  it('forbidden when the role may never, whatever the state', () => {
    expect(decide('shipping', 'purchaseOrders.cancel', { state: 'draft' }, PO)).toBe('forbidden');
    expect(decide('qa', 'purchaseOrders.approve', { state: 'waitingapproval' }, PO)).toBe('forbidden');
  });

  it('invalid_state when another state of the record would allow this caller', () => {
    expect(decide('purchase', 'purchaseOrders.cancel', { state: 'approved' }, PO)).toBe('invalid_state');
    expect(decide('shipping', 'purchaseOrders.shippingCost', { state: 'draft' }, PO)).toBe('invalid_state');
    expect(decide('poapproval', 'purchaseOrders.approve', { state: 'approved' }, PO)).toBe('invalid_state');
    expect(decide('purchase', 'purchaseOrders.approve', { state: 'approved' }, PO)).toBe('forbidden');
  });

  it("forbidden for another person's record in every state; invalid_state for one's own signed record", () => {
    const signed = { state: 'passed', userId: 7, ownerId: 7, qaBy: 3 };
    expect(decide('tester', 'testChecklists.result', { ...signed, userId: 8 }, TESTS)).toBe('forbidden');
    expect(decide('tester', 'testChecklists.result', signed, TESTS)).toBe('invalid_state');
    expect(decide('tester', 'testChecklists.result', { ...signed, qaBy: null, state: 'failed' }, TESTS)).toBe(
      'allowed',
    );
  });
});
