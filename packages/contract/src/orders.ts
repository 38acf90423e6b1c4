import { z } from 'zod';
import {
  flag,
  listQuery,
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

/** Keys of a limited save that name the record rather than change it (dealer and date: on create only). */
const LIMITED_SAVE_META = ['id', 'version', 'dealer', 'date'] as const;
type EditableOf<S extends z.ZodObject> = Exclude<keyof S['shape'] & string, (typeof LIMITED_SAVE_META)[number]>;
const editableOf = <S extends z.ZodObject>(schema: S) =>
  Object.keys(schema.shape).filter((k) => !(LIMITED_SAVE_META as readonly string[]).includes(k)) as EditableOf<S>[];

/**
 * What shipping and production may change on an order (document 1 sections 2.7 and 6). The fields
 * are those of their save schemas — one source: the server parses with the schema, the editor
 * enables exactly these — and the PDFs are those each may upload. dealer and date: on create only.
 */
export const LIMITED_ORDER_EDITS = {
  shipping: {
    fields: editableOf(shippingOrderSave),
    uploads: ['oc_pdf', 'shipping_invoice_pdf', 'shipping_packing_list_pdf'],
  },
  production: { fields: editableOf(productionOrderSave), uploads: ['oc_pdf'] },
} as const satisfies Record<string, { fields: readonly string[]; uploads: readonly OrderFileField[] }>;
export type LimitedOrderRole = keyof typeof LIMITED_ORDER_EDITS;

/** Whether shipping or production may change `field` of an order (dealer and date only on create). */
export function limitedOrderEditable(role: LimitedOrderRole, field: string, isNew: boolean): boolean {
  return (
    (LIMITED_ORDER_EDITS[role].fields as readonly string[]).includes(field) ||
    (isNew && (field === 'dealer' || field === 'date'))
  );
}

// ---------------------------------------------------------------------------------------------
// Lists

export const ORDER_SORTS = [
  'id',
  'date',
  'oc_ref',
  'invoice',
  'quote_ref',
  'note',
  'dealer_name',
  'value',
  'shipping_cost',
  'sales',
  'payment_received',
  'outstanding',
  'shipping_status',
  'payment_status',
  'shipping_date_expected',
  'shipping_date',
  'shipping_awb',
  'shipping_for_today',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

const dealerFilter = () =>
  z.preprocess(
    (v) => (v === '' || v == null ? -1 : v),
    z.coerce.number({ error: MSG.number }).int({ error: MSG.number }),
  );
const optionalUnix = () =>
  z.preprocess(
    (v) => (v === '' || v == null || v === '-1' || v === -1 ? undefined : v),
    z.coerce.number({ error: MSG.number }).int({ error: MSG.number }).optional(),
  );

/**
 * GET /orders, /shipping/orders, /production/orders. `shipping_status` is the ';'-joined statuses
 * (absent = all; present but empty = none selected → no rows). `expected_before_today` compares
 * shipping_date_expected with the caller's local midnight: send `today_start` (unix seconds) or
 * `tz_offset` (JS getTimezoneOffset minutes); without either, UTC midnight is used.
 */
export const orderListQuery = listQuery.extend({
  sort: z.enum(ORDER_SORTS).optional(),
  dealer: dealerFilter(),
  start: optionalUnix(),
  end: optionalUnix(),
  shipping_status: z.string().trim().max(100).optional(),
  shipping_for_today: flag().optional().default(0),
  expected_before_today: flag().optional().default(0),
  today_start: optionalUnix(),
  tz_offset: z.coerce.number().int().min(-900).max(900).optional(),
  payment_status: z.preprocess((v) => (v === '' || v == null ? 'all' : v), z.enum(PAYMENT_FILTERS)),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

const unixOrNull = () => z.number().int().nullable();

/** A row of the sales/administrator orders list. Dates are unix seconds or null. */
export const orderRow = z.object({
  id: z.number().int(),
  date: z.number().int(),
  dealer: z.number().int(),
  dealer_name: z.string(),
  dealer_country: z.string(),
  quote_ref: z.string(),
  oc_ref: z.string(),
  invoice: z.string(),
  note: z.string(),
  customer_ref: z.string(),
  value: z.number(),
  shipping_cost: z.number(),
  /** value − shipping_cost. */
  sales: z.number(),
  actual_shipping_cost: z.number(),
  shipping_status: z.enum(SHIPPING_STATUSES),
  shipping_for_today: z.number().int(),
  shipping_date_expected: unixOrNull(),
  shipping_date: unixOrNull(),
  shipping_awb: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_due_date: unixOrNull(),
  payment_date: unixOrNull(),
  payment_received: z.number(),
  outstanding: z.number(),
  outstanding_shipped: z.number(),
  /** 1 while a delete request is pending (row tinted orange); cancelled rows are tinted red. */
  request_to_delete: z.number().int(),
  test_status: z.string(),
  revision: z.number().int(),
});
export type OrderRow = z.infer<typeof orderRow>;

/** Totals of the rows matching the filters, cancelled orders excluded. */
export const orderSummary = z.object({
  count: z.number().int(),
  value: z.number(),
  shipping_cost: z.number(),
  sales: z.number(),
  actual_shipping_cost: z.number(),
  payment_received: z.number(),
  outstanding: z.number(),
  outstanding_shipped: z.number(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** What GET /orders answers beside `data` (its rows). */
export const orderListMeta = z.object({ total: z.number().int(), summary: orderSummary });

/** GET /orders answer: `{ data: rows, total, summary }`. */
export type OrderListResponse = z.infer<typeof orderListMeta> & { data: OrderRow[] };

/** A row of the shipping and production order lists: exactly these fields, no money. */
export const shippingOrderRow = z.object({
  id: z.number().int(),
  date: z.number().int(),
  oc_ref: z.string(),
  invoice: z.string(),
  note: z.string(),
  shipping_awb: z.string(),
  shipping_status: z.enum(SHIPPING_STATUSES),
  shipping_for_today: z.number().int(),
  /** Unix seconds, '' when unset. */
  shipping_date_expected: z.union([z.number().int(), z.literal('')]),
  dealer_name: z.string(),
});
export type ShippingOrderRow = z.infer<typeof shippingOrderRow>;

/** A product line as the order screens read it. */
export const orderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  msrp: z.number(),
  discount: z.number(),
  /** quantity × msrp × (100 − discount) / 100. */
  amount: z.number(),
  bom_cost: z.number(),
  is_shipping_cost: z.number().int(),
  active: z.number().int(),
  /** The product's warning text ('' when none). */
  warning: z.string(),
  /** Units under test on this line's checklists (orders only; document 1 section 2.8). */
  test_count: z.number().int().optional(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** GET /orders/{id}: every order field, the address blocks, the lines in saved order, file names. */
export const order = orderRow.extend({
  invoice_note: z.string(),
  hide_discount: z.number().int(),
  sale: z.string(),
  distributor_shipments: z.number().int(),
  shipping_weight: z.string(),
  payment_advance: z.number(),
  payment_full: z.number(),
  billing_country: z.string(),
  billing_company: z.string(),
  billing_address: z.string(),
  billing_vat: z.string(),
  billing_email: z.string(),
  billing_phone: z.string(),
  billing_mobile: z.string(),
  shipping_country: z.string(),
  shipping_company: z.string(),
  shipping_address: z.string(),
  shipping_vat: z.string(),
  shipping_email: z.string(),
  shipping_phone: z.string(),
  shipping_mobile: z.string(),
  /** File names (download through GET /files/orders/{field}/{id}), or null. */
  oc_pdf: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
  shipping_invoice_pdf: z.string().nullable(),
  shipping_packing_list_pdf: z.string().nullable(),
  /** The quotation this order was confirmed from, or null. */
  quotation_id: z.number().int().nullable(),
  products: z.array(orderLine),
  version: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Order = z.infer<typeof order>;

/** The money fields shipping and production never see (of an order or quotation, and of its lines). */
export const MONEY_FIELDS = {
  value: true,
  sales: true,
  payment_status: true,
  payment_due_date: true,
  payment_date: true,
  payment_advance: true,
  payment_full: true,
  payment_received: true,
  outstanding: true,
  outstanding_shipped: true,
} as const;
const LINE_MONEY_FIELDS = { msrp: true, discount: true, amount: true, bom_cost: true } as const;
/** The lines of an order or quotation as shipping and production read them. */
export const moneyFreeLines = z.array(orderLine.omit(LINE_MONEY_FIELDS));

/** An order or quotation as shipping and production read it: without money fields. */
export type WithoutMoney<T extends Order | Omit<Order, 'quotation_id'>> = Omit<
  T,
  keyof typeof MONEY_FIELDS | 'products'
> & { products: Array<Omit<OrderLine, keyof typeof LINE_MONEY_FIELDS>> };

/** Shipping and production read an order without money fields. */
export const shippingOrder = order.omit(MONEY_FIELDS).extend({ products: moneyFreeLines });
export type ShippingOrder = WithoutMoney<Order>;

/** The answer of every order save: the saved order, plus `warning` beside `data` when it takes the dealer past its credit limit. */
export const saveMeta = z.object({ warning: z.string().optional() });
export interface OrderSaveResponse<T = Order> {
  data: T;
  warning?: string;
}

/** GET /orders/time/{start}/{end} rows (end -1 = open; cancelled and deleted orders left out). */
export const orderTimeRow = orderRow.pick({
  id: true,
  date: true,
  dealer: true,
  dealer_name: true,
  dealer_country: true,
  value: true,
  shipping_cost: true,
  sales: true,
  payment_status: true,
  payment_received: true,
  shipping_status: true,
});
export type OrderTimeRow = z.infer<typeof orderTimeRow>;
export const orderTimeParams = z.object({
  start: z.coerce
    .number({ error: MSG.number })
    .int({ error: MSG.number })
    .min(-MAX_UNIX_SECONDS, { error: MSG.number })
    .max(MAX_UNIX_SECONDS, { error: MSG.number }),
  end: z.coerce
    .number({ error: MSG.number })
    .int({ error: MSG.number })
    .min(-MAX_UNIX_SECONDS, { error: MSG.number })
    .max(MAX_UNIX_SECONDS, { error: MSG.number }),
});

/** GET /orders/request-to-delete rows. */
export const deleteRequestRow = orderRow.pick({
  id: true,
  date: true,
  oc_ref: true,
  invoice: true,
  dealer: true,
  dealer_name: true,
  value: true,
});
export type DeleteRequestRow = z.infer<typeof deleteRequestRow>;

/** What a delete request, its cancel, approval or rejection, or a deletion answers. */
export const deleteActionAnswer = z.object({
  id: z.number().int(),
  request_to_delete: z.number().int(),
  deleted: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Autocomplete

export const autocompleteQuery = z.object({
  search: z.string().trim().max(200).optional().default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** GET /autocomplete/orders: label 'oc_ref (dealer_name)', or '#id (dealer_name)' without an OC. */
export const orderOption = z.object({
  id: z.number().int(),
  oc_ref: z.string(),
  dealer_name: z.string(),
  label: z.string(),
});
export type OrderOption = z.infer<typeof orderOption>;

/** GET /autocomplete/products: active products for the add-product dialog. */
export const productOption = z.object({
  id: z.number().int(),
  product_code: z.string(),
  desc: z.string(),
  msrp: z.number(),
  discount: z.number(),
  bom_cost: z.number(),
  /** Shown as a warning toast when the product is added to an order. */
  warning: z.string(),
  is_shipping_cost: z.number().int(),
  /** 'product_code - desc'. */
  label: z.string(),
});
export type ProductOption = z.infer<typeof productOption>;

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
