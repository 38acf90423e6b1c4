import { z } from 'zod';
import {
  flag,
  listQuery,
  optionalEmail,
  optionalId,
  optionalNumber,
  optionalText,
  rangedNumber,
  requiredEmail,
  requiredText,
} from './common';
import { DEFAULT_COUNTRY, findCountry } from './countries';
import { MSG } from './messages';

/** The fixed payment terms of a dealer (document 1 section 3), in the order the picker shows them. */
export const PAYMENT_TERMS = [
  'None',
  '100% advance',
  '100% 30 days',
  '100% 45 days',
  '100% 60 days',
  '100% 90 days',
  '50% advance / NET 30',
  '50% advance / NET 60',
  '50% advance / NET 90',
  '35% advance / NET 30',
  '25% advance / NET 30',
  '25% advance / NET 60',
  '25% advance / NET 90',
] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'None';
export { DEFAULT_COUNTRY };

/** A country from the ISO list; a code or any letter case is answered as the list's name. */
export const countryField = () =>
  requiredText().transform((v, ctx) => {
    const c = findCountry(v);
    if (!c) {
      ctx.addIssue({ code: 'custom', message: MSG.countryUnknown });
      return z.NEVER;
    }
    return c.name;
  });

/** The dealer form (add and edit share it; `id` absent means add). */
export const dealerSave = z.object({
  id: optionalId(),
  name: requiredText(),
  prefix: optionalText(),
  oem: flag().optional().default(0),
  country: countryField(),
  same_address: flag().optional().default(0),
  billing_address: requiredText(),
  shipping_address: optionalText(),
  billing_vat: optionalText(),
  shipping_vat: optionalText(),
  billing_email: optionalEmail(),
  shipping_email: optionalEmail(),
  billing_phone: optionalText(),
  shipping_phone: optionalText(),
  billing_mobile: optionalText(),
  shipping_mobile: optionalText(),
  email: requiredEmail(),
  email2: optionalEmail(),
  email3: optionalEmail(),
  email4: optionalEmail(),
  phone: optionalText(),
  cellphone: optionalText(),
  website: optionalText(),
  /** Percent, 0–100; empty means 0. */
  discount: z.preprocess((v) => (v === '' || v == null ? 0 : v), rangedNumber(0, 100)),
  payment_terms: z.preprocess(
    (v) => (v === '' || v == null ? DEFAULT_PAYMENT_TERMS : v),
    z.enum(PAYMENT_TERMS, { error: MSG.paymentTermsUnknown }),
  ),
  /** US$; empty means no limit (0). */
  credit_limit: optionalNumber().pipe(z.number().min(0, { error: MSG.number }).optional()),
  notes: optionalText(),
  order_notes: optionalText(),
  active: flag().optional(),
  /** The version the form was loaded at; a stale one is refused with 409. */
  version: z.coerce.number().int().optional(),
});
export type DealerSave = z.infer<typeof dealerSave>;

export const DEALER_SORTS = [
  'id',
  'name',
  'prefix',
  'country',
  'email',
  'discount',
  'credit_limit',
  'payment_terms',
] as const;
export const dealerListQuery = listQuery.extend({ sort: z.enum(DEALER_SORTS).optional() });
export type DealerListQuery = z.infer<typeof dealerListQuery>;

export const dealerAutocompleteQuery = z.object({
  search: z.string().trim().max(200).optional().default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

/** A row of the dealer list. */
export const dealerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  discount: z.number(),
  payment_terms: z.string(),
  credit_limit: z.number(),
  active: z.number().int(),
});
export type DealerRow = z.infer<typeof dealerRow>;
/** The CSV export's columns, in order: the list row's fields (the import reads the same names). */
export const dealerExportColumns = Object.keys(dealerRow.shape) as (keyof DealerRow)[];

/** A dealer as the API answers it (the record, and what a save answers). */
export const dealer = dealerRow.extend({
  oem: z.number().int(),
  same_address: z.number().int(),
  billing_address: z.string(),
  shipping_address: z.string(),
  billing_vat: z.string(),
  shipping_vat: z.string(),
  billing_email: z.string(),
  shipping_email: z.string(),
  billing_phone: z.string(),
  shipping_phone: z.string(),
  billing_mobile: z.string(),
  shipping_mobile: z.string(),
  email2: z.string(),
  email3: z.string(),
  email4: z.string(),
  cellphone: z.string(),
  website: z.string(),
  notes: z.string(),
  order_notes: z.string(),
  /** File name of the agreement PDF (download: GET /files/dealers/agreement_pdf/{id}), or null. */
  agreement_pdf: z.string().nullable(),
  version: z.number().int(),
});
export type Dealer = z.infer<typeof dealer>;

/** An option of the dealer pickers, labelled 'name [id]'. */
export const dealerOption = z.object({ id: z.number().int(), name: z.string(), label: z.string() });
export type DealerOption = z.infer<typeof dealerOption>;
export const dealerLabel = (d: { id: number; name: string }) => `${d.name} [${d.id}]`;
/** The 'All Companies' choice of the dealer pickers. */
export const ALL_DEALERS = { id: -1, name: 'All Companies', label: 'All Companies' } as const;

/**
 * Credit of a dealer: credit_used = Σ (value − payment_received) over the dealer's orders that are
 * not cancelled, not deleted and not paid (payment_status 'not paid'). credit_limit 0 means no limit.
 */
export const dealerCredit = z.object({ credit_used: z.number(), credit_limit: z.number() });
export type DealerCredit = z.infer<typeof dealerCredit>;
