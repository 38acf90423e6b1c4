import { ORDER_DEFAULT_PAGE_SIZE, SHIPPING_STATUSES } from '@bpm/contract/orders';

/** Filter, sort and page state of an orders list (kept per user in local storage). */
export const ORDER_LIST_DEFAULTS = {
  search: '',
  dealer: -1,
  from: null as number | null,
  to: null as number | null,
  today: false,
  beforeToday: false,
  statuses: [...SHIPPING_STATUSES] as string[],
  payment: 'all',
  sort: 'date',
  order: 'desc' as 'asc' | 'desc',
  page: 0,
  pageSize: ORDER_DEFAULT_PAGE_SIZE,
};
export type OrderListState = typeof ORDER_LIST_DEFAULTS;

/** Unix seconds of local midnight today ('Expected Shipping Date is before Today'). */
export function todayStart(now = new Date()): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The list call's query. Statuses are joined by ';'; none selected is sent as ';' (an empty value
 * would be dropped from the URL and mean "all").
 */
export function orderListQuery(s: OrderListState, opts: { payment: boolean }) {
  const statuses = SHIPPING_STATUSES.filter((x) => s.statuses.includes(x));
  return {
    search: s.search || undefined,
    dealer: s.dealer > 0 ? s.dealer : undefined,
    start: s.from ?? undefined,
    end: s.to ?? undefined,
    shipping_status: statuses.length === SHIPPING_STATUSES.length ? undefined : statuses.join(';') || ';',
    shipping_for_today: s.today ? 1 : undefined,
    expected_before_today: s.beforeToday ? 1 : undefined,
    today_start: s.beforeToday ? todayStart() : undefined,
    payment_status: opts.payment && s.payment !== 'all' ? s.payment : undefined,
    sort: s.sort,
    order: s.order,
    limit: s.pageSize,
    offset: s.page * s.pageSize,
  };
}
