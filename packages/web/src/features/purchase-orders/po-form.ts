import { MSG } from '@bpm/contract/messages';
import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { DEFAULT_SHIP_TO, type PoSave, poSave } from '@bpm/contract/purchase-orders';
import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import type { FormLine, LineErrors } from './PartsGrid';

/** What the PO form edits (strings where the user types numbers). */
export interface PoForm {
  supplier: number | null;
  supplier_name: string;
  supplier_contact_person: string;
  supplier_2303: string;
  supplier_address: string;
  supplier_email: string;
  supplier_phone: string;
  requisitioner: string;
  po_date: number | null;
  due_date: number | null;
  purpose: string;
  department: string;
  terms: string;
  ship_to: string;
  price_quote: string;
  currency: string;
  currency_rate: string;
  local_po: 0 | 1;
  parts: FormLine[];
}

/** Today at local midnight, unix seconds (section 3: dates default to today at midnight). */
export function todayMidnight(now = new Date()): number {
  return Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000);
}

export function emptyForm(): PoForm {
  const today = todayMidnight();
  return {
    supplier: null,
    supplier_name: '',
    supplier_contact_person: '',
    supplier_2303: '',
    supplier_address: '',
    supplier_email: '',
    supplier_phone: '',
    requisitioner: '',
    po_date: today,
    due_date: today,
    purpose: '',
    department: '',
    terms: '',
    ship_to: DEFAULT_SHIP_TO,
    price_quote: '',
    currency: 'USD',
    currency_rate: '1',
    local_po: 0,
    parts: [],
  };
}

export function fromPo(po: PurchaseOrder): PoForm {
  return {
    supplier: po.supplier,
    supplier_name: po.supplier_name,
    supplier_contact_person: po.supplier_contact_person,
    supplier_2303: po.supplier_2303,
    supplier_address: po.supplier_address,
    supplier_email: po.supplier_email,
    supplier_phone: po.supplier_phone,
    requisitioner: po.requisitioner,
    po_date: po.po_date,
    due_date: po.due_date,
    purpose: po.purpose,
    department: po.department,
    terms: po.terms,
    ship_to: po.ship_to,
    price_quote: po.price_quote,
    currency: po.currency,
    currency_rate: String(po.currency_rate),
    local_po: po.local_po,
    parts: po.parts.map((p) => ({
      part: p.part ?? undefined,
      manuf_part_number: p.manuf_part_number,
      part_name: p.part_name,
      price_UI: p.price_UI,
      quantity: p.quantity,
      unit: p.unit,
      remarks: p.remarks,
    })),
  };
}

/** The save body: the form plus id/version and the revise/duplicate flag. */
export function toBody(f: PoForm, extra: Record<string, unknown>): Record<string, unknown> {
  return { ...f, supplier: f.supplier ?? '', ...extra };
}

/**
 * The contract's rules (same messages as the server) plus the form-only ones: terms and, for a
 * local PO, the price quote are marked required (section 5). Answers field → message.
 */
export function validate(f: PoForm): Record<string, string> {
  const r = poSave.safeParse(toBody(f, {}));
  const out: Record<string, string> = {};
  if (!r.success)
    for (const i of r.error.issues) {
      const k = i.path.join('.');
      if (!(k in out)) out[k] = i.message;
    }
  if (!f.terms.trim()) out.terms ??= MSG.required;
  if (f.local_po === 1 && !f.price_quote.trim()) out.price_quote ??= MSG.required;
  return out;
}

/** `parts.{i}.{field}` errors as the grid shows them. */
export function lineErrorsOf(errors: Record<string, string>): LineErrors {
  const out: LineErrors = {};
  for (const [k, v] of Object.entries(errors)) {
    const m = /^parts\.(\d+)\.(\w+)$/.exec(k);
    if (!m) continue;
    const i = Number(m[1]);
    out[i] = { ...out[i], [m[2] as 'price']: v };
  }
  return out;
}

/** The form's resolver: `validate` (the contract's poSave plus the form-only rules), errors nested by path. */
export const poResolver: Resolver<PoForm> = async (values) => {
  const found = validate(values);
  if (!Object.keys(found).length) return { values, errors: {} };
  const errors: FieldErrors<PoForm> = {};
  for (const [path, message] of Object.entries(found)) set(errors, path, { type: 'validate', message });
  return { values: {}, errors };
};

/** react-hook-form's nested errors as `path → message` (the parts grid reads `parts.{i}.{field}`). */
export function flatErrors(errors: object | undefined, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors ?? {})) {
    if (k === 'ref' || !v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    const message = (v as { message?: unknown }).message;
    if (typeof message === 'string' && message) out[path] = message;
    else Object.assign(out, flatErrors(v, path));
  }
  return out;
}

export type { PoSave };
