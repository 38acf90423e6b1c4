import type { PoLine, PoRow, PurchaseOrder, PurchasingOverview } from '@bpm/contract/purchaseOrderReads';
import {
  OVERVIEW_LIMIT,
  PO_MSG,
  type PoListQuery,
  type PoStatus,
  RECENT_DAYS,
  roundPrice,
  toDisplay,
} from '@bpm/contract/purchaseOrders';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { EXACT_COUNT_LIMIT, plannedRows } from '../../db/count';
import { poRollup, purchaseOrderLines, purchaseOrders } from '../../db/schema/purchasing';
import { notFound } from '../../platform/errors';
import { likePattern } from '../../platform/paging';

const P = purchaseOrders;
const DAY = 86400;
const L = purchaseOrderLines;

// --- Reading ------------------------------------------------------------------------------------

const rowColumns = {
  id: P.id,
  po_number: P.poNumber,
  po_date: P.poDate,
  due_date: P.dueDate,
  supplier: P.supplierId,
  supplier_name: P.supplierName,
  requisitioner: P.requisitioner,
  purpose: P.purpose,
  department: P.department,
  status: sql<PoStatus>`${P.status}`,
  paid: sql<0 | 1 | 2>`${P.paid}`,
  currency: P.currency,
  currency_rate: sql<number>`${P.currencyRate}`.mapWith(Number),
  amount: sql<number>`${P.amount}`.mapWith(Number),
  cancelled_reason: P.cancelledReason,
};

export async function getPo(db: Db, id: number): Promise<PurchaseOrder> {
  const [r] = await db.select().from(P).where(eq(P.id, id));
  if (!r) throw notFound(PO_MSG.notFound);
  const lines = await db.select().from(L).where(eq(L.poId, id)).orderBy(asc(L.lineNo));
  const rate = Number(r.currencyRate);
  const parts: PoLine[] = lines.map((l) => ({
    part: l.partId,
    manuf_part_number: l.manufPartNumber,
    part_name: l.partName,
    price: Number(l.price),
    price_UI: toDisplay(Number(l.price), rate),
    quantity: Number(l.quantity),
    unit: l.unit,
    remarks: l.remarks,
  }));
  return {
    id: r.id,
    supplier: r.supplierId,
    supplier_name: r.supplierName,
    supplier_contact_person: r.supplierContactPerson,
    supplier_2303: r.supplier2303,
    supplier_address: r.supplierAddress,
    supplier_email: r.supplierEmail,
    supplier_phone: r.supplierPhone,
    requisitioner: r.requisitioner,
    po_number: r.poNumber,
    po_date: r.poDate,
    due_date: r.dueDate,
    purpose: r.purpose,
    department: r.department,
    terms: r.terms,
    ship_to: r.shipTo,
    price_quote: r.priceQuote,
    currency: r.currency,
    currency_rate: rate,
    status: r.status as PoStatus,
    parts,
    local_po: r.localPo === 1 ? 1 : 0,
    paid: r.paid as 0 | 1 | 2,
    shipping_cost: Number(r.shippingCost),
    awb_number: r.awbNumber,
    prepared_by_name: r.preparedByName,
    prepared_by_position: r.preparedByPosition,
    approved_by_name: r.approvedByName,
    approved_by_position: r.approvedByPosition,
    supplier_quote_pdf: r.supplierQuoteFileId,
    proof_payment_pdf: r.proofPaymentFileId,
    po_pdf: r.poPdfFileId,
    cancelled_reason: r.cancelledReason,
    amount: Number(r.amount),
    revision: r.revision,
    version: r.version,
  };
}

function listConds(q: Partial<PoListQuery>): SQL[] {
  const conds: SQL[] = [];
  if (q.search)
    conds.push(
      sql`lower(p.po_number || ' ' || p.supplier_name || ' ' || p.requisitioner || ' ' || p.purpose || ' ' || p.department) like ${likePattern(q.search)}`,
    );
  if (q.supplier) conds.push(sql`p.supplier_id = ${q.supplier}`);
  if (q.start !== undefined) conds.push(sql`p.po_date >= ${q.start}`);
  if (q.end !== undefined) conds.push(sql`p.po_date <= ${q.end}`);
  if (q.status && q.status !== 'all') conds.push(sql`p.status = ${q.status}`);
  if (q.paid && q.paid !== 'all') conds.push(sql`p.paid = ${Number(q.paid)}`);
  return conds;
}

/**
 * Sort columns. Ties keep the former order (id descending in both directions); each column has an
 * index `(column, id desc) include (supplier_id, po_date, status, paid)` and the few-valued ones a
 * descending twin (0017_list_indexes), so a filtered page can be an index-only walk.
 */
const SORTS: Record<string, SQL> = {
  po_number: sql`p.po_number`,
  supplier_name: sql`lower(p.supplier_name)`,
  requisitioner: sql`lower(p.requisitioner)`,
  department: sql`lower(p.department)`,
  due_date: sql`p.due_date`,
  status: sql`p.status`,
  amount: sql`p.amount`,
  paid: sql`p.paid`,
};

const pageColumns = sql`p.id, p.po_number, p.po_date, p.due_date, p.supplier_id as supplier, p.supplier_name,
  p.requisitioner, p.purpose, p.department, p.status, p.paid, p.currency, p.currency_rate, p.amount, p.cancelled_reason`;

/**
 * The page finder's limits (docs/decisions.md, 'Purchase order, task, event … lists at 1M rows'): a filter of
 * at most `filterFirstMax` POs runs first; else the sort index walk reads at most `walkSlack` × the rows it
 * should need (page end × POs ÷ matches), at most half the matches, between `walkMin` and `walkRows`, and
 * stops at the page's end; if those rows hold too few matches, the filter runs first. The tests find every
 * page every way.
 */
export const poListTuning = { filterFirstMax: 5000, walkSlack: 4, walkMin: 500, walkRows: 20000 };

/**
 * `due_date` bounds implied by a PO date range: every PO's due date lies between its PO date plus the
 * smallest and the largest `due_date - po_date` of all POs (two ends of purchase_orders_due_lag_idx).
 * Walking the due date index from there skips the POs outside the range whose due dates come first.
 */
async function dueBounds(db: Db, q: Partial<PoListQuery>): Promise<SQL[]> {
  const [lag] = await queryRows<{ lo: string | null; hi: string | null }>(
    db,
    sql`select min(due_date - po_date) as lo, max(due_date - po_date) as hi from purchase_orders`,
  );
  if (lag?.lo == null || lag.hi == null) return [];
  const c: SQL[] = [];
  if (q.start !== undefined) c.push(sql`p.due_date >= ${q.start + Number(lag.lo)}`);
  if (q.end !== undefined) c.push(sql`p.due_date <= ${q.end + Number(lag.hi)}`);
  return c;
}

/** The width of the PO date buckets of purchase_orders_month_number_idx (30 days, in seconds). */
const MONTH = 2592000;

/**
 * A PO date range by PO number: PO numbers usually rise with the date, so the range's POs sit at one end of
 * the PO number order (the plain walk read 550k index entries for the last 180 days ascending). One walk per 30-day
 * bucket of PO dates (purchase_orders_month_number_idx, the bucket's POs by number), each stopping at the
 * page's end, merged. Undefined when the range spans more than 60 buckets (the walk then).
 */
async function monthMerge(db: Db, q: PoListQuery, where: SQL, dir: SQL): Promise<number[] | undefined> {
  let lo = q.start;
  let hi = q.end;
  if (lo === undefined || hi === undefined) {
    const [r] = await queryRows<{ lo: string | null; hi: string | null }>(
      db,
      sql`select min(po_date) as lo, max(po_date) as hi from purchase_orders`,
    );
    if (r?.lo == null || r.hi == null) return [];
    lo ??= Number(r.lo);
    hi ??= Number(r.hi);
  }
  // Integer division truncates in SQL as Math.trunc does: monotonic, so [lo, hi]'s POs lie in these buckets.
  const first = Math.trunc(lo / MONTH);
  const last = Math.trunc(hi / MONTH);
  if (last < first) return [];
  if (last - first > 60) return undefined;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select b.id from generate_series(${first}::int, ${last}::int) m
        cross join lateral (select p.id, p.po_number as k from purchase_orders p
                            where (p.po_date / 2592000) = m and ${where}
                            order by p.po_number ${dir}, p.id desc nulls last limit ${q.offset + q.limit}) b
        order by b.k ${dir}, b.id desc nulls last limit ${q.limit} offset ${q.offset}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The page's ids. The match count (exact from the rollups, or the search's count or estimate) chooses the
 * plan, never the rows: a PO date range by PO number: the per-month merge; no filter, the PO date order of a filter whose index is led by it (status,
 * supplier, date range), or a status filter sorted by its own column, payment by its own, or by due date
 * (purchase_orders_status_due_idx): the index walk; a date range or payment filter alone: the sort index walk (a due
 * date order bounded by the range); at most filterFirstMax matches: the filter first; a status, supplier or
 * search filter: a walk of a bounded number of rows, then the filter first — index-only through the
 * status and supplier covering indexes (purchase_orders_status_cover_idx, _supplier_cover_idx).
 */
async function pageIds(db: Db, q: PoListQuery, conds: SQL[], matches: number | undefined): Promise<number[]> {
  const col = q.sort && q.sort !== 'po_date' ? SORTS[q.sort] : undefined;
  const asc = q.order === 'asc' && (col !== undefined || q.sort === 'po_date');
  // The default (po_date descending) walks (po_date desc nulls last, id desc nulls last) forward; po_date is
  // never null, so ascending `nulls first` is the same order and walks it backward.
  const dir = asc ? sql`asc` : sql`desc`;
  const order = col
    ? sql`${col} ${dir}, p.id desc nulls last`
    : asc
      ? sql`p.po_date asc nulls first, p.id desc nulls last`
      : sql`p.po_date desc nulls last, p.id desc nulls last`;
  const all = [...conds];
  if (q.sort === 'due_date' && (q.start !== undefined || q.end !== undefined)) all.push(...(await dueBounds(db, q)));
  const where = all.length ? sql.join(all, sql` and `) : sql`true`;
  const walk = async () =>
    (
      await queryRows<{ id: number }>(
        db,
        sql`select p.id from purchase_orders p where ${where} order by ${order} limit ${q.limit} offset ${q.offset}`,
      )
    ).map((r) => Number(r.id));
  if (q.sort === 'po_number' && (q.start !== undefined || q.end !== undefined) && !q.search && !q.supplier) {
    const merged = await monthMerge(db, q, where, dir);
    if (merged) return merged;
  }
  const status = q.status && q.status !== 'all';
  const paid = q.paid && q.paid !== 'all';
  // The filter's own column leads the index the walk reads: every entry it reads is a match.
  const direct = col
    ? (q.sort === 'status' && status) ||
      (q.sort === 'paid' && paid) ||
      (q.sort === 'due_date' && status && !q.search && !q.supplier)
    : !q.search && (status || q.supplier || q.start !== undefined || q.end !== undefined);
  if (!conds.length || direct) return walk();
  // The matches' sort keys through the filter's own index, a top-N sort of them.
  const filterFirst = async () =>
    (
      await queryRows<{ id: number }>(
        db,
        sql`select id from (select p.id, ${col ?? sql`p.po_date`} as k from purchase_orders p where ${where} offset 0) f
            order by k ${dir}${asc ? sql` nulls first` : sql` nulls last`}, id desc nulls last
            limit ${q.limit} offset ${q.offset}`,
      )
    ).map((r) => Number(r.id));
  if (matches !== undefined && matches <= poListTuning.filterFirstMax) return filterFirst();
  // A date range or payment filter alone has no covering index to run first: the walk finds its matches
  // spread through every sort order (due date: from the range's bound on).
  if (matches === undefined || !(status || q.supplier || q.search)) return walk();
  const end = q.offset + q.limit;
  const n = await plannedRows(db, 'purchase_orders');
  const t = poListTuning;
  const want = n > 0 ? (t.walkSlack * end * n) / Math.max(1, matches) : t.walkRows;
  // Never more rows than half the matches: past that the filter first is cheaper. A search's filter first
  // reads every match's row (no index holds the text: hundreds of ms for 200k matches), so its walk goes on
  // to walkRows even when the matches should have shown up sooner.
  const rows = Math.ceil(Math.max(t.walkMin, end, Math.min(t.walkRows, q.search ? t.walkRows : want, matches / 2)));
  // The walk stops at the page's end: the filter reads the walked rows as they come, in the sort index's
  // order (a subquery with ORDER BY and LIMIT keeps its order through the filter above).
  const found = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from (select p.id, (${where}) as m from purchase_orders p order by ${order} limit ${rows}) w
          where m limit ${end}`,
    )
  ).map((r) => Number(r.id));
  if (found.length === end) return found.slice(q.offset);
  // Fewer: exact only if the walk read every PO.
  const [r] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from purchase_orders limit ${rows}) x`,
  );
  return Number(r?.n) < rows ? found.slice(q.offset) : filterFirst();
}

/**
 * The list: filtered, sorted, paged and totalled in SQL; `amount` sums the non-cancelled POs (USD). Above
 * the exact-count limit a search's total and amount are estimates (`estimated`; docs/decisions.md).
 */
export async function listPos(
  db: Db,
  q: PoListQuery,
  opts: { totals?: boolean } = {},
): Promise<{ rows: PoRow[]; total: number; amount: number; estimated: boolean }> {
  const conds = listConds(q);
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  // The totals first: their count chooses how the page is found.
  const sum = opts.totals === false ? undefined : await totals(db, q, where);
  const ids = await pageIds(db, q, conds, sum?.total);
  const byId = new Map(
    (ids.length
      ? await queryRows<Record<string, unknown>>(
          db,
          sql`select ${pageColumns} from purchase_orders p where p.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      : []
    ).map((r) => [Number(r.id), r]),
  );
  const rows: PoRow[] = ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            id,
            po_number: String(r.po_number),
            po_date: Number(r.po_date),
            due_date: Number(r.due_date),
            supplier: Number(r.supplier),
            supplier_name: String(r.supplier_name),
            requisitioner: String(r.requisitioner),
            purpose: String(r.purpose),
            department: String(r.department),
            status: r.status as PoStatus,
            paid: Number(r.paid) as 0 | 1 | 2,
            currency: String(r.currency),
            currency_rate: Number(r.currency_rate),
            amount: Number(r.amount),
            cancelled_reason: String(r.cancelled_reason),
          },
        ]
      : [];
  });
  return { rows, ...(sum ?? { total: 0, amount: 0, estimated: false }) };
}

const sums = sql`count(*)::int as n, coalesce(sum(p.amount) filter (where p.status <> 'cancelled'), 0) as amount`;

/**
 * Count and non-cancelled USD amount of the filtered POs: from po_rollup when only supplier, status
 * and payment filter (a handful of rows); for a date range by an index-only scan of
 * purchase_orders_date_totals_idx; for a search over its matches, counted exactly up to the limit and
 * above it estimated from a 1 % block sample.
 */
async function totals(db: Db, q: Partial<PoListQuery>, where: SQL) {
  const result = (n: unknown, amount: unknown, estimated = false) => ({
    total: Number(n ?? 0),
    amount: roundPrice(Number(amount ?? 0)),
    estimated,
  });
  if (!q.search && q.start === undefined && q.end === undefined) {
    const R = poRollup;
    const conds: SQL[] = [];
    if (q.supplier) conds.push(eq(R.supplierId, q.supplier));
    if (q.status && q.status !== 'all') conds.push(eq(R.status, q.status));
    if (q.paid && q.paid !== 'all') conds.push(eq(R.paid, Number(q.paid)));
    const [agg] = await db
      .select({
        n: sql<number>`coalesce(sum(${R.n}), 0)`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${R.amount}) filter (where ${R.status} <> 'cancelled'), 0)`.mapWith(Number),
      })
      .from(R)
      .where(conds.length ? and(...conds) : undefined);
    return result(agg?.n, agg?.amount);
  }
  if (!q.search && !q.supplier) return dateRangeTotals(db, q, where, result);
  if (!q.search) {
    const [agg] = await queryRows<{ n: number; amount: string }>(
      db,
      sql`select ${sums} from purchase_orders p where ${where}`,
    );
    return result(agg?.n, agg?.amount);
  }
  const [agg] = await queryRows<{ n: number; amount: string }>(
    db,
    sql`select ${sums} from (select p.amount, p.status from purchase_orders p where ${where} limit ${EXACT_COUNT_LIMIT + 1}) p`,
  );
  if (Number(agg?.n) <= EXACT_COUNT_LIMIT) return result(agg?.n, agg?.amount);
  const [est] = await queryRows<{ n: number; amount: string }>(
    db,
    sql`select ${sums} from purchase_orders p tablesample system (1) repeatable (14) where ${where}`,
  );
  return result(Math.max(EXACT_COUNT_LIMIT + 1, Number(est?.n ?? 0) * 100), Number(est?.amount ?? 0) * 100, true);
}

/**
 * Totals of a date range (with or without the status and payment filters): the whole UTC days inside it
 * from po_day_totals, the cut days at its two ends from the POs themselves (index-only, at most two days).
 */
async function dateRangeTotals<T>(
  db: Db,
  q: Partial<PoListQuery>,
  where: SQL,
  result: (n: unknown, amount: unknown) => T,
): Promise<T> {
  // Whole days: [first, last]; the range is inclusive at both ends (po_date >= start and <= end).
  const first = q.start === undefined ? null : Math.ceil(q.start / DAY);
  const last = q.end === undefined ? null : Math.floor((q.end + 1) / DAY) - 1;
  if (first !== null && last !== null && last < first) {
    const [agg] = await queryRows<{ n: number; amount: string }>(
      db,
      sql`select ${sums} from purchase_orders p where ${where}`,
    );
    return result(agg?.n, agg?.amount);
  }
  const d: SQL[] = [sql`true`];
  if (first !== null) d.push(sql`day >= ${first}`);
  if (last !== null) d.push(sql`day <= ${last}`);
  if (q.status && q.status !== 'all') d.push(sql`status = ${q.status}`);
  if (q.paid && q.paid !== 'all') d.push(sql`paid = ${Number(q.paid)}`);
  const edges: SQL[] = [];
  if (first !== null) edges.push(sql`p.po_date < ${first * DAY}`);
  if (last !== null) edges.push(sql`p.po_date >= ${(last + 1) * DAY}`);
  const [agg] = await queryRows<{ n: number; amount: string }>(
    db,
    sql`select sum(n)::int as n, sum(amount) as amount from (
          select coalesce(sum(n), 0) as n, coalesce(sum(amount) filter (where status <> 'cancelled'), 0) as amount
          from po_day_totals where ${sql.join(d, sql` and `)}
          union all
          select ${sums} from purchase_orders p
          where ${where} and ${edges.length ? sql`(${sql.join(edges, sql` or `)})` : sql`false`}) x`,
  );
  return result(agg?.n, agg?.amount);
}

/** POs of one status (dashboards, the approval inbox), newest first. */
export async function posByStatus(
  db: Db,
  status: PoStatus,
  supplier: number | undefined,
  limit: number,
): Promise<{ rows: PoRow[]; total: number }> {
  return listPos(db, { status, supplier, limit, offset: 0, search: '', paid: 'all' } as PoListQuery);
}

/**
 * The purchasing overview (document 1 section 2.5): drafts and POs waiting approval (each with its count),
 * and the POs of the last RECENT_DAYS days, for all suppliers or one.
 */
export async function purchasingOverview(
  db: Db,
  supplier: number | undefined,
  now: number,
): Promise<PurchasingOverview> {
  const [draft, waiting, recent] = await Promise.all([
    posByStatus(db, 'draft', supplier, OVERVIEW_LIMIT),
    posByStatus(db, 'waitingapproval', supplier, OVERVIEW_LIMIT),
    listPos(
      db,
      {
        supplier,
        start: now - RECENT_DAYS * 86400,
        limit: OVERVIEW_LIMIT,
        offset: 0,
        search: '',
        status: 'all',
        paid: 'all',
      },
      // The Recent table shows no count.
      { totals: false },
    ),
  ]);
  return {
    draft: draft.rows,
    draft_count: draft.total,
    waitingapproval: waiting.rows,
    waitingapproval_count: waiting.total,
    recent: recent.rows,
  };
}

export async function posInTime(db: Db, start: number, end: number | undefined): Promise<PoRow[]> {
  return db
    .select(rowColumns)
    .from(P)
    .where(and(sql`${P.poDate} >= ${start}`, end !== undefined ? sql`${P.poDate} <= ${end}` : undefined))
    .orderBy(sql`${P.poDate} desc nulls last`, sql`${P.id} desc nulls last`)
    .limit(1000);
}

type RollupKey = { supplier: number; status: string; paid: number; amount: number; po_date: number };

/**
 * Moves one PO's share of po_rollup and po_day_totals from `before` to `after` (null: not counted), in the
 * caller's transaction.
 */
export async function moveRollup(tx: Db, before: RollupKey | null, after: RollupKey | null) {
  const add = async (k: RollupKey, sign: 1 | -1) => {
    await tx
      .insert(poRollup)
      .values({ supplierId: k.supplier, status: k.status, paid: k.paid, n: sign, amount: String(sign * k.amount) })
      .onConflictDoUpdate({
        target: [poRollup.supplierId, poRollup.status, poRollup.paid],
        set: { n: sql`${poRollup.n} + ${sign}`, amount: sql`${poRollup.amount} + ${String(sign * k.amount)}` },
      });
    await tx.execute(sql`insert into po_day_totals (day, status, paid, n, amount)
      values (${Math.floor(k.po_date / DAY)}, ${k.status}, ${k.paid}, ${sign}, ${String(sign * k.amount)})
      on conflict (day, status, paid) do update set n = po_day_totals.n + excluded.n,
        amount = po_day_totals.amount + excluded.amount`);
  };
  if (before) await add(before, -1);
  if (after) await add(after, 1);
}

/** Recounts po_rollup and po_day_totals from the POs (seeding, bulk loads). */
export async function rebuildPoRollup(db: Db) {
  await db.execute(sql`delete from po_rollup`);
  await db.execute(sql`insert into po_rollup (supplier_id, status, paid, n, amount)
    select supplier_id, status, paid, count(*), sum(amount) from purchase_orders group by 1, 2, 3`);
  await db.execute(sql`delete from po_day_totals`);
  await db.execute(sql`insert into po_day_totals (day, status, paid, n, amount)
    select floor(po_date / 86400.0)::int, status, paid, count(*), sum(amount) from purchase_orders group by 1, 2, 3`);
}
