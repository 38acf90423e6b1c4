import { z } from 'zod';
import { listQuery, MAX_ID, optionalId, optionalText, optionalUnixQuery, requiredText, toNumber } from './common';
import { MSG } from './messages';

/** Packing lists (document 2 sections 2–9; paths docs/decisions.md, Packing lists). */

export const PL_MSG = {
  serialCount: (n: number, m: number, modem: boolean) =>
    `${n} serials required, ${m} found.${modem ? ' Check that you enter IMEI.' : ''}`,
  noMatchingSerials: 'No Matching Serials',
  mismatch: (names: string[]) => `Serial count does not match the test checklists for: ${names.join(', ')}`,
  untested: (name: string, serials: readonly string[]) =>
    `${name}: ${serials.length === 1 ? 'serial' : 'serials'} ${serials.join(', ')} ${serials.length === 1 ? 'is' : 'are'} not on a test checklist (untested)`,
  notFound: 'Packing list not found',
  // BPM's own (docs/decisions.md, Packing lists): a unit ships on one packing list.
  onOtherList: (serial: string, poNumber: string, ocRef: string) =>
    `Serial ${serial} is already on packing list ${poNumber || '(no PO number)'} of order ${ocRef || '(no OC ref)'}`,
} as const;

/** Serials of a packing line: split by lines, trimmed, blanks ignored. */
export const countSerials = (text: string) =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean).length;

/** Required serials of a line: pl_serial_count × quantity, plus one per unit for a modem product. */
export const requiredSerials = (l: { pl_serial_count: number; quantity: number; has_modem: number }) =>
  l.pl_serial_count * l.quantity + (l.has_modem ? l.quantity : 0);

/** The serial-count rule of a line: its message, or null when the count fits (or nothing is required). */
export function serialCountProblem(l: {
  pl_serial: string;
  pl_serial_count: number;
  quantity: number;
  has_modem: number;
}): string | null {
  const n = requiredSerials(l);
  const m = countSerials(l.pl_serial);
  if (n === 0 || n === m) return null;
  return PL_MSG.serialCount(n, m, l.has_modem === 1);
}

/** Warranty end = shipping date + warranty days (unix seconds; null without a shipping date). */
export const warrantyEnd = (shippingDate: number | null, warrantyDays: number) =>
  shippingDate == null ? null : shippingDate + warrantyDays * 86400;

const int = (min: number, max: number) =>
  z.preprocess(
    (v) => toNumber(v) ?? 0,
    z
      .number({ error: MSG.number })
      .int({ error: MSG.number })
      .min(min, { error: MSG.range(min, max) })
      .max(max, {
        error: MSG.range(min, max),
      }),
  );
const flag01 = z.preprocess((v) => (v === true || v === '1' || v === 1 ? 1 : 0), z.union([z.literal(0), z.literal(1)]));

export const packingLine = z.object({
  product_id: z.preprocess(toNumber, z.number().int().positive().max(MAX_ID).optional()),
  pl_name: optionalText().pipe(z.string().max(500)),
  pl_serial: optionalText().pipe(z.string().max(200_000)),
  pl_box: optionalText().pipe(z.string().max(200)),
  quantity: int(0, 1_000_000),
  warranty: int(0, 10_000_000),
  pl_serial_count: int(0, 100),
  has_modem: flag01,
  serials_from_test_checklist: flag01,
});
export type PackingLine = z.infer<typeof packingLine>;

export const packingListSave = z.object({
  id: optionalId(),
  // Required like po_number (document 2 section 5): 'required field' when missing or not an order id.
  order_id: z.preprocess(
    toNumber,
    z
      .number({ error: MSG.required })
      .int({ error: MSG.required })
      .positive({ error: MSG.required })
      .max(MAX_ID, { error: MSG.required }),
  ),
  // Required (document 2 section 5, 'order_id and po_number required'): 'required field'.
  po_number: requiredText(200),
  shipping_date: z.preprocess(toNumber, z.number({ error: MSG.number }).int().min(0).max(1e11).nullable().optional()),
  customer: optionalText().pipe(z.string().max(2000)),
  country: optionalText().pipe(z.string().max(200)),
  show_logo: flag01,
  products: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v ?? [];
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(packingLine, { error: 'Please enter a valid list of products' }).max(500),
  ),
  version: z.preprocess(toNumber, z.number().int().optional()),
});
export type PackingListSave = z.infer<typeof packingListSave>;

export const packingListQuery = listQuery.extend({
  sort: z.enum(['date', 'oc_ref', 'dealer_name', 'shipping_date', 'po_number', 'customer']).optional(),
  dealer: z.preprocess(toNumber, z.number().int().positive().max(MAX_ID).optional()),
  date_from: optionalUnixQuery(),
  date_to: optionalUnixQuery(),
  /** Serial-number search (the list's search box). */
  serial: z.string().trim().max(200).optional().default(''),
});
export type PackingListQuery = z.infer<typeof packingListQuery>;

const whole = z.number().int();

/** A packing list as the list answers it (the answer schema strips anything it does not name). */
export const packingListRow = z.object({
  id: whole,
  order_id: whole,
  oc_ref: z.string(),
  dealer: whole,
  dealer_name: z.string(),
  /** The packing list's creation date. */
  date: whole,
  po_number: z.string(),
  shipping_date: whole.nullable(),
  customer: z.string(),
  country: z.string(),
  revision: whole,
  /** The serials that matched a serial search (empty without one). */
  matching_serials: z.array(z.string()),
});
export type PackingListRow = z.infer<typeof packingListRow>;

/** A packing line as answered (product_id absent for a line added by hand). */
const packingLineAnswer = z.object({
  product_id: whole.optional(),
  pl_name: z.string(),
  pl_serial: z.string(),
  pl_box: z.string(),
  quantity: whole,
  warranty: whole,
  pl_serial_count: whole,
  has_modem: z.union([z.literal(0), z.literal(1)]),
  serials_from_test_checklist: z.union([z.literal(0), z.literal(1)]),
});

/** One packing list with its lines (GET …/:id, and the answer of save). */
export const packingList = packingListRow.omit({ matching_serials: true }).extend({
  show_logo: whole,
  test_status: z.string(),
  version: whole,
  products: z.array(packingLineAnswer.extend({ warranty_end: whole.nullable() })),
  /** Warnings that do not refuse the save (checklist serial-count mismatches). */
  warnings: z.array(z.string()).optional(),
});
export type PackingList = z.infer<typeof packingList>;

/** A live order in the editor's order selector. */
export const packingOrderOption = z.object({
  id: whole,
  oc_ref: z.string(),
  dealer_name: z.string(),
  date: whole,
  test_status: z.string(),
});
export type PackingOrderOption = z.infer<typeof packingOrderOption>;

/** The order picked in the editor, with its lines and the serials its checklists supply. */
export const packingOrder = packingOrderOption.extend({
  customer: z.string(),
  country: z.string(),
  products: z.array(packingLineAnswer),
});
export type PackingOrder = z.infer<typeof packingOrder>;
