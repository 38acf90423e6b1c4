// The shipping and production saves of an order: only the fields their schemas carry.
import { idParam } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import { applyShippingRules, type ProductionOrderSave, type ShippingOrderSave } from '@bpm/contract/orders';
import { LIMITED_ORDER_EDITS } from '@bpm/contract/permissions';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/sales';
import { invalid } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { type StoreFile, str } from './kinds';
import type { Doc } from './read';
import { findDealer, type SaveResult, saveDoc, storeFiles } from './write';

/** Required dealer/date (create), oc_ref and oc_pdf on the saved order (shipping and production). */
function requireOc(ocRef: string, ocFile: number | null | undefined) {
  const cause: Record<string, string> = {};
  if (!ocRef) cause.oc_ref = MSG.required;
  if (!ocFile) cause.oc_pdf = MSG.required;
  if (Object.keys(cause).length) throw invalid(cause);
}

/**
 * The OC fields a shipping or production save would still lack, for a form that already failed its
 * schema: so an empty form shows oc_ref and oc_pdf beside dealer and date at once.
 */
export async function missingOc(db: Db, raw: unknown, hasOcFile: boolean): Promise<Record<string, string>> {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const parsed = idParam.safeParse(body.id);
  const id = parsed.success ? parsed.data : 0;
  const [before] =
    id > 0
      ? await db
          .select({ ocRef: orders.ocRef, ocFileId: orders.ocFileId })
          .from(orders)
          .where(and(eq(orders.id, id), eq(orders.deleted, 0)))
      : [];
  const typed = typeof body.oc_ref === 'string' ? body.oc_ref.trim() : '';
  const cause: Record<string, string> = {};
  if (!hasOcFile && !typed && !before?.ocRef) cause.oc_ref = MSG.required;
  if (!hasOcFile && !before?.ocFileId) cause.oc_pdf = MSG.required;
  return cause;
}

async function currentOcFile(tx: Db, id: number): Promise<number | null> {
  const [r] = await tx.select({ f: orders.ocFileId }).from(orders).where(eq(orders.id, id));
  return r?.f ?? null;
}

/** POST /shipping/orders/save: only the shipping fields change (docs/decisions.md). */
export async function saveShippingOrder(
  db: Db,
  input: ShippingOrderSave,
  storeFile: StoreFile | undefined,
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  return saveLimited(db, input, actor, now, async (tx, before) => {
    const dealer = before ? null : await findDealer(tx, input.dealer);
    const { set: fileCols, refs } = await storeFiles(tx, storeFile, LIMITED_ORDER_EDITS.shipping.uploads);
    const ocRef = refs.ocRef ?? (input.oc_ref || before?.oc_ref || '');
    requireOc(ocRef, fileCols.ocFileId ?? (before ? await currentOcFile(tx, before.id) : null));
    const awb = input.shipping_awb;
    const shipping = applyShippingRules({
      shipping_status: input.shipping_status ?? before?.shipping_status ?? 'wait',
      shipping_awb: awb,
      shipping_for_today: input.shipping_for_today ?? before?.shipping_for_today ?? 0,
    });
    if (shipping.shipping_status === 'done' && !awb) throw invalid({ shipping_awb: MSG.required });
    const fields = {
      ocRef,
      shippingStatus: shipping.shipping_status,
      shippingForToday: shipping.shipping_for_today,
      shippingAwb: awb,
      shippingWeight: input.shipping_weight,
      ...(input.distributor_shipments !== undefined ? { distributorShipments: input.distributor_shipments } : {}),
      ...(input.shipping_date_expected !== undefined ? { shippingDateExpected: input.shipping_date_expected } : {}),
      ...(input.shipping_date !== undefined ? { shippingDate: input.shipping_date } : {}),
      ...(input.shipping_cost !== undefined ? { shippingCost: str(input.shipping_cost) } : {}),
      ...(input.actual_shipping_cost !== undefined ? { actualShippingCost: str(input.actual_shipping_cost) } : {}),
      ...fileCols,
    };
    return withDealer(fields, dealer, input.date, actor);
  });
}

/** POST /production/orders/save. */
export async function saveProductionOrder(
  db: Db,
  input: ProductionOrderSave,
  storeFile: StoreFile | undefined,
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  return saveLimited(db, input, actor, now, async (tx, before) => {
    const dealer = before ? null : await findDealer(tx, input.dealer);
    const { set: fileCols, refs } = await storeFiles(tx, storeFile, LIMITED_ORDER_EDITS.production.uploads);
    const ocRef = refs.ocRef ?? (input.oc_ref || before?.oc_ref || '');
    requireOc(ocRef, fileCols.ocFileId ?? (before ? await currentOcFile(tx, before.id) : null));
    const status = before?.shipping_status ?? 'wait';
    const fields = {
      ocRef,
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(input.shipping_for_today !== undefined
        ? { shippingForToday: status === 'done' ? 0 : input.shipping_for_today }
        : {}),
      ...(input.distributor_shipments !== undefined ? { distributorShipments: input.distributor_shipments } : {}),
      ...(input.shipping_date_expected !== undefined ? { shippingDateExpected: input.shipping_date_expected } : {}),
      ...fileCols,
    };
    return withDealer(fields, dealer, input.date, actor);
  });
}

/** The columns of a new order from a limited save: its dealer, date and creator beside the form's fields. */
function withDealer(
  fields: Partial<typeof orders.$inferInsert>,
  dealer: { id: number; name: string } | null,
  date: number,
  actor: Actor,
): Record<string, unknown> {
  return dealer ? { ...fields, dealerId: dealer.id, dealerName: dealer.name, date, createdBy: actor.user_id } : fields;
}

/** A limited save: the shared order save, with the columns `fields` answers after the version check. */
function saveLimited(
  db: Db,
  input: { id?: number; version?: number },
  actor: Actor,
  now: number,
  fields: (tx: Db, before: Doc | undefined) => Promise<Record<string, unknown>>,
): Promise<SaveResult> {
  // Shipping's and production's answers show no money: no credit warning to compute.
  return db.transaction((tx) =>
    saveDoc(tx, 'order', input, { fields: (before) => fields(tx, before), warns: false }, actor, now),
  );
}
