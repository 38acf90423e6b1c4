import { z } from 'zod';
import { HISTORY_PAGE_SIZES, toNumber } from './common';

/** Entity kinds that have their own history route `/events/{kind}/{id}`. */
export const EVENT_KINDS = ['order', 'quotation', 'packinglist', 'purchaseorder', 'task', 'project'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * The catalogue of audit event names, by the record they describe. The server writes only these
 * (platform/events.ts types `event` as EventName); the names are stored and searched, so an
 * existing name never changes — a new event adds a name here. `created`/`updated`/`enabled`/
 * `disabled` are the shared record helpers' (server platform/records.ts) for any stem with them.
 */
export const EVENTS = {
  user: {
    created: 'user_created',
    updated: 'user_updated',
    enabled: 'user_enabled',
    disabled: 'user_disabled',
    deleted: 'user_deleted',
    signatureDeleted: 'signature_deleted',
  },
  dealer: {
    created: 'dealer_created',
    updated: 'dealer_updated',
    enabled: 'dealer_enabled',
    disabled: 'dealer_disabled',
    statementSent: 'dealer_statement_sent',
  },
  supplier: {
    created: 'supplier_created',
    updated: 'supplier_updated',
    enabled: 'supplier_enabled',
    disabled: 'supplier_disabled',
  },
  part_component: {
    created: 'part_component_created',
    updated: 'part_component_updated',
    enabled: 'part_component_enabled',
    disabled: 'part_component_disabled',
    imageDeleted: 'part_image_deleted',
  },
  product: {
    created: 'product_created',
    updated: 'product_updated',
    enabled: 'product_enabled',
    disabled: 'product_disabled',
    imageDeleted: 'product_image_deleted',
    bomLineAdded: 'bom_line_added',
    bomLineUpdated: 'bom_line_updated',
    bomLineDeleted: 'bom_line_deleted',
    bomImported: 'bom_imported',
    bomRevSaved: 'bom_rev_saved',
    testChecklistRevSaved: 'test_checklist_rev_saved',
    testStepAdded: 'test_step_added',
    testStepUpdated: 'test_step_updated',
    testStepMoved: 'test_step_moved',
    testStepDeleted: 'test_step_deleted',
  },
  order: {
    created: 'order_created',
    updated: 'order_updated',
    revised: 'order_revised',
    deleteRequested: 'order_delete_requested',
    deleteRequestCancelled: 'order_delete_request_cancelled',
    deleteRejected: 'order_delete_rejected',
    deleted: 'order_deleted',
    ocGenerated: 'order_oc_generated',
    invoiceGenerated: 'order_invoice_generated',
    ocSent: 'order_oc_sent',
    invoiceSent: 'order_invoice_sent',
  },
  quotation: {
    created: 'quotation_created',
    updated: 'quotation_updated',
    revised: 'quotation_revised',
    deleteRequested: 'quotation_delete_requested',
    deleteRequestCancelled: 'quotation_delete_request_cancelled',
    deleteRejected: 'quotation_delete_rejected',
    deleted: 'quotation_deleted',
    confirmed: 'quotation_confirmed',
  },
  purchaseorder: {
    created: 'purchaseorder_created',
    duplicated: 'purchaseorder_duplicated',
    updated: 'purchaseorder_updated',
    revised: 'purchaseorder_revised',
    approvalRequested: 'purchaseorder_approval_requested',
    approved: 'purchaseorder_approved',
    rejected: 'purchaseorder_rejected',
    received: 'purchaseorder_received',
    cancelled: 'purchaseorder_cancelled',
    shippingCost: 'purchaseorder_shipping_cost',
    awb: 'purchaseorder_awb',
    payment: 'purchaseorder_payment',
    supplierQuote: 'purchaseorder_supplier_quote',
  },
  po_department: {
    created: 'po_department_created',
    updated: 'po_department_updated',
    deleted: 'po_department_deleted',
  },
  po_term: { created: 'po_term_created', updated: 'po_term_updated', deleted: 'po_term_deleted' },
  po_price_quote: {
    created: 'po_price_quote_created',
    updated: 'po_price_quote_updated',
    deleted: 'po_price_quote_deleted',
  },
  project: {
    created: 'project_created',
    updated: 'project_updated',
    deleted: 'project_deleted',
    memberAdded: 'project_member_added',
    memberUpdated: 'project_member_updated',
    memberRemoved: 'project_member_removed',
  },
  task: {
    created: 'task_created',
    updated: 'task_updated',
    deleted: 'task_deleted',
    noteAdded: 'task_note_added',
    noteUpdated: 'task_note_updated',
    noteDeleted: 'task_note_deleted',
    attachmentAdded: 'task_attachment_added',
    attachmentDeleted: 'task_attachment_deleted',
  },
  test_checklist: {
    added: 'test_checklist_added',
    updated: 'test_checklist_updated',
    deleted: 'test_checklist_deleted',
    approved: 'test_checklist_approved',
    signed: 'test_checklist_signed',
    imported: 'test_checklist_imported',
    exported: 'test_checklist_exported',
    serialsSaved: 'test_checklist_serials_saved',
    serialsReset: 'test_checklist_serials_reset',
    resultSaved: 'test_result_saved',
  },
  packinglist: { created: 'packinglist_created', updated: 'packinglist_updated', deleted: 'packinglist_deleted' },
  license: { generated: 'license_generated', activationCodeGenerated: 'activation_code_generated' },
  report: { downloaded: 'report_downloaded' },
  company: { created: 'company_settings_created', updated: 'company_settings_updated' },
  login: { failed: 'login_failed', locked: 'login_locked', succeeded: 'login_succeeded' },
  /** What a security review asks for (server platform/security-audit.ts); the administrator's only. */
  security: {
    refused: 'access_refused',
    logout: 'logout',
    refreshReused: 'refresh_token_reused',
    licenseRegistryRead: 'license_registry_read',
    documentDownloaded: 'document_downloaded',
    csvExported: 'csv_exported',
  },
} as const;

type Catalogue = typeof EVENTS;
export type EventStem = keyof Catalogue;
/** Every event name the server may write. */
export type EventName = { [S in EventStem]: Catalogue[S][keyof Catalogue[S]] }[EventStem];
export const EVENT_NAMES = Object.values(EVENTS).flatMap((group) => Object.values(group)) as EventName[];
/** Stems with the shared lifecycle events (created, updated, enabled, disabled). */
export type RecordEventStem = {
  [S in EventStem]: Catalogue[S] extends Record<'created' | 'updated' | 'enabled' | 'disabled', string> ? S : never;
}[EventStem];

/**
 * The record types the audit trail writes (entity_type), as the events screens name them; the events
 * list's Record filter offers these. `stems` are the catalogue groups whose events are about that type.
 */
export const EVENT_RECORD_TYPES = {
  order: { label: 'Order', stems: ['order'] },
  quotation: { label: 'Quotation', stems: ['quotation'] },
  packinglist: { label: 'Packing List', stems: ['packinglist'] },
  purchaseorder: { label: 'Purchase Order', stems: ['purchaseorder'] },
  task: { label: 'Task', stems: ['task'] },
  project: { label: 'Project', stems: ['project'] },
  dealer: { label: 'Dealer', stems: ['dealer'] },
  product: { label: 'Product', stems: ['product'] },
  partComponent: { label: 'Part Component', stems: ['part_component'] },
  supplier: { label: 'Supplier', stems: ['supplier'] },
  user: { label: 'User', stems: ['user', 'login'] },
  test_checklist: { label: 'Test Checklist', stems: ['test_checklist'] },
  license: { label: 'License', stems: ['license'] },
  po_department: { label: 'PO Department', stems: ['po_department'] },
  po_term: { label: 'PO Term', stems: ['po_term'] },
  po_price_quote: { label: 'PO Price Quote', stems: ['po_price_quote'] },
  report: { label: 'Report', stems: ['report'] },
  company: { label: 'Company Settings', stems: ['company'] },
  security: { label: 'Security', stems: ['security'] },
} as const satisfies Record<string, { label: string; stems: readonly EventStem[] }>;
export type EventRecordType = keyof typeof EVENT_RECORD_TYPES;
const RECORD_TYPE_KEYS = Object.keys(EVENT_RECORD_TYPES) as [EventRecordType, ...EventRecordType[]];

/** Unix seconds; '' and absent mean "no bound". */
const unixBound = () => z.preprocess(toNumber, z.number().int().min(0).optional());

export const eventListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...HISTORY_PAGE_SIZES))
    .default(25),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(200).optional().default(''),
  /** Record type (entity_type), one of EVENT_RECORD_TYPES; '' for every type the role may see. */
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RECORD_TYPE_KEYS).optional()),
  /** Event name, exact ('order_deleted'). */
  event: z.string().trim().max(100).optional().default(''),
  /** Who: part of the username or of the first and last name, case-insensitive. */
  user: z.string().trim().max(100).optional().default(''),
  /** Time window, unix seconds, both ends inclusive. */
  from: unixBound(),
  to: unixBound(),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

/** A row of the event lists. */
export const eventRow = z.object({
  id: z.number().int(),
  /** Unix seconds. */
  time: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  event: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  /** What the event recorded (`changes: { field: { old, new } }` and identifying fields), scoped to the role. */
  data: z.record(z.string(), z.unknown()),
  /** The record's name: OC ref, quote ref, dealer name, product code… (`Order #12` when it has none). */
  record_label: z.string(),
  /**
   * Text of values in `data`, its changes and `since_sign_off`, by field: record ids by name (`{ dealer: { '18':
   * 'Northwind…' } }`, people, parts, files…) and codes as the screens label them (`{ paid: { '0': 'Unpaid' } }`).
   */
  labels: z.record(z.string(), z.record(z.string(), z.string())),
  /**
   * A re-approval (a purchase order approved again, a checklist approved after a change since QA's sign-off):
   * what changed since the record was last signed off, each field's first old and last new value; a test step is
   * the field 'step' (added: old null; deleted: new null). Absent on other events and first approvals.
   */
  since_sign_off: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })).optional(),
});
export type EventRow = z.infer<typeof eventRow>;

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** The `{ changes: { field: { old, new } } }` part of an event's data as rows, for the screens. */
export function eventChanges(data: unknown): FieldChange[] {
  if (!data || typeof data !== 'object') return [];
  const changes = (data as { changes?: unknown }).changes;
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes as Record<string, { old?: unknown; new?: unknown }>).map(([field, c]) => ({
    field,
    old: c?.old ?? null,
    new: c?.new ?? null,
  }));
}

/** The data fields other than `changes`, as label/value rows. */
export function eventDetails(data: unknown): Array<{ field: string; value: unknown }> {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>)
    .filter(([k]) => k !== 'changes')
    .map(([field, value]) => ({ field, value }));
}
