import { z } from 'zod';
import { listQuery } from './common';
import { MSG } from './messages';
import type { Order, OrderSaveResponse, ShippingStatus, WithoutMoney } from './orders';
import { ALWAYS, awbWhenDone, salesDocFields } from './orders';

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
  dealer: z.preprocess((v) => (v === '' || v == null ? -1 : v), z.coerce.number({ error: MSG.number }).int()),
  start: z.preprocess((v) => (v === '' || v == null || v === '-1' ? undefined : v), z.coerce.number().int().optional()),
  end: z.preprocess((v) => (v === '' || v == null || v === '-1' ? undefined : v), z.coerce.number().int().optional()),
});
export type QuotationListQuery = z.infer<typeof quotationListQuery>;

export interface QuotationRow {
  id: number;
  quote_ref: string;
  date: number;
  oc_ref: string;
  invoice: string;
  note: string;
  dealer: number;
  dealer_name: string;
  dealer_country: string;
  value: number;
  shipping_cost: number;
  shipping_status: ShippingStatus;
  /** 1 while a delete request is pending. */
  request_to_delete: number;
  /** The order it was confirmed into, or null. */
  order_id: number | null;
  revision: number;
}

/** GET /quotations/{id}: the order fields plus the link to the confirmed order. */
export interface Quotation extends Omit<Order, 'quotation_id'> {
  order_id: number | null;
}

/** Shipping reads quotations without money. */
export type ShippingQuotation = WithoutMoney<Quotation>;

export type QuotationSaveResponse = OrderSaveResponse<Quotation>;
