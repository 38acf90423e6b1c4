import { z } from 'zod';
import { listQuery, MAX_ID, optionalEmail, optionalId, optionalText, requiredText } from './common';
import { MSG } from './messages';

/** Field labels the screens show where the name alone is unclear. */
export const SUPPLIER_LABELS = { supplier2303: 'Supplier 2303/TIN#' } as const;

/** The supplier form (add and edit share it; `id` absent means add). */
export const supplierSave = z.object({
  id: optionalId(),
  name: requiredText(),
  contact_person: requiredText(),
  supplier2303: optionalText(),
  address: requiredText(),
  email: optionalEmail(),
  phone: optionalText(),
  bank_details: optionalText(),
  /** The version the form was loaded at; a stale one is refused with 409. */
  version: z.coerce.number().int().optional(),
});
export type SupplierSave = z.infer<typeof supplierSave>;

export const SUPPLIER_SORTS = ['name', 'contact_person', 'email', 'phone'] as const;

export const supplierListQuery = listQuery.extend({
  sort: z.enum(SUPPLIER_SORTS).optional(),
  /** Answers only that supplier (as a one-row page) when given. */
  SupplierId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().max(MAX_ID, { error: MSG.number }).optional(),
  ),
});
export type SupplierListQuery = z.infer<typeof supplierListQuery>;

export const supplierAutocompleteQuery = z.object({
  search: z.string().trim().max(200).optional().default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** A supplier as the API answers it (the answer schema also strips anything it does not name). */
export const supplier = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_person: z.string(),
  /** Labelled 'Supplier 2303/TIN#'. */
  supplier2303: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  bank_details: z.string(),
  version: z.number().int(),
});
export type Supplier = z.infer<typeof supplier>;
/** The CSV export's columns, in order: the list row's fields (the import reads the same names). */
export const supplierExportColumns = Object.keys(supplier.shape) as (keyof Supplier)[];

/** What the PO form's supplier picker copies into the PO. */
export const supplierOption = supplier.omit({ version: true, bank_details: true });
export type SupplierOption = z.infer<typeof supplierOption>;
