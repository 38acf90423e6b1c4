/** The eight fixed roles (document 1 section 1). Canonical spelling is used everywhere inside BPM. */
export const ROLES = [
  'administrator',
  'sale',
  'shipping',
  'production',
  'purchase',
  'qa',
  'poapproval',
  'tester',
] as const;
export type Role = (typeof ROLES)[number];

/** Alternative spellings some screens use; both denote the same role. */
const ROLE_ALIASES: Record<string, Role> = { admin: 'administrator', 'po-approval': 'poapproval' };

/** Accepts either spelling and returns the canonical role, or undefined. */
export function normalizeRole(value: unknown): Role | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if ((ROLES as readonly string[]).includes(v)) return v as Role;
  return ROLE_ALIASES[v];
}

/** The API role prefix of a role (`/admin/…`, `/sale/…`, …). */
export function rolePrefix(role: Role): string {
  return role === 'administrator' ? 'admin' : role;
}

/**
 * Which of a call's path variants a role uses: its own prefix when the call has one for it, else the
 * first (the general one) — e.g. `['sales', 'shipping', 'production']` or `['admin', 'poapproval']`.
 */
export function variantFor<V extends string>(role: Role, variants: readonly [V, ...V[]]): V {
  const own = rolePrefix(role);
  return variants.find((v) => v === own) ?? variants[0];
}

export const ROLE_LABELS: Record<Role, string> = {
  administrator: 'administrator',
  sale: 'sale',
  shipping: 'shipping',
  production: 'production',
  purchase: 'purchase',
  qa: 'qa',
  poapproval: 'poapproval',
  tester: 'tester',
};

export interface MenuEntry {
  label: string;
  /** Route path; `null` for Logout, which is an action. */
  path: string | null;
}

const M = {
  dashboard: { label: 'Dashboard', path: '/dashboard' },
  products: { label: 'Products', path: '/products' },
  quotations: { label: 'Quotations', path: '/quotations' },
  orders: { label: 'Orders', path: '/orders' },
  dealers: { label: 'Dealers', path: '/dealers' },
  tasks: { label: 'My Tasks', path: '/tasks' },
  projects: { label: 'Projects', path: '/projects' },
  testchecklists: { label: 'Test Checklists', path: '/testchecklists' },
  stocktestchecklists: { label: 'Stock Test Checklists', path: '/stocktestchecklists' },
  packinglists: { label: 'Packing Lists', path: '/packinglists' },
  events: { label: 'Events', path: '/events' },
  reports: { label: 'Reports', path: '/reports' },
  genlic: { label: 'License Generator', path: '/genlic' },
  purchaseorders: { label: 'Purchase Orders', path: '/purchaseorders' },
  partComponents: { label: 'Part Components', path: '/partComponents' },
  suppliers: { label: 'Suppliers', path: '/suppliers' },
  users: { label: 'Users', path: '/users' },
  settings: { label: 'Settings', path: '/settings' },
  backup: { label: 'Backup', path: '/settings/backup' },
  import: { label: 'Import', path: '/import' },
  logout: { label: 'Logout', path: null },
} satisfies Record<string, MenuEntry>;

/** Side menu entries per role, in the order of document 1 table 2.3. */
export const MENUS: Record<Role, readonly MenuEntry[]> = {
  sale: [
    M.dashboard,
    M.products,
    M.quotations,
    M.orders,
    M.dealers,
    M.tasks,
    M.projects,
    M.testchecklists,
    M.stocktestchecklists,
    M.packinglists,
    M.events,
    M.reports,
    M.genlic,
    M.logout,
  ],
  shipping: [
    M.products,
    M.quotations,
    M.orders,
    M.dealers,
    M.packinglists,
    M.tasks,
    M.projects,
    M.purchaseorders,
    M.reports,
    M.logout,
  ],
  production: [
    M.dashboard,
    M.products,
    M.quotations,
    M.orders,
    M.dealers,
    M.tasks,
    M.projects,
    M.testchecklists,
    M.stocktestchecklists,
    M.packinglists,
    M.logout,
  ],
  purchase: [M.dashboard, M.products, M.partComponents, M.suppliers, M.purchaseorders, M.tasks, M.projects, M.logout],
  qa: [M.purchaseorders, M.testchecklists, M.tasks, M.projects, M.logout],
  poapproval: [M.purchaseorders, M.tasks, M.projects, M.logout],
  tester: [M.testchecklists, M.stocktestchecklists, M.tasks, M.projects, M.logout],
  // "Everything above plus Users, Events, Reports and License Generator" (order: docs/decisions.md).
  administrator: [
    M.dashboard,
    M.products,
    M.quotations,
    M.orders,
    M.dealers,
    M.partComponents,
    M.suppliers,
    M.purchaseorders,
    M.packinglists,
    M.testchecklists,
    M.stocktestchecklists,
    M.tasks,
    M.projects,
    M.users,
    M.events,
    M.reports,
    M.genlic,
    // The company block every document prints (issue 24 item 3): the administrator's only.
    M.settings,
    // Backup and spreadsheet import (issue 26): the administrator's only.
    M.backup,
    M.import,
    M.logout,
  ],
};

const crud = (base: string, param: string) => [base, `${base}/add`, `${base}/edit/:${param}`];
const listEdit = (base: string, param: string) => [base, `${base}/edit/:${param}`];
const tasks = ['/tasks', '/tasks/add', '/tasks/edit/:TaskId', '/tasks/view/:TaskId'];
const projects = ['/projects', '/projects/add', '/projects/edit/:ProjectId', '/projects/view/:ProjectId'];
const testchecklists = ['/testchecklists', '/testchecklists/:OrderId', '/testchecklists/test/:ChecklistId'];
const stocktestchecklists = [
  '/stocktestchecklists',
  '/stocktestchecklists/:ProductId',
  '/stocktestchecklists/test/:ChecklistId',
];
const purchaseordersFull = [
  ...crud('/purchaseorders', 'PurchaseOrderId'),
  '/purchaseorders/history/:PurchaseOrderId',
  '/purchaseorders/history/:PurchaseOrderId/:PurchaseOrderHistoryId',
];
const ev = (...kinds: string[]) => kinds.map((k) => `/events/${k}/:ParamId`);
/** A serial's passport (BPM's own, issue 23): the roles of permission 'units.passport'. */
const serials = ['/serials/:Serial'];

const adminRoutes = [
  '/dashboard',
  '/dashboard/:dealerId',
  ...crud('/products', 'ProductId'),
  ...crud('/quotations', 'QuotationId'),
  ...crud('/orders', 'OrderId'),
  ...crud('/partComponents', 'id'),
  ...crud('/dealers', 'DealerId'),
  ...crud('/suppliers', 'SupplierId'),
  ...crud('/users', 'UserId'),
  '/events',
  ...ev('order', 'quotation', 'packinglist', 'purchaseorder', 'task', 'project'),
  '/reports',
  '/genlic',
  '/settings',
  '/settings/backup',
  '/import',
  ...crud('/packinglists', 'PackingListId'),
  ...purchaseordersFull,
  ...testchecklists,
  ...stocktestchecklists,
  ...serials,
  ...tasks,
  ...projects,
];

const saleExcluded = [
  '/partComponents',
  '/suppliers',
  '/users',
  '/purchaseorders',
  '/events/purchaseorder',
  '/settings',
  '/import',
];

/** Client route patterns each role may reach (document 1 section 2.4). */
export const ROUTES: Record<Role, readonly string[]> = {
  administrator: adminRoutes,
  sale: adminRoutes.filter((r) => !saleExcluded.some((x) => r === x || r.startsWith(`${x}/`))),
  shipping: [
    ...listEdit('/products', 'ProductId'),
    ...listEdit('/quotations', 'QuotationId'),
    ...crud('/orders', 'OrderId'),
    ...crud('/dealers', 'DealerId'),
    ...ev('order', 'packinglist', 'task', 'project'),
    '/reports',
    ...crud('/packinglists', 'PackingListId'),
    ...listEdit('/purchaseorders', 'PurchaseOrderId'),
    ...serials,
    ...tasks,
    ...projects,
  ],
  production: [
    '/dashboard',
    '/dashboard/:dealerId',
    ...crud('/products', 'ProductId'),
    ...crud('/quotations', 'QuotationId'),
    ...crud('/orders', 'OrderId'),
    ...listEdit('/dealers', 'DealerId'),
    ...ev('order', 'quotation', 'packinglist', 'task', 'project'),
    ...crud('/packinglists', 'PackingListId'),
    ...testchecklists,
    ...stocktestchecklists,
    ...serials,
    ...tasks,
    ...projects,
  ],
  purchase: [
    '/dashboard',
    '/dashboard/:supplierId',
    ...listEdit('/products', 'ProductId'),
    ...crud('/partComponents', 'id'),
    ...crud('/suppliers', 'SupplierId'),
    ...purchaseordersFull,
    ...ev('purchaseorder', 'task', 'project'),
    ...tasks,
    ...projects,
  ],
  qa: [
    ...listEdit('/purchaseorders', 'PurchaseOrderId'),
    ...testchecklists,
    ...serials,
    ...tasks,
    ...projects,
    ...ev('purchaseorder', 'task', 'project'),
  ],
  poapproval: [
    ...listEdit('/purchaseorders', 'PurchaseOrderId'),
    ...tasks,
    ...projects,
    ...ev('purchaseorder', 'task', 'project'),
  ],
  tester: [...testchecklists, ...stocktestchecklists, ...serials, ...tasks, ...projects, ...ev('task', 'project')],
};

/** Where an unmatched path lands after login (document 1 section 2.4). */
export function landingRoute(role: Role): string {
  switch (role) {
    case 'administrator':
    case 'sale':
    case 'production':
    case 'purchase':
      return '/dashboard';
    case 'qa':
    case 'poapproval':
      return '/purchaseorders';
    case 'tester':
      return '/testchecklists';
    default:
      return '/orders';
  }
}

/** True when `pattern` (with `:param` segments) matches `path`. Paths compare case-sensitively. */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const s = path.replace(/\/+$/, '').split('/').filter(Boolean);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i] as string;
    const val = s[i] as string;
    if (seg.startsWith(':')) {
      // Static words of the table (add, edit, test, history) never count as ids.
      if (['add', 'edit', 'view', 'test', 'history'].includes(val)) return null;
      params[seg.slice(1)] = decodeURIComponent(val);
    } else if (seg !== val) return null;
  }
  return params;
}

/** Whether `role` may reach the client `path`; when not, the guard sends it to its landing route. */
export function canReach(role: Role, path: string): boolean {
  return ROUTES[role].some((pattern) => matchRoute(pattern, path) !== null);
}
