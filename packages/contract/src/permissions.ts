import { ROLES, type Role } from './roles';

const ALL = ROLES;
const admin = ['administrator'] as const;

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

  // Files: the per-file-type rule is in FILE_TYPE_ROLES; this gate admits the roles of any type.
  'files.read': ALL,
  'files.admin': admin,

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
  // Sales (document 1 sections 2.6–2.10, 4.3, 6; docs/decisions.md, Sales). Role-prefixed paths
  // (/sale/…, /shipping/…, /production/…, /admin/…) further narrow to that role.
  'dealers.read': ['administrator', 'sale', 'shipping', 'production'],
  'dealers.save': ['administrator', 'sale', 'shipping'],
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
  // The API reference (GET /api/openapi.json): administrators only (beyond the spec, issue 7).
  'apiDocs.read': admin,
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

/**
 * State rules by action. An area keeps its rules beside its schemas (contract/src/<area>.ts) and
 * lists them here; an action without a rule is decided by the role table alone.
 */
export const STATE_RULES: Partial<Record<Action, StateRule>> = {};

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

/** The roles allowed to perform `action`. */
export function rolesFor(action: Action): readonly Role[] {
  return PERMISSIONS[action];
}

/**
 * Who may download each file type through GET /files/{fileType}/{id}. Areas register their types
 * here; a type not listed cannot be downloaded by anyone but through its owner's own route.
 */
export const FILE_TYPE_ROLES: Record<string, readonly Role[]> = {
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
};
