import {
  MONTH_LABELS,
  MONTH_NAMES,
  type MonthSales,
  type ProductionOverview,
  percentChange,
  type SalesOverview,
  type SalesSummary,
  SHIPMENTS_TODAY_LIMIT,
  type ShipmentTodayRow,
  TOP_DEALERS,
  type TopDealerPeriod,
  topWithOthers,
} from '@bpm/contract/dashboard';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orderMonthRollup } from '../../db/schema/dashboard';
import { dealers, orders } from '../../db/schema/sales';
import { dealerCredit } from '../dealers/service';
import { monthKey } from './rollup';

const DAY = 86400;
const round2 = (n: number) => Math.round(n * 100) / 100;
const monthId = (m: number) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
const dealerCond = (dealer: number) => (dealer > 0 ? sql`and dealer_id = ${dealer}` : sql``);

/**
 * The sales overview (document 1 sections 2.5 and 9; docs/decisions.md, Dashboard): calendar-month
 * figures from the dealer × month rollup, the 30/7-day windows from the orders of the last 60 days.
 * Cancelled and deleted orders never count.
 */
export async function salesOverview(db: Db, q: { dealer: number; year?: number }, now: number): Promise<SalesOverview> {
  const single = q.dealer > 0;
  // The credit call also answers 404 for an unknown dealer before anything else runs.
  const credit = single ? await dealerCredit(db, q.dealer) : null;
  const cur = monthKey(now);
  const curYear = Math.floor(cur / 12);
  const years = [curYear, curYear - 1];
  const year = q.year !== undefined && years.includes(q.year) ? q.year : curYear;
  const from = (curYear - 1) * 12;

  const [cells, windows] = await Promise.all([
    queryRows<{ dealer: number; name: string; month: number; n: number | string; sales: string }>(
      db,
      sql`select r.dealer_id as dealer, d.name, r.month, r.n, r.sales
          from ${orderMonthRollup} r join ${dealers} d on d.id = r.dealer_id
          where r.month >= ${from} and r.month < ${(curYear + 1) * 12} and r.n <> 0 ${single ? sql`and r.dealer_id = ${q.dealer}` : sql``}`,
    ),
    queryRows<{ d30: string; p30: string; d7: string; p7: string }>(
      db,
      sql`select
          coalesce(sum(value - shipping_cost) filter (where date > ${now - 30 * DAY}), 0) as d30,
          coalesce(sum(value - shipping_cost) filter (where date <= ${now - 30 * DAY}), 0) as p30,
          coalesce(sum(value - shipping_cost) filter (where date > ${now - 7 * DAY}), 0) as d7,
          coalesce(sum(value - shipping_cost) filter (where date > ${now - 14 * DAY} and date <= ${now - 7 * DAY}), 0) as p7
        from ${orders}
        where deleted = 0 and shipping_status <> 'cancel' and date > ${now - 60 * DAY} and date <= ${now}
          ${dealerCond(q.dealer)}`,
    ),
  ]);

  const sumMonths = (lo: number, hi: number, dealer?: number) =>
    round2(
      cells.reduce(
        (s, c) =>
          c.month >= lo && c.month <= hi && (dealer === undefined || c.dealer === dealer) ? s + Number(c.sales) : s,
        0,
      ),
    );
  const w = windows[0] ?? { d30: '0', p30: '0', d7: '0', p7: '0' };
  const [d30, p30, d7, p7] = [w.d30, w.p30, w.d7, w.p7].map(Number) as [number, number, number, number];
  const summary: SalesSummary = {
    year_to_date: sumMonths(curYear * 12, cur),
    last_6_months: sumMonths(cur - 5, cur),
    last_12_months: sumMonths(cur - 11, cur),
    last_30_days: round2(d30),
    previous_30_days: round2(p30),
    change_30_days: percentChange(round2(d30), round2(p30)),
    last_7_days: round2(d7),
    previous_7_days: round2(p7),
    change_7_days: percentChange(round2(d7), round2(p7)),
  };

  let top: TopDealerPeriod[] = [];
  if (!single) {
    const names = new Map(cells.map((c) => [c.dealer, c.name]));
    const period = (key: string, label: string, lo: number, hi: number): TopDealerPeriod => {
      const by = new Map<number, number>();
      for (const c of cells)
        if (c.month >= lo && c.month <= hi) by.set(c.dealer, (by.get(c.dealer) ?? 0) + Number(c.sales));
      const rows = [...by].map(([dealer, sales]) => ({
        dealer,
        dealer_name: names.get(dealer) ?? '',
        sales: round2(sales),
      }));
      return { key, label, rows: topWithOthers(rows, TOP_DEALERS) };
    };
    top = [
      period('3m', 'Last 3 months', cur - 2, cur),
      period('6m', 'Last 6 months', cur - 5, cur),
      period('12m', 'Last 12 months', cur - 11, cur),
      ...Array.from({ length: 12 }, (_, i) => {
        const m = cur - i;
        return period(monthId(m), `${MONTH_NAMES[m % 12]} ${Math.floor(m / 12)}`, m, m);
      }),
    ];
  }

  const months: MonthSales[] = MONTH_LABELS.map((label, i) => {
    const m = year * 12 + i;
    const inMonth = cells.filter((c) => c.month === m);
    return {
      month: monthId(m),
      label,
      orders: inMonth.reduce((s, c) => s + Number(c.n), 0),
      sales: round2(inMonth.reduce((s, c) => s + Number(c.sales), 0)),
    };
  });

  return {
    dealer: single ? q.dealer : -1,
    now,
    summary,
    top_dealers: top,
    credit: credit ? { ...credit, credit_available: round2(credit.credit_limit - credit.credit_used) } : null,
    year,
    years,
    months,
  };
}

/** The production overview: orders marked for shipment today that are not done or cancelled. */
export async function productionOverview(db: Db, q: { dealer: number }): Promise<ProductionOverview> {
  const where = sql`deleted = 0 and shipping_for_today = 1 and shipping_status not in ('done', 'cancel') ${dealerCond(q.dealer)}`;
  const [rows, count] = await Promise.all([
    queryRows<{
      id: number;
      date: number | string;
      oc_ref: string;
      dealer: number;
      dealer_name: string;
      note: string;
      shipping_status: ShipmentTodayRow['shipping_status'];
      shipping_date_expected: number | string | null;
    }>(
      db,
      sql`select id, date, oc_ref, dealer_id as dealer, dealer_name, note, shipping_status, shipping_date_expected
          from ${orders} where ${where} order by date desc, id desc limit ${SHIPMENTS_TODAY_LIMIT}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${orders} where ${where}`),
  ]);
  return {
    dealer: q.dealer > 0 ? q.dealer : -1,
    shipments: rows.map((r) => ({
      ...r,
      date: Number(r.date),
      shipping_date_expected: r.shipping_date_expected == null ? null : Number(r.shipping_date_expected),
    })),
    total: Number(count[0]?.n ?? 0),
  };
}
