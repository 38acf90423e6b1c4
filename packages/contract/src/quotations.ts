import { z } from 'zod';
import { listQuery, MAX_ID } from './common';
import { MSG } from './messages';
import type { OrderSaveResponse, WithoutMoney } from './order-reads';
import { deleteRequestRow, moneyFreeLines, order, orderRow } from './order-reads';
import { ALWAYS, awbWhenDone, salesDocFields } from './orders';
import { MONEY_FIELDS } from './permissions';

/**
 * POST /quotations/save and /production/quotations/save: the order fields (dealer, date and value
 * required, shipping_awb when done, money numeric, e-mails valid), `products` as a JSON string,
 * `revise` flag. Duplicate = the same call without id, invoice and oc_ref.
 */
export const quotationSave = z.object(salesDocFields).superRefine(awbWhenDone, ALWAYS);
export type QuotationSave = z.infer<typeof quotationSave>;

export const QUOTATION_SORTS = [
  'id',
  'date',
  'quote_ref',
  'oc_ref',
  'dealer_name',
  'value',
  'shipping_status',
] as const;

/** GET /quotations (and the shipping/production variants): search over quote_ref, oc_ref, invoice and note. */
export const quotationListQuery = listQuery.extend({
  sort: z.enum(QUOTATION_SORTS).optional(),
  dealer: z.preprocess(
    (v) => (v === '' || v == null ? -1 : v),
    z.coerce.number({ error: MSG.number }).int().min(-1, { error: MSG.number }).max(MAX_ID, { error: MSG.number }),
  ),
  start: z.preprocess((v) => (v === '' || v == null || v === '-1' ? undefined : v), z.coerce.number().int().optional()),
  end: z.preprocess((v) => (v === '' || v == null || v === '-1' ? undefined : v), z.coerce.number().int().optional()),
});
export type QuotationListQuery = z.infer<typeof quotationListQuery>;

/** A row of the quotation lists. */
export const quotationRow = orderRow
  .pick({
    id: true,
    quote_ref: true,
    date: true,
    oc_ref: true,
    invoice: true,
    note: true,
    dealer: true,
    dealer_name: true,
    dealer_country: true,
    value: true,
    shipping_cost: true,
    shipping_status: true,
    /** 1 while a delete request is pending. */
    request_to_delete: true,
    revision: true,
  })
  .extend({
    /** The order it was confirmed into, or null. */
    order_id: z.number().int().nullable(),
  });
export type QuotationRow = z.infer<typeof quotationRow>;
/** A row of the shipping quotation list: without money. */
export const shippingQuotationRow = quotationRow.omit({ value: true, shipping_cost: true });

/** GET /quotations/{id}: the order fields plus the link to the confirmed order. */
export const quotation = order.omit({ quotation_id: true }).extend({ order_id: z.number().int().nullable() });
export type Quotation = z.infer<typeof quotation>;

/** Shipping reads quotations without money. */
export const shippingQuotation = quotation.omit(MONEY_FIELDS).extend({ products: moneyFreeLines });
export type ShippingQuotation = WithoutMoney<Quotation>;

export type QuotationSaveResponse = OrderSaveResponse<Quotation>;

/** GET /quotations/request-to-delete: every live quotation with a pending delete request, newest first. */
export const quotationDeleteRequestRow = deleteRequestRow.extend({ quote_ref: z.string() });
export type QuotationDeleteRequestRow = z.infer<typeof quotationDeleteRequestRow>;
