import type { Dealer } from '@bpm/contract/dealers';
import {
  ADDRESS_FIELDS,
  defaultLineDiscount,
  lineAmount,
  type OrderFileField,
  orderSave,
  orderTotals,
  postedLine,
  productionOrderSave,
  SHIPPING_SCREEN_STATUSES,
  SHIPPING_STATUSES,
  type ShippingStatus,
  shippingOrderSave,
} from '@bpm/contract/orders';
import { paymentFigures } from '@bpm/contract/payments';
import {
  DOC_RIGHTS,
  LIMITED_ORDER_EDITS,
  type LimitedOrderRole,
  limitedOrderEditable,
} from '@bpm/contract/permissions';
import { quotationSave } from '@bpm/contract/quotations';
import { z } from 'zod';
import type { DocKind, DocVariant, SalesDoc } from '../../../api/orders';

/** One product line as the editor holds it (numbers as typed text, so bad input shows a message). */
export interface LineForm {
  /** The saved line's id (display only; a save rewrites the lines in order). */
  line_id?: number;
  product_id: number | null;
  product_code: string;
  /** New products only: the description the server creates the product with. */
  desc: string;
  name: string;
  quantity: string;
  msrp: string;
  discount: string;
  is_shipping_cost: number;
  bom_cost: string;
  active: number;
  warning: string;
  /** The product's own discount when known (the default-discount rule prefers it). */
  product_discount: number | null;
  /** Tested quantity, when the server data carries it (test checklists). */
  test_count?: number | null;
}

type AddressField = (typeof ADDRESS_FIELDS)[number];

export type DocForm = {
  id?: number;
  version?: number;
  dealer: number | null;
  date: number | null;
  quote_ref: string;
  oc_ref: string;
  invoice: string;
  note: string;
  invoice_note: string;
  customer_ref: string;
  hide_discount: number;
  sale: string;
  value: string;
  shipping_cost: string;
  actual_shipping_cost: string;
  shipping_status: ShippingStatus;
  shipping_for_today: number;
  distributor_shipments: number;
  shipping_date_expected: number | null;
  shipping_date: number | null;
  shipping_awb: string;
  shipping_weight: string;
  payment_status: 'paid' | 'not paid';
  payment_due_date: number | null;
  payment_date: number | null;
  payment_advance: string;
  payment_full: string;
  payment_received: string;
  outstanding: string;
  outstanding_shipped: string;
  products: LineForm[];
} & Record<AddressField, string>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const amount = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v));

/** Local midnight of today, unix seconds (new documents are dated today). */
export function todayStart(now = new Date()): number {
  return Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000);
}

export function emptyForm(now = new Date()): DocForm {
  const blank = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Record<AddressField, string>;
  return {
    ...blank,
    dealer: null,
    date: todayStart(now),
    quote_ref: '',
    oc_ref: '',
    invoice: '',
    note: '',
    invoice_note: '',
    customer_ref: '',
    hide_discount: 0,
    sale: '',
    value: '0',
    shipping_cost: '0',
    actual_shipping_cost: '',
    shipping_status: 'wait',
    shipping_for_today: 0,
    distributor_shipments: 0,
    shipping_date_expected: null,
    shipping_date: null,
    shipping_awb: '',
    shipping_weight: '',
    payment_status: 'not paid',
    payment_due_date: null,
    payment_date: null,
    payment_advance: '',
    payment_full: '',
    payment_received: '',
    outstanding: '',
    outstanding_shipped: '',
    products: [],
  };
}

type DocLine = Omit<SalesDoc['products'][number], 'product_discount'> & {
  msrp?: number;
  discount?: number;
  bom_cost?: number;
  test_count?: number;
  tests?: number;
  /** The product's own discount (absent in the money-free reads of shipping and production). */
  product_discount?: number;
};

export function lineFromDoc(l: DocLine): LineForm {
  return {
    line_id: l.id,
    product_id: l.product_id,
    product_code: l.product_code ?? '',
    desc: '',
    name: l.name ?? '',
    quantity: String(l.quantity ?? 0),
    msrp: amount(l.msrp),
    discount: amount(l.discount),
    is_shipping_cost: l.is_shipping_cost ? 1 : 0,
    bom_cost: amount(l.bom_cost),
    active: l.active === 0 ? 0 : 1,
    warning: l.warning ?? '',
    // A saved line keeps knowing its product's discount: a dealer change applies the same rule as a new line.
    product_discount: l.product_discount ?? null,
    test_count: l.test_count ?? l.tests ?? null,
  };
}

/** The form values of a loaded document. */
export function formFromDoc(doc: SalesDoc): DocForm {
  const base = emptyForm();
  const out: DocForm = { ...base, id: doc.id, version: doc.version };
  const d = doc as unknown as Record<string, unknown>;
  for (const k of Object.keys(base) as Array<keyof DocForm>) {
    if (k === 'products' || !(k in d)) continue;
    const v = d[k];
    const current = base[k];
    if (typeof current === 'number' || current === null) {
      (out as Record<string, unknown>)[k] = v === null || v === undefined || v === '' ? null : Number(v);
    } else (out as Record<string, unknown>)[k] = text(v);
  }
  if (!SHIPPING_STATUSES.includes(out.shipping_status)) out.shipping_status = 'wait';
  out.hide_discount = doc.hide_discount ? 1 : 0;
  out.shipping_for_today = doc.shipping_for_today ? 1 : 0;
  out.distributor_shipments = doc.distributor_shipments ? 1 : 0;
  out.products = (doc.products ?? []).map((l) => lineFromDoc(l as DocLine));
  return out;
}

const num = (s: string | number | null | undefined) => {
  const n = Number(s);
  return Number.isFinite(n) ? n : 0;
};

/** Line amount from the typed values (invalid text counts as 0). */
export const lineFormAmount = (l: Pick<LineForm, 'quantity' | 'msrp' | 'discount'>) =>
  lineAmount({ quantity: num(l.quantity), msrp: num(l.msrp), discount: num(l.discount) });

/** Value and shipping cost of the lines (contract rule: value = Σ lines, shipping = Σ shipping-cost lines). */
export const linesTotals = (lines: LineForm[]) =>
  orderTotals(
    lines.map((l) => ({
      quantity: num(l.quantity),
      msrp: num(l.msrp),
      discount: num(l.discount),
      is_shipping_cost: l.is_shipping_cost,
    })),
  );

/**
 * The payment figures the server will store for these form values (contract `paymentFigures`, applied on every
 * save): received at least the advance (a paid order its value), outstanding and outstanding shipped computed.
 */
export const formPaymentFigures = (
  v: Pick<DocForm, 'value' | 'payment_status' | 'shipping_status' | 'payment_advance' | 'payment_received'>,
  kind: DocKind,
) =>
  paymentFigures({
    kind,
    value: num(v.value),
    payment_status: v.payment_status,
    shipping_status: v.shipping_status,
    payment_advance: num(v.payment_advance),
    payment_received: num(v.payment_received),
  });

/** What a dealer change copies into the document (document 1 section 4.2). */
export function dealerCopy(d: Dealer): Partial<DocForm> {
  const same = d.same_address === 1;
  return {
    billing_country: d.country ?? '',
    billing_company: d.name ?? '',
    billing_address: d.billing_address ?? '',
    billing_vat: d.billing_vat ?? '',
    billing_email: d.billing_email || d.email || '',
    billing_phone: d.billing_phone || d.phone || '',
    billing_mobile: d.billing_mobile || d.cellphone || '',
    shipping_country: d.country ?? '',
    shipping_company: d.name ?? '',
    shipping_address: (same ? d.billing_address : d.shipping_address || d.billing_address) ?? '',
    shipping_vat: (same ? d.billing_vat : d.shipping_vat) ?? '',
    shipping_email: (same ? d.billing_email : d.shipping_email) || d.email || '',
    shipping_phone: (same ? d.billing_phone : d.shipping_phone) || d.phone || '',
    shipping_mobile: (same ? d.billing_mobile : d.shipping_mobile) || d.cellphone || '',
    note: d.order_notes ?? '',
  };
}

/**
 * Lines after a dealer change (document 1 section 4.2): each takes the default discount for the new dealer — its
 * product's own discount when it has one, else 0 for a shipping-cost item, else the dealer's.
 */
export function linesForDealer(lines: LineForm[], dealer: { discount?: number | null }): LineForm[] {
  return lines.map((l) => ({
    ...l,
    discount: String(
      defaultLineDiscount({ discount: l.product_discount, is_shipping_cost: l.is_shipping_cost }, dealer),
    ),
  }));
}

/**
 * The discount of a line added in the add-product dialog: what the user entered, 0 included; the default rule
 * (product discount, else 0 for shipping-cost items, else the dealer's) only when the field is empty.
 */
export function chosenDiscount(
  entered: string | number | null | undefined,
  product: { discount?: number | null; is_shipping_cost?: number | boolean | null },
  dealer: { discount?: number | null } | null | undefined,
): number {
  const text = entered == null ? '' : String(entered).trim();
  if (text === '') return defaultLineDiscount(product, dealer);
  const n = Number(text);
  return Number.isFinite(n) ? n : defaultLineDiscount(product, dealer);
}

/** The shipping-rule reaction to a form change: an AWB forces done; done clears shipments for today. */
export function shippingAfterChange(v: Pick<DocForm, 'shipping_status' | 'shipping_awb' | 'shipping_for_today'>) {
  const status: ShippingStatus = v.shipping_awb.trim() ? 'done' : v.shipping_status;
  return { shipping_status: status, shipping_for_today: status === 'done' ? 0 : v.shipping_for_today };
}

// --- Variants ----------------------------------------------------------------------------------

export interface VariantInfo {
  /** Money fields are shown (value, prices, payment). */
  money: boolean;
  /** Shipping cost and actual cost are shown. */
  shippingCosts: boolean;
  /** Whether the user can save at all. */
  canSave: boolean;
  /** Fields the user may change (everything else shows read-only). */
  editable: (field: string, isNew: boolean) => boolean;
  /** PDF fields shown, and those the user may upload. */
  files: readonly OrderFileField[];
  uploads: readonly OrderFileField[];
  /** Status choices of the status picker. */
  statuses: readonly ShippingStatus[];
  /** oc_ref and oc_pdf are required (shipping and production orders). */
  ocRequired: boolean;
  /** The zod schema the form validates with (the server's). */
  schema: z.ZodType;
  /** The form fields sent by a save. */
  sends: (keyof DocForm)[] | 'all';
}

const ALL_FILES = ['oc_pdf', 'invoice_pdf', 'shipping_invoice_pdf', 'shipping_packing_list_pdf'] as const;
const QUOTATION_FILES = ['oc_pdf', 'invoice_pdf'] as const;

/** What a limited variant sends: the record's identity, dealer and date (on create), and its editable fields. */
const limitedSends = (role: LimitedOrderRole) =>
  ['id', 'version', 'dealer', 'date', ...LIMITED_ORDER_EDITS[role].fields] as (keyof DocForm)[];

// The shipping screen offers only ship and done; a wait order saved by shipping keeps its status.
const shippingSchema = z.preprocess((v) => {
  const o = v as Record<string, unknown>;
  const s = o.shipping_status as string;
  return { ...o, shipping_status: (SHIPPING_SCREEN_STATUSES as readonly string[]).includes(s) ? s : '' };
}, shippingOrderSave);

export function variantInfo(kind: DocKind, variant: DocVariant): VariantInfo {
  const full: VariantInfo = {
    money: true,
    shippingCosts: true,
    canSave: true,
    editable: () => true,
    files: kind === 'order' ? ALL_FILES : QUOTATION_FILES,
    uploads: kind === 'order' ? ALL_FILES : QUOTATION_FILES,
    statuses: SHIPPING_STATUSES,
    ocRequired: false,
    schema: kind === 'order' ? orderSave : quotationSave,
    sends: 'all',
  };
  const rights = DOC_RIGHTS[variant][kind];
  if (rights === 'full') return full;
  if (rights === 'readOnly') {
    // Shipping sees quotations read-only and without money.
    return { ...full, money: false, shippingCosts: true, canSave: false, editable: () => false, uploads: [] };
  }
  // Shipping and production orders: the fields and PDFs of their save schemas (the permission module's LIMITED_ORDER_EDITS).
  return {
    ...full,
    editable: (field: string, isNew: boolean) => limitedOrderEditable(rights, field, isNew),
    uploads: LIMITED_ORDER_EDITS[rights].uploads,
    sends: limitedSends(rights),
    money: false,
    ocRequired: true,
    ...LIMITED_VIEW[rights],
  };
}

/** What each limited order editor's screen adds: shipping's statuses and shipping costs, their schemas. */
const LIMITED_VIEW: Record<LimitedOrderRole, Pick<VariantInfo, 'shippingCosts' | 'schema'> & Partial<VariantInfo>> = {
  shipping: { shippingCosts: true, statuses: SHIPPING_SCREEN_STATUSES, schema: shippingSchema },
  production: { shippingCosts: false, schema: productionOrderSave },
};

/** The multipart fields of a save: the variant's fields, unset dates as '' (cleared), lines as JSON. */
export function saveFields(values: DocForm, info: VariantInfo): Record<string, unknown> {
  const keys = info.sends === 'all' ? (Object.keys(values) as (keyof DocForm)[]) : info.sends;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = values[k];
    if (k === 'products') {
      out.products = JSON.stringify(values.products.map(postedLine));
      continue;
    }
    if (k === 'id' || k === 'version') {
      if (v !== undefined && v !== null) out[k] = v;
      continue;
    }
    out[k] = v === null || v === undefined ? '' : v;
  }
  if (info.sends !== 'all' && values.shipping_status && keys.includes('shipping_status')) {
    // Shipping may only send ship or done; another current status is left as it is.
    if (!(SHIPPING_SCREEN_STATUSES as readonly string[]).includes(values.shipping_status)) delete out.shipping_status;
  }
  return out;
}

/**
 * Duplicate = save as new without invoice and oc_ref (document 1 section 4.3): the `duplicate` flag with the
 * source's id; the server starts the copy afresh (contract `duplicateStart`: status wait, no AWB, unpaid, …).
 */
export function duplicateFields(fields: Record<string, unknown>): Record<string, unknown> {
  const { version: _v, invoice: _inv, oc_ref: _oc, revise: _r, ...rest } = fields;
  return { ...rest, duplicate: 1 };
}

/** Whether a File is a PDF (by type or name). */
export const isPdf = (f: File) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name);

/** Sum of tests over quantity per line: the excess, or 0. */
export const testExcess = (l: Pick<LineForm, 'quantity' | 'test_count'>) =>
  l.test_count != null ? Math.max(0, l.test_count - num(l.quantity)) : 0;
