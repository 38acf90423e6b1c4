import type { PoLine, PoRow, PurchaseOrder } from '@bpm/contract/purchaseOrderReads';
import { PO_MSG, type PoListQuery, type PoStatus, roundPrice, toDisplay } from '@bpm/contract/purchaseOrders';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { EXACT_COUNT_LIMIT } from '../../db/count';
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

function listWhere(q: Partial<PoListQuery>): SQL {
  const conds: SQL[] = [sql`true`];
  if (q.search)
    conds.push(
      sql`lower(p.po_number || ' ' || p.supplier_name || ' ' || p.requisitioner || ' ' || p.purpose || ' ' || p.department) like ${likePattern(q.search)}`,
    );
  if (q.supplier) conds.push(sql`p.supplier_id = ${q.supplier}`);
  if (q.start !== undefined) conds.push(sql`p.po_date >= ${q.start}`);
  if (q.end !== undefined) conds.push(sql`p.po_date <= ${q.end}`);
  if (q.status && q.status !== 'all') conds.push(sql`p.status = ${q.status}`);
  if (q.paid && q.paid !== 'all') conds.push(sql`p.paid = ${Number(q.paid)}`);
  return sql.join(conds, sql` and `);
}

/**
 * Sort columns. Ties keep the former order (id descending in both directions); each column has an
 * index `(column, id desc) include (supplier_id, po_date, status, paid)` and the few-valued ones a
 * descending twin (0016_list_indexes), so a filtered page is an index-only walk.
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
 * The list: filtered, sorted, paged and totalled in SQL; `amount` sums the non-cancelled POs (USD). Above
 * the exact-count limit a search's total and amount are estimates (`estimated`; docs/decisions.md).
 */
export async function listPos(
  db: Db,
  q: PoListQuery,
  opts: { totals?: boolean } = {},
): Promise<{ rows: PoRow[]; total: number; amount: number; estimated: boolean }> {
  const where = listWhere(q);
  // One supplier's POs (a few thousand) are read through the supplier index and sorted: walking a sort
  // index instead can cross most of the table first when the supplier's rows sit at one end of it (its
  // name always does; requisitioners and dates often). `|| ''` / `+ 0` keep the planner off the sort index.
  const sort = q.sort && q.sort !== 'po_date' ? SORTS[q.sort] : undefined;
  const col =
    sort && q.supplier
      ? ['po_number', 'supplier_name', 'requisitioner', 'department', 'status'].includes(q.sort!)
        ? sql`(${sort} || '')`
        : sql`(${sort} + 0)`
      : sort;
  // The default (po_date descending) walks (po_date desc nulls last, id desc nulls last) forward; po_date is
  // never null, so ascending `nulls first` is the same order and walks it backward.
  const order = col
    ? sql`${col} ${q.order === 'desc' ? sql`desc` : sql`asc`}, p.id desc nulls last`
    : q.sort === 'po_date' && q.order === 'asc'
      ? sql`p.po_date asc nulls first, p.id desc nulls last`
      : sql`p.po_date desc nulls last, p.id desc nulls last`;
  // The page's ids first (an index-only walk under the filters), then only those rows are read.
  const raw = await queryRows<Record<string, unknown>>(
    db,
    sql`with page as materialized (select p.id from purchase_orders p where ${where} order by ${order}
                                   limit ${q.limit} offset ${q.offset})
        select ${pageColumns} from page join purchase_orders p on p.id = page.id order by ${order}`,
  );
  const rows: PoRow[] = raw.map((r) => ({
    id: Number(r.id),
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
  }));
  if (opts.totals === false) return { rows, total: 0, amount: 0, estimated: false };
  return { rows, ...(await totals(db, q, where)) };
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
