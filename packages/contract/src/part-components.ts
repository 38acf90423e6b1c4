import { z } from 'zod';
import {
  flag,
  listQuery,
  MAX_UNIX_SECONDS,
  optionalId,
  optionalText,
  requiredPrice,
  requiredText,
  toNumber,
} from './common';
import { MSG } from './messages';

export const DEFAULT_PART_UNIT = 'pcs';
export const DEFAULT_PART_CURRENCY = 'USD';

/** Absent means "use the default"; sent but blank is 'required field'. */
const requiredWithDefault = (fallback: string) => z.preprocess((v) => (v === undefined ? fallback : v), requiredText());

/** The part component form (add and edit share it; `id` absent means add). */
export const partComponentSave = z.object({
  id: optionalId(),
  manufacturer: requiredText(),
  manuf_part_number: requiredText(),
  description: optionalText(),
  /** Price in USD, up to 6 decimals. */
  price: requiredPrice(),
  /** Price in local_currency; optional. */
  local_price: z.preprocess(
    toNumber,
    z
      .number({ error: MSG.number })
      .finite({ error: MSG.number })
      .min(0, { error: MSG.number })
      .max(999_999_999_999, { error: MSG.number })
      .optional(),
  ),
  local_currency: requiredWithDefault(DEFAULT_PART_CURRENCY).pipe(z.string().transform((s) => s.toUpperCase())),
  unit: requiredWithDefault(DEFAULT_PART_UNIT),
  active: flag().optional(),
  /** The version the form was loaded at; a stale one is refused with 409. */
  version: z.coerce.number().int().optional(),
});
export type PartComponentSave = z.infer<typeof partComponentSave>;

export const PART_SORTS = ['manuf_part_number', 'manufacturer', 'description', 'price', 'unit', 'active'] as const;

export const partComponentListQuery = listQuery.extend({
  sort: z.enum(PART_SORTS).optional(),
  status: z.enum(['all', 'active', 'inactive']).optional().default('all'),
});
export type PartComponentListQuery = z.infer<typeof partComponentListQuery>;

export const partComponent = z.object({
  id: z.number().int(),
  manuf_part_number: z.string(),
  manufacturer: z.string(),
  description: z.string(),
  price: z.number(),
  local_price: z.number().nullable(),
  local_currency: z.string(),
  unit: z.string(),
  /** File name of the image, or null; the bytes come from GET partComponents/image/{id}. */
  part_image: z.string().nullable(),
  part_image_name: z.string().nullable(),
  active: z.number().int(),
  version: z.number().int(),
});
export type PartComponent = z.infer<typeof partComponent>;
/** The CSV export's columns, in order: the list row's fields (the import reads the same names). */
export const partComponentExportColumns = Object.keys(partComponent.shape) as (keyof PartComponent)[];

/** The save answer: the part plus whether it was created (toast 'Component created/updated successfully'). */
export const partComponentSaved = partComponent.extend({ created: z.boolean() });
export type PartComponentSaved = z.infer<typeof partComponentSaved>;

/** What deleting a part's image answers. */
export const partImageDeleted = z.object({
  part_image: z.null(),
  part_image_name: z.null(),
  version: z.number().int(),
});

export const partStatisticsBody = z.object({
  /** Unix seconds; default one month back to the end of today. */
  startTime: z.preprocess(
    toNumber,
    z.number({ error: MSG.number }).int({ error: MSG.number }).min(0).max(MAX_UNIX_SECONDS).optional(),
  ),
  endTime: z.preprocess(
    toNumber,
    z.number({ error: MSG.number }).int({ error: MSG.number }).min(0).max(MAX_UNIX_SECONDS).optional(),
  ),
});

export const partStatisticsRow = z.object({
  po_date: z.number().int(),
  po_number: z.string(),
  price: z.number(),
  quantity: z.number(),
});
export type PartStatisticsRow = z.infer<typeof partStatisticsRow>;

/** What POST /partComponents/statistics/{id} answers beside `data` (its rows). */
export const partStatisticsMeta = z.object({
  /** Σ price × quantity / Σ quantity; null when there are no rows. */
  avg_price: z.number().nullable(),
  total_quantity: z.number(),
  start: z.number().int(),
  end: z.number().int(),
});

/**
 * POST /partComponents/statistics/{id} answers `{ data: rows, avg_price, total_quantity, start, end }`;
 * this is that answer with the rows under `rows`.
 */
export type PartStatistics = z.infer<typeof partStatisticsMeta> & { rows: PartStatisticsRow[] };

/** Σ quantity of statistics rows. */
export function totalQuantity(rows: Array<{ quantity: number }>): number {
  return rows.reduce((s, r) => s + r.quantity, 0);
}

/** Quantity-weighted average price (section 9); null for no quantity. */
export function weightedAverage(rows: Array<{ price: number; quantity: number }>): number | null {
  let q = 0;
  let sum = 0;
  for (const r of rows) {
    q += r.quantity;
    sum += r.price * r.quantity;
  }
  return q > 0 ? Math.round((sum / q) * 1e6) / 1e6 : null;
}
