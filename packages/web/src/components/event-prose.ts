// The audit trail as prose (issue 9 item 9): event names as words, fields by their screen names,
// values as a person reads them — a dealer's name, not 18; a date, not 1795305600; Active, not 1.
import { EVENT_RECORD_TYPES } from '@bpm/contract/events';
import { formatDate, formatDateTime } from './format';

/** Words written otherwise than lower case, and joined words of the stored names. */
const WORDS: Record<string, string> = {
  purchaseorder: 'purchase order',
  packinglist: 'packing list',
  partcomponent: 'part component',
  oc: 'OC',
  bom: 'BOM',
  rev: 'REV',
  po: 'PO',
  awb: 'AWB',
  pdf: 'PDF',
  id: 'ID',
  mac: 'MAC',
  vat: 'VAT',
  hs: 'HS',
  msrp: 'MSRP',
  qa: 'QA',
  qc: 'QC',
  imei: 'IMEI',
  csv: 'CSV',
  url: 'URL',
  si: 'SI',
  us: 'US',
};

/** snake_case or camelCase as words, first letter capital: 'order_oc_generated' → 'Order OC generated'. */
function words(name: string): string {
  const text = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase())
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An event name as words: 'order_deleted' → 'Order deleted', 'purchaseorder_awb' → 'Purchase order AWB'. */
export function eventTitle(event: string): string {
  return words(event);
}

/** Field names whose screens say something other than the words of the name. */
const FIELD_LABELS: Record<string, string> = {
  invoice_note: 'OC/Invoice Note',
  shipping_date_expected: 'Expected shipping date',
  shipping_for_today: 'Shipment for today',
  request_to_delete: 'Request to delete',
  from_quotation: 'From quotation',
  dealer: 'Dealer',
  desc: 'Description',
  user_role: 'Role',
  test_by: 'Tester',
  qa_by: 'QC by',
};

/** A data field by its name on the screens: 'dealer_id' → 'Dealer', 'payment_due_date' → 'Payment due date'. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? words(field.replace(/_id$/, ''));
}

/** The record type of an event as the screens name it ('Purchase Order'), or its words when not catalogued. */
export function recordTypeLabel(entityType: string): string {
  return (EVENT_RECORD_TYPES as Record<string, { label: string }>)[entityType]?.label ?? words(entityType);
}

/** 0/1 flags shown as words; `active` reads Active/Inactive, the others Yes/No. */
const FLAGS = new Set([
  'active',
  'deleted',
  'hide_discount',
  'shipping_for_today',
  'request_to_delete',
  'local_po',
  'distributor_shipments',
  'product_has_modem',
]);
const isFlag = (field: string) => FLAGS.has(field) || /^(is|has)_/.test(field);

/** Money fields of orders, quotations, lines and purchase orders: 2 decimals with thousands separators. */
const MONEY = new Set([
  'value',
  'sales',
  'shipping_cost',
  'actual_shipping_cost',
  'payment_advance',
  'payment_full',
  'payment_received',
  'outstanding',
  'outstanding_shipped',
  'msrp',
  'bom_cost',
  'amount',
  'credit_limit',
]);
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Date fields: `date`, `*_date`, `date_*`, `*_at`, `time`. */
const isDateField = (field: string) => /(^|_)date($|_)|_at$|^time$/.test(field);

const asNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())
      ? Number(v)
      : null;

/** A unix time as a date, with the time of day when it is not a local midnight. */
function dateText(sec: number): string {
  const d = new Date(sec * 1000);
  const midnight = d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0;
  return midnight ? formatDate(sec) : formatDateTime(sec);
}

/** Names of record ids in the data, by field (`EventRow.labels`). */
export type EventLabels = Record<string, Record<string, string>> | undefined;

/**
 * A data value as a person reads it: the named record for an id the server resolved, a local date for a date
 * field, Active/Inactive or Yes/No for a flag, lists joined, nested fields as 'Field: value'; '—' when empty.
 */
export function valueText(field: string, value: unknown, labels?: EventLabels): string {
  if (value === null || value === undefined || value === '') return '—';
  const named = labels?.[field]?.[String(value)];
  if (named) return named;
  if (typeof value === 'boolean') return field === 'active' ? (value ? 'Active' : 'Inactive') : value ? 'Yes' : 'No';
  const n = asNumber(value);
  if (n !== null && isFlag(field) && (n === 0 || n === 1))
    return field === 'active' ? (n ? 'Active' : 'Inactive') : n ? 'Yes' : 'No';
  if (n !== null && isDateField(field)) return n === 0 ? '—' : dateText(n);
  if (n !== null && MONEY.has(field)) return money.format(n);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(field, v, labels)).join(', ') : '—';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${valueText(k, v, labels)}`)
      .join('; ');
  return String(value);
}

/**
 * A change's old and new as read: a change that reads the same both sides (a regenerated file under its old name,
 * rich text whose markup alone changed) says the value was replaced rather than 'X → X'.
 */
export function changeTexts(field: string, old: unknown, next: unknown, labels?: EventLabels): [string, string] {
  const before = valueText(field, old, labels);
  const after = valueText(field, next, labels);
  return [before, after === before && after !== '—' ? `${after} (replaced)` : after];
}
