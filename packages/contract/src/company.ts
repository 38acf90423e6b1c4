import { z } from 'zod';
import { optionalText, requiredText } from './common';

/**
 * The company settings (issue 24 item 3): the block every document prints (OC, invoice, PO, checklist,
 * packing list, reports) — name, address, contact, bank details and a logo. One record, edited by the
 * administrator on the Settings page (docs/decisions.md, Company settings).
 */

/** Labels of the Settings page. */
export const COMPANY_LABELS = {
  title: 'Company Settings',
  name: 'Company Name',
  address: 'Address',
  contact: 'Contact',
  bank_name: 'Bank Name',
  bank_account_holder: 'Account Holder',
  bank_account: 'IBAN / Account Number',
  bank_swift: 'SWIFT / BIC',
  logo: 'Logo',
  bankDetails: 'Bank Details',
} as const;

/** BPM's own messages (the spec has no Settings page). */
export const COMPANY_MSG = {
  saved: 'Company settings saved',
  logoType: 'Please choose a PNG or JPEG image.',
} as const;

/** POST /admin/company/save (JSON or a form post with the `logo` file). */
export const companySave = z.object({
  name: requiredText(200),
  /** One line per address line. */
  address: requiredText(1000),
  /** Phone and e-mail as printed under the address. */
  contact: optionalText(500),
  bank_name: optionalText(200),
  bank_account_holder: optionalText(200),
  bank_account: optionalText(100),
  bank_swift: optionalText(50),
  /** 1 removes the stored logo (a new `logo` file replaces it anyway). */
  remove_logo: z.coerce.number().int().min(0).max(1).optional(),
  /** The version the form was loaded at; a stale one is refused with 409. */
  version: z.coerce.number().int().optional(),
});
export type CompanySave = z.infer<typeof companySave>;

/** GET /admin/company: the stored settings (the defaults, version 0, until the first save). */
export const companySettings = z.object({
  name: z.string(),
  address: z.string(),
  contact: z.string(),
  bank_name: z.string(),
  bank_account_holder: z.string(),
  bank_account: z.string(),
  bank_swift: z.string(),
  /** The logo's file name (download through GET /files/company/logo/1), or null. */
  logo: z.string().nullable(),
  version: z.number().int(),
});
export type CompanySettings = z.infer<typeof companySettings>;

/** The bank lines a document prints (empty fields left out); none when no bank field is filled. */
export function bankLines(
  c: Pick<CompanySettings, 'bank_name' | 'bank_account_holder' | 'bank_account' | 'bank_swift'>,
) {
  return [
    c.bank_name && `Bank: ${c.bank_name}`,
    c.bank_account_holder && `Account holder: ${c.bank_account_holder}`,
    c.bank_account && `IBAN / Account: ${c.bank_account}`,
    c.bank_swift && `SWIFT / BIC: ${c.bank_swift}`,
  ].filter((l): l is string => !!l);
}
