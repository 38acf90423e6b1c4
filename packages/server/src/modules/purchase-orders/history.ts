import type { PoHistoryRecord, PoHistoryRow, PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { linesTotal, PO_MSG, type PoStatus } from '@bpm/contract/purchase-orders';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchaseOrderHistory } from '../../db/schema/purchasing';
import { notFound } from '../../platform/errors';
import { diff } from '../../platform/events';
import { getPo } from './queries';

const H = purchaseOrderHistory;

/** What events and history compare: the form's fields. */
export function snapshotOf(po: PurchaseOrder): Record<string, unknown> {
  const { id: _id, version: _v, ...rest } = po;
  return rest;
}

/**
 * A stored snapshot as a PurchaseOrder: versions stored before the currency total existed (migration 0038) get
 * it from their lines (Σ price_UI × quantity).
 */
export function fromSnapshot(json: unknown): PurchaseOrder {
  const po = json as PurchaseOrder;
  if (typeof po.currency_amount === 'number') return po;
  return { ...po, currency_amount: linesTotal(po.parts.map((l) => ({ price: l.price_UI, quantity: l.quantity }))) };
}

/** Stores an immutable snapshot of the PO as it is now (approval, receipt, revision). */
export async function storeSnapshot(tx: Db, po: PurchaseOrder, action: string, now: number): Promise<void> {
  await tx.insert(H).values({
    poId: po.id,
    date: now,
    action,
    poNumber: po.po_number,
    poDate: po.po_date,
    supplierName: po.supplier_name,
    requisitioner: po.requisitioner,
    purpose: po.purpose,
    department: po.department,
    dueDate: po.due_date,
    status: po.status,
    cancelledReason: po.cancelled_reason,
    amount: String(po.amount),
    paid: po.paid,
    proofPaymentFileId: po.proof_payment_pdf,
    supplierQuoteFileId: po.supplier_quote_pdf,
    poPdfFileId: po.po_pdf,
    snapshot: po,
  });
}

const rowColumns = {
  id: H.id,
  po_id: H.poId,
  date: H.date,
  action: H.action,
  po_date: H.poDate,
  po_number: H.poNumber,
  supplier_name: H.supplierName,
  requisitioner: H.requisitioner,
  purpose: H.purpose,
  department: H.department,
  due_date: H.dueDate,
  status: sql<PoStatus>`${H.status}`,
  cancelled_reason: H.cancelledReason,
  amount: sql<number>`${H.amount}`.mapWith(Number),
  paid: sql<0 | 1 | 2>`${H.paid}`,
  proof_payment_pdf: H.proofPaymentFileId,
  supplier_quote_pdf: H.supplierQuoteFileId,
  po_pdf: H.poPdfFileId,
};

/** GET purchaseorders/history/po/{id}: date descending, paged; 404 when there is no such PO. */
export async function historyOf(
  db: Db,
  poId: number,
  q: { limit: number; offset: number },
): Promise<{ rows: PoHistoryRow[]; total: number }> {
  await getPo(db, poId);
  const [rows, [c]] = await Promise.all([
    db
      .select(rowColumns)
      .from(H)
      .where(eq(H.poId, poId))
      .orderBy(desc(H.date), desc(H.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(H)
      .where(eq(H.poId, poId)),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** GET purchaseorders/history/{historyId}: the snapshot and what changed against the previous version. */
export async function historyRecord(db: Db, id: number): Promise<PoHistoryRecord> {
  const [r] = await db
    .select({ ...rowColumns, snapshot: H.snapshot })
    .from(H)
    .where(eq(H.id, id));
  if (!r) throw notFound(PO_MSG.historyNotFound);
  const [prev] = await db
    .select({ snapshot: H.snapshot })
    .from(H)
    .where(and(eq(H.poId, r.po_id), or(lt(H.date, r.date), and(eq(H.date, r.date), lt(H.id, r.id)))))
    .orderBy(desc(H.date), desc(H.id))
    .limit(1);
  const snap = fromSnapshot(r.snapshot);
  const changes = prev ? diff(snapshotOf(fromSnapshot(prev.snapshot)), snapshotOf(snap)) : {};
  return { ...r, snapshot: snap, changes };
}

/** The file of one history record (download types purchase_order_history/…). */
export const historyFile =
  (field: 'po_pdf' | 'proof_payment_pdf' | 'supplier_quote_pdf') =>
  async (db: Db, id: number): Promise<number | null> => {
    const col = {
      po_pdf: H.poPdfFileId,
      proof_payment_pdf: H.proofPaymentFileId,
      supplier_quote_pdf: H.supplierQuoteFileId,
    }[field];
    const [r] = await db.select({ f: col, status: H.status }).from(H).where(eq(H.id, id));
    if (!r) return null;
    // The PO PDF is available only for approved or received versions (section 2).
    if (field === 'po_pdf' && r.status !== 'approved' && r.status !== 'received') return null;
    return r.f;
  };
