import type { PoLine, PoRow, PurchaseOrder } from '@bpm/contract/purchaseOrderReads';
import { PO_MSG, type PoListQuery, type PoStatus, roundPrice, toDisplay } from '@bpm/contract/purchaseOrders';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { poRollup, purchaseOrderLines, purchaseOrders } from '../../db/schema/purchasing';
import { notFound } from '../../platform/errors';
import { likePattern, orderBy } from '../../platform/paging';

const P = purchaseOrders;
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

function listWhere(q: Partial<PoListQuery>): SQL | undefined {
  const conds: SQL[] = [];
  if (q.search)
    conds.push(
      sql`lower(${P.poNumber} || ' ' || ${P.supplierName} || ' ' || ${P.requisitioner} || ' ' || ${P.purpose} || ' ' || ${P.department}) like ${likePattern(q.search)}`,
    );
  if (q.supplier) conds.push(eq(P.supplierId, q.supplier));
  if (q.start !== undefined) conds.push(sql`${P.poDate} >= ${q.start}`);
  if (q.end !== undefined) conds.push(sql`${P.poDate} <= ${q.end}`);
  if (q.status && q.status !== 'all') conds.push(eq(P.status, q.status));
  if (q.paid && q.paid !== 'all') conds.push(eq(P.paid, Number(q.paid)));
  return conds.length ? and(...conds) : undefined;
}

/** The list: filtered, sorted, paged and totalled in SQL; `amount` sums the non-cancelled POs (USD). */
export async function listPos(
  db: Db,
  q: PoListQuery,
  opts: { totals?: boolean } = {},
): Promise<{ rows: PoRow[]; total: number; amount: number }> {
  const where = listWhere(q);
  // The default (po_date descending) matches the (po_date desc nulls last, id desc nulls last) index exactly;
  // plain `desc` means nulls first and would sort every row instead.
  const byDate = !q.sort || (q.sort === 'po_date' && q.order !== 'asc');
  const order = byDate
    ? sql`${P.poDate} desc nulls last`
    : orderBy(
        {
          po_date: P.poDate,
          po_number: P.poNumber,
          supplier_name: sql`lower(${P.supplierName})`,
          requisitioner: sql`lower(${P.requisitioner})`,
          department: sql`lower(${P.department})`,
          due_date: P.dueDate,
          status: P.status,
          amount: P.amount,
          paid: P.paid,
        },
        q.sort,
        q.order,
        sql`${P.poDate} desc`,
      );
  const page = db
    .select(rowColumns)
    .from(P)
    .where(where)
    .orderBy(order, sql`${P.id} desc nulls last`)
    .limit(q.limit)
    .offset(q.offset);
  if (opts.totals === false) return { rows: await page, total: 0, amount: 0 };
  const [rows, agg] = await Promise.all([page, totals(db, q, where)]);
  return { rows, ...agg };
}

/**
 * Count and non-cancelled USD amount of the filtered POs: from po_rollup when only supplier, status
 * and payment filter (a handful of rows), otherwise by scanning the matching POs.
 */
async function totals(db: Db, q: Partial<PoListQuery>, where: SQL | undefined) {
  const byRollup = !q.search && q.start === undefined && q.end === undefined;
  const R = poRollup;
  const conds: SQL[] = [];
  if (q.supplier) conds.push(eq(R.supplierId, q.supplier));
  if (q.status && q.status !== 'all') conds.push(eq(R.status, q.status));
  if (q.paid && q.paid !== 'all') conds.push(eq(R.paid, Number(q.paid)));
  const [agg] = byRollup
    ? await db
        .select({
          n: sql<number>`coalesce(sum(${R.n}), 0)`.mapWith(Number),
          amount: sql<number>`coalesce(sum(${R.amount}) filter (where ${R.status} <> 'cancelled'), 0)`.mapWith(Number),
        })
        .from(R)
        .where(conds.length ? and(...conds) : undefined)
    : await db
        .select({
          n: sql<number>`count(*)`.mapWith(Number),
          amount: sql<number>`coalesce(sum(${P.amount}) filter (where ${P.status} <> 'cancelled'), 0)`.mapWith(Number),
        })
        .from(P)
        .where(where);
  return { total: agg?.n ?? 0, amount: roundPrice(agg?.amount ?? 0) };
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

type RollupKey = { supplier: number; status: string; paid: number; amount: number };

/** Moves one PO's share of po_rollup from `before` to `after` (null: not counted), in the caller's transaction. */
export async function moveRollup(tx: Db, before: RollupKey | null, after: RollupKey | null) {
  const add = async (k: RollupKey, sign: 1 | -1) =>
    tx
      .insert(poRollup)
      .values({ supplierId: k.supplier, status: k.status, paid: k.paid, n: sign, amount: String(sign * k.amount) })
      .onConflictDoUpdate({
        target: [poRollup.supplierId, poRollup.status, poRollup.paid],
        set: { n: sql`${poRollup.n} + ${sign}`, amount: sql`${poRollup.amount} + ${String(sign * k.amount)}` },
      });
  if (before) await add(before, -1);
  if (after) await add(after, 1);
}

/** Recounts po_rollup from the POs (seeding, bulk loads). */
export async function rebuildPoRollup(db: Db) {
  await db.execute(sql`delete from po_rollup`);
  await db.execute(sql`insert into po_rollup (supplier_id, status, paid, n, amount)
    select supplier_id, status, paid, count(*), sum(amount) from purchase_orders group by 1, 2, 3`);
}
