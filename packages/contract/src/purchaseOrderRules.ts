// Purchase-order state rules (document 2 sections 4 and 6), apart from the schemas so that the
// permission table (loaded by the login screen) does not pull the whole purchasing contract in.
import type { PermissionContext, StateRule } from './permissions';
import type { PoStatus } from './purchaseOrders';
import type { Role } from './roles';

const st = (c: PermissionContext) => c.state as PoStatus | undefined;
const done = (s: PoStatus | undefined) => s === 'approved' || s === 'received';

/** Each lifecycle action's rule on top of the role table; an absent state means a new (unsaved) PO. */
export const PO_STATE_RULES: Record<string, StateRule> = {
  'purchaseOrders.save': (_r, c) => st(c) === undefined || st(c) === 'draft',
  'purchaseOrders.revise': (_r, c) => !!st(c) && st(c) !== 'draft' && st(c) !== 'cancelled',
  'purchaseOrders.duplicate': (_r, c) => !!st(c) && st(c) !== 'cancelled',
  'purchaseOrders.requestApproval': (_r, c) => st(c) === 'draft',
  'purchaseOrders.approve': (_r, c) => st(c) === 'waitingapproval',
  'purchaseOrders.receive': (_r, c) => st(c) === 'approved',
  'purchaseOrders.cancel': (r: Role, c) => !!st(c) && st(c) !== 'cancelled' && (!done(st(c)) || r === 'administrator'),
  'purchaseOrders.pay': (_r, c) => done(st(c)),
  'purchaseOrders.quote': (_r, c) => st(c) === 'draft' || st(c) === 'waitingapproval',
  'purchaseOrders.shippingCost': (r: Role, c) => !!st(c) && st(c) !== 'cancelled' && (r !== 'shipping' || done(st(c))),
  'purchaseOrders.awb': (r: Role, c) => !!st(c) && st(c) !== 'cancelled' && (r !== 'qa' || done(st(c))),
  'purchaseOrders.pdf': (_r, c) => done(st(c)),
};

/** Lifecycle actions in the order the transition matrix lists them. */
export const PO_ACTIONS = Object.keys(PO_STATE_RULES);
