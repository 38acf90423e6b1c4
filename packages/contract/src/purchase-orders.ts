import { z } from 'zod';
import { listQuery, MAX_ID, optionalEmail, optionalId, optionalText, requiredText, toNumber } from './common';
import { MSG } from './messages';

/** Purchase order messages of document 2 sections 5 and 8, word for word, plus BPM's own (docs/decisions.md). */
export const PO_MSG = {
  currencyRate: 'Currency must be changed to match the currency rate',
  price: 'Please enter a valid price',
  quantity: 'Please enter a valid quantity',
  partName: 'Please enter a valid part name',
  proofRequired: 'Proof of payment PDF is required',
  paymentStatusRequired: 'Payment status is required',
  proofHint: 'Select the payment status before uploading proof of payment',
  quoteRequired: 'Supplier quote PDF is required',
  selectApprover: 'Please select at least one user for approval',
  reasonRequired: 'Reason is required',
  priceQuoteName: 'Price quote name is required',
  departmentName: 'Department name is required',
  termName: 'Term name is required',
  revised: 'Revise successfully',
  duplicated: 'Duplicate successfully',
  approved: 'Purchase order approved',
  rejected: 'Purchase order rejected',
  received: 'Purchase order marked as received',
  sentForApproval: 'Purchase order sent for approval',
  cancelled: 'Purchase order has been cancelled successfully',
  proofUploaded: 'Proof of payment has been uploaded successfully',
  quoteUploaded: 'Supplier quote has been uploaded successfully',
  proofFailed: 'Error uploading proof of payment',
  quoteFailed: 'Error uploading supplier quote',
  cancelFailed: 'Error cancelling purchase order',
  loadFailed: (what: 'departments' | 'terms' | 'price quotes') => `Failed to load ${what}`,
  saveFailed: (what: 'department' | 'term' | 'price quote') => `Failed to save ${what}`,
  deleteFailed: (what: 'department' | 'term' | 'price quote') => `Failed to delete ${what}`,
  // BPM's own.
  notFound: 'Purchase order not found',
  historyNotFound: 'Purchase order history record not found',
  lookupNotFound: 'Not found',
  supplierUnknown: 'This supplier does not exist',
  partUnknown: 'This part component does not exist',
  approverUnknown: 'Please select approvers from the list',
  noParts: 'Please add at least one part before requesting approval',
  nameTaken: 'This name already exists',
  illegal: (action: string, status: string) =>
    `This purchase order is ${PO_STATUS_LABELS[status as PoStatus] ?? status}: it cannot be ${action}.`,
  cancelledReadOnly: 'This purchase order is cancelled and can no longer be changed.',
  /** The dashboard's Approve / Reject ask first (issue 24 item 14). */
  decideConfirm: (decision: 'approve' | 'reject', poNumber: string) =>
    `${decision === 'approve' ? 'Approve' : 'Reject'} purchase order ${poNumber}?`,
} as const;

export const PO_STATUSES = ['draft', 'waitingapproval', 'approved', 'rejected', 'received', 'cancelled'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
export const PO_STATUS_LABELS: Record<PoStatus, string> = {
  draft: 'Draft',
  waitingapproval: 'Waiting Approval',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  cancelled: 'Cancelled',
};
/** Chip colours of the status (the spec's palette: default, primary, warning, success, error). */
export const PO_STATUS_COLORS: Record<PoStatus, 'default' | 'primary' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  waitingapproval: 'warning',
  approved: 'primary',
  rejected: 'error',
  received: 'success',
  cancelled: 'error',
};

/** Payment state (section 4): 0 unpaid, 2 partial, 1 fully paid. */
export const PAYMENT_STATES = [0, 2, 1] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_LABELS: Record<PaymentState, string> = { 0: 'Unpaid', 2: 'Partial Paid', 1: '100% Paid' };

/** Currencies the form offers (rate = USD per one unit of the currency). */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'PHP', 'SGD', 'HKD', 'TWD', 'KRW', 'AUD', 'CAD'] as const;

/** The fixed company address block a new PO ships to. */
export const DEFAULT_SHIP_TO = 'BPM Hardware Inc.\n100 Industrial Way\nSan Jose, CA 95110\nUnited States';

export const MAX_QUANTITY = 1_000_000_000;
export const MAX_PRICE = 999_999_999_999;

/** Rounds a price to 6 decimals (section 9: prices are rounded to 2 to 6 decimals). */
export const roundPrice = (x: number) => Math.round(x * 1e6) / 1e6;
/** A USD amount shown in the PO currency: divided by the rate (USD per unit). */
export const toDisplay = (usd: number, rate: number) => roundPrice(rate > 0 ? usd / rate : usd);
/** A PO-currency amount in USD: times the rate (USD per unit), exact to 6 decimals. */
export const toUsd = (local: number, rate: number) => decimalSum([[local, rate]]);

/** A number with at most 6 decimals as an integer of millionths (exact: no binary fraction in between). */
const micros = (x: number): bigint => {
  const [whole = '0', frac = ''] = Math.abs(x).toFixed(6).split('.');
  const v = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  return x < 0 ? -v : v;
};

/**
 * Σ a × b of numbers with up to 6 decimals, computed exactly and rounded half up to 6 decimals: 1,000 × KRW
 * 1,111.11 is 1,111,110 (floating point gives 1,111,110.0000000002), 0.1 × 3 is 0.3.
 */
export function decimalSum(products: Array<[number, number]>): number {
  let sum = 0n; // in 1e-12
  for (const [a, b] of products) sum += micros(a) * micros(b);
  const neg = sum < 0n;
  const abs = neg ? -sum : sum;
  const q = (abs + 500_000n) / 1_000_000n; // in 1e-6, half up
  const s = q.toString().padStart(7, '0');
  const v = Number(`${s.slice(0, -6)}.${s.slice(-6)}`);
  return neg ? -v : v;
}
/** Shows an amount (totals, line amounts, shipping cost) with 2 decimals. */
export const formatAmount = (x: number) =>
  x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Shows a price with 2 to 6 decimals. */
export const formatPrice = (x: number) =>
  x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });

const num = (msg: string, min: number, max: number, exclusiveMin = false) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: msg })
      .finite({ error: msg })
      .refine((v) => (exclusiveMin ? v > min : v >= min) && v <= max, { error: msg }),
  );

/**
 * One PO part line as the form sends it: price_UI in the PO currency (kept exactly as entered), or — from an API
 * caller — price in USD alone (then price_UI = price ÷ rate).
 */
export const poLine = z.object({
  part: z.preprocess(
    (v) => (v === '' || v == null || v === 0 ? undefined : v),
    z.coerce
      .number({ error: PO_MSG.partUnknown })
      .int()
      .positive()
      .max(MAX_ID, { error: PO_MSG.partUnknown })
      .optional(),
  ),
  manuf_part_number: optionalText().pipe(z.string().max(200)),
  part_name: z.preprocess(
    (v) => (v == null ? '' : v),
    z.string({ error: PO_MSG.partName }).trim().min(1, { error: PO_MSG.partName }).max(500, { error: PO_MSG.partName }),
  ),
  price: num(PO_MSG.price, 0, MAX_PRICE).optional(),
  price_UI: num(PO_MSG.price, 0, MAX_PRICE).optional(),
  quantity: num(PO_MSG.quantity, 0, MAX_QUANTITY, true),
  unit: optionalText().pipe(z.string().max(50)),
  remarks: optionalText().pipe(z.string().max(2000)),
});
export type PoLineInput = z.infer<typeof poLine>;

const unixDate = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .int({ error: MSG.number })
      .min(0, { error: MSG.number })
      .max(32_503_680_000, { error: MSG.number }),
  );

const text = (max: number) => optionalText().pipe(z.string().max(max, { error: MSG.range(0, max) }));
const required = (max: number) => requiredText().pipe(z.string().max(max, { error: MSG.range(1, max) }));

/** Parts may come as an array (JSON) or a JSON string (form post). */
const partsField = z.preprocess(
  (v) => {
    if (v == null || v === '') return [];
    if (typeof v === 'string') {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return v;
  },
  z.array(poLine, { error: MSG.validation }).max(500),
);

/** POST purchaseorders/save: the whole PO (status and money-after-approval fields have their own calls). */
export const poSave = z
  .object({
    id: optionalId(),
    version: z.coerce.number().int().optional(),
    supplier: z.preprocess(
      (v) => (v === '' || v == null || v === 0 || v === '0' ? undefined : v),
      z.coerce
        .number({ error: MSG.required })
        .int({ error: MSG.required })
        .positive({ error: MSG.required })
        .max(MAX_ID, { error: PO_MSG.supplierUnknown }),
    ),
    supplier_name: required(300),
    supplier_contact_person: required(300),
    supplier_2303: text(100),
    supplier_address: required(2000),
    supplier_email: optionalEmail(),
    supplier_phone: text(100),
    requisitioner: required(300),
    po_date: unixDate(),
    due_date: unixDate(),
    purpose: required(2000),
    department: required(200),
    terms: text(200),
    ship_to: text(2000),
    price_quote: text(200),
    currency: requiredText().pipe(z.enum(CURRENCIES, { error: MSG.required })),
    /** USD per unit of the currency; a USD PO may leave it out (1), any other currency must give it. */
    currency_rate: z.preprocess(
      toNumber,
      z
        .number({ error: MSG.number })
        .finite({ error: MSG.number })
        .refine((v) => v > 0 && v <= 1_000_000, { error: MSG.number })
        .optional(),
    ),
    /** In the PO currency (stored × rate, as Save Shipping Cost does); left out: unchanged. */
    shipping_cost: z.preprocess(
      toNumber,
      z
        .number({ error: MSG.number })
        .finite({ error: MSG.number })
        .min(0, { error: MSG.number })
        .max(MAX_PRICE, { error: MSG.number })
        .optional(),
    ),
    local_po: z.preprocess((v) => (v === true || v === '1' || v === 1 || v === 'true' ? 1 : 0), z.literal([0, 1])),
    parts: partsField,
    /** Save as a revision of a non-draft PO (history snapshot, back to draft). */
    revise: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
    /** Save as a new PO copied from this one. */
    duplicate: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
  })
  // Section 5: currency_rate is required ('required field'); a USD PO's rate is 1 by default. Checked beside the
  // other fields' errors (`when`), on the parsed or — when some field failed — the raw values.
  .refine((v) => !(toNumber(v.currency_rate) === undefined && v.currency !== 'USD'), {
    path: ['currency_rate'],
    error: MSG.required,
    when: () => true,
  })
  .superRefine((v, ctx) => {
    if (v.currency === 'USD' && v.currency_rate !== undefined && v.currency_rate !== 1)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: PO_MSG.currencyRate });
    v.parts.forEach((p, i) => {
      if (p.price === undefined && p.price_UI === undefined)
        ctx.addIssue({ code: 'custom', path: ['parts', i, 'price'], message: PO_MSG.price });
    });
  });
export type PoSave = z.infer<typeof poSave>;
/** The rate a saved PO uses: the one given, or 1 for USD (the only currency that may leave it out). */
export const rateOf = (input: Pick<PoSave, 'currency_rate'>) => input.currency_rate ?? 1;

export const PO_SORTS = [
  'po_date',
  'po_number',
  'supplier_name',
  'requisitioner',
  'department',
  'due_date',
  'status',
  'amount',
  'paid',
] as const;

const optInt = () =>
  z.preprocess(
    (v) => (v === '' || v == null || v === '-1' || v === -1 ? undefined : v),
    z.coerce.number({ error: MSG.number }).int({ error: MSG.number }).min(0).max(32_503_680_000).optional(),
  );

/** GET /purchaseorders: search, supplier, date range (po_date), status and payment radios. */
export const poListQuery = listQuery.extend({
  sort: z.enum(PO_SORTS).optional(),
  supplier: z.preprocess(
    (v) => (v === '' || v == null || v === '-1' ? undefined : v),
    z.coerce.number({ error: MSG.number }).int().positive().max(MAX_ID).optional(),
  ),
  start: optInt(),
  end: optInt(),
  status: z.preprocess((v) => (v === '' || v == null ? 'all' : v), z.enum(['all', ...PO_STATUSES])),
  paid: z.preprocess((v) => (v === '' || v == null ? 'all' : v), z.enum(['all', '0', '1', '2'], { error: MSG.number })),
});
export type PoListQuery = z.infer<typeof poListQuery>;

export const poTimeParams = z.object({
  start: z.coerce.number({ error: MSG.number }).int().min(0).max(32_503_680_000),
  end: z.coerce.number({ error: MSG.number }).int().min(0).max(32_503_680_000).optional(),
});

export const poRateParams = z.object({ currency: z.enum(CURRENCIES, { error: MSG.required }) });

export const poSupplierQuery = z.object({
  supplier: z.preprocess(
    (v) => (v === '' || v == null || v === '-1' ? undefined : v),
    z.coerce.number({ error: MSG.number }).int().positive().max(MAX_ID).optional(),
  ),
});

export const poShippingCost = z.object({
  id: z.coerce.number({ error: MSG.required }).int().positive().max(MAX_ID, { error: PO_MSG.notFound }),
  /** In the PO currency; stored × rate. */
  shipping_cost: z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
      .finite({ error: MSG.number })
      .min(0, { error: MSG.number })
      .max(MAX_PRICE, { error: MSG.number }),
  ),
  version: z.coerce.number().int().optional(),
});

export const poAwb = z.object({
  id: z.coerce.number({ error: MSG.required }).int().positive().max(MAX_ID, { error: PO_MSG.notFound }),
  awb_number: required(200),
  version: z.coerce.number().int().optional(),
});

export const poPay = z.object({
  payment_status: z.preprocess(
    (v) => (v === '' || v == null ? undefined : String(v)),
    z.enum(['0', '1', '2'], { error: PO_MSG.paymentStatusRequired }),
  ),
});

export const poRequestApproval = z.object({
  emailTo: z.preprocess(
    (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number({ error: PO_MSG.approverUnknown }).int().positive().max(MAX_ID), {
        error: PO_MSG.selectApprover,
      })
      .min(1, { error: PO_MSG.selectApprover })
      .max(100),
  ),
});

export const poCancel = z.object({
  reason: z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: PO_MSG.reasonRequired })
      .trim()
      .min(1, { error: PO_MSG.reasonRequired })
      .max(2000, { error: MSG.range(1, 2000) }),
  ),
});

export const LOOKUPS = ['dept', 'term', 'pricequote'] as const;
export type LookupKind = (typeof LOOKUPS)[number];
export const LOOKUP_NAME_MSG: Record<LookupKind, string> = {
  dept: PO_MSG.departmentName,
  term: PO_MSG.termName,
  pricequote: PO_MSG.priceQuoteName,
};

export const lookupSave = (kind: LookupKind) =>
  z.object({
    id: optionalId(),
    name: z.preprocess(
      (v) => (v == null ? '' : v),
      z
        .string({ error: LOOKUP_NAME_MSG[kind] })
        .trim()
        .min(1, { error: LOOKUP_NAME_MSG[kind] })
        .max(200, { error: MSG.range(1, 200) }),
    ),
  });

export const lookupQuery = z.object({ search: z.string().trim().max(200).optional().default('') });

export const OVERVIEW_LIMIT = 50;
export const RECENT_DAYS = 30;

/** Total of the lines, Σ price × quantity, exact to 6 decimals (in the currency of the prices given). */
export const linesTotal = (parts: Array<{ price: number; quantity: number }>) =>
  decimalSum(parts.map((p) => [p.price, p.quantity]));

/** The po_number of a PO: PO-{year of creation}-{id, 5 digits}; a revision appends -R{n}. */
export function poNumber(id: number, createdAt: number, revision: number): string {
  const year = new Date(createdAt * 1000).getUTCFullYear();
  return `PO-${year}-${String(id).padStart(5, '0')}${revision > 0 ? `-R${revision}` : ''}`;
}
