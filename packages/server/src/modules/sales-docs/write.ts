// Shared steps of every save: lock and version check, dealer, files, rollup, audit event.
import type { EventName } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { type OrderFileField, refFromFileName } from '@bpm/contract/orders';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers } from '../../db/schema/sales';
import { invalid } from '../../platform/errors';
import { type Actor, diff, recordEvent } from '../../platform/events';
import { lockRecord } from '../../platform/records';
import { KINDS, type Kind, num, type StoreFile } from './kinds';
import { applyPayments } from './payments';
import { type Doc, getDoc } from './read';
import { creditWarning, rollup } from './rollup';

/** What an event shows of an order or quotation: the form's fields, lines as one text each. */
export function snapshot(d: Doc): Record<string, unknown> {
  const {
    id: _id,
    version: _v,
    created_at: _c,
    updated_at: _u,
    products: lines,
    dealer_country: _dc,
    sales: _s,
    ...rest
  } = d;
  return {
    ...rest,
    products: lines.map(
      (l) =>
        `${l.quantity} × ${l.product_code} @ ${l.msrp.toFixed(2)}${l.discount ? ` −${l.discount}%` : ''}${l.is_shipping_cost ? ' (shipping)' : ''}${l.active ? '' : ' (inactive)'}`,
    ),
  };
}

export async function loadForUpdate(tx: Db, kind: Kind, id: number, version: number | undefined): Promise<Doc> {
  // Row lock: two saves of one record serialise, so the version check is exact.
  return lockRecord(tx, { table: KINDS[kind].t, entityType: kind, get: (db, i) => getDoc(db, kind, i) }, id, version);
}

export async function findDealer(tx: Db, id: number) {
  const [d] = await tx
    .select({ id: dealers.id, name: dealers.name, discount: dealers.discount })
    .from(dealers)
    .where(eq(dealers.id, id));
  if (!d) throw invalid({ dealer: MSG.dealerUnknown });
  return { ...d, discount: num(d.discount) };
}

/** Stores the uploaded PDFs; an oc_pdf / invoice_pdf names the OC / invoice reference. */
export async function storeFiles(tx: Db, storeFile: StoreFile | undefined, allowed: readonly OrderFileField[]) {
  const set: Partial<
    Record<'ocFileId' | 'invoiceFileId' | 'shippingInvoiceFileId' | 'shippingPackingListFileId', number>
  > = {};
  const refs: { ocRef?: string; invoice?: string } = {};
  if (!storeFile) return { set, refs };
  const col = {
    oc_pdf: 'ocFileId',
    invoice_pdf: 'invoiceFileId',
    shipping_invoice_pdf: 'shippingInvoiceFileId',
    shipping_packing_list_pdf: 'shippingPackingListFileId',
  } as const;
  for (const field of allowed) {
    const stored = await storeFile(tx, field);
    if (!stored) continue;
    set[col[field]] = stored.id;
    if (field === 'oc_pdf') refs.ocRef = refFromFileName(stored.fileName);
    if (field === 'invoice_pdf') refs.invoice = refFromFileName(stored.fileName);
  }
  return { set, refs };
}

export interface SaveResult {
  doc: Doc;
  warning?: string;
}

export async function finishSave(
  tx: Db,
  kind: Kind,
  id: number,
  before: Doc | null,
  event: EventName,
  actor: Actor,
  now: number,
  extra: Record<string, unknown> = {},
): Promise<SaveResult> {
  // Every save path ends here: the payment figures follow the saved value and statuses.
  await applyPayments(tx, kind, id);
  if (kind === 'order') await rollup(tx, id, 1);
  const after = await getDoc(tx, kind, id);
  await recordEvent(
    tx,
    actor,
    {
      entityType: kind,
      entityId: id,
      event,
      data: {
        ...(kind === 'order' ? { oc_ref: after.oc_ref } : { quote_ref: after.quote_ref }),
        ...extra,
        changes: diff(before ? snapshot(before) : null, snapshot(after)),
      },
    },
    now,
  );
  const counts = kind === 'order' && after.shipping_status !== 'cancel' && after.payment_status === 'not paid';
  const warning = counts ? await creditWarning(tx, after.dealer) : undefined;
  return { doc: after, warning };
}
