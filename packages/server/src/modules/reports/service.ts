import { PAYMENT_TERMS } from '@bpm/contract/dealers';
import { MSG } from '@bpm/contract/messages';
import type { SalesBomCostBody, ShippingCompany } from '@bpm/contract/reports';
import { paymentTermsDays, REPORT_LABELS } from '@bpm/contract/reports';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { products } from '../../db/schema/products';
import { dealers, orderLines, orders } from '../../db/schema/sales';
import { invalid } from '../../platform/errors';
import { likePattern } from '../../platform/paging';
import type { Report, Row } from './output';

/*
 * The six reports (document 2 sections 2 and 7). Every figure is computed in SQL; columns and rules
 * are in docs/decisions.md (Reports & documents). Orders count when not deleted and not cancelled.
 * Dates are shown, and months cut, in the caller's time zone (`tz`, an IANA name).
 */

const CHUNK = 2000;
// Tables by their drizzle objects (a renamed column fails tsc): orders render as "orders"."value", etc.
const O = orders;
const L = orderLines;
const D = dealers;
const P = products;
const LIVE = sql`${O.deleted} = 0 and ${O.shippingStatus} <> 'cancel'`;
const day = (col: SQLWrapper, tz: string) => sql`to_char(to_timestamp(${col}) at time zone ${tz}, 'YYYY-MM-DD')`;
const money = (e: SQLWrapper) => sql`round(${e}, 2)::text`;
const fmtDay = (sec: number, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    sec * 1000,
  );
const period = (start: number, end: number, tz: string): [string, string] => [
  'Period',
  `${fmtDay(start, tz)} to ${fmtDay(end, tz)} (${tz})`,
];

type KeyRow = Row & { k_date: number; k_id: number };

/** Rows in (date, id) order, CHUNK at a time by keyset: a year of orders never sits in memory. */
function keyset(db: Db, page: (after: SQL, limit: number) => SQL): () => AsyncIterable<Row[]> {
  return async function* () {
    let after = sql`true`;
    for (;;) {
      const rows = await queryRows<KeyRow>(db, page(after, CHUNK));
      if (!rows.length) return;
      yield rows.map(({ k_date: _d, k_id: _i, ...r }) => r);
      if (rows.length < CHUNK) return;
      const last = rows[rows.length - 1]!;
      after = sql`(${O.date}, ${O.id}) > (${Number(last.k_date)}, ${Number(last.k_id)})`;
    }
  };
}

const one = async (db: Db, q: SQL) => (await queryRows<Row>(db, q))[0] ?? {};

// ---------------------------------------------------------------------------------------------
// Dealer statement of accounts: statement.ts (the mailing module reads it from here).

export { dealerStatement } from './statement';

// ---------------------------------------------------------------------------------------------
// Overdue invoices

export function overdueInvoices(db: Db, now: number, tz: string): Report {
  // Overdue: invoiced, unpaid with a balance, and due on a day before the caller's today. The due day is the
  // statement's (statementDueDay): the order day plus the days of the dealer's payment terms, else the order's
  // own due day, else the order day. Days are calendar days in the report's time zone: due yesterday = 1 day.
  const localDate = (e: SQLWrapper) => sql`(to_timestamp(${e}) at time zone ${tz})::date`;
  const termsDays = sql`case ${D.paymentTerms} ${sql.join(
    PAYMENT_TERMS.flatMap((t) => {
      const days = paymentTermsDays(t);
      return days == null ? [] : [sql`when ${t} then ${days}::int`];
    }),
    sql` `,
  )} end`;
  const dueDay = sql`coalesce(${localDate(O.date)} + ${termsDays}, ${localDate(O.paymentDueDate)}, ${localDate(O.date)})`;
  const daysOverdue = sql`(${localDate(sql`${now}::bigint`)} - ${dueDay})`;
  const from = sql`${O} join ${D} on ${D.id} = ${O.dealerId}`;
  const where = sql`${LIVE} and ${O.invoice} <> '' and ${O.paymentStatus} = 'not paid'
    and ${daysOverdue} > 0 and ${O.value} - ${O.paymentReceived} > 0`;
  return {
    title: REPORT_LABELS.overdueInvoices,
    fileParts: ['Overdue Invoices', fmtDay(now, tz)],
    params: [['As of', `${fmtDay(now, tz)} (${tz})`]],
    // Landscape: the references have room to stay on one line.
    landscape: true,
    columns: [
      { key: 'dealer_name', label: 'Dealer', kind: 'text', weight: 2.5 },
      { key: 'invoice', label: 'Invoice', kind: 'text', weight: 1.2, noWrap: true },
      { key: 'oc_ref', label: 'OC Ref', kind: 'text', weight: 1.2, noWrap: true },
      { key: 'date', label: 'Order Date', kind: 'date' },
      { key: 'payment_due_date', label: 'Due Date', kind: 'date' },
      { key: 'days_overdue', label: 'Days Overdue', kind: 'int' },
      { key: 'value', label: 'Value', kind: 'money' },
      { key: 'payment_received', label: 'Received', kind: 'money' },
      { key: 'balance', label: 'Balance', kind: 'money' },
    ],
    // Ordered by due day (oldest first); keyset over (days overdue desc, id).
    rows: async function* () {
      let after = sql`true`;
      for (;;) {
        const rows = await queryRows<KeyRow>(
          db,
          sql`select ${daysOverdue}::int as k_date, ${O.id} as k_id, ${O.dealerName} as dealer_name,
            ${O.invoice} as invoice, ${O.ocRef} as oc_ref, ${day(O.date, tz)} as date,
            to_char(${dueDay}, 'YYYY-MM-DD') as payment_due_date, ${daysOverdue}::int as days_overdue,
            ${money(O.value)} as value, ${money(O.paymentReceived)} as payment_received,
            ${money(sql`${O.value} - ${O.paymentReceived}`)} as balance
            from ${from} where ${where} and ${after} order by ${daysOverdue} desc, ${O.id} limit ${CHUNK}`,
        );
        if (!rows.length) return;
        yield rows.map(({ k_date: _d, k_id: _i, ...r }) => r);
        if (rows.length < CHUNK) return;
        const last = rows[rows.length - 1]!;
        after = sql`(${daysOverdue} < ${Number(last.k_date)} or (${daysOverdue} = ${Number(last.k_date)} and ${O.id} > ${Number(last.k_id)}))`;
      }
    },
    totals: () =>
      one(
        db,
        sql`select count(*)::text || ' invoices' as label, ${money(sql`coalesce(sum(${O.value}), 0)`)} as value,
          ${money(sql`coalesce(sum(${O.paymentReceived}), 0)`)} as payment_received,
          ${money(sql`coalesce(sum(${O.value} - ${O.paymentReceived}), 0)`)} as balance from ${from} where ${where}`,
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Shipping cost

/** The courier an AWB names ('DHL 1234567890'); 'Other' when it names none of the four. */
const COURIER = sql`case when ${O.shippingAwb} ~* '\\mDHL\\M' then 'DHL' when ${O.shippingAwb} ~* '\\mFed\\s*Ex\\M' then 'FedEx'
  when ${O.shippingAwb} ~* '\\mUPS\\M' then 'UPS' when ${O.shippingAwb} ~* '\\mTNT\\M' then 'TNT' else 'Other' end`;

export function shippingCost(db: Db, company: ShippingCompany, start: number, end: number, tz: string): Report {
  let byCompany = sql`true`;
  if (company.kind === 'other' && company.names.length)
    byCompany = sql`(${sql.join(
      company.names.map((n) => sql`lower(${O.shippingAwb}) like ${likePattern(n)}`),
      sql` or `,
    )})`;
  else if (company.kind === 'other') byCompany = sql`${COURIER} = 'Other'`;
  else if (company.kind !== 'all') byCompany = sql`${COURIER} = ${company.kind}`;
  const where = sql`${LIVE} and ${O.shippingDate} between ${start} and ${end} and ${byCompany}`;
  const label =
    company.kind === 'all'
      ? 'All'
      : company.kind === 'other'
        ? `Other: ${company.names.join(', ') || 'any'}`
        : company.kind;
  return {
    title: REPORT_LABELS.shippingCost,
    fileParts: ['Shipping Cost', label, fmtDay(start, tz), fmtDay(end, tz)],
    params: [['Company', label], period(start, end, tz)],
    landscape: true,
    columns: [
      { key: 'shipping_date', label: 'Shipping Date', kind: 'date' },
      { key: 'dealer_name', label: 'Dealer', kind: 'text', weight: 2.5 },
      { key: 'oc_ref', label: 'OC Ref', kind: 'text' },
      { key: 'invoice', label: 'Invoice', kind: 'text' },
      { key: 'courier', label: 'Company', kind: 'text' },
      { key: 'shipping_awb', label: 'AWB', kind: 'text', weight: 1.5 },
      { key: 'shipping_weight', label: 'Weight', kind: 'text' },
      { key: 'shipping_cost', label: 'Shipping Cost', kind: 'money' },
      { key: 'actual_shipping_cost', label: 'Actual Shipping Cost', kind: 'money' },
      { key: 'difference', label: 'Difference', kind: 'money' },
    ],
    rows: async function* () {
      let after = sql`true`;
      for (;;) {
        const rows = await queryRows<KeyRow>(
          db,
          sql`select ${O.shippingDate} as k_date, ${O.id} as k_id, ${day(O.shippingDate, tz)} as shipping_date,
            ${O.dealerName} as dealer_name, ${O.ocRef} as oc_ref, ${O.invoice} as invoice, ${COURIER} as courier,
            ${O.shippingAwb} as shipping_awb, ${O.shippingWeight} as shipping_weight,
            ${money(O.shippingCost)} as shipping_cost, ${money(O.actualShippingCost)} as actual_shipping_cost,
            ${money(sql`${O.shippingCost} - ${O.actualShippingCost}`)} as difference
            from ${O} where ${where} and ${after} order by ${O.shippingDate}, ${O.id} limit ${CHUNK}`,
        );
        if (!rows.length) return;
        yield rows.map(({ k_date: _d, k_id: _i, ...r }) => r);
        if (rows.length < CHUNK) return;
        const last = rows[rows.length - 1]!;
        after = sql`(${O.shippingDate}, ${O.id}) > (${Number(last.k_date)}, ${Number(last.k_id)})`;
      }
    },
    totals: () =>
      one(
        db,
        sql`select count(*)::text || ' shipments' as label,
          ${money(sql`coalesce(sum(${O.shippingCost}), 0)`)} as shipping_cost,
          ${money(sql`coalesce(sum(${O.actualShippingCost}), 0)`)} as actual_shipping_cost,
          ${money(sql`coalesce(sum(${O.shippingCost} - ${O.actualShippingCost}), 0)`)} as difference
          from ${O} where ${where}`,
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Monthly sales

/** The calendar month (year, 1–12) `now` falls in, in `tz`. */
export function currentMonth(now: number, tz: string): { year: number; month: number } {
  const [y, m] = fmtDay(now, tz).split('-');
  return { year: Number(y), month: Number(m) };
}

export async function monthlySales(db: Db, year: number, month: number, now: number, tz: string): Promise<Report> {
  const cur = currentMonth(now, tz);
  if (year * 12 + month > cur.year * 12 + cur.month) throw invalid({ month: MSG.reportFutureMonth });
  const [b] = await queryRows<{ start: number; end: number }>(
    db,
    sql`select extract(epoch from make_timestamptz(${year}, ${month}, 1, 0, 0, 0, ${tz}))::bigint as start,
      extract(epoch from make_timestamptz(${year}, ${month}, 1, 0, 0, 0, ${tz}) + interval '1 month')::bigint - 1 as end`,
  );
  const start = Number(b!.start);
  const end = Number(b!.end);
  const where = sql`${LIVE} and ${O.date} between ${start} and ${end}`;
  const label = `${year}-${String(month).padStart(2, '0')}`;
  return {
    title: REPORT_LABELS.monthlySales,
    fileParts: ['Monthly Sales', label],
    params: [['Month', `${label} (${tz})`]],
    columns: [
      { key: 'date', label: 'Date', kind: 'date' },
      { key: 'oc_ref', label: 'OC Ref', kind: 'text' },
      { key: 'invoice', label: 'Invoice', kind: 'text' },
      { key: 'dealer_name', label: 'Dealer', kind: 'text', weight: 2.5 },
      { key: 'shipping_status', label: 'Shipping Status', kind: 'text' },
      { key: 'payment_status', label: 'Payment Status', kind: 'text' },
      { key: 'value', label: 'Value', kind: 'money' },
      { key: 'shipping_cost', label: 'Shipping Cost', kind: 'money' },
      { key: 'sales', label: 'Sales', kind: 'money' },
    ],
    rows: keyset(
      db,
      (
        after,
        limit,
      ) => sql`select ${O.date} as k_date, ${O.id} as k_id, ${day(O.date, tz)} as date, ${O.ocRef} as oc_ref,
        ${O.invoice} as invoice, ${O.dealerName} as dealer_name, ${O.shippingStatus} as shipping_status,
        ${O.paymentStatus} as payment_status, ${money(O.value)} as value, ${money(O.shippingCost)} as shipping_cost,
        ${money(sql`${O.value} - ${O.shippingCost}`)} as sales
        from ${O} where ${where} and ${after} order by ${O.date}, ${O.id} limit ${limit}`,
    ),
    totals: () =>
      one(
        db,
        sql`select count(*)::text || ' orders' as label, ${money(sql`coalesce(sum(${O.value}), 0)`)} as value,
          ${money(sql`coalesce(sum(${O.shippingCost}), 0)`)} as shipping_cost,
          ${money(sql`coalesce(sum(${O.value} - ${O.shippingCost}), 0)`)} as sales from ${O} where ${where}`,
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Top dealers

export function topDealers(db: Db, start: number, end: number, tz: string): Report {
  const where = sql`${LIVE} and ${O.date} between ${start} and ${end}`;
  return {
    title: REPORT_LABELS.topDealers,
    fileParts: ['Top Dealers', fmtDay(start, tz), fmtDay(end, tz)],
    params: [period(start, end, tz)],
    columns: [
      { key: 'rank', label: 'Rank', kind: 'int' },
      { key: 'dealer_name', label: 'Dealer', kind: 'text', weight: 2.5 },
      { key: 'country', label: 'Country', kind: 'text' },
      { key: 'orders', label: 'Orders', kind: 'int' },
      { key: 'value', label: 'Value', kind: 'money' },
      { key: 'shipping_cost', label: 'Shipping Cost', kind: 'money' },
      { key: 'sales', label: 'Sales', kind: 'money' },
      { key: 'share', label: 'Share of Sales (%)', kind: 'pct' },
    ],
    rows: async function* () {
      yield await queryRows<Row>(
        db,
        sql`with t as (select ${O.dealerId} as dealer_id, count(*)::int as orders, sum(${O.value}) as value,
            sum(${O.shippingCost}) as shipping_cost, sum(${O.value} - ${O.shippingCost}) as sales
            from ${O} where ${where} group by ${O.dealerId})
          select (row_number() over (order by t.sales desc, lower(${D.name}), ${D.id}))::int as rank, ${D.name} as dealer_name,
            ${D.country} as country, t.orders, ${money(sql`t.value`)} as value, ${money(sql`t.shipping_cost`)} as shipping_cost,
            ${money(sql`t.sales`)} as sales,
            case when sum(t.sales) over () = 0 then null
              else round(t.sales * 100 / sum(t.sales) over (), 2)::text end as share
          from t join ${D} on ${D.id} = t.dealer_id order by rank`,
      );
    },
    totals: () =>
      one(
        db,
        sql`select count(distinct ${O.dealerId})::text || ' dealers' as label, count(*)::int as orders,
          ${money(sql`coalesce(sum(${O.value}), 0)`)} as value, ${money(sql`coalesce(sum(${O.shippingCost}), 0)`)} as shipping_cost,
          ${money(sql`coalesce(sum(${O.value} - ${O.shippingCost}), 0)`)} as sales,
          case when count(*) = 0 then null else '100.00' end as share from ${O} where ${where}`,
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Product sales & profitability

export async function salesBomCost(db: Db, body: SalesBomCostBody, tz: string): Promise<Report> {
  const ids = [...new Set(body.productIds)];
  if (ids.length) {
    const found = await queryRows<{ id: number }>(
      db,
      sql`select ${P.id} as id from ${P} where ${P.id} in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    if (found.length !== ids.length) throw invalid({ productIds: MSG.productUnknown });
  }
  // All Products = every product line except shipping-cost items; chosen products count as chosen.
  const byProduct = ids.length
    ? sql`${L.productId} in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql`${L.isShippingCost} = 0`;
  const where = sql`${LIVE} and ${O.date} between ${body.startDate} and ${body.endDate} and ${byProduct}`;
  const from = sql`${L} join ${O} on ${O.id} = ${L.docId}`;
  const revenue = sql`round(${L.quantity} * ${L.msrp} * (100 - ${L.discount}) / 100, 2)`;
  const cost = sql`(${L.quantity} * ${L.bomCost})`;
  const names = ids.length
    ? (
        await queryRows<{ code: string }>(
          db,
          sql`select ${P.productCode} as code from ${P} where ${P.id} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) order by ${P.productCode}`,
        )
      ).map((r) => r.code)
    : [];
  return {
    title: REPORT_LABELS.salesBomCost,
    fileParts: ['Product Sales Profitability', fmtDay(body.startDate, tz), fmtDay(body.endDate, tz)],
    params: [['Products', names.length ? names.join(', ') : 'All Products'], period(body.startDate, body.endDate, tz)],
    landscape: true,
    columns: [
      { key: 'product_code', label: 'Product Code', kind: 'text' },
      { key: 'desc', label: 'Description', kind: 'text', weight: 3 },
      { key: 'quantity', label: 'Quantity Sold', kind: 'int' },
      { key: 'revenue', label: 'Revenue', kind: 'money' },
      { key: 'bom_cost', label: 'BOM Cost', kind: 'money' },
      { key: 'profit', label: 'Profit', kind: 'money' },
      { key: 'margin', label: 'Margin (%)', kind: 'pct' },
    ],
    rows: async function* () {
      yield await queryRows<Row>(
        db,
        sql`with t as (select ${L.productId} as product_id, sum(${L.quantity})::int as quantity, sum(${revenue}) as revenue,
            round(sum(${cost}), 2) as bom_cost from ${from} where ${where} group by ${L.productId})
          select ${P.productCode} as product_code, ${P.desc} as desc, t.quantity, ${money(sql`t.revenue`)} as revenue,
            ${money(sql`t.bom_cost`)} as bom_cost, ${money(sql`t.revenue - t.bom_cost`)} as profit,
            case when t.revenue = 0 then null else round((t.revenue - t.bom_cost) * 100 / t.revenue, 2)::text end as margin
          from t join ${P} on ${P.id} = t.product_id order by t.revenue desc, ${P.productCode}`,
      );
    },
    totals: () =>
      one(
        db,
        sql`with t as (select coalesce(sum(${L.quantity}), 0)::int as quantity, coalesce(sum(${revenue}), 0) as revenue,
            round(coalesce(sum(${cost}), 0), 2) as bom_cost from ${from} where ${where})
          select t.quantity, ${money(sql`t.revenue`)} as revenue, ${money(sql`t.bom_cost`)} as bom_cost,
            ${money(sql`t.revenue - t.bom_cost`)} as profit,
            case when t.revenue = 0 then null else round((t.revenue - t.bom_cost) * 100 / t.revenue, 2)::text end as margin
          from t`,
      ),
  };
}
