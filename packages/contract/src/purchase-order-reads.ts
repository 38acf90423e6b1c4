import { z } from 'zod';
import { listTotalMeta } from './common';
import { PO_STATUSES } from './purchase-orders';

/**
 * Reading purchase orders (document 2 sections 3, 7): the answers — lines, the purchase order, list
 * rows, lookups, approvers, history rows and records, and the purchasing overview.
 */

const whole = z.number().int();
const poStatus = z.enum(PO_STATUSES);
const paymentState = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** A stored file's id (download through /files/…/{field}/{id}); null when none. */
const fileId = whole.nullable();

export const poLineAnswer = z.object({
  part: whole.nullable(),
  manuf_part_number: z.string(),
  part_name: z.string(),
  /** USD, derived: price_UI × currency_rate (6 decimals). */
  price: z.number(),
  /** In the PO currency, exactly as entered. */
  price_UI: z.number(),
  quantity: z.number(),
  unit: z.string(),
  remarks: z.string(),
});
export type PoLine = z.infer<typeof poLineAnswer>;

/** A purchase order as GET /purchaseorders/{id} and every change answer it. */
export const purchaseOrder = z.object({
  id: whole,
  supplier: whole,
  supplier_name: z.string(),
  supplier_contact_person: z.string(),
  supplier_2303: z.string(),
  supplier_address: z.string(),
  supplier_email: z.string(),
  supplier_phone: z.string(),
  requisitioner: z.string(),
  po_number: z.string(),
  po_date: whole,
  due_date: whole,
  purpose: z.string(),
  department: z.string(),
  terms: z.string(),
  ship_to: z.string(),
  price_quote: z.string(),
  currency: z.string(),
  currency_rate: z.number(),
  status: poStatus,
  parts: z.array(poLineAnswer),
  local_po: z.union([z.literal(0), z.literal(1)]),
  paid: paymentState,
  /** USD (shown divided by the rate). */
  shipping_cost: z.number(),
  awb_number: z.string(),
  prepared_by_name: z.string(),
  prepared_by_position: z.string(),
  approved_by_name: z.string(),
  approved_by_position: z.string(),
  /** File ids (download through /files/purchase_order/{field}/{id}); null when none. */
  supplier_quote_pdf: fileId,
  proof_payment_pdf: fileId,
  po_pdf: fileId,
  cancelled_reason: z.string(),
  /** Σ price × quantity, USD: currency_amount × currency_rate. */
  amount: z.number(),
  /** Σ price_UI × quantity, in the PO currency (exact). */
  currency_amount: z.number(),
  revision: whole,
  version: whole,
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

/** A PO in the lists (GET /purchaseorders, the status lists, the time range, the overview). */
export const poRow = z.object({
  id: whole,
  po_number: z.string(),
  po_date: whole,
  due_date: whole,
  supplier: whole,
  supplier_name: z.string(),
  requisitioner: z.string(),
  purpose: z.string(),
  department: z.string(),
  status: poStatus,
  paid: paymentState,
  currency: z.string(),
  currency_rate: z.number(),
  /** USD (the Amount (USD) column and its sort). */
  amount: z.number(),
  /** In the PO currency (exact). */
  currency_amount: z.number(),
  cancelled_reason: z.string(),
});
export type PoRow = z.infer<typeof poRow>;

/**
 * Beside the rows of GET /purchaseorders: the total, and the count and USD sum of the filtered POs but the
 * cancelled ones (`counted`, `amount`: the total row); all estimates when `total_estimated` is 1 (a search
 * matching many POs).
 */
export const poListMeta = listTotalMeta.extend({ amount: z.number(), counted: z.number().int() });

/** GET /purchaseorders/rate/{currency}: the rate of the newest PO in that currency (null: none yet). */
export const lastRate = z.object({ currency: z.string(), currency_rate: z.number().nullable() });
export type LastRate = z.infer<typeof lastRate>;

/** GET /purchaseorders answers `{ data: rows, total, amount }`. */
export type PoListAnswer = z.infer<typeof poListMeta> & { data: PoRow[] };
export const lookup = z.object({ id: whole, name: z.string() });
export type Lookup = z.infer<typeof lookup>;

/** A user who may approve (the Request Approval dialog's choices). */
export const approvalUser = z.object({
  id: whole,
  first_name: z.string(),
  last_name: z.string(),
  position: z.string(),
  user_role: z.string(),
});
export type ApprovalUser = z.infer<typeof approvalUser>;

export const historyListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** One stored version (approval, receipt or revision). */
export const poHistoryRow = z.object({
  id: whole,
  po_id: whole,
  /** When it was stored (unix seconds). */
  date: whole,
  /** approved, received or revised. */
  action: z.string(),
  po_date: whole,
  po_number: z.string(),
  supplier_name: z.string(),
  requisitioner: z.string(),
  purpose: z.string(),
  department: z.string(),
  due_date: whole,
  status: poStatus,
  cancelled_reason: z.string(),
  amount: z.number(),
  paid: paymentState,
  proof_payment_pdf: fileId,
  supplier_quote_pdf: fileId,
  po_pdf: fileId,
});
export type PoHistoryRow = z.infer<typeof poHistoryRow>;

export const poHistoryRecord = poHistoryRow.extend({
  /** The PO as it was stored. */
  snapshot: purchaseOrder,
  /** What changed against the previous stored version (none for the first). */
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
});
export type PoHistoryRecord = z.infer<typeof poHistoryRecord>;

/** GET /dashboard/purchasing (document 1 section 2.5). */
export const purchasingOverview = z.object({
  draft: z.array(poRow),
  draft_count: whole,
  waitingapproval: z.array(poRow),
  waitingapproval_count: whole,
  recent: z.array(poRow),
});
export type PurchasingOverview = z.infer<typeof purchasingOverview>;
