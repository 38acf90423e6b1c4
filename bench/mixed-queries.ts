/**
 * The list queries the mixed bench's virtual users send, drawn from a seeded PRNG over what each list page offers
 * (packages/web/src/features/…/*Page.tsx and packages/web/src/api/*.ts): filters, sort × direction, searches and
 * pages up to offset 2,000, so no two requests are likely the same URL and the answer caches rarely serve.
 */
import { ORDER_SORTS } from '@bpm/contract/order-reads';
import { SHIPPING_STATUSES } from '@bpm/contract/orders';
import { PO_SORTS } from '@bpm/contract/purchase-orders';
import { QUOTATION_SORTS } from '@bpm/contract/quotations';
import { encodeTimezone } from '@bpm/contract/reports';
import type { Rnd } from './mixed-client';

const DAY = 86400;
type Q = Record<string, string | number | undefined>;

/** What the queries draw from: ids that exist in the bench database, and its clock. */
export interface Pools {
  dealers: number[];
  suppliers: number[];
  now: number;
}

/** limit (the page sizes the lists offer) and offset: the first page most often, else one up to offset 2,000. */
export function page(r: Rnd, sizes: readonly number[] = [25, 50, 50, 100]): Q {
  const limit = r.pick(sizes);
  const offset = r.chance(0.55) ? 0 : limit * r.int(1, Math.floor(2000 / limit));
  return { limit, offset };
}

/** A sort column and direction, or the list's default order (about a third of the time). */
function sort(r: Rnd, sorts: readonly string[]): Q {
  if (r.chance(0.35)) return {};
  return { sort: r.pick(sorts), order: r.chance(0.5) ? 'asc' : 'desc' };
}

/** A date window ending today (the date filters), in about a quarter of the queries. */
function window(r: Rnd, p: Pools, from = 'start', to = 'end'): Q {
  if (!r.chance(0.25)) return {};
  const days = r.pick([7, 30, 90, 180, 365]);
  return { [from]: p.now - days * DAY, [to]: p.now };
}

/** A search box entry: a reference prefix, a number, a word or a miss. */
function search(r: Rnd, prefixes: readonly string[], chance = 0.15): Q {
  if (!r.chance(chance)) return {};
  const kind = r.int(0, 3);
  const text =
    kind === 0
      ? `${r.pick(prefixes)}${r.int(1, 999)}`
      : kind === 1
        ? String(r.int(10, 9999))
        : kind === 2
          ? r.pick(['note', 'bulk', 'shipping', 'purpose', 'step', 'ana', 'usd'])
          : r.pick(['xyz', 'qqq', 'zz9']);
  return { search: text };
}

const dealer = (r: Rnd, p: Pools, chance = 0.2): Q => (r.chance(chance) ? { dealer: r.pick(p.dealers) } : {});

/** GET /orders (sales) or /shipping|production/orders: statuses, dealer, window, payment, flags, sort, page. */
export function ordersQuery(r: Rnd, p: Pools, variant: 'sales' | 'shipping' | 'production'): Q {
  const statuses =
    variant === 'shipping' && r.chance(0.5)
      ? ['wait', 'ship']
      : r.chance(0.3)
        ? SHIPPING_STATUSES.filter(() => r.chance(0.5))
        : [...SHIPPING_STATUSES];
  return {
    ...search(r, ['oc-l', 'inv-l', 'awb10']),
    ...dealer(r, p),
    ...window(r, p),
    shipping_status: statuses.length === SHIPPING_STATUSES.length ? undefined : statuses.join(';') || ';',
    shipping_for_today: r.chance(0.05) ? 1 : undefined,
    ...(r.chance(0.05) ? { expected_before_today: 1, today_start: p.now - (p.now % DAY) } : {}),
    payment_status: variant === 'sales' && r.chance(0.2) ? r.pick(['paid', 'not paid']) : undefined,
    ...sort(r, ORDER_SORTS),
    ...page(r),
  };
}

export const quotationsQuery = (r: Rnd, p: Pools): Q => ({
  ...search(r, ['qt-l', 'oc-q']),
  ...dealer(r, p),
  ...window(r, p),
  ...sort(r, QUOTATION_SORTS),
  ...page(r),
});

export const poQuery = (r: Rnd, p: Pools, status?: string): Q => ({
  ...search(r, ['po-2025-', 'po-2024-']),
  supplier: r.chance(0.2) ? r.pick(p.suppliers) : undefined,
  ...window(r, p),
  status: status ?? (r.chance(0.3) ? r.pick(['draft', 'waitingapproval', 'approved', 'received', 'cancelled']) : 'all'),
  paid: r.chance(0.15) ? r.pick(['0', '1', '2']) : 'all',
  ...sort(r, PO_SORTS),
  ...page(r),
});

export const testOrdersQuery = (r: Rnd, p: Pools): Q => ({
  search: '',
  ...search(r, ['oc-l']),
  ...dealer(r, p, 0.15),
  ...window(r, p, 'date_from', 'date_to'),
  test_status: r.chance(0.4)
    ? r.pick(['pending', 'in progress', 'failed', 'waiting approval', 'passed', 'completed'])
    : 'all',
  ...sort(r, ['date', 'oc_ref', 'dealer_name', 'test_status']),
  ...page(r),
});

export const packingListsQuery = (r: Rnd, p: Pools): Q => ({
  search: '',
  ...search(r, ['sn-p']),
  ...dealer(r, p, 0.15),
  ...window(r, p, 'date_from', 'date_to'),
  ...sort(r, ['date', 'oc_ref', 'dealer_name', 'shipping_date', 'po_number', 'customer']),
  ...page(r),
});

/** Which day is today for the task lists: the browser's time zone (UTC here). */
export const TZ = encodeTimezone('UTC');

export const tasksQuery = (r: Rnd, p: Pools): Q => ({
  search: '',
  ...search(r, ['bulk task '], 0.1),
  status: r.chance(0.4) ? r.pick(['new', 'in progress', 'completed']) : undefined,
  priority: r.chance(0.2) ? r.pick(['low', 'medium', 'high']) : undefined,
  ...window(r, p, 'date_from', 'date_to'),
  ...page(r, [25, 50]),
  timezone: TZ,
});

export const projectsQuery = (r: Rnd, p: Pools): Q => ({
  search: '',
  ...search(r, ['bulk project '], 0.1),
  ...window(r, p, 'date_from', 'date_to'),
  completion: r.pick(['not-completed', 'not-completed', 'all', 'completed']),
  ...sort(r, ['name']),
  limit: 50,
  offset: r.chance(0.8) ? 0 : 50 * r.int(1, 4),
});

export const eventsQuery = (r: Rnd, p: Pools): Q => ({
  search: '',
  ...search(r, ['n'], 0.15),
  type: r.chance(0.2) ? r.pick(['order', 'quotation', 'task', 'purchaseorder']) : undefined,
  ...window(r, p, 'from', 'to'),
  ...page(r, [25, 50, 100]),
});

export const productsQuery = (r: Rnd, p: Pools): Q => ({
  search: '',
  ...search(r, ['p', 'bpm'], 0.2),
  status: r.pick(['all', 'all', 'active', 'inactive']),
  StartDate: p.now - 30 * DAY,
  EndDate: p.now,
  ...sort(r, ['product_code', 'hs_code', 'desc', 'msrp', 'discount', 'active', 'bom_cost']),
  limit: 25,
  offset: 0,
});

/** A short list of a few hundred rows at most (dealers, suppliers, part components, users, stock products). */
export const smallListQuery = (r: Rnd, sorts: readonly string[], extra: Q = {}): Q => ({
  search: '',
  ...search(r, ['a', 'e'], 0.2),
  ...extra,
  ...sort(r, sorts),
  limit: 25,
  offset: r.chance(0.8) ? 0 : 25 * r.int(1, 3),
});
