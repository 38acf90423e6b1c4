// History a person can read (issue 24 item 19): codes by the labels the screens use, rich text as text, and
// what a re-approval approves — the changes since the record was last signed off.
import type { FieldChange } from '@bpm/contract/events';
import { TEST_STATUS_LABELS } from '@bpm/contract/orders';
import { PROJECT_ROLES } from '@bpm/contract/projects';
import { PAYMENT_LABELS, PO_STATUS_LABELS } from '@bpm/contract/purchase-orders';
import { TASK_PRIORITIES, TASK_STATUSES } from '@bpm/contract/tasks';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { events } from '../../db/schema/platform';

type Data = Record<string, unknown>;
type Changes = Record<string, { old?: unknown; new?: unknown } | undefined>;

/** Each word's first letter capital, as the task chips and role badges show them ('in progress' → 'In Progress'). */
const capital = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());
const each = (values: readonly string[], label: (v: string) => string) =>
  Object.fromEntries(values.map((v) => [v, label(v)]));

/** Stored codes by entity type and field, as the record's own screens label them ('0' → 'Unpaid'). */
const CODE_LABELS: Record<string, Record<string, Record<string, string>>> = {
  purchaseorder: { paid: PAYMENT_LABELS as Record<string, string>, status: PO_STATUS_LABELS },
  task: { status: each(TASK_STATUSES, capital), priority: each(TASK_PRIORITIES, capital) },
  project: { role: each(PROJECT_ROLES, capital) },
  test_checklist: { status: TEST_STATUS_LABELS },
  order: { test_status: TEST_STATUS_LABELS },
  quotation: { test_status: TEST_STATUS_LABELS },
};

/** Every value a field takes in an event: at the top, in its changes, and in the changes since sign-off. */
function valuesOf(data: Data, field: string, since?: FieldChange[]): unknown[] {
  const change = (data.changes as Changes | undefined)?.[field];
  return [
    data[field],
    change?.old,
    change?.new,
    ...(since ?? []).filter((c) => c.field === field).flatMap((c) => [c.old, c.new]),
  ];
}

/** `{ field: { code: label } }` for the codes of the event's record type that occur in it. */
export function codeLabels(entityType: string, data: Data, since?: FieldChange[]) {
  const out: Record<string, Record<string, string>> = {};
  for (const [field, labels] of Object.entries(CODE_LABELS[entityType] ?? {}))
    for (const v of valuesOf(data, field, since)) {
      const label = v == null || typeof v === 'object' ? undefined : labels[String(v)];
      if (label) out[field] = { ...out[field], [String(v)]: label };
    }
  return out;
}

/** Rich-text (HTML) fields by entity type: shown as their text. */
const RICH_TEXT: Record<string, readonly string[]> = { task: ['description'], project: ['description'] };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Stored (sanitised) rich text as plain text: blocks and line breaks as new lines, tags dropped, entities read. */
export function plainText(html: unknown): unknown {
  if (typeof html !== 'string' || !html.includes('<')) return html;
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|ol|ul)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The event's data with its rich-text fields (top level and changes) as text. */
export function readableData(entityType: string, data: Data): Data {
  const fields = RICH_TEXT[entityType];
  if (!fields) return data;
  const out: Data = { ...data };
  const changes = data.changes as Changes | undefined;
  if (changes && typeof changes === 'object') out.changes = { ...changes };
  for (const f of fields) {
    if (f in data) out[f] = plainText(data[f]);
    const c = changes?.[f];
    if (c && typeof c === 'object') (out.changes as Changes)[f] = { old: plainText(c.old), new: plainText(c.new) };
  }
  return out;
}

/**
 * Approvals that approve a change made after sign-off: the approval event, the events that sign a record off
 * (the previous approval, or QA's signature), the events that change it, and the fields the approval itself
 * moves (not a change to approve).
 */
const REAPPROVALS: Record<string, { approval: string; signOffs: string[]; edits: string[]; skip: string[] }> = {
  purchaseorder: {
    approval: 'purchaseorder_approved',
    signOffs: ['purchaseorder_approved'],
    edits: ['purchaseorder_updated', 'purchaseorder_revised'],
    skip: ['status', 'po_pdf', 'approved_by_name', 'approved_by_position', 'revision'],
  },
  test_checklist: {
    approval: 'test_checklist_approved',
    signOffs: ['test_checklist_signed', 'test_checklist_approved'],
    edits: ['test_checklist_rev_saved', 'test_step_added', 'test_step_updated', 'test_step_deleted'],
    skip: [],
  },
};
const isReapproval = (r: { entity_type: string; event: string }) => REAPPROVALS[r.entity_type]?.approval === r.event;

/** One edit's changes as field changes; a test step is a change of 'step' (added: from nothing, deleted: to nothing). */
function editChanges(event: string, data: Data): Array<FieldChange & { key: string }> {
  const step = data.step_id;
  if (event === 'test_step_added') return [{ key: `step:${step}`, field: 'step', old: null, new: data.test_desc }];
  if (event === 'test_step_deleted') return [{ key: `step:${step}`, field: 'step', old: data.test_desc, new: null }];
  const changes = (data.changes ?? {}) as Changes;
  if (event === 'test_step_updated')
    return [{ key: `step:${step}`, field: 'step', old: changes.test_desc?.old, new: changes.test_desc?.new }];
  return Object.entries(changes).map(([field, c]) => ({ key: field, field, old: c?.old ?? null, new: c?.new ?? null }));
}

/** The edits between a sign-off and its re-approval merged: each field's first old and last new value. */
function merged(edits: Array<{ event: string; data: Data }>, skip: readonly string[]): FieldChange[] {
  const byKey = new Map<string, FieldChange>();
  for (const e of edits)
    for (const { key, ...c } of editChanges(e.event, e.data ?? {})) {
      if (skip.includes(c.field)) continue;
      const first = byKey.get(key);
      byKey.set(key, { field: c.field, old: first ? first.old : c.old, new: c.new });
    }
  return [...byKey.values()].filter((c) => JSON.stringify(c.old ?? null) !== JSON.stringify(c.new ?? null));
}

/**
 * For each re-approval on the page (a PO approved again, a checklist approved after a change since QA's sign-off):
 * what changed since the record was last signed off, by event id. One query for the page. An approval with no
 * earlier sign-off (a first approval) has none.
 */
export async function changesSinceSignOff(
  db: Db,
  rows: Array<{ id: number; entity_type: string; event: string }>,
): Promise<Map<number, FieldChange[]>> {
  const out = new Map<number, FieldChange[]>();
  const approvals = rows.filter(isReapproval);
  if (!approvals.length) return out;
  const rules = Object.values(REAPPROVALS);
  const list = (values: Array<string | number>) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const found = await queryRows<{ approval: number; since: number | null; event: string | null; data: Data | null }>(
    db,
    sql`with a as (
          select x.id, x.entity_type, x.entity_id,
            (select max(p.id) from ${events} p where p.entity_type = x.entity_type and p.entity_id = x.entity_id
               and p.id < x.id and p.event in (${list(rules.flatMap((r) => r.signOffs))})) as since
          from ${events} x where x.id in (${list(approvals.map((r) => r.id))})
        )
        select a.id as approval, a.since, e.event, e.data
        from a left join ${events} e on e.entity_type = a.entity_type and e.entity_id = a.entity_id
          and e.id > a.since and e.id < a.id and e.event in (${list(rules.flatMap((r) => r.edits))})
        order by a.id, e.id`,
  );
  const edits = new Map<number, Array<{ event: string; data: Data }>>();
  for (const f of found) {
    const id = Number(f.approval);
    if (f.since == null) continue;
    const those = edits.get(id) ?? [];
    edits.set(id, those);
    if (f.event) those.push({ event: f.event, data: f.data ?? {} });
  }
  for (const r of approvals) {
    const e = edits.get(r.id);
    if (e) out.set(r.id, merged(e, REAPPROVALS[r.entity_type]!.skip));
  }
  return out;
}
