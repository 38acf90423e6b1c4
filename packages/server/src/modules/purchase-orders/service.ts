import { EVENTS, type EventName } from '@bpm/contract/events';
import type { Action } from '@bpm/contract/permissions';
import type { PoLine, PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import {
  linesTotal,
  PO_MSG,
  PO_STATUSES,
  type PoSave,
  type PoStatus,
  poNumber,
  poSave,
  rateOf,
  roundPrice,
  toUsd,
} from '@bpm/contract/purchase-orders';
import type { Role } from '@bpm/contract/roles';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { partComponents, suppliers } from '../../db/schema/parts';
import { bomLines } from '../../db/schema/products';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/purchasing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import { authorize } from '../../platform/authorize';
import { invalid, zodCause } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { lockRecord, type SaveKind, saveRecord } from '../../platform/records';
import { idIn } from '../../platform/records-write';
import { recomputeBomCosts } from '../products/boms';
import { snapshotOf, storeSnapshot } from './history';
import { getPo } from './queries';
import { moveRollup } from './totals';

export const PO_ENTITY = 'purchaseorder';
const P = purchaseOrders;
const L = purchaseOrderLines;

// --- Permissions --------------------------------------------------------------------------------

/** The role table and the state rule on this purchase order (platform/authorize.ts: 403 or 409). */
export function assertAllowed(role: Role, action: Action, status: PoStatus | undefined, verb: string) {
  authorize(role, action, {
    context: { state: status },
    states: PO_STATUSES,
    refused: () => (status === 'cancelled' ? PO_MSG.cancelledReadOnly : PO_MSG.illegal(verb, status ?? 'draft')),
  });
}

// --- Saving -------------------------------------------------------------------------------------

export async function actorOf(db: Db, userId: number | null): Promise<{ name: string; position: string }> {
  if (!userId) return { name: 'System', position: '' };
  const [u] = await db
    .select({ first: users.firstName, last: users.lastName, position: users.position })
    .from(users)
    .where(eq(users.id, userId));
  return { name: `${u?.first ?? ''} ${u?.last ?? ''}`.trim(), position: u?.position ?? '' };
}

/** The supplier and the parts the form names exist (one statement): 400 naming each unknown one. */
async function checkRefs(tx: Db, input: PoSave) {
  const cause: Record<string, string> = {};
  const ids = [...new Set(input.parts.map((p) => p.part).filter((p): p is number => !!p))];
  const [found] = await queryRows<{ supplier: boolean; parts: number[] | null }>(
    tx,
    sql`select exists (select 1 from ${suppliers} where ${suppliers.id} = ${input.supplier}) as supplier,
          (select array_agg(${partComponents.id}) from ${partComponents} where ${idIn(partComponents.id, ids)}) as parts`,
  );
  if (!found?.supplier) cause.supplier = PO_MSG.supplierUnknown;
  const parts = new Set((found?.parts ?? []).map(Number));
  input.parts.forEach((p, i) => {
    if (p.part && !parts.has(p.part)) cause[`parts.${i}.part`] = PO_MSG.partUnknown;
  });
  if (Object.keys(cause).length) throw invalid(cause);
}

/**
 * The lines as stored: the price in the PO currency exactly as entered (an API caller may send the USD price
 * alone: then ÷ rate), and the USD price derived from it (× rate).
 */
function resolveLines(input: PoSave) {
  const rate = rateOf(input);
  return input.parts.map((p) => {
    const local = roundPrice(p.price_UI ?? (p.price ?? 0) / rate);
    return { ...p, local, price: toUsd(local, rate), quantity: roundPrice(p.quantity) };
  });
}

function formFields(input: PoSave, lines: ReturnType<typeof resolveLines>) {
  const rate = rateOf(input);
  // The currency total is exact; the USD amount is derived from it (not summed from rounded USD prices).
  const currencyAmount = linesTotal(lines.map((l) => ({ price: l.local, quantity: l.quantity })));
  return {
    ...(input.shipping_cost !== undefined ? { shippingCost: String(toUsd(input.shipping_cost, rate)) } : {}),
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
    currencyRate: String(rate),
    localPo: input.local_po,
    currencyAmount: String(currencyAmount),
    amount: String(toUsd(currencyAmount, rate)),
  };
}

/** The lines as `getPo` reads them back after they are written. */
function storedParts(lines: ReturnType<typeof resolveLines>): PoLine[] {
  return lines.map((l) => ({
    part: l.part ?? null,
    manuf_part_number: l.manuf_part_number,
    part_name: l.part_name,
    price: l.price,
    price_UI: l.local,
    quantity: l.quantity,
    unit: l.unit || 'pcs',
    remarks: l.remarks,
  }));
}

/** Whether the stored lines already hold `lines` (then a save leaves them as they are). */
const sameParts = (stored: PoLine[], lines: ReturnType<typeof resolveLines>) =>
  JSON.stringify(stored) === JSON.stringify(storedParts(lines));

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
      localPrice: String(l.local),
      price: String(l.price),
      quantity: String(l.quantity),
      unit: l.unit || 'pcs',
      remarks: l.remarks,
    })),
  );
}

export type SaveMode = 'created' | 'updated' | 'revised' | 'duplicated';

const PO: SaveKind<PurchaseOrder> = {
  table: P,
  entityType: PO_ENTITY,
  event: 'purchaseorder',
  get: getPo,
  snapshot: snapshotOf,
  label: (po) => ({ po_number: po.po_number }),
};

/** POST purchaseorders/save: add, edit (draft), revise (non-draft) or duplicate. */
export async function savePo(
  db: Db,
  input: PoSave,
  user: AuthUser,
  now: number,
): Promise<{ po: PurchaseOrder; mode: SaveMode }> {
  const actor = user as Actor;
  const role = user.user_role;
  const mode: SaveMode = !input.id ? 'created' : input.duplicate ? 'duplicated' : input.revise ? 'revised' : 'updated';
  const action: Action =
    mode === 'duplicated'
      ? 'purchaseOrders.duplicate'
      : mode === 'revised'
        ? 'purchaseOrders.revise'
        : 'purchaseOrders.save';
  const verb = mode === 'duplicated' ? 'duplicated' : mode === 'revised' ? 'revised' : 'edited';
  const lines = resolveLines(input);
  return db.transaction(async (tx) => {
    if (mode === 'created' || mode === 'duplicated') {
      // A duplicate copies the form the caller sends; its source is locked and read, with no version check.
      const source = input.id ? await lockRecord(tx, PO, input.id, undefined) : undefined;
      assertAllowed(role, action, source?.status, verb);
      await checkRefs(tx, input);
      const me = await actorOf(tx, user.user_id);
      const fields = {
        ...formFields(input, lines),
        status: 'draft',
        preparedById: user.user_id,
        preparedByName: me.name,
        preparedByPosition: me.position,
      };
      const saved = await saveRecord(
        tx,
        PO,
        {},
        {
          fields,
          written: async (id) => {
            await tx
              .update(P)
              .set({ poNumber: poNumber(id, now, 0) })
              .where(eq(P.id, id));
            await writeLines(tx, id, lines);
          },
          saved: (po) => moveRollup(tx, null, po),
          event: mode === 'duplicated' ? EVENTS.purchaseorder.duplicated : EVENTS.purchaseorder.created,
          data: (po, changes) => ({
            po_number: po.po_number,
            ...(source ? { duplicated_from: source.po_number } : {}),
            changes,
          }),
        },
        actor,
        now,
      );
      return { po: saved.record, mode };
    }

    let linesKept = false;
    const saved = await saveRecord(
      tx,
      PO,
      { id: input.id, version: input.version },
      {
        guard: (before) => assertAllowed(role, action, before.status, verb),
        fields: async (before) => {
          await checkRefs(tx, input);
          const set: Record<string, unknown> = formFields(input, lines);
          if (mode !== 'revised') return set;
          // A revision goes back to draft: it needs a fresh approval, and the old PDF stays in history.
          const revision = before!.revision + 1;
          const [meta] = await tx.select({ createdAt: P.createdAt }).from(P).where(eq(P.id, before!.id));
          return {
            ...set,
            status: 'draft',
            revision,
            poNumber: poNumber(before!.id, meta!.createdAt, revision),
            approvedById: null,
            approvedByName: '',
            approvedByPosition: '',
            poPdfFileId: null,
          };
        },
        // Lines the form sent as they are stored are not rewritten, and the row alone is read back.
        written: async (id, before) => {
          linesKept = sameParts(before!.parts, lines);
          if (!linesKept) await writeLines(tx, id, lines);
        },
        readBack: (db, id) => getPo(db, id, linesKept ? storedParts(lines) : undefined),
        saved: async (after, before) => {
          if (mode === 'revised') await storeSnapshot(tx, after, 'revised', now);
          await refreshBomCosts(tx, before!, after);
          await moveRollup(tx, before!, after);
        },
        event: mode === 'revised' ? EVENTS.purchaseorder.revised : EVENTS.purchaseorder.updated,
      },
      actor,
      now,
    );
    return { po: saved.record, mode };
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
    sql`p.id in (select product_id from ${bomLines} where part_id in (${sql.join(
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
    const saved = await saveRecord(
      tx,
      PO,
      { id, version: c.version },
      {
        guard: (before) => assertAllowed(user.user_role, c.action, before.status, c.verb),
        fields: (before) => c.apply(tx, before!),
        written: async (poId) => {
          if (c.after) await c.after(tx, await getPo(tx, poId));
        },
        saved: async (after, before) => {
          await refreshBomCosts(tx, before!, after);
          await moveRollup(tx, before!, after);
        },
        event: c.event,
        data: (after, changes) => ({ po_number: after.po_number, ...c.data, changes }),
      },
      user as Actor,
      now,
    );
    return saved.record;
  });
}
