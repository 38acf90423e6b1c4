import { z } from 'zod';
import {
  flag,
  listQuery,
  MAX_UNIX_SECONDS,
  optionalId,
  optionalText,
  requiredPrice,
  requiredText,
  TEXT_MAX,
  toNumber,
} from './common';
import { MSG } from './messages';

/** Limits of document 2 section 9. */
export const DISCOUNT_MAX = 100;
export const WARRANTY_MAX = 10_000_000;
export const PL_SERIAL_COUNT_MAX = 100;
export const BOM_QUANTITY_MAX = 1_000_000_000;
/** BOM quantities have up to 6 decimals (step 0.000001). */
export const BOM_QUANTITY_DECIMALS = 6;
/** Greater than 0 at the stored precision (below one step would be stored as 0), at most the maximum. */
export const bomQuantityInRange = (n: number) => n >= 10 ** -BOM_QUANTITY_DECIMALS && n <= BOM_QUANTITY_MAX;
/** Role prefixes the products calls are served under ('' = unprefixed, any allowed role). */
export const PRODUCT_PREFIXES = ['', 'admin', 'sale', 'shipping', 'production', 'purchase'] as const;

/** An optional number within [min, max]; absent or '' means "not given" (the default applies). */
const optionalRanged = (min: number, max: number, int = false) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: MSG.number })
      .finite({ error: MSG.number })
      .refine((n) => !int || Number.isInteger(n), { error: MSG.number })
      .refine((n) => n >= min && n <= max, { error: MSG.range(min, max) })
      .optional(),
  );

/** The product form (add, edit and Duplicate share it; `id` absent means add). */
export const productSave = z.object({
  id: optionalId(),
  product_code: requiredText(),
  hs_code: optionalText().optional(),
  desc: requiredText(),
  msrp: requiredPrice(),
  discount: optionalRanged(0, DISCOUNT_MAX),
  warranty: optionalRanged(0, WARRANTY_MAX, true),
  pl_serial_count: optionalRanged(0, PL_SERIAL_COUNT_MAX, true),
  has_modem: flag().optional(),
  is_test_required: flag().optional(),
  is_shipping_cost: flag().optional(),
  exclude_pl_item_count: flag().optional(),
  warning: optionalText().optional(),
  active: flag().optional(),
  /** The version the form was loaded at; a stale one is refused with 409. */
  version: z.coerce.number().int().optional(),
});
export type ProductSave = z.infer<typeof productSave>;

export const PRODUCT_SORTS = ['product_code', 'hs_code', 'desc', 'msrp', 'discount', 'active', 'bom_cost'] as const;
export const PRODUCT_STATUSES = ['all', 'active', 'inactive'] as const;

/** Unix seconds; '' or absent means "not given". */
const unixSeconds = () =>
  z.preprocess(
    toNumber,
    z.number({ error: MSG.number }).int({ error: MSG.number }).min(0).max(MAX_UNIX_SECONDS).optional(),
  );

export const productListQuery = listQuery.extend({
  sort: z.enum(PRODUCT_SORTS).optional(),
  status: z.enum(PRODUCT_STATUSES).optional().default('all'),
  /** Sales window for units sold and revenue (unix seconds). Default: one month back to end of today. */
  StartDate: unixSeconds(),
  EndDate: unixSeconds(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const salesWindowQuery = z.object({ StartDate: unixSeconds(), EndDate: unixSeconds() });

/** A product as the edit form reads it (the record, and what a save answers). Money fields are numbers. */
export const product = z.object({
  id: z.number().int(),
  product_code: z.string(),
  hs_code: z.string(),
  desc: z.string(),
  msrp: z.number(),
  discount: z.number(),
  warranty: z.number().int(),
  pl_serial_count: z.number().int(),
  has_modem: z.number().int(),
  is_test_required: z.number().int(),
  is_shipping_cost: z.number().int(),
  exclude_pl_item_count: z.number().int(),
  /** File name of the image, or null; the bytes come from GET products/image/{id}. */
  product_image: z.string().nullable(),
  warning: z.string(),
  active: z.number().int(),
  /** Sum of the BOM lines' avg_total, kept in the transaction of every BOM change. */
  bom_cost: z.number(),
  bom_rev: z.string(),
  test_checklist_rev: z.string(),
  version: z.number().int(),
});
export type Product = z.infer<typeof product>;

/**
 * A row of the products list: the product plus its sales in the requested window. Units sold and
 * revenue are statistics: only the roles that manage products get them.
 */
export const productRow = product.extend({ units_sold: z.number().optional(), revenue: z.number().optional() });
export type ProductRow = Product & { units_sold: number; revenue: number };
/** The CSV export's columns, in order: the list row's fields (the import reads the same names). */
export const productExportColumns = Object.keys(productRow.shape) as (keyof ProductRow)[];

export const salesPeriod = z.object({
  /** 'YYYY-MM-DD' (daily) or 'YYYY-MM' (monthly), UTC. */
  period: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  units: z.number(),
  revenue: z.number(),
});
export type SalesPeriod = z.infer<typeof salesPeriod>;

/** View Statistics: units and revenue per period (days for windows up to 62 days, months beyond). */
export const productSales = z.object({
  product_id: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  granularity: z.enum(['day', 'month']),
  total_units: z.number(),
  total_revenue: z.number(),
  periods: z.array(salesPeriod),
});
export type ProductSales = z.infer<typeof productSales>;

/** What deleting a product's image answers. */
export const productImageDeleted = z.object({ product_image: z.null(), version: z.number().int() });

/** Default statistics window (section 9): one month back to the end of today, UTC. */
export function defaultWindow(nowSec: number): { start: number; end: number } {
  const d = new Date(nowSec * 1000);
  const endOfToday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) / 1000 - 1;
  // Same day of the previous month, clamped to its length (31 March → 28/29 February).
  const lastOfPrev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0)).getUTCDate();
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, Math.min(d.getUTCDate(), lastOfPrev)) / 1000;
  return { start, end: endOfToday };
}

// ---- BOM ---------------------------------------------------------------------------------

const bomQuantity = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.bomQuantityRequired : MSG.bomQuantityNumber) })
      .finite({ error: MSG.bomQuantityNumber })
      .refine(bomQuantityInRange, { error: MSG.bomQuantityRange }),
  );

/** Parses alt_parts given as an array, a JSON array string or a comma-separated string. */
const idList = () =>
  z.preprocess(
    (v) => {
      if (v == null || v === '') return [];
      if (typeof v === 'string') {
        const s = v.trim();
        if (s.startsWith('[')) {
          try {
            return JSON.parse(s);
          } catch {
            return v;
          }
        }
        return s.split(',').filter((x) => x.trim() !== '');
      }
      return v;
    },
    z.array(z.coerce.number({ error: MSG.bomAltPartUnknown }).int().positive({ error: MSG.bomAltPartUnknown })).max(50),
  );

export const bomSave = z.object({
  id: optionalId(),
  product_id: z.coerce.number({ error: MSG.required }).int().positive({ error: MSG.required }),
  part_id: z.preprocess(
    (v) => (v === '' || v == null || v === 0 || v === '0' ? undefined : v),
    z.coerce.number({ error: MSG.bomPartRequired }).int({ error: MSG.bomPartRequired }).positive(),
  ),
  quantity: bomQuantity(),
  ref: optionalText(),
  remark: optionalText(),
  alt_parts: idList().optional().default([]),
});
export type BomSave = z.infer<typeof bomSave>;

export const bomLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  part_id: z.number().int(),
  quantity: z.number(),
  ref: z.string(),
  remark: z.string(),
  alt_parts: z.array(z.number().int()),
  /** Display fields. */
  part_desc: z.string(),
  part_manufacturer: z.string(),
  part_number: z.string(),
  /** Manufacturer part numbers of alt_parts, in the same order. */
  alt_part_numbers: z.array(z.string()),
  /** The part's price in USD (purchase-order weighted average once purchase orders exist). */
  avg_price: z.number(),
  /** avg_price × quantity. */
  avg_total: z.number(),
});
export type BomLine = z.infer<typeof bomLine>;

/** What a BOM line save answers: the line and the product's new BOM cost. */
export const bomLineSaved = bomLine.extend({ bom_cost: z.number() });
/** What a BOM line delete answers. */
export const bomLineDeleted = z.object({ id: z.number().int(), product_id: z.number().int(), bom_cost: z.number() });

/** Import headers the server needs (the client checks them before sending too). */
export const BOM_REQUIRED_HEADERS = ['part_number', 'quantity'] as const;

export const bomImport = z
  .object({
    productId: z.coerce.number().int().positive().optional(),
    product_id: z.coerce.number().int().positive().optional(),
    /** Rows as papaparse gives them with `header: true`. */
    bomData: z.array(z.record(z.string(), z.unknown()), { error: MSG.noDataToImport }).max(50_000).optional(),
    replaceAll: flag().optional().default(0),
  })
  .transform((v, ctx) => {
    const productId = v.productId ?? v.product_id;
    if (!productId) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: MSG.required });
      return z.NEVER;
    }
    return { productId, bomData: v.bomData ?? [], replaceAll: v.replaceAll === 1 };
  });
export type BomImport = z.infer<typeof bomImport>;

export const bomImportResult = z.object({
  imported_count: z.number().int(),
  updated_count: z.number().int(),
  deleted_count: z.number().int(),
  error_count: z.number().int(),
  /** `row` is the spreadsheet line: data row index + 2 (the header is line 1). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type BomImportResult = z.infer<typeof bomImportResult>;

/** Normalises a CSV header: strips a UTF-8 BOM, trims, lower-cases, spaces to underscores. */
export function normalizeHeader(h: string): string {
  return h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export const bomRevSave = z.object({
  productId: z.coerce.number({ error: MSG.required }).int().positive({ error: MSG.required }),
  bomRev: optionalText(),
});
export const bomRevSaved = z.object({ bom_rev: z.string() });

// ---- Product test checklist steps ----------------------------------------------------------

export const testStepSave = z.object({
  id: optionalId(),
  product_id: z.coerce.number({ error: MSG.required }).int().positive({ error: MSG.required }),
  test_desc: z
    .string({ error: MSG.testDescRequired })
    .trim()
    .min(1, { error: MSG.testDescRequired })
    .max(TEXT_MAX, { error: MSG.maxLength(TEXT_MAX) }),
});
export type TestStepSave = z.infer<typeof testStepSave>;

/** A required id parameter of a step call: missing gives 'required field' (banner 'Missing required parameters'). */
const requiredParam = () =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce.number({ error: MSG.required }).int({ error: MSG.required }).positive({ error: MSG.required }),
  );

export const testStepReorder = z.object({
  /** The id of the step being moved. */
  checklist_id: requiredParam(),
  /** Its new 1-based position; clamped to 1..n. */
  new_si_number: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .int({ error: MSG.number }),
  ),
  product_id: requiredParam(),
});

export const testChecklistRevSave = z.object({
  productId: z.coerce.number({ error: MSG.required }).int().positive({ error: MSG.required }),
  testChecklistRev: optionalText(),
});

export const testStep = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  si_number: z.number().int(),
  test_desc: z.string(),
});
export type TestStep = z.infer<typeof testStep>;
export const testChecklistRevSaved = z.object({ test_checklist_rev: z.string() });
