import { z } from 'zod';
import {
  flag,
  MAX_UNIX_SECONDS,
  optionalEmail,
  optionalId,
  optionalNumber,
  optionalText,
  rangedNumber,
  requiredPrice,
  requiredText,
  toNumber,
} from './common';
import { MSG } from './messages';

// ---------------------------------------------------------------------------------------------
// States and constants (document 1 sections 4.1, 4.4, 9)

export const SHIPPING_STATUSES = ['wait', 'ship', 'done', 'cancel'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];
/** The statuses the shipping screen offers (document 1 section 4.1). */
export const SHIPPING_SCREEN_STATUSES = ['ship', 'done'] as const;
/** Chip colours of the status (MUI colour names). */
export const SHIPPING_STATUS_COLORS: Record<ShippingStatus, 'error' | 'success' | 'primary' | 'default'> = {
  wait: 'error',
  ship: 'success',
  cancel: 'primary',
  done: 'default',
};
export const PAYMENT_STATUSES = ['paid', 'not paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_FILTERS = ['all', 'paid', 'not paid'] as const;

export const TEST_STATUSES = ['pending', 'in progress', 'failed', 'passed', 'completed', 'waiting approval'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];
export const TEST_STATUS_LABELS: Record<TestStatus, string> = {
  pending: 'pending',
  'in progress': 'in progress',
  failed: 'failed',
  passed: 'Passed without QC',
  completed: 'completed',
  'waiting approval': 'waiting approval',
};
/** A test-status warning is shown unless the status is completed. */
export const testStatusWarns = (s: string) => s !== 'completed';

/** The PDF fields of an order; download: GET /files/orders/{field}/{orderId}. */
export const ORDER_FILE_FIELDS = [
  'oc_pdf',
  'invoice_pdf',
  'shipping_invoice_pdf',
  'shipping_packing_list_pdf',
] as const;
export type OrderFileField = (typeof ORDER_FILE_FIELDS)[number];

/** Rows per page of the order and quotation tables; default 50, newest first. */
export const ORDER_PAGE_SIZES = [25, 50, 100] as const;
export const ORDER_DEFAULT_PAGE_SIZE = 50;
/** Local-storage key of the sales orders list state. */
export const ORDER_PAGE_STORAGE_KEY = 'orderPage';
export const ORDER_NOTE_LINES = 15;

// ---------------------------------------------------------------------------------------------
// Pure rules (shared by the server and the screens)

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** Line amount = quantity × msrp × (100 − discount) / 100, rounded to cents. */
export function lineAmount(line: { quantity: number; msrp: number; discount?: number | null }): number {
  const discount = line.discount ?? 0;
  return round2((line.quantity * line.msrp * (100 - discount)) / 100);
}

/**
 * Order value and shipping cost from its lines: value is the sum of every line, shipping cost the
 * sum of the lines flagged is_shipping_cost; sales = value − shipping_cost. Inactive lines count
 * too (the flag only hides a line from documents).
 */
export function orderTotals(
  lines: ReadonlyArray<{
    quantity: number;
    msrp: number;
    discount?: number | null;
    is_shipping_cost?: number | boolean;
  }>,
): { value: number; shipping_cost: number; sales: number } {
  let value = 0;
  let shipping = 0;
  for (const l of lines) {
    const a = lineAmount(l);
    value += a;
    if (l.is_shipping_cost) shipping += a;
  }
  value = round2(value);
  shipping = round2(shipping);
  return { value, shipping_cost: shipping, sales: round2(value - shipping) };
}

/**
 * The discount a new line starts with: the product's discount when it has one (> 0), otherwise 0
 * for shipping-cost items, otherwise the dealer's discount (document 1 section 4.2).
 */
export function defaultLineDiscount(
  product: { discount?: number | null; is_shipping_cost?: number | boolean | null },
  dealer: { discount?: number | null } | null | undefined,
): number {
  if (product.discount && product.discount > 0) return product.discount;
  if (product.is_shipping_cost) return 0;
  return dealer?.discount ?? 0;
}

/**
 * The shipping rules of a save: an AWB forces status done (and locks it there); done clears
 * shipping_for_today (document 1 section 4.1).
 */
export function applyShippingRules(v: {
  shipping_status: ShippingStatus;
  shipping_awb: string;
  shipping_for_today: number;
}): {
  shipping_status: ShippingStatus;
  shipping_for_today: number;
} {
  const status: ShippingStatus = v.shipping_awb.trim() ? 'done' : v.shipping_status;
  return { shipping_status: status, shipping_for_today: status === 'done' ? 0 : v.shipping_for_today };
}

/** Whether the status picker is locked (an AWB exists). */
export const statusLocked = (awb: string | null | undefined) => !!awb?.trim();

/** The order reference a PDF file name gives: the name without '.pdf' (any letter case). */
export const refFromFileName = (fileName: string) => fileName.replace(/\.pdf$/i, '').trim();

/** Unix seconds of local midnight today, given JS `getTimezoneOffset()` minutes (UTC − local). */
export function localMidnight(nowSec: number, tzOffsetMinutes: number): number {
  const localSec = nowSec - tzOffsetMinutes * 60;
  return localSec - (((localSec % 86400) + 86400) % 86400) + tzOffsetMinutes * 60;
}

/** Money as shown everywhere: 'US$1,234.50' (dollar sign, 2 decimals, comma thousands). */
export function formatMoney(n: number | string | null | undefined): string {
  const v = Number(n ?? 0) || 0;
  const s = Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${v < 0 ? '-' : ''}US$${s}`;
}

/** Parses the ';'-joined status filter ('wait;ship'); unknown words are ignored. */
export function parseStatusFilter(value: string): ShippingStatus[] {
  return value
    .split(';')
    .map((s) => s.trim().toLowerCase())
    .filter((s): s is ShippingStatus => (SHIPPING_STATUSES as readonly string[]).includes(s));
}

// ---------------------------------------------------------------------------------------------
// Field schemas

/** Run the cross-field rules even when other fields failed, so a form shows every error at once. */
export const ALWAYS = { when: (p: { value: unknown }) => p.value != null && typeof p.value === 'object' };

/** A required id picked from a list (dealer, product): missing → 'required field'. */
export const requiredRef = () =>
  z.preprocess(
    (v) => (v === '' || v == null || v === 0 || v === '0' || v === -1 || v === '-1' ? undefined : toNumber(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .int({ error: MSG.number })
      .positive({ error: MSG.number }),
  );

/** Unix seconds, required. */
export const requiredDate = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .int({ error: MSG.number })
      .min(0, { error: MSG.number })
      .max(MAX_UNIX_SECONDS, { error: MSG.number }),
  );

/** Unix seconds or nothing ('' and null mean unset). */
export const optionalDate = () =>
  z.preprocess(
    (v) => (v === '' || v == null || v === 0 || v === '0' ? null : toNumber(v)),
    z
      .number({ error: MSG.number })
      .int({ error: MSG.number })
      .min(0, { error: MSG.number })
      .max(MAX_UNIX_SECONDS, { error: MSG.number })
      .nullable(),
  );

/** A money amount, empty = not given. */
const money = () =>
  optionalNumber().pipe(
    z.number().min(0, { error: MSG.number }).max(999_999_999_999, { error: MSG.number }).optional(),
  );
const requiredMoney = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .finite({ error: MSG.number })
      // A negative order value would drive the dealer's credit used below zero.
      .min(0, { error: MSG.number })
      .max(999_999_999_999, { error: MSG.number }),
  );

/** One product line of an order or quotation save. A line without product_id creates the product. */
export const orderLineInput = z
  .object({
    product_id: z.preprocess(
      (v) => (v === '' || v == null || v === 0 || v === '0' ? null : toNumber(v)),
      z.number({ error: MSG.productUnknown }).int({ error: MSG.productUnknown }).positive().nullable(),
    ),
    /** Only for a new product (product_id null): the add-product dialog's fields. */
    product_code: optionalText(),
    desc: optionalText(),
    name: optionalText(),
    quantity: z.preprocess(
      toNumber,
      z
        .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
        .int({ error: MSG.number })
        .min(0, { error: MSG.number })
        .max(1_000_000_000, { error: MSG.number }),
    ),
    msrp: requiredPrice(),
    /** Percent 0–100; absent → the default rule (defaultLineDiscount). */
    discount: z.preprocess((v) => (v === '' || v == null ? undefined : v), rangedNumber(0, 100).optional()),
    is_shipping_cost: flag().optional(),
    bom_cost: money(),
    active: flag().optional().default(1),
  })
  .superRefine((l, ctx) => {
    if (l.product_id == null) {
      if (!l.product_code) ctx.addIssue({ code: 'custom', path: ['product_code'], message: MSG.required });
      if (!l.desc) ctx.addIssue({ code: 'custom', path: ['desc'], message: MSG.required });
    }
  }, ALWAYS);
export type OrderLineInput = z.infer<typeof orderLineInput>;

/** A line with the fields an editor posts (`orderLineInput`'s): a saved line, or a new product with its code. */
export type PostedLineSource = Partial<Record<keyof OrderLineInput, unknown>> & { product_id?: number | null };

/** The line an order or quotation editor posts back: a new product (no id) also carries its code and description. */
export const postedLine = (l: PostedLineSource) => ({
  product_id: l.product_id,
  ...(l.product_id ? {} : { product_code: l.product_code, desc: l.desc }),
  name: l.name,
  quantity: l.quantity,
  msrp: l.msrp,
  discount: l.discount,
  is_shipping_cost: l.is_shipping_cost,
  bom_cost: l.bom_cost,
  active: l.active,
});

/** `products` arrives as a JSON string in multipart forms, or as an array in JSON bodies. */
export const orderLinesField = () =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return Symbol('invalid');
    }
  }, z.array(orderLineInput, { error: MSG.productsInvalid }).max(500, { error: MSG.productsInvalid }).optional());

/** The billing and shipping blocks of an order or quotation. */
const addressBlocks = {
  billing_country: optionalText(),
  billing_company: optionalText(),
  billing_address: optionalText(),
  billing_vat: optionalText(),
  billing_email: optionalEmail(),
  billing_phone: optionalText(),
  billing_mobile: optionalText(),
  shipping_country: optionalText(),
  shipping_company: optionalText(),
  shipping_address: optionalText(),
  shipping_vat: optionalText(),
  shipping_email: optionalEmail(),
  shipping_phone: optionalText(),
  shipping_mobile: optionalText(),
};
export const ADDRESS_FIELDS = Object.keys(addressBlocks) as Array<keyof typeof addressBlocks>;

/** Fields shared by the sales order form and the quotation form. */
export const salesDocFields = {
  id: optionalId(),
  dealer: requiredRef(),
  date: requiredDate(),
  quote_ref: optionalText(),
  oc_ref: optionalText(),
  invoice: optionalText(),
  note: optionalText(),
  invoice_note: optionalText(),
  customer_ref: optionalText(),
  hide_discount: flag().optional().default(0),
  sale: optionalText(),
  value: requiredMoney(),
  shipping_cost: money(),
  actual_shipping_cost: money(),
  shipping_status: z.preprocess(
    (v) => (v === '' || v == null ? 'wait' : v),
    z.enum(SHIPPING_STATUSES, { error: MSG.number }),
  ),
  shipping_for_today: flag().optional().default(0),
  distributor_shipments: flag().optional().default(0),
  shipping_date_expected: optionalDate(),
  shipping_date: optionalDate(),
  shipping_awb: optionalText(),
  shipping_weight: optionalText(),
  payment_status: z.preprocess(
    (v) => (v === '' || v == null ? 'not paid' : v),
    z.enum(PAYMENT_STATUSES, { error: MSG.required }),
  ),
  payment_due_date: optionalDate(),
  payment_date: optionalDate(),
  payment_advance: money(),
  payment_full: money(),
  payment_received: money(),
  outstanding: money(),
  outstanding_shipped: money(),
  ...addressBlocks,
  products: orderLinesField(),
  /** Save as a revision: records an `…_revised` event and bumps `revision`. */
  revise: flag().optional().default(0),
  /** Save as a duplicate of `id` (document 1 section 4.3): a new record that starts afresh (`duplicateStart`). */
  duplicate: flag().optional().default(0),
  /** The version the form was loaded at; a stale one is refused with 409. */
  version: z.coerce.number().int().optional(),
};

const awbWhenDone = (v: { shipping_status?: unknown; shipping_awb?: unknown }, ctx: z.RefinementCtx) => {
  const awb = typeof v.shipping_awb === 'string' ? v.shipping_awb.trim() : '';
  if (v.shipping_status === 'done' && !awb)
    ctx.addIssue({ code: 'custom', path: ['shipping_awb'], message: MSG.required });
};

export { awbWhenDone };

/**
 * POST /orders/save (administrator, sale). Multipart: these fields, `products` as a JSON string,
 * and the files oc_pdf, invoice_pdf, shipping_invoice_pdf, shipping_packing_list_pdf (PDF only).
 */
export const orderSave = z.object(salesDocFields).superRefine(awbWhenDone, ALWAYS);
export type OrderSave = z.infer<typeof orderSave>;

/**
 * POST /shipping/orders/save: the shipping fields only. dealer and date are taken on create only;
 * oc_ref and oc_pdf must exist on the saved order (given now or before).
 */
export const shippingOrderSave = z
  .object({
    id: optionalId(),
    dealer: requiredRef(),
    date: requiredDate(),
    oc_ref: optionalText(),
    shipping_status: z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      z.enum(SHIPPING_SCREEN_STATUSES, { error: MSG.shippingStatusShipping }).optional(),
    ),
    shipping_awb: optionalText(),
    shipping_weight: optionalText(),
    shipping_for_today: flag().optional(),
    distributor_shipments: flag().optional(),
    shipping_date_expected: optionalDate().optional(),
    shipping_date: optionalDate().optional(),
    shipping_cost: money(),
    actual_shipping_cost: money(),
    version: z.coerce.number().int().optional(),
  })
  .superRefine(awbWhenDone, ALWAYS);
export type ShippingOrderSave = z.infer<typeof shippingOrderSave>;

/**
 * POST /production/orders/save: dealer and date (taken on create only), oc_ref and oc_pdf required
 * on the saved order; production may change note, expected shipping date and the shipment flags.
 */
export const productionOrderSave = z.object({
  id: optionalId(),
  dealer: requiredRef(),
  date: requiredDate(),
  oc_ref: optionalText(),
  note: optionalText().optional(),
  shipping_for_today: flag().optional(),
  distributor_shipments: flag().optional(),
  shipping_date_expected: optionalDate().optional(),
  version: z.coerce.number().int().optional(),
});
export type ProductionOrderSave = z.infer<typeof productionOrderSave>;

/**
 * What a Duplicate saves (document 1 section 4.3; issue 24): the form as a new record without id, invoice and
 * oc_ref, started afresh like a new document — dated `today`, status wait, no AWB, shipping dates, weight or
 * actual shipping cost (so not locked), unpaid with no payment dates or amounts, and for a quotation a new quote
 * reference (an empty one becomes `Q-{id}`). Lines, dealer, addresses and notes are kept.
 */
export function duplicateStart<T extends OrderSave>(input: T, kind: 'order' | 'quotation', today: number): T {
  return {
    ...input,
    id: undefined,
    version: undefined,
    revise: 0,
    duplicate: 0,
    date: today,
    oc_ref: '',
    invoice: '',
    quote_ref: kind === 'quotation' ? '' : input.quote_ref,
    shipping_status: 'wait',
    shipping_for_today: 0,
    shipping_awb: '',
    shipping_date: null,
    shipping_date_expected: null,
    shipping_weight: '',
    actual_shipping_cost: undefined,
    payment_status: 'not paid',
    payment_due_date: null,
    payment_date: null,
    payment_advance: undefined,
    payment_full: undefined,
    payment_received: undefined,
    outstanding: undefined,
    outstanding_shipped: undefined,
  };
}

/** The add-product dialog's new-product fields: product_code and desc required, msrp numeric, discount 0–100. */
export const newProductInput = z.object({
  product_code: requiredText(),
  desc: requiredText(),
  msrp: z.preprocess(
    (v) => (v === '' || v == null ? 0 : toNumber(v)),
    z.number({ error: MSG.number }).finite({ error: MSG.number }).min(0, { error: MSG.number }),
  ),
  discount: z.preprocess((v) => (v === '' || v == null ? 0 : v), rangedNumber(0, 100)),
  is_shipping_cost: flag().optional().default(0),
});
