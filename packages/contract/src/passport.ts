import { z } from 'zod';
import { TEST_STATUSES } from './orders';

/**
 * A serial's passport (issue 23; BPM's own, docs/decisions.md 'Test checklists'): one page per serial with its
 * unit, product, test results, order, packing lists, licenses and moves. Each part is answered only to the roles
 * that may see it: the order, dealer and packing lists not to a tester; licenses to those who generate them.
 */
export const PASSPORT_MSG = { notFound: 'Serial not found' } as const;

export const passportQuery = z.object({
  serial: z.string({ error: 'required field' }).trim().min(1, { error: 'required field' }).max(200),
});

const whole = z.number().int();
export const passport = z.object({
  serial: z.string(),
  is_imei: whole,
  /** Every serial of the unit, in slot order (a modem product's IMEI last). */
  unit_serials: z.array(z.string()),
  product: z.object({ id: whole, product_code: z.string(), desc: z.string(), warranty: whole }),
  checklist: z
    .object({
      id: whole,
      kind: z.enum(['order', 'stock']),
      status: z.enum(TEST_STATUSES),
      rev: z.string(),
      test_by_name: z.string(),
      qa_by_name: z.string(),
      test_date: whole.nullable(),
      qa_date: whole.nullable(),
    })
    .nullable(),
  /** Each step with this serial's result (null: none yet). */
  steps: z.array(z.object({ si_number: whole, test_desc: z.string(), result: z.string().nullable() })),
  order: z
    .object({
      id: whole,
      oc_ref: z.string(),
      dealer_name: z.string(),
      shipping_date: whole.nullable(),
      shipping_awb: z.string(),
    })
    .nullable(),
  packing_lists: z.array(
    z.object({ id: whole, po_number: z.string(), shipping_date: whole.nullable(), warranty_end: whole.nullable() }),
  ),
  licenses: z.array(z.object({ id: whole, kind: z.string(), key: z.string(), created_at: whole })),
  /** Where the unit went: its checklist's imports, exports and serial changes. */
  moves: z.array(z.object({ event: z.string(), time: whole, name: z.string() })),
});
export type Passport = z.infer<typeof passport>;
