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
import type { DealerCredit } from '@bpm/contract/dealers';
import { type AnyColumn, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orderDayRollup, orderMonthRollup } from '../../db/schema/dashboard';
import { dealers, orders } from '../../db/schema/sales';
import { GenerationCache } from '../../platform/fresh-cache';
import { dealerCredit } from '../dealers/service';
import { monthKey } from './rollup';

const DAY = 86400;
const round2 = (n: number) => Math.round(n * 100) / 100;
const monthId = (m: number) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
/** `and <table>.dealer_id = dealer`, or nothing for all dealers. */
const dealerCond = (col: AnyColumn, dealer: number) => (dealer > 0 ? sql`and ${col} = ${dealer}` : sql``);
const DR = orderDayRollup;
const MR = orderMonthRollup;
const O = orders;

/** The days that bound the windows: now − 60, 30, 14, 7 and 0 days. */
const EDGES = [60, 30, 14, 7, 0] as const;

/** Per dealer (or all) and day, or second, while the data generation stays (platform/fresh-cache.ts). */
const dayCache = new GenerationCache<ReadonlyMap<number, number>>(200);
const earlyCache = new GenerationCache<ReadonlyMap<number, number>>(200);

/** Sales in cents by UTC day, today − 60 to today, from the dealer × day rollup. */
function daySales(db: Db, dealer: number, today: number): Promise<ReadonlyMap<number, number>> {
  return dayCache.get(db, `${dealer}|${today}`, async () => {
    const days = await queryRows<{ day: number; sales: string }>(
      db,
      sql`select ${DR.day} as day, sum(${DR.sales}) as sales from ${DR}
          where ${DR.day} >= ${today - 60} and ${DR.day} <= ${today} ${dealerCond(DR.dealerId, dealer)} group by ${DR.day}`,
    );
    return new Map(days.map((r) => [Number(r.day), Math.round(Number(r.sales) * 100)]));
  });
}

/**
 * early(day) for each edge day (today − 60, 30, 14, 7, 0): its sales in cents up to now's time of day.
 * One index-only range sum of orders_live_sales_date_idx per edge day, a day's orders at most (one
 * statement over the ranges ORed would be a bitmap scan reading each order's heap page: ~6k pages at 1M).
 */
function edgeSales(db: Db, dealer: number, now: number): Promise<ReadonlyMap<number, number>> {
  const today = Math.floor(now / DAY);
  const t = now - today * DAY;
  return earlyCache.get(db, `${dealer}|${now}`, async () => {
    const days = EDGES.map((k) => {
      const start = (today - k) * DAY;
      return sql`(${today - k}::int, ${start}::bigint, ${start + t}::bigint)`;
    });
    const rows = await queryRows<{ day: number; sales: string }>(
      db,
      sql`select d.day, (select coalesce(sum(${O.value} - ${O.shippingCost}), 0) from ${O}
                         where ${O.deleted} = 0 and ${O.shippingStatus} <> 'cancel' and ${O.date} >= d.start
                           and ${O.date} <= d.until ${dealerCond(O.dealerId, dealer)}) as sales
          from (values ${sql.join(days, sql`, `)}) d(day, start, until)`,
    );
    return new Map(rows.map((r) => [Number(r.day), Math.round(Number(r.sales) * 100)]));
  });
}

/**
 * Sales in (now − 30 d, now], the 30 days before, and the same for 7 days, read from the dealer × day
 * rollup; a window's edges cut two days, and only those days' orders are read: the window
 * (now − a d, now − b d] = Σ days [D − a, D − b) − early(D − a) + early(D − b), where early(day) is the
 * part of a day up to now's time of day (edgeSales), so the cost does not grow with the history.
 */
async function windowSales(db: Db, dealer: number, now: number) {
  const today = Math.floor(now / DAY);
  const [byDay, edges] = await Promise.all([daySales(db, dealer, today), edgeSales(db, dealer, now)]);
  const early = (day: number) => edges.get(day) ?? 0;
  const win = (a: (typeof EDGES)[number], b: (typeof EDGES)[number]) => {
    let cents = 0;
    for (let day = today - a; day < today - b; day++) cents += byDay.get(day) ?? 0;
    return (cents - early(today - a) + early(today - b)) / 100;
  };
  return { d30: win(30, 0), p30: win(60, 30), d7: win(7, 0), p7: win(14, 7) };
}

type Cell = { dealer: number; name: string; month: number; n: number | string; sales: string };

/** The calendar-month figures of a dealer (or all) and month: the same for every request until a write. */
interface MonthFigures {
  year_to_date: number;
  last_6_months: number;
  last_12_months: number;
  top_dealers: TopDealerPeriod[];
  months: MonthSales[];
}

const monthCache = new GenerationCache<MonthFigures>(200);

function monthFigures(db: Db, dealer: number, cur: number, year: number): Promise<MonthFigures> {
  return monthCache.get(db, `${dealer}|${cur}|${year}`, async () => {
    const curYear = Math.floor(cur / 12);
    const from = (curYear - 1) * 12;
    const single = dealer > 0;
    const cells = await queryRows<Cell>(
      db,
      sql`select ${MR.dealerId} as dealer, ${dealers.name} as name, ${MR.month} as month, ${MR.n} as n, ${MR.sales} as sales
          from ${MR} join ${dealers} on ${dealers.id} = ${MR.dealerId}
          where ${MR.month} >= ${from} and ${MR.month} < ${(curYear + 1) * 12} and ${MR.n} <> 0 ${dealerCond(MR.dealerId, dealer)}`,
    );
    const sumMonths = (lo: number, hi: number) =>
      round2(cells.reduce((s, c) => (c.month >= lo && c.month <= hi ? s + Number(c.sales) : s), 0));

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
      year_to_date: sumMonths(curYear * 12, cur),
      last_6_months: sumMonths(cur - 5, cur),
      last_12_months: sumMonths(cur - 11, cur),
      top_dealers: top,
      months,
    };
  });
}

const creditCache = new GenerationCache<DealerCredit>(200);

/**
 * The sales overview (document 1 sections 2.5 and 9; docs/decisions.md, Dashboard): calendar-month
 * figures from the dealer × month rollup, the 30/7-day windows from the dealer × day rollup (windowSales).
 * Cancelled and deleted orders never count. In a request, what it reads is cached until the next
 * write to orders, rollups or dealers (platform/fresh-cache.ts); only the windows' arithmetic runs.
 */
export async function salesOverview(db: Db, q: { dealer: number; year?: number }, now: number): Promise<SalesOverview> {
  const single = q.dealer > 0;
  // The credit call also answers 404 for an unknown dealer before anything else runs.
  const credit = single ? await creditCache.get(db, String(q.dealer), () => dealerCredit(db, q.dealer)) : null;
  const cur = monthKey(now);
  const curYear = Math.floor(cur / 12);
  const years = [curYear, curYear - 1];
  const year = q.year !== undefined && years.includes(q.year) ? q.year : curYear;

  const [m, windows] = await Promise.all([monthFigures(db, q.dealer, cur, year), windowSales(db, q.dealer, now)]);
  const { d30, p30, d7, p7 } = windows;
  const summary: SalesSummary = {
    year_to_date: m.year_to_date,
    last_6_months: m.last_6_months,
    last_12_months: m.last_12_months,
    last_30_days: round2(d30),
    previous_30_days: round2(p30),
    change_30_days: percentChange(round2(d30), round2(p30)),
    last_7_days: round2(d7),
    previous_7_days: round2(p7),
    change_7_days: percentChange(round2(d7), round2(p7)),
  };

  return {
    dealer: single ? q.dealer : -1,
    now,
    summary,
    top_dealers: m.top_dealers,
    credit: credit ? { ...credit, credit_available: round2(credit.credit_limit - credit.credit_used) } : null,
    year,
    years,
    months: m.months,
  };
}

/** The production overview: orders marked for shipment today that are not done or cancelled. */
export async function productionOverview(db: Db, q: { dealer: number }): Promise<ProductionOverview> {
  const where = sql`${O.deleted} = 0 and ${O.shippingForToday} = 1 and ${O.shippingStatus} not in ('done', 'cancel')
    ${dealerCond(O.dealerId, q.dealer)}`;
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
      sql`select ${O.id} as id, ${O.date} as date, ${O.ocRef} as oc_ref, ${O.dealerId} as dealer, ${O.dealerName} as dealer_name,
            ${O.note} as note, ${O.shippingStatus} as shipping_status, ${O.shippingDateExpected} as shipping_date_expected
          from ${O} where ${where} order by ${O.date} desc, ${O.id} desc limit ${SHIPMENTS_TODAY_LIMIT}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${O} where ${where}`),
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
