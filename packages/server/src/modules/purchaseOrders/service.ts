import type { EventName } from '@bpm/contract/events';
import { type Action, can, PERMISSIONS, STATE_RULES } from '@bpm/contract/permissions';
import {
  type LookupKind,
  linesTotal,
  PO_MSG,
  PO_STATUS_LABELS,
  type PoLine,
  type PoListQuery,
  type PoRow,
  type PoSave,
  type PoStatus,
  type PurchaseOrder,
  poNumber,
  poSave,
  roundPrice,
  toDisplay,
  toUsd,
} from '@bpm/contract/purchaseOrders';
import type { Role } from '@bpm/contract/roles';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partComponents, suppliers } from '../../db/schema/parts';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/purchasing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import { forbidden, invalid, invalidState, notFound, zodCause } from '../../platform/errors';
import { type Actor, checkVersion, diff, recordEvent } from '../../platform/events';
import { likePattern, orderBy } from '../../platform/paging';
import { lockRow, updateVersioned } from '../../platform/records';
import { recomputeBomCosts } from '../products/boms';

export const PO_ENTITY = 'purchaseorder';
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
export async function listPos(db: Db, q: PoListQuery): Promise<{ rows: PoRow[]; total: number; amount: number }> {
  const where = listWhere(q);
  const order = orderBy(
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
  const [rows, [agg]] = await Promise.all([
    db.select(rowColumns).from(P).where(where).orderBy(order, sql`${P.id} desc`).limit(q.limit).offset(q.offset),
    db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${P.amount}) filter (where ${P.status} <> 'cancelled'), 0)`.mapWith(Number),
      })
      .from(P)
      .where(where),
  ]);
  return { rows, total: agg?.n ?? 0, amount: roundPrice(agg?.amount ?? 0) };
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
    .orderBy(sql`${P.poDate} desc`, sql`${P.id} desc`)
    .limit(1000);
}

// --- Permissions --------------------------------------------------------------------------------

/**
 * The role table and the state rule together. A state where another role could act (e.g. purchase
 * cancelling an approved PO) is 403; a state where nobody may is 409 — both change nothing.
 */
export function assertAllowed(role: Role, action: Action, status: PoStatus | undefined, verb: string) {
  if (!can(role, action)) throw forbidden();
  if (can(role, action, { state: status })) return;
  const rule = STATE_RULES[action];
  const anyone = (PERMISSIONS[action] as readonly Role[]).some((r) => rule?.(r, { state: status }));
  if (anyone) throw forbidden();
  if (status === 'cancelled') throw invalidState(PO_MSG.cancelledReadOnly);
  throw invalidState(PO_MSG.illegal(verb, status ?? 'draft'));
}

// --- Saving -------------------------------------------------------------------------------------

/** What events and history compare: the form's fields. */
export function snapshotOf(po: PurchaseOrder): Record<string, unknown> {
  const { id: _id, version: _v, ...rest } = po;
  return rest;
}

export async function actorOf(db: Db, userId: number | null): Promise<{ name: string; position: string }> {
  if (!userId) return { name: 'System', position: '' };
  const [u] = await db
    .select({ first: users.firstName, last: users.lastName, position: users.position })
    .from(users)
    .where(eq(users.id, userId));
  return { name: `${u?.first ?? ''} ${u?.last ?? ''}`.trim(), position: u?.position ?? '' };
}

async function checkRefs(tx: Db, input: PoSave) {
  const cause: Record<string, string> = {};
  const [s] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, input.supplier));
  if (!s) cause.supplier = PO_MSG.supplierUnknown;
  const ids = [...new Set(input.parts.map((p) => p.part).filter((p): p is number => !!p))];
  if (ids.length) {
    const found = new Set(
      (await tx.select({ id: partComponents.id }).from(partComponents).where(inArray(partComponents.id, ids))).map(
        (r) => r.id,
      ),
    );
    input.parts.forEach((p, i) => {
      if (p.part && !found.has(p.part)) cause[`parts.${i}.part`] = PO_MSG.partUnknown;
    });
  }
  if (Object.keys(cause).length) throw invalid(cause);
}

function resolveLines(input: PoSave) {
  return input.parts.map((p) => {
    // The price entered in the PO currency wins; an API caller may send the USD price alone.
    const price = p.price_UI !== undefined ? toUsd(p.price_UI, input.currency_rate) : roundPrice(p.price ?? 0);
    return { ...p, price, quantity: roundPrice(p.quantity) };
  });
}

function formFields(input: PoSave, lines: Array<{ price: number; quantity: number }>) {
  return {
    supplierId: input.supplier,
    supplierName: input.supplier_name,
    supplierContactPerson: input.supplier_contact_person,
    supplier2303: input.supplier_2303,
    supplierAddress: input.supplier_address,
    supplierEmail: input.supplier_email,
    supplierPhone: input.supplier_phone,
    requisitioner: input.requisitioner,
    poDate: input.po_date,
    dueDate: input.due_date,
    purpose: input.purpose,
    department: input.department,
    terms: input.terms,
    shipTo: input.ship_to,
    // Price quote is enabled only for a local PO (section 5).
    priceQuote: input.local_po === 1 ? input.price_quote : '',
    currency: input.currency,
    currencyRate: String(input.currency_rate),
    localPo: input.local_po,
    amount: String(linesTotal(lines)),
  };
}

async function writeLines(tx: Db, poId: number, lines: ReturnType<typeof resolveLines>) {
  await tx.delete(L).where(eq(L.poId, poId));
  if (!lines.length) return;
  await tx.insert(L).values(
    lines.map((l, i) => ({
      poId,
      lineNo: i + 1,
      partId: l.part ?? null,
      manufPartNumber: l.manuf_part_number,
      partName: l.part_name,
      price: String(l.price),
      quantity: String(l.quantity),
      unit: l.unit || 'pcs',
      remarks: l.remarks,
    })),
  );
}

export type SaveMode = 'created' | 'updated' | 'revised' | 'duplicated';

/** A hook that stores the history snapshot of a PO inside the caller's transaction. */
export type Snapshotter = (tx: Db, po: PurchaseOrder, action: string, now: number) => Promise<void>;

/** POST purchaseorders/save: add, edit (draft), revise (non-draft) or duplicate. */
export async function savePo(
  db: Db,
  input: PoSave,
  user: AuthUser,
  now: number,
  snapshot: Snapshotter,
): Promise<{ po: PurchaseOrder; mode: SaveMode }> {
  const actor = user as Actor;
  const role = user.user_role;
  return db.transaction(async (tx) => {
    let before: PurchaseOrder | undefined;
    if (input.id) {
      await lockRow(tx, P, input.id);
      before = await getPo(tx, input.id);
    }
    const mode: SaveMode = !before ? 'created' : input.duplicate ? 'duplicated' : input.revise ? 'revised' : 'updated';
    const action: Action =
      mode === 'duplicated'
        ? 'purchaseOrders.duplicate'
        : mode === 'revised'
          ? 'purchaseOrders.revise'
          : 'purchaseOrders.save';
    const verb = mode === 'duplicated' ? 'duplicated' : mode === 'revised' ? 'revised' : 'edited';
    assertAllowed(role, action, before?.status, verb);
    if (before && mode !== 'duplicated') await checkVersion(tx, PO_ENTITY, before, input.version);
    await checkRefs(tx, input);
    const lines = resolveLines(input);
    const fields = formFields(input, lines);

    if (!before || mode === 'duplicated') {
      const me = await actorOf(tx, user.user_id);
      const [row] = await tx
        .insert(P)
        .values({
          ...fields,
          status: 'draft',
          preparedById: user.user_id,
          preparedByName: me.name,
          preparedByPosition: me.position,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: P.id });
      const id = row!.id;
      await tx
        .update(P)
        .set({ poNumber: poNumber(id, now, 0) })
        .where(eq(P.id, id));
      await writeLines(tx, id, lines);
      const po = await getPo(tx, id);
      await recordEvent(
        tx,
        actor,
        {
          entityType: PO_ENTITY,
          entityId: id,
          event: mode === 'duplicated' ? 'purchaseorder_duplicated' : 'purchaseorder_created',
          data: {
            po_number: po.po_number,
            ...(before ? { duplicated_from: before.po_number } : {}),
            changes: diff(null, snapshotOf(po)),
          },
        },
        now,
      );
      return { po, mode };
    }

    const set: Record<string, unknown> = { ...fields };
    if (mode === 'revised') {
      // A revision goes back to draft: it needs a fresh approval, and the old PDF stays in history.
      const revision = before.revision + 1;
      const [meta] = await tx.select({ createdAt: P.createdAt }).from(P).where(eq(P.id, before.id));
      Object.assign(set, {
        status: 'draft',
        revision,
        poNumber: poNumber(before.id, meta!.createdAt, revision),
        approvedById: null,
        approvedByName: '',
        approvedByPosition: '',
        poPdfFileId: null,
      });
    }
    await updateVersioned(tx, P, before.id, set, now);
    await writeLines(tx, before.id, lines);
    const after = await getPo(tx, before.id);
    if (mode === 'revised') await snapshot(tx, after, 'revised', now);
    await refreshBomCosts(tx, before, after);
    await recordEvent(
      tx,
      actor,
      {
        entityType: PO_ENTITY,
        entityId: after.id,
        event: mode === 'revised' ? 'purchaseorder_revised' : 'purchaseorder_updated',
        data: { po_number: after.po_number, changes: diff(snapshotOf(before), snapshotOf(after)) },
      },
      now,
    );
    return { po: after, mode };
  });
}

/** The save form's fields of a stored PO, for re-validation (Mark as Received). */
export function asSaveInput(po: PurchaseOrder): unknown {
  return { ...po, parts: po.parts.map(({ part, ...l }) => ({ ...l, part: part ?? undefined })) };
}

/** Section 4: Mark as Received runs the form validation first. */
export function validateStored(po: PurchaseOrder) {
  const r = poSave.safeParse(asSaveInput(po));
  if (!r.success) throw invalid(zodCause(r.error));
}

const counts = (s: PoStatus) => s === 'approved' || s === 'received';

/**
 * BOM costs use the average price of approved and received PO lines: when a PO enters or leaves
 * those statuses, the products whose BOM holds one of its parts are costed again.
 */
async function refreshBomCosts(tx: Db, before: PurchaseOrder, after: PurchaseOrder) {
  if (counts(before.status) === counts(after.status)) return;
  const parts = [...new Set([...before.parts, ...after.parts].map((p) => p.part).filter((p): p is number => !!p))];
  if (!parts.length) return;
  await recomputeBomCosts(
    tx,
    sql`p.id in (select product_id from bom_lines where part_id in (${sql.join(
      parts.map((p) => sql`${p}`),
      sql`, `,
    )}))`,
  );
}

// --- One-step changes ---------------------------------------------------------------------------

export interface Change {
  action: Action;
  verb: string;
  event: EventName;
  /** Extra check before the change (may throw); answers the columns to set. */
  apply(tx: Db, po: PurchaseOrder): Promise<Record<string, unknown>>;
  /** After the update, inside the transaction (history snapshot, mail). */
  after?(tx: Db, po: PurchaseOrder): Promise<void>;
  /** Optional version the client loaded. */
  version?: number;
  data?: Record<string, unknown>;
}

/** Locks the PO, checks role and state, applies the change, writes the event: all or nothing. */
export async function changePo(db: Db, id: number, user: AuthUser, now: number, c: Change): Promise<PurchaseOrder> {
  return db.transaction(async (tx) => {
    await lockRow(tx, P, id);
    const before = await getPo(tx, id);
    assertAllowed(user.user_role, c.action, before.status, c.verb);
    await checkVersion(tx, PO_ENTITY, before, c.version);
    const set = await c.apply(tx, before);
    await updateVersioned(tx, P, id, set, now);
    let after = await getPo(tx, id);
    if (c.after) {
      await c.after(tx, after);
      after = await getPo(tx, id);
    }
    await refreshBomCosts(tx, before, after);
    await recordEvent(
      tx,
      user as Actor,
      {
        entityType: PO_ENTITY,
        entityId: id,
        event: c.event,
        data: { po_number: after.po_number, ...c.data, changes: diff(snapshotOf(before), snapshotOf(after)) },
      },
      now,
    );
    return after;
  });
}

export const statusLabel = (s: PoStatus) => PO_STATUS_LABELS[s];

export type { LookupKind };
