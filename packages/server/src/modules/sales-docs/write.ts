// Shared steps of every save of an order or quotation: the shared save, dealer, files, rollup, payments.
import { MSG } from '@bpm/contract/messages';
import { type OrderFileField, refFromFileName } from '@bpm/contract/orders';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers } from '../../db/schema/sales';
import { invalid } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { type SaveSteps, saveRecord } from '../../platform/records';
import { KINDS, type Kind, num, type StoreFile } from './kinds';
import { applyPayments, paymentColumns } from './payments';
import { type Doc, getDoc } from './read';
import { creditUsedOf, creditWarning, moveOrder, rollupOrder } from './rollup';

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

/** What the shared save needs of an order or quotation beside its table (`KINDS[kind].t`). */
export function docEvents(kind: Kind) {
  return {
    entityType: kind,
    event: kind,
    get: (db: Db, id: number) => getDoc(db, kind, id),
    snapshot,
    label: (d: Doc): Record<string, unknown> => (kind === 'order' ? { oc_ref: d.oc_ref } : { quote_ref: d.quote_ref }),
  } as const;
}

/** The dealer of a save: what the document copies of it, its default discount and its credit limit. */
export type SaveDealer = Awaited<ReturnType<typeof findDealer>>;

export async function findDealer(tx: Db, id: number) {
  const [d] = await tx
    .select({
      id: dealers.id,
      name: dealers.name,
      discount: dealers.discount,
      creditLimit: dealers.creditLimit,
      // Read with the dealer, before the save moves the rollups: the credit warning adds the save's own move.
      usedBefore: sql<string>`${creditUsedOf(sql`${dealers.id}`)}`,
    })
    .from(dealers)
    .where(eq(dealers.id, id));
  if (!d) throw invalid({ dealer: MSG.dealerUnknown });
  return { ...d, discount: num(d.discount), usedBefore: num(d.usedBefore) };
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

/** One save of an order or quotation: the shared save's steps and what its event adds beside the diff. */
export interface DocSave extends Omit<SaveSteps<Doc>, 'data' | 'readBack'> {
  extra?: Record<string, unknown>;
  /** Whether the save left the stored lines as they were (then only the row is read back); default: it did. */
  linesKept?(): boolean;
  /** The dealer the save read already (its credit warning reads it again otherwise). */
  dealer?(): SaveDealer | undefined;
  /** Whether the answer carries the credit warning (default true; the money-free answers do not show it). */
  warns?: boolean;
}

/**
 * Every save of an order or quotation runs through here onto the shared save: the payment figures follow the
 * saved value and statuses (written with the row), and an order's rollups move from the stored figures to the
 * saved ones (only where a figure they read changed).
 */
export async function saveDoc(
  tx: Db,
  kind: Kind,
  input: { id?: number; version?: number },
  steps: DocSave,
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  const docKind = { table: KINDS[kind].t, ...docEvents(kind) };
  const { extra, linesKept, dealer, warns = true, ...own } = steps;
  let stored: Doc | undefined;
  let paymentsWritten = false;
  const saved = await saveRecord(
    tx,
    docKind,
    input,
    {
      ...own,
      fields: async (before) => {
        stored = before;
        const fields = typeof own.fields === 'function' ? await own.fields(before) : own.fields;
        const payments = fields && paymentColumns(kind, before, fields);
        paymentsWritten = !!payments;
        return payments ? { ...fields, ...payments } : fields;
      },
      written: async (id, before) => {
        if (own.written) await own.written(id, before);
        if (!paymentsWritten) await applyPayments(tx, kind, id);
      },
      readBack: (db, id) => getDoc(db, kind, id, stored && (linesKept?.() ?? true) ? stored.products : undefined),
      saved: async (after, before) => {
        if (kind === 'order') await moveOrder(tx, before ? rollupOrder(before) : null, rollupOrder(after));
        if (own.saved) await own.saved(after, before);
      },
      data: (after, changes) => ({ ...docKind.label(after), ...extra, changes }),
    },
    actor,
    now,
  );
  const after = saved.record;
  const counts = warns && kind === 'order' && after.shipping_status !== 'cancel' && after.payment_status === 'not paid';
  const known = dealer?.();
  const warning = counts
    ? await creditWarning(
        tx,
        after.dealer,
        known?.id === after.dealer
          ? { ...known, moved: { from: stored ? rollupOrder(stored) : null, to: rollupOrder(after) } }
          : undefined,
      )
    : undefined;
  return { doc: after, warning };
}
