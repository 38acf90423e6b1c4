import type { OrderFileField } from './orders';
import type { PermissionFunction, ProjectRole } from './projects';
import { ROLES, type Role } from './roles';

const ALL = ROLES;
const admin = ['administrator'] as const;
/** Who reads a dealer's statement of accounts (and so may e-mail it to the dealer). */
const statementReaders = ['administrator', 'sale'] as const;

/**
 * Who may download each file type through GET /files/{fileType}/{id}: folded into PERMISSIONS as
 * the actions `files.<type>` (e.g. `can(role, 'files.orders/oc_pdf')`, or `canFile(role, type)`).
 * An area lists a type here when it registers the type (server platform/file-types.ts); the
 * server refuses to start when the registered types and this table differ.
 */
export const FILE_TYPE_ROLES = {
  'users/signature_img': admin,
  'products/product_image': ['administrator', 'sale', 'production'],
  'partComponents/part_image': ['administrator', 'purchase'],
  'orders/oc_pdf': ['administrator', 'sale', 'shipping', 'production'],
  'orders/invoice_pdf': ['administrator', 'sale', 'shipping', 'production'],
  'orders/shipping_invoice_pdf': ['administrator', 'sale', 'shipping', 'production'],
  'orders/shipping_packing_list_pdf': ['administrator', 'sale', 'shipping', 'production'],
  'quotations/oc_pdf': ['administrator', 'sale', 'shipping', 'production'],
  'quotations/invoice_pdf': ['administrator', 'sale', 'shipping', 'production'],
  'dealers/agreement_pdf': ['administrator', 'sale', 'shipping', 'production'],
  // Every role; the attachment's project membership is checked by its resolver.
  'task_attachments/task_attachment_file': ALL,
  'purchase_order/po_pdf': ['administrator', 'purchase', 'qa', 'poapproval', 'shipping'],
  'purchase_order/proof_payment_pdf': ['administrator', 'purchase'],
  'purchase_order/supplier_quote_pdf': ['administrator', 'purchase', 'qa', 'poapproval'],
  'purchase_order_history/po_pdf': ['administrator', 'purchase'],
  'purchase_order_history/proof_payment_pdf': ['administrator', 'purchase'],
  'purchase_order_history/supplier_quote_pdf': ['administrator', 'purchase'],
  'test_checklist/test_checklist_pdf': ['administrator', 'sale', 'production', 'tester', 'qa'],
  'test_checklist/test_checklist_order_zip': ['administrator', 'sale', 'production', 'tester', 'qa'],
  'packing_list/packing_list_pdf': ['administrator', 'sale', 'production', 'shipping'],
  // The company's logo (issue 24 item 3): its Settings page is the administrator's.
  'company/logo': admin,
} as const satisfies Record<string, readonly Role[]>;

export type FileType = keyof typeof FILE_TYPE_ROLES;
export const FILE_TYPES = Object.keys(FILE_TYPE_ROLES) as FileType[];
type FileActions = { [T in FileType as `files.${T}`]: (typeof FILE_TYPE_ROLES)[T] };
const FILE_ACTIONS = Object.fromEntries(FILE_TYPES.map((t) => [`files.${t}`, FILE_TYPE_ROLES[t]])) as FileActions;

/**
 * The one permission table: action → roles allowed to call it. Deny by default: an action not
 * listed here allows nobody, and every API route names exactly one action (or is public).
 * Areas add their actions here; the role × route test snapshots who may call what.
 */
export const PERMISSIONS = {
  // Session and profile: any signed-in user.
  'profile.read': ALL,

  // Users (document 1 section 2.11): administrator only.
  'users.manage': admin,

  // Events (document 3 section 2.5): who may open each history follows the route tables.
  'events.all': ['administrator', 'sale'],
  'events.order': ['administrator', 'sale', 'shipping', 'production'],
  'events.quotation': ['administrator', 'sale', 'production'],
  'events.packinglist': ['administrator', 'sale', 'shipping', 'production'],
  'events.purchaseorder': ['administrator', 'purchase', 'qa', 'poapproval'],
  'events.task': ALL,
  'events.project': ALL,

  // Files: the route gate admits any role; the type's own action `files.<type>` then decides.
  'files.read': ALL,
  'files.admin': admin,
  ...FILE_ACTIONS,

  // Products (document 2 sections 2 and 6). Read-only for shipping and purchase; purchase cannot save.
  'products.read': ['administrator', 'sale', 'shipping', 'production', 'purchase'],
  'products.save': ['administrator', 'sale', 'production'],
  // Enable/disable, Duplicate, statistics and the image are not for shipping and purchase.
  'products.manage': ['administrator', 'sale', 'production'],
  // BOM tab: administrator or purchase; Test Checklist tab: administrator, production, sale.
  'boms.manage': ['administrator', 'purchase'],
  'productTestChecklist.manage': ['administrator', 'production', 'sale'],
  // Part components and suppliers are reached by administrator and purchase.
  'partComponents.manage': ['administrator', 'purchase'],
  'suppliers.manage': ['administrator', 'purchase'],
  // Sales (document 1 sections 2.6–2.10, 4.3, 6; docs/decisions.md, Orders & quotations). Role-prefixed paths
  // (/sale/…, /shipping/…, /production/…, /admin/…) further narrow to that role.
  'dealers.read': ['administrator', 'sale', 'shipping', 'production'],
  'dealers.save': ['administrator', 'sale', 'shipping'],
  // 'New dealer' (document 1 section 2.10): shipping edits dealers but does not add them (a web gate).
  'dealers.create': ['administrator', 'sale'],
  'orders.read': ['administrator', 'sale'],
  'orders.save': ['administrator', 'sale'],
  'orders.requestDelete': ['sale'],
  'orders.delete': admin,
  'orders.shipping': ['shipping'],
  'orders.production': ['production'],
  'quotations.read': ['administrator', 'sale'],
  'quotations.save': ['administrator', 'sale'],
  'quotations.requestDelete': ['sale', 'production'],
  'quotations.delete': admin,
  'quotations.shipping': ['shipping'],
  'quotations.production': ['production'],
  'autocomplete.orders': ['administrator', 'sale', 'shipping', 'production', 'qa', 'tester'],
  'autocomplete.products': ['administrator', 'sale', 'production'],
  // Dashboards (document 1 section 2.5): sales overview for administrator and sale, production overview for production.
  'dashboard.sales': ['administrator', 'sale'],
  'dashboard.production': ['production'],
  // Tasks and projects (document 3 sections 2.3, 2.4, 6): every role; the project role decides the rest.
  'tasks.use': ALL,
  'projects.use': ALL,
  // License generator (/genlic, document 1 §2.3) and reports (document 2 §6): see docs/decisions.md.
  'license.generate': ['administrator', 'sale'],
  // A serial's passport (issue 23): its unit and tests; its order, dealer and packing lists not to a tester.
  'units.passport': ['administrator', 'sale', 'production', 'shipping', 'tester', 'qa'],
  'units.passportOrder': ['administrator', 'sale', 'production', 'shipping', 'qa'],
  'reports.dealerStatement': statementReaders,
  'reports.overdueInvoices': ['administrator', 'sale'],
  'reports.shippingCost': ['administrator', 'shipping'],
  'reports.monthlySales': ['administrator', 'sale'],
  'reports.topDealers': ['administrator', 'sale'],
  'reports.salesBomCost': ['administrator', 'sale'],
  // Purchase orders (document 2 sections 4 and 6; docs/decisions.md, Purchasing). State rules: STATE_RULES.
  'purchaseOrders.read': ['administrator', 'purchase', 'qa', 'poapproval', 'shipping'],
  'purchaseOrders.save': ['administrator', 'purchase'],
  'purchaseOrders.revise': ['administrator', 'purchase'],
  'purchaseOrders.duplicate': ['administrator', 'purchase'],
  'purchaseOrders.requestApproval': ['administrator', 'purchase'],
  'purchaseOrders.approve': ['administrator', 'poapproval'],
  'purchaseOrders.receive': admin,
  'purchaseOrders.cancel': ['administrator', 'purchase'],
  'purchaseOrders.pay': ['administrator', 'purchase'],
  'purchaseOrders.quote': ['administrator', 'purchase'],
  'purchaseOrders.shippingCost': ['administrator', 'purchase', 'shipping'],
  'purchaseOrders.awb': ['administrator', 'purchase', 'qa'],
  'purchaseOrders.pdf': ['administrator', 'purchase', 'qa', 'poapproval', 'shipping'],
  'purchaseOrders.history': ['administrator', 'purchase'],
  'purchaseOrders.approvers': ['administrator', 'purchase'],
  'purchaseOrders.lookups': ['administrator', 'purchase', 'qa', 'poapproval', 'shipping'],
  'purchaseOrders.manageLookups': admin,
  'dashboard.purchasing': ['administrator', 'purchase'],
  // Test checklists (document 3 section 6; state rules below, docs/decisions.md, Test checklists).
  'testChecklists.read': ['administrator', 'sale', 'production', 'tester', 'qa'],
  'stockTestChecklists.read': ['administrator', 'sale', 'production', 'tester'],
  'testChecklists.manage': ['administrator', 'sale', 'production'],
  'testChecklists.steps': ['administrator', 'sale', 'production'],
  'testChecklists.revision': ['administrator', 'sale', 'production'],
  'testChecklists.serials': ['administrator', 'sale', 'production', 'tester'],
  'testChecklists.result': ['tester', 'sale', 'production'],
  'testChecklists.retest': ['tester', 'sale', 'production'],
  'testChecklists.sign': ['qa'],
  'testChecklists.approve': ['administrator', 'sale'],
  'testChecklists.testers': ['administrator', 'sale', 'production'],
  // Packing lists (document 2): shipping through its own /shipping/packinglists variant.
  'packingLists.manage': ['administrator', 'sale', 'production'],
  'packingLists.shipping': ['shipping'],
  // The API reference (GET /api/openapi.json): administrators only (beyond the spec, issue 7).
  'apiDocs.read': admin,
  // Backup download and spreadsheet import (issue 26 items 1 and 2): the administrator's Settings › Backup and Import.
  'backup.download': admin,
  'imports.run': admin,
  // Company settings (issue 24 item 3): the block every document prints; the administrator's Settings page.
  'company.manage': admin,
  // Sending a document to its dealer by e-mail (issue 24 item 2): who may see the document may send it.
  'orders.sendOc': FILE_TYPE_ROLES['orders/oc_pdf'],
  'orders.sendInvoice': FILE_TYPE_ROLES['orders/invoice_pdf'],
  'reports.sendDealerStatement': statementReaders,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/**
 * What a state rule may look at besides the role: the record's state (e.g. a purchase order's
 * status), and who owns or is assigned to it. Areas add the fields they need.
 */
export interface PermissionContext {
  /** The record's current state, e.g. `draft`, `approved`. */
  state?: string;
  /** The signed-in user's id. */
  userId?: number;
  /** The user the record is assigned to or owned by (an assigned tester, a task's assignee). */
  ownerId?: number | null;
  [key: string]: unknown;
}

/** A state rule: given a role the table already admits, whether the record's context allows the action. */
export type StateRule = (role: Role, ctx: PermissionContext) => boolean;

// The building blocks of state rules: an area declares its rules with these, no special cases.

/** The record is in one of `states`. */
export const inStates =
  (...states: string[]): StateRule =>
  (_role, ctx) =>
    ctx.state !== undefined && states.includes(ctx.state);

/** The record is in none of `states` (a record whose state is not given passes). */
export const notInStates =
  (...states: string[]): StateRule =>
  (_role, ctx) =>
    ctx.state === undefined || !states.includes(ctx.state);

/** The record's state is not given (a new record, or "may this person at all") or one of `states`. */
export const unsetOrInStates =
  (...states: string[]): StateRule =>
  (_role, ctx) =>
    ctx.state === undefined || states.includes(ctx.state);

/** The signed-in user is the one the record is assigned to (its tester); not checked when either is not given. */
export const assignedToUser: StateRule = (_role, ctx) =>
  ctx.userId === undefined || ctx.ownerId === undefined || ctx.userId === ctx.ownerId;

/** The context field is empty (e.g. `qaBy`: no QA sign-off yet). */
export const isEmpty =
  (field: string): StateRule =>
  (_role, ctx) =>
    ctx[field] == null || ctx[field] === '' || ctx[field] === 0;

/** Every rule allows. */
export const allOf =
  (...rules: StateRule[]): StateRule =>
  (role, ctx) =>
    rules.every((r) => r(role, ctx));

/** A further rule for some roles only; the other roles the table admits pass. */
export const byRole =
  (rules: Partial<Record<Role, StateRule>>): StateRule =>
  (role, ctx) =>
    rules[role]?.(role, ctx) ?? true;

// Purchase orders (document 2 sections 4 and 6): context `{ state }`, no state = a new purchase order.
const PO_OPEN = ['draft', 'waitingapproval', 'approved', 'rejected', 'received'];
const PO_DONE = ['approved', 'received'];
// Test checklists (document 3 section 6): context `{ state, userId, ownerId (the assigned tester), qaBy }`;
// fields not given are not checked, so the server can first ask whether this person may at all.
const unsigned = allOf(isEmpty('qaBy'), notInStates('completed'));

/**
 * The state rules: an action's rule on top of the role table, checked when a record's context is given.
 * The rules that run are these; contract/test/permissions.test.ts and the servers' matrix tests check them.
 */
export const STATE_RULES: Partial<Record<Action, StateRule>> = {
  'purchaseOrders.save': unsetOrInStates('draft'),
  'purchaseOrders.revise': inStates('waitingapproval', 'approved', 'rejected', 'received'),
  'purchaseOrders.duplicate': inStates(...PO_OPEN),
  'purchaseOrders.requestApproval': inStates('draft'),
  'purchaseOrders.approve': inStates('waitingapproval'),
  'purchaseOrders.receive': inStates('approved'),
  // Once approved or received, only the administrator cancels.
  'purchaseOrders.cancel': allOf(inStates(...PO_OPEN), byRole({ purchase: notInStates(...PO_DONE) })),
  'purchaseOrders.pay': inStates(...PO_DONE),
  'purchaseOrders.quote': inStates('draft', 'waitingapproval'),
  'purchaseOrders.shippingCost': allOf(inStates(...PO_OPEN), byRole({ shipping: inStates(...PO_DONE) })),
  'purchaseOrders.awb': allOf(inStates(...PO_OPEN), byRole({ qa: inStates(...PO_DONE) })),
  'purchaseOrders.pdf': inStates(...PO_DONE),
  // Edit or delete: not once signed, completed, or waiting for approval.
  'testChecklists.manage': allOf(unsigned, notInStates('waiting approval')),
  // Serials: the editing roles, or the assigned tester; never once signed.
  'testChecklists.serials': allOf(byRole({ tester: assignedToUser }), unsigned),
  // Result cells: only the assigned tester (also when sale or production), only unsigned.
  'testChecklists.result': allOf(assignedToUser, unsigned),
  // After a change following sign-off: the assigned tester tests the added or edited steps (the server keeps
  // the other steps locked) until the change is approved.
  'testChecklists.retest': allOf(assignedToUser, inStates('waiting approval')),
  'testChecklists.sign': unsetOrInStates('passed'),
  'testChecklists.approve': unsetOrInStates('waiting approval'),
};

/**
 * Whether `role` may perform `action` — and, when `context` is given, whether the action's state
 * rule allows it on that record. Unknown actions and missing roles are denied.
 */
export function can(role: Role | undefined | null, action: Action, context?: PermissionContext): boolean {
  if (!role) return false;
  const allowed = PERMISSIONS[action] as readonly Role[] | undefined;
  if (!allowed?.includes(role)) return false;
  const rule = context ? STATE_RULES[action] : undefined;
  return rule ? rule(role, context as PermissionContext) : true;
}

export function isFileType(fileType: string): fileType is FileType {
  return Object.hasOwn(FILE_TYPE_ROLES, fileType);
}

/** Whether `role` may download files of `fileType` (`orders/oc_pdf`); unknown types are denied. */
export function canFile(role: Role | undefined | null, fileType: string): boolean {
  return isFileType(fileType) && can(role, `files.${fileType}`);
}

/** The money fields of an order or quotation that only roles with `orders.read` see (field rights). */
export const MONEY_FIELDS = {
  value: true,
  sales: true,
  payment_status: true,
  payment_due_date: true,
  payment_date: true,
  payment_advance: true,
  payment_full: true,
  payment_received: true,
  outstanding: true,
  outstanding_shipped: true,
} as const;
/** The money fields of their lines. */
export const LINE_MONEY_FIELDS = { msrp: true, discount: true, amount: true, bom_cost: true } as const;

/**
 * Field rights of the limited order variants (document 1 sections 2.7 and 6): the fields shipping and production
 * may change on an order (dealer and date: on create only) and the PDFs each may upload. The server parses their
 * saves with `shippingOrderSave` / `productionOrderSave`, whose keys are exactly these (contract test); the lists
 * are written out so this module stays free of the schemas (the login bundle loads it).
 */
export const LIMITED_ORDER_EDITS = {
  shipping: {
    fields: [
      'oc_ref',
      'shipping_status',
      'shipping_awb',
      'shipping_weight',
      'shipping_for_today',
      'distributor_shipments',
      'shipping_date_expected',
      'shipping_date',
      'shipping_cost',
      'actual_shipping_cost',
    ],
    uploads: ['oc_pdf', 'shipping_invoice_pdf', 'shipping_packing_list_pdf'],
  },
  production: {
    fields: ['oc_ref', 'note', 'shipping_for_today', 'distributor_shipments', 'shipping_date_expected'],
    uploads: ['oc_pdf'],
  },
} as const satisfies Record<string, { fields: readonly string[]; uploads: readonly OrderFileField[] }>;
export type LimitedOrderRole = keyof typeof LIMITED_ORDER_EDITS;
/** Keys of a limited save that name the record rather than change it (dealer and date: on create only). */
export const LIMITED_SAVE_META = ['id', 'version', 'dealer', 'date'] as const;

/** Whether shipping or production may change `field` of an order (dealer and date only on create). */
export function limitedOrderEditable(role: LimitedOrderRole, field: string, isNew: boolean): boolean {
  return (
    (LIMITED_ORDER_EDITS[role].fields as readonly string[]).includes(field) ||
    (isNew && (field === 'dealer' || field === 'date'))
  );
}

/**
 * What each sales-document variant (the role's screens and paths: sales = administrator and sale) may do
 * with orders and quotations: everything, read only, or the limited order edits of shipping or
 * production (LIMITED_ORDER_EDITS above lists their fields). Money is shown only with `full`.
 */
export const DOC_RIGHTS = {
  sales: { order: 'full', quotation: 'full' },
  shipping: { order: 'shipping', quotation: 'readOnly' },
  production: { order: 'production', quotation: 'full' },
} as const satisfies Record<string, Record<'order' | 'quotation', 'full' | 'readOnly' | 'shipping' | 'production'>>;

/** The role with every right of the portal (its `admin` account keeps it; it reads every history type). */
export const isAdministrator = (role: Role | undefined | null) => role === 'administrator';

/** The roles allowed to perform `action`. */
export function rolesFor(action: Action): readonly Role[] {
  return PERMISSIONS[action];
}

/** What an authorization check answers: allowed, never for this caller (403), or not in this state (409). */
export type Decision = 'allowed' | 'forbidden' | 'invalid_state';

/**
 * The one rule of 403 versus 409: refused is `forbidden` when the caller could not do this on this record
 * in any of its possible `states` (the role, or another person's record), `invalid_state` when some
 * state would allow it — the record's state is what stands in the way.
 */
export function decide(
  role: Role | undefined | null,
  action: Action,
  context: PermissionContext,
  states: readonly string[],
): Decision {
  if (!can(role, action)) return 'forbidden';
  if (can(role, action, context)) return 'allowed';
  const someState = states.some((state) => can(role, action, { ...context, state, qaBy: null }));
  return someState ? 'invalid_state' : 'forbidden';
}

// Project roles (document 3 section 6): membership, not the global role, decides inside a project.

type ProjectAction =
  | Exclude<PermissionFunction, 'can_manage_notes' | 'can_manage_attachments'>
  | 'manage_note'
  | 'manage_attachment';

const CONTRIBUTORS = ['owner', 'manager', 'member'] as const;
/**
 * What each project role may do; `own`: roles allowed only on a record (task, note, attachment) the
 * caller created or is assigned to.
 */
const PROJECT_RULES: Record<ProjectAction, { roles: readonly ProjectRole[]; own?: readonly ProjectRole[] }> = {
  is_project_owner: { roles: ['owner'] },
  can_view_members: { roles: [...CONTRIBUTORS, 'viewer'] },
  can_manage_members: { roles: ['owner', 'manager'] },
  can_create_tasks: { roles: CONTRIBUTORS },
  can_add_note: { roles: CONTRIBUTORS },
  can_add_attachment: { roles: CONTRIBUTORS },
  can_manage_tasks: { roles: ['owner', 'manager'], own: ['member'] },
  manage_note: { roles: ['owner', 'manager'], own: ['member'] },
  manage_attachment: { roles: ['owner', 'manager'], own: ['member'] },
};

/**
 * Whether a project role may do `fn`; `mine` says whether the record in question (a task, note or
 * attachment) was created by, or is assigned to, the caller. `null` role = not a member: nothing.
 */
export function projectCan(role: ProjectRole | null | undefined, fn: ProjectAction, mine = false): boolean {
  if (!role) return false;
  const rule = PROJECT_RULES[fn];
  return rule.roles.includes(role) || (mine && !!rule.own?.includes(role));
}

/** The role a project's creator always keeps. */
export const isProjectOwnerRole = (role: ProjectRole | null | undefined) => projectCan(role, 'is_project_owner');

/** Only an owner grants, changes or takes away the owner role (`null`: no membership before or after). */
export function mayChangeMembership(actor: ProjectRole, from: ProjectRole | null, to: ProjectRole | null): boolean {
  if (!projectCan(actor, 'can_manage_members')) return false;
  const touchesOwner = from !== to && (isProjectOwnerRole(from) || isProjectOwnerRole(to));
  return !touchesOwner || isProjectOwnerRole(actor);
}
