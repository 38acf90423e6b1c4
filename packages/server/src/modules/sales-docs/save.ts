// The full save of an order or quotation (sales, administrator; production for quotations).
import { EVENTS } from '@bpm/contract/events';
import {
  applyShippingRules,
  duplicateStart,
  ORDER_FILE_FIELDS,
  type OrderSave,
  orderTotals,
} from '@bpm/contract/orders';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/events';
import { DataWith } from '../../platform/route';
import { KINDS, type Kind, type StoreFile, str } from './kinds';
import { type ResolvedLine, resolveLines, sameLines, writeLines } from './lines';
import type { Doc } from './read';
import { refreshOrderStatus } from './test-status';
import { findDealer, type SaveDealer, type SaveResult, saveDoc, storeFiles } from './write';

/**
 * POST /orders/save and /quotations/save (and production's quotation save): the full form. With `duplicate` the
 * form is saved as a new record started afresh (`duplicateStart`; uploads ignored), its event naming the source.
 */
export async function saveSalesDoc(
  db: Db,
  kind: Kind,
  sent: OrderSave,
  sentFiles: StoreFile | undefined,
  actor: Actor,
  now: number,
): Promise<SaveResult> {
  const { t } = KINDS[kind];
  const duplicateOf = sent.duplicate === 1 ? (sent.id ?? null) : undefined;
  const input = duplicateOf === undefined ? sent : duplicateStart(sent, kind, now);
  const storeFile = duplicateOf === undefined ? sentFiles : undefined;
  return db.transaction(async (tx) => {
    // The lines to write: none when the form sent none (kept) or sent the stored ones as they are.
    let lines: ResolvedLine[] | undefined;
    let linesKept = true;
    let dealer: SaveDealer | undefined;
    const revise = !!input.id && input.revise === 1;
    const fields = async (before: Doc | undefined) => {
      dealer = await findDealer(tx, input.dealer);
      const lineInput = input.products;
      const same = !!lineInput && !!before && sameLines(lineInput, before.products);
      lines = lineInput && !same ? await resolveLines(tx, lineInput, dealer, actor, now) : undefined;
      const { set: fileCols, refs } = await storeFiles(tx, storeFile, ORDER_FILE_FIELDS);

      // With lines, value and shipping cost are theirs; a document without lines keeps the entered amounts.
      const effectiveLines =
        lines ??
        before?.products.map((l) => ({
          quantity: l.quantity,
          msrp: l.msrp,
          discount: l.discount,
          isShippingCost: l.is_shipping_cost,
        })) ??
        [];
      const totals = effectiveLines.length
        ? orderTotals(effectiveLines.map((l) => ({ ...l, is_shipping_cost: l.isShippingCost })))
        : { value: input.value, shipping_cost: input.shipping_cost ?? 0 };
      const shipping = applyShippingRules({
        shipping_status: input.shipping_status,
        shipping_awb: input.shipping_awb,
        shipping_for_today: input.shipping_for_today,
      });
      const form = {
        dealerId: dealer.id,
        dealerName: dealer.name,
        date: input.date,
        quoteRef: input.quote_ref,
        ocRef: refs.ocRef ?? input.oc_ref,
        invoice: refs.invoice ?? input.invoice,
        note: input.note,
        invoiceNote: input.invoice_note,
        customerRef: input.customer_ref,
        hideDiscount: input.hide_discount,
        sale: input.sale,
        value: str(totals.value),
        shippingCost: str(totals.shipping_cost),
        actualShippingCost: str(input.actual_shipping_cost),
        shippingStatus: shipping.shipping_status,
        shippingForToday: shipping.shipping_for_today,
        distributorShipments: input.distributor_shipments,
        shippingDateExpected: input.shipping_date_expected,
        shippingDate: input.shipping_date,
        shippingAwb: input.shipping_awb,
        shippingWeight: input.shipping_weight,
        paymentStatus: input.payment_status,
        paymentDueDate: input.payment_due_date,
        paymentDate: input.payment_date,
        paymentAdvance: str(input.payment_advance),
        paymentFull: str(input.payment_full),
        paymentReceived: str(input.payment_received),
        outstanding: str(input.outstanding),
        outstandingShipped: str(input.outstanding_shipped),
        billingCountry: input.billing_country,
        billingCompany: input.billing_company,
        billingAddress: input.billing_address,
        billingVat: input.billing_vat,
        billingEmail: input.billing_email,
        billingPhone: input.billing_phone,
        billingMobile: input.billing_mobile,
        shippingCountry: input.shipping_country,
        shippingCompany: input.shipping_company,
        shippingAddress: input.shipping_address,
        shippingVat: input.shipping_vat,
        shippingEmail: input.shipping_email,
        shippingPhone: input.shipping_phone,
        shippingMobile: input.shipping_mobile,
        ...fileCols,
      };

      if (!before) return { ...form, createdBy: actor.user_id };
      return { ...form, ...(revise ? { revision: sql`${t.revision} + 1` } : {}) };
    };
    const written = async (id: number, before: Doc | undefined) => {
      if (!before && kind === 'quotation' && !input.quote_ref) {
        await tx
          .update(t)
          .set({ quoteRef: `Q-${String(id).padStart(5, '0')}` })
          .where(eq(t.id, id));
      }
      if (!lines) return;
      linesKept = !(await writeLines(tx, kind, id, lines, before?.products ?? []));
      // The test status follows the ordered units: more units to test, or a line (and its checklists) gone.
      if (kind === 'order' && (!before || !linesKept)) await refreshOrderStatus(tx, id, { lines: true });
    };
    const event = !input.id ? EVENTS[kind].created : revise ? EVENTS[kind].revised : EVENTS[kind].updated;
    const extra = duplicateOf === undefined ? undefined : { duplicate_of: duplicateOf };
    const steps = { fields, written, event, extra, linesKept: () => linesKept, dealer: () => dealer };
    return saveDoc(tx, kind, input, steps, actor, now);
  });
}

/** The answer of a save: the document as `data`, and `warning` beside it when there is one (`saveMeta`). */
export const saveAnswer = (r: SaveResult, shape: (d: Doc) => unknown = (d) => d) =>
  new DataWith(shape(r.doc), r.warning ? { warning: r.warning } : {});
