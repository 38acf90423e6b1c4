// Names for the audit trail (issue 9 item 9): each event's record, and record ids inside its data.
import type { EventRow } from '@bpm/contract/events';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/** Where a record's name lives, by entity type (constants only: they reach SQL raw). */
const SOURCES: Record<string, { table: string; label: string; noun: string }> = {
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
};

/** Data fields (top level or in `changes`) whose numbers are ids of another record. */
const REFS: Record<string, string> = {
  dealer: 'dealer',
  dealer_id: 'dealer',
  order_id: 'order',
  quotation_id: 'quotation',
  from_quotation: 'quotation',
  product_id: 'product',
  supplier_id: 'supplier',
  project_id: 'project',
  task_id: 'task',
};

/** What the data itself says when the record's row has no name. */
const DATA_NAMES = ['oc_ref', 'quote_ref', 'name', 'product_code', 'po_number', 'title', 'username'];

const idOf = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0
    ? v
    : typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v)
      ? Number(v)
      : null;

async function names(db: Db, type: string, ids: Set<number>): Promise<Map<number, string>> {
  const src = SOURCES[type];
  const out = new Map<number, string>();
  if (!src || !ids.size) return out;
  const list: SQL = sql.join(
    [...ids].map((i) => sql`${i}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number; label: string | null }>(
    db,
    sql`select id, ${sql.raw(`"${src.label}"`)}::text as label from ${sql.raw(`"${src.table}"`)} where id in (${list})`,
  );
  // A record without a name (an order before its OC) still reads as 'Order #12'.
  for (const r of rows) out.set(Number(r.id), r.label || `${src.noun} #${r.id}`);
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

/**
 * Adds `record_label` (OC ref, quote ref, dealer name, product code…; `Order #12` when it has none)
 * and `labels` (`{ field: { id: name } }` for the ids in the data and its changes). One query per
 * entity type on the page.
 */
export async function labelEvents(db: Db, rows: UnlabelledEventRow[]): Promise<EventRow[]> {
  const want = new Map<string, Set<number>>();
  const need = (type: string, id: number) => {
    if (!SOURCES[type]) return;
    const s = want.get(type) ?? new Set<number>();
    want.set(type, s);
    s.add(id);
  };
  const refsOf = (data: Record<string, unknown>) => {
    const found: Array<[string, number]> = [];
    const changes = (data.changes ?? {}) as Record<string, { old?: unknown; new?: unknown } | undefined>;
    for (const [field, type] of Object.entries(REFS)) {
      for (const v of [data[field], changes?.[field]?.old, changes?.[field]?.new]) {
        const id = idOf(v);
        if (id) {
          need(type, id);
          found.push([field, id]);
        }
      }
    }
    return found;
  };
  const refs = rows.map((r) => {
    if (r.entity_id) need(r.entity_type, r.entity_id);
    return refsOf(r.data && typeof r.data === 'object' ? r.data : {});
  });
  const resolved = new Map<string, Map<number, string>>();
  for (const [type, ids] of want) resolved.set(type, await names(db, type, ids));

  return rows.map((r, i) => {
    const data = (r.data ?? {}) as Record<string, unknown>;
    const noun = SOURCES[r.entity_type]?.noun ?? r.entity_type;
    const found = r.entity_id ? resolved.get(r.entity_type)?.get(r.entity_id) : undefined;
    const own = found === `${noun} #${r.entity_id}` ? undefined : found;
    const fromData =
      securityTarget(r.entity_type, data) ??
      DATA_NAMES.map((k) => data[k]).find((v): v is string => typeof v === 'string' && v !== '');
    const labels: Record<string, Record<string, string>> = {};
    for (const [field, id] of refs[i]!) {
      const name = resolved.get(REFS[field]!)?.get(id);
      if (name) labels[field] = { ...labels[field], [String(id)]: name };
    }
    return {
      ...r,
      record_label: own ?? fromData ?? (r.entity_id ? `${noun} #${r.entity_id}` : noun),
      labels,
    };
  });
}
