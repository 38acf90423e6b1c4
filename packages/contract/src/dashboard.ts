import { z } from 'zod';
import { dealerCredit } from './dealers';
import { MSG } from './messages';
import { SHIPPING_STATUSES } from './orders';

// Dashboards (document 1 sections 2.5 and 9; docs/decisions.md, Dashboard).

/**
 * Percent change of `current` against `previous`, rounded to 2 decimals. With no base
 * (previous 0) it is 100 when current is positive, −100 when negative, and null ('N/A') when both are 0.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) {
    if (current === 0) return null;
    return current > 0 ? 100 : -100;
  }
  return Math.round(((current - previous) / Math.abs(previous)) * 10000) / 100;
}

/** A percent change as shown: '+12.5%', '-3%', 'N/A'. */
export function formatChange(change: number | null): string {
  if (change === null) return 'N/A';
  return `${change > 0 ? '+' : ''}${change.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/** Groups dealers' sales into the top `n` (by sales, then name) and one 'Others' row for the rest. */
export function topWithOthers<T extends { dealer: number; dealer_name: string; sales: number }>(
  rows: readonly T[],
  n = 10,
): TopDealerRow[] {
  const sorted = rows
    .filter((r) => r.sales !== 0)
    .map((r) => ({ dealer: r.dealer, dealer_name: r.dealer_name, sales: r.sales }))
    .sort((a, b) => b.sales - a.sales || a.dealer_name.localeCompare(b.dealer_name) || a.dealer - b.dealer);
  const top = sorted.slice(0, n);
  const rest = sorted.slice(n);
  if (rest.length)
    top.push({
      dealer: -1,
      dealer_name: OTHERS,
      sales: Math.round(rest.reduce((s, r) => s + r.sales, 0) * 100) / 100,
    });
  return top;
}
export const OTHERS = 'Others';

/** How many months and days the dashboard reads (document 1 section 9). */
export const DASHBOARD_YEARS = 2;
export const TOP_DEALERS = 10;

/** GET /dashboard/sales and /dashboard/production: `dealer` -1 (or absent) = all dealers. */
export const dashboardQuery = z.object({
  dealer: z.preprocess(
    (v) => (v === '' || v == null ? -1 : v),
    z.coerce.number({ error: MSG.number }).int({ error: MSG.number }),
  ),
  /** The year of the 'Sales in {year}' table: the current or the previous year (default current). */
  year: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce.number({ error: MSG.number }).int({ error: MSG.number }).optional(),
  ),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** Sales = value − shipping_cost over live, not cancelled orders. */
export const salesSummary = z.object({
  /** Since 1 January of the current year. */
  year_to_date: z.number(),
  /** The current and the 5 previous calendar months. */
  last_6_months: z.number(),
  /** The current and the 11 previous calendar months. */
  last_12_months: z.number(),
  /** The last 30 days (now − 30 d, now] and the 30 days before. */
  last_30_days: z.number(),
  previous_30_days: z.number(),
  /** percentChange(last, previous): null means N/A. */
  change_30_days: z.number().nullable(),
  last_7_days: z.number(),
  previous_7_days: z.number(),
  change_7_days: z.number().nullable(),
});
export type SalesSummary = z.infer<typeof salesSummary>;

export const topDealerRow = z.object({
  /** -1 for the 'Others' row. */
  dealer: z.number().int(),
  dealer_name: z.string(),
  sales: z.number(),
});
export type TopDealerRow = z.infer<typeof topDealerRow>;

/** A period of the Top 10 card: '3m', '6m', '12m' (rolling calendar months) or a month 'YYYY-MM'. */
export const topDealerPeriod = z.object({ key: z.string(), label: z.string(), rows: z.array(topDealerRow) });
export type TopDealerPeriod = z.infer<typeof topDealerPeriod>;

export const monthSales = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  /** 'Jan' … 'Dec'. */
  label: z.string(),
  orders: z.number().int(),
  sales: z.number(),
});
export type MonthSales = z.infer<typeof monthSales>;

/** GET /dashboard/sales answer (administrator, sale). */
export const salesOverview = z.object({
  /** -1 = all dealers. */
  dealer: z.number().int(),
  /** Unix seconds the figures were computed at. */
  now: z.number().int(),
  summary: salesSummary,
  /** All-dealers view only (empty for one dealer). */
  top_dealers: z.array(topDealerPeriod),
  /** Single-dealer view only: credit_limit − credit_used is the credit available. */
  credit: dealerCredit.extend({ credit_available: z.number() }).nullable(),
  year: z.number().int(),
  /** The years the 'Sales in {year}' table can show (current first). */
  years: z.array(z.number().int()),
  /** Twelve months January–December of `year`. */
  months: z.array(monthSales),
});
export type SalesOverview = z.infer<typeof salesOverview>;

/** A row of 'Shipments for Today' (production overview). */
export const shipmentTodayRow = z.object({
  id: z.number().int(),
  date: z.number().int(),
  oc_ref: z.string(),
  dealer: z.number().int(),
  dealer_name: z.string(),
  note: z.string(),
  shipping_status: z.enum(SHIPPING_STATUSES),
  /** Unix seconds or null. */
  shipping_date_expected: z.number().int().nullable(),
});
export type ShipmentTodayRow = z.infer<typeof shipmentTodayRow>;

/** GET /dashboard/production answer: the first 100 shipments for today and their total count. */
export const productionOverview = z.object({
  dealer: z.number().int(),
  shipments: z.array(shipmentTodayRow),
  total: z.number().int(),
});
export type ProductionOverview = z.infer<typeof productionOverview>;
export const SHIPMENTS_TODAY_LIMIT = 100;

export const MONTH_LABELS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
