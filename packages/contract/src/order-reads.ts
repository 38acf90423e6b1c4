import { z } from 'zod';
import { flag, listQuery, listTotalMeta, MAX_ID, MAX_UNIX_SECONDS } from './common';
import { MSG } from './messages';
import { PAYMENT_FILTERS, PAYMENT_STATUSES, SHIPPING_STATUSES } from './orders';
import { LINE_MONEY_FIELDS, MONEY_FIELDS } from './permissions';

/**
 * Reading orders (document 1 sections 2.6–2.8, 7): the list query, list rows and records in every
 * role's variant, their summaries and delete requests, and the autocomplete options.
 */

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
    z.coerce
      .number({ error: MSG.number })
      .int({ error: MSG.number })
      .min(-1, { error: MSG.number })
      .max(MAX_ID, { error: MSG.number }),
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

/**
 * What GET /orders answers beside `data` (its rows): `listTotalMeta` — `total_estimated` is 1 when a
 * filter no rollup answers (search, shipments for today, expected before today) matches more than
 * 5,000 orders; then `total` is the database's estimate, shown as 'about N', and there is no summary
 * (docs/decisions.md).
 */
export const orderListMeta = listTotalMeta.extend({ summary: orderSummary.nullable() });

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

/**
 * A line of the full order or quotation read: beside the line, its product's own discount, so the editor can
 * apply the default-discount rule on a dealer change (document 1 section 4.2). Not shown to shipping or production.
 */
export const orderDocLine = orderLine.extend({ product_discount: z.number() });
export type OrderDocLine = z.infer<typeof orderDocLine>;

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
  products: z.array(orderDocLine),
  version: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Order = z.infer<typeof order>;

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
