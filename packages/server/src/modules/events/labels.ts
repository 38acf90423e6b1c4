// Names for the audit trail (issue 9 item 9, issue 24 item 19): each event's record, record ids inside its data.

import { MAX_ID } from '@bpm/contract/common';
import type { EventRow, FieldChange } from '@bpm/contract/events';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { changesSinceSignOff, codeLabels, readableData } from './readable';

/**
 * Where a record's name lives, by entity type (constants only: they reach SQL raw): its column, or `expr`, an
 * expression over the row.
 */
const SOURCES: Record<string, { table: string; label: string; noun: string; expr?: string }> = {
  order: { table: 'orders', label: 'oc_ref', noun: 'Order' },
  quotation: { table: 'quotations', label: 'quote_ref', noun: 'Quotation' },
  dealer: { table: 'dealers', label: 'name', noun: 'Dealer' },
  product: { table: 'products', label: 'product_code', noun: 'Product' },
  partComponent: { table: 'part_components', label: 'manuf_part_number', noun: 'Part' },
  supplier: { table: 'suppliers', label: 'name', noun: 'Supplier' },
  purchaseorder: { table: 'purchase_orders', label: 'po_number', noun: 'Purchase order' },
  project: { table: 'projects', label: 'name', noun: 'Project' },
  task: { table: 'tasks', label: 'title', noun: 'Task' },
  user: { table: 'users', label: 'username', noun: 'User' },
  license: { table: 'licenses', label: 'serial', noun: 'License' },
  /** A person named in the data (assignee, approver…): first and last name, else the username. */
  person: {
    table: 'users',
    label: 'username',
    noun: 'User',
    expr: `coalesce(nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), username)`,
  },
  /** A stored document (PO PDF, proof of payment, OC…): its file name. */
  file: { table: 'files', label: 'file_name', noun: 'File' },
};

/** Data fields (top level, in `changes`, in lists and line objects) whose numbers are ids of another record. */
const REFS: Record<string, string> = {
  dealer: 'dealer',
  dealer_id: 'dealer',
  order_id: 'order',
  quotation_id: 'quotation',
  from_quotation: 'quotation',
  product: 'product',
  product_id: 'product',
  supplier: 'supplier',
  supplier_id: 'supplier',
  part: 'partComponent',
  part_id: 'partComponent',
  project_id: 'project',
  task_id: 'task',
  parent_id: 'task',
  duplicated_from: 'purchaseorder',
  assigned_to: 'person',
  added_by: 'person',
  created_by: 'person',
  user_id: 'person',
  emailTo: 'person',
  email_to: 'person',
};

/** The record type whose id a field holds: REFS, or a stored file (`oc_pdf`, `proof_payment_pdf`, `*_file_id`). */
const refType = (field: string): string | undefined =>
  REFS[field] ?? (/(_pdf|_file_id)$/.test(field) ? 'file' : undefined);

/** What the data itself says when the record's row has no name. */
const DATA_NAMES = ['oc_ref', 'quote_ref', 'name', 'product_code', 'po_number', 'title', 'username'];

/** A record id in an event's data: a positive integer within the ids' range (a larger one names no record). */
const idOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : null;
};

/** The names of the records `want` asks for (type → ids), all types in one statement: type → id → name. */
async function names(db: Db, want: Map<string, Set<number>>): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  const parts: SQL[] = [];
  for (const [type, ids] of want) {
    const src = SOURCES[type];
    out.set(type, new Map());
    if (!src || !ids.size) continue;
    const list = sql.join(
      [...ids].map((i) => sql`${i}`),
      sql`, `,
    );
    const label = sql.raw(src.expr ?? `"${src.label}"`);
    parts.push(
      sql`select ${type}::text as type, id, ${label}::text as label from ${sql.raw(`"${src.table}"`)} where id in (${list})`,
    );
  }
  if (!parts.length) return out;
  const rows = await queryRows<{ type: string; id: number; label: string | null }>(
    db,
    sql.join(parts, sql` union all `),
  );
  // A record without a name (an order before its OC) still reads as 'Order #12'.
  for (const r of rows) out.get(r.type)?.set(Number(r.id), r.label || `${SOURCES[r.type]!.noun} #${r.id}`);
  return out;
}

/** A security event names what was asked for: the document and its id, the export, else the route. */
function securityTarget(type: string, data: Record<string, unknown>): string | undefined {
  if (type !== 'security') return undefined;
  const target = [data.target_type, data.target_id].filter((v) => v != null && v !== '').join(' ');
  return target || (typeof data.route === 'string' ? data.route : undefined);
}

/** An event row before its names are resolved. */
export type UnlabelledEventRow = Omit<EventRow, 'record_label' | 'labels'>;

/** Every (field, id) of the data: top level, its changes, the changes since sign-off, inside lists and lines. */
function refsOf(data: Record<string, unknown>, since: FieldChange[] | undefined): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  const visit = (field: string, v: unknown, depth: number) => {
    if (v == null || depth > 3) return;
    if (Array.isArray(v)) for (const x of v) visit(field, x, depth + 1);
    else if (typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(k, x, depth + 1);
    else if (refType(field)) {
      const id = idOf(v);
      if (id) found.push([field, id]);
    }
  };
  for (const [field, v] of Object.entries(data)) {
    if (field !== 'changes') visit(field, v, 0);
  }
  const changes = (data.changes ?? {}) as Record<string, { old?: unknown; new?: unknown } | undefined>;
  const all = [...Object.entries(changes).map(([field, c]) => ({ field, old: c?.old, new: c?.new })), ...(since ?? [])];
  for (const c of all) {
    visit(c.field, c.old, 0);
    visit(c.field, c.new, 0);
  }
  return found;
}

/**
 * Makes events readable for the page (issue 9 item 9, issue 24 item 19): adds `record_label` (OC ref, quote ref,
 * dealer name, product code…; `Order #12` when it has none) and `labels` — `{ field: { value: text } }` for the
 * record ids in the data, its changes and the changes since sign-off (people by name, parts, products, files…),
 * and for the codes the screens label ('0' → 'Unpaid'); rich text reads as text; a re-approval carries
 * `since_sign_off`. One query per entity type on the page, one for the re-approvals.
 */
export async function labelEvents(db: Db, input: UnlabelledEventRow[]): Promise<EventRow[]> {
  const since = await changesSinceSignOff(db, input);
  const rows = input.map((r) => ({
    ...r,
    data: readableData(r.entity_type, r.data && typeof r.data === 'object' ? r.data : {}),
    ...(since.has(r.id) ? { since_sign_off: since.get(r.id) } : {}),
  }));
  const want = new Map<string, Set<number>>();
  const need = (type: string, id: number) => {
    if (!SOURCES[type]) return;
    const s = want.get(type) ?? new Set<number>();
    want.set(type, s);
    s.add(id);
  };
  const refs = rows.map((r) => {
    if (r.entity_id) need(r.entity_type, r.entity_id);
    const found = refsOf(r.data, r.since_sign_off);
    for (const [field, id] of found) need(refType(field)!, id);
    return found;
  });
  const resolved = await names(db, want);

  return rows.map((r, i) => {
    const data = r.data;
    const noun = SOURCES[r.entity_type]?.noun ?? r.entity_type;
    const found = r.entity_id ? resolved.get(r.entity_type)?.get(r.entity_id) : undefined;
    const own = found === `${noun} #${r.entity_id}` ? undefined : found;
    const fromData =
      securityTarget(r.entity_type, data) ??
      DATA_NAMES.map((k) => data[k]).find((v): v is string => typeof v === 'string' && v !== '');
    const labels: Record<string, Record<string, string>> = codeLabels(r.entity_type, data, r.since_sign_off);
    for (const [field, id] of refs[i]!) {
      const name = resolved.get(refType(field)!)?.get(id);
      if (name) labels[field] = { ...labels[field], [String(id)]: name };
    }
    return {
      ...r,
      record_label: own ?? fromData ?? (r.entity_id ? `${noun} #${r.entity_id}` : noun),
      labels,
    };
  });
}
