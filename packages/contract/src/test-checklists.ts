import { z } from 'zod';
import { listQuery, MAX_ID, optionalUnixQuery, toNumber } from './common';
import { TEST_STATUSES, type TestStatus } from './orders';

/** Test checklists of orders and of stock (document 3 sections 2.1, 2.2, 3–9). */

// The pure rules (status of a checklist and of an order, what a new list of serials does) live beside this file.
export * from './checklist-rules';
export { TEST_STATUSES, type TestStatus };

/** The API role prefixes of the checklist calls (document 3 section 7); '' serves any allowed role. */
export const TEST_CHECKLIST_PREFIXES = ['', 'admin', 'sale', 'production', 'tester', 'qa'] as const;

export const TC_MSG = {
  testerRequired: 'Tester is required',
  quantityRequired: 'Quantity is required',
  quantityPositive: 'Quantity must be greater than 0',
  reduceQuantityConfirm: (x: number, y: number) =>
    `Reducing the test quantity from ${x} to ${y} will delete the corresponding serial numbers and their test results. Are you sure you want to proceed?`,
  serialsRequired: 'At least one serial number is required',
  serialsTooMany: (n: number, modem: boolean, given: number) =>
    `Only ${n} serial numbers are allowed${modem ? ' (IMEI included)' : ''} (${given} provided)`,
  serialsEmpty: 'Empty serial numbers are not allowed',
  serialsDuplicate: 'Duplicate serial numbers are not allowed',
  reduceSerialsConfirm: (x: number, y: number) =>
    `Reducing the number of serial numbers from ${x} to ${y} will delete the corresponding serial numbers and their test results...`,
  resetSerialsConfirm:
    'Are you sure you want to reset all serial numbers? The test results will be lost. This action cannot be undone.',
  revisionEmpty: 'Revision cannot be empty',
  selectImport: 'Please select at least one checklist to import',
  selectExport: 'Please select at least one checklist to export',
  noSerialForColumn: 'No serial number assigned for this column',
  assignSerials: 'Please assign serial numbers in the Serial Numbers tab',
  exceedsQuantity: 'Test assignment exceeds product quantity!',
  missingParams: 'Missing required parameters',
  productNotFound: 'Product not found',
  checklistNotFound: 'Checklist not found',
  orderNotFound: 'Order not found',
  fetchOrderFailed: 'Failed to fetch order details',
  fetchProductFailed: 'Failed to fetch product details',
  qaSignRequired: 'QA Sign-off Required',
  approvalRequired: 'Test Checklist Approval Required',
  serialsSaved: 'Serial numbers saved successfully',
  serialsReset: 'Serial numbers have been reset',
  revSaved: 'Test Checklist REV saved successfully',
  stockRevSaved: 'Stock Test Checklist REV saved successfully',
  imported: 'Checklists imported successfully',
  exported: 'Checklists exported successfully',
  signed: 'QA sign-off has been recorded successfully',
  signFailed: 'Failed to sign checklist',
  approveFailed: 'Failed to approve checklist',
  /** The spec's failure with the server's reason after it. */
  failedBecause: (failure: string, reason?: string) => (reason ? `${failure}: ${reason}` : failure),
  approved: 'Test checklist has been approved successfully',
  // BPM's own where the spec shows none (docs/decisions.md, Test checklists).
  stepNotFound: 'Test step not found',
  resultRequired: 'Please choose a result',
  notTestable: 'This product does not need a test',
  locked: 'This checklist is signed off and cannot be changed',
  notPassed: 'Only a passed checklist can be signed off',
  notWaiting: 'This checklist is not waiting for approval',
  wrongProduct: 'A checklist of another product cannot be imported to this line',
  serialElsewhere: (serial: string, where: string) => `Serial ${serial} is already on ${where}`,
  serialJustTaken: 'One of these serial numbers was just saved on another test checklist. Save again to see where.',
  removeSerialsConfirm: (serials: readonly string[]) =>
    `Remove ${serials.join(', ')}? Their test results will be deleted. This action cannot be undone.`,
  releasedLines:
    'These checklists belong to lines removed from this order: they count for no line and not for the test status. Export them to stock or delete them.',
  untestedSteps: (n: number) => `${n} test results are missing: every step needs a result for every serial`,
  stepSigned: 'A signed test step cannot be deleted',
  signConfirm: (product: string, serials: number) =>
    `Sign off the test of ${product} (${serials} serial numbers)? The checklist becomes completed and cannot be changed.`,
} as const;

/** Serials each tested unit carries: the product's serial count (at least one) plus its IMEI. */
export const serialsPerUnit = (p: { pl_serial_count: number; has_modem: number }) =>
  Math.max(1, p.pl_serial_count) + (p.has_modem ? 1 : 0);

/** product_max_serials of a checklist: quantity × serials per unit. */
export const maxSerials = (quantity: number, p: { pl_serial_count: number; has_modem: number }) =>
  quantity * serialsPerUnit(p);

/** One per line, trimmed, blank lines dropped (what a barcode scanner types). */
export const splitSerials = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The serial rules of section 5 for a save (an empty list is a reset and allowed here; the
 * 'At least one' rule is the dialog's, before the call). Answers the message or null.
 */
export function serialsProblem(serials: readonly string[], max: number, modem: boolean): string | null {
  if (serials.some((s) => s.trim() === '')) return TC_MSG.serialsEmpty;
  if (serials.length > max) return TC_MSG.serialsTooMany(max, modem, serials.length);
  if (new Set(serials.map((s) => s.trim())).size !== serials.length) return TC_MSG.serialsDuplicate;
  return null;
}

export const PASS_FAIL = ['passed', 'failed'] as const;

/** A checklist whose serials and results are frozen: signed off (qa_by set) or completed. */
export const isLocked = (c: { status: string; qa_by: number | null }) => c.qa_by != null || c.status === 'completed';

// ---- Request schemas ----

/** A required id in a body: missing or not a positive integer gives 'required field'. */
const reqId = (msg = 'required field') =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce.number({ error: msg }).int({ error: msg }).positive({ error: msg }).max(MAX_ID, { error: msg }),
  );

const quantity = z.preprocess(
  toNumber,
  z
    .number({ error: (iss) => (iss.input === undefined ? TC_MSG.quantityRequired : TC_MSG.quantityPositive) })
    .int({ error: TC_MSG.quantityPositive })
    .min(1, { error: TC_MSG.quantityPositive })
    .max(10_000, { error: TC_MSG.quantityPositive }),
);

const version = z.preprocess(toNumber, z.number().int().optional());

export const checklistAdd = z.object({
  test_by: reqId(TC_MSG.testerRequired),
  quantity,
  order_product_id: reqId(),
});
export type ChecklistAdd = z.infer<typeof checklistAdd>;

export const checklistEdit = checklistAdd.extend({ version });
export type ChecklistEdit = z.infer<typeof checklistEdit>;

export const stockChecklistAdd = z.object({ product_id: reqId(), test_by: reqId(TC_MSG.testerRequired), quantity });
export type StockChecklistAdd = z.infer<typeof stockChecklistAdd>;
/** The quantity field is absent in edit mode for stock checklists. */
export const stockChecklistEdit = z.object({
  test_by: reqId(TC_MSG.testerRequired),
  quantity: quantity.optional(),
  version,
});
export type StockChecklistEdit = z.infer<typeof stockChecklistEdit>;

export const revisionSave = z.object({
  rev: z.string({ error: TC_MSG.revisionEmpty }).trim().min(1, { error: TC_MSG.revisionEmpty }).max(100),
});

export const serialsSave = z.object({
  serials: z.preprocess(
    (v) => (typeof v === 'string' ? splitSerials(v) : v == null ? [] : v),
    z.array(z.string({ error: TC_MSG.serialsEmpty }).max(200), { error: TC_MSG.serialsEmpty }).max(10_000),
  ),
  version,
});

export const resultSave = z.object({
  step_id: reqId(),
  /** The 1-based serial column. */
  item_id: reqId(),
  result: z.string({ error: TC_MSG.resultRequired }).trim().min(1, { error: TC_MSG.resultRequired }).max(200),
});

/**
 * Several cells at once (pass a row or a column, clear a cell): one transaction and one event. `result: null`
 * clears the cell. BPM's own call beside the spec's saveResult (docs/decisions.md, Test checklists).
 */
export const resultsSave = z.object({
  results: z
    .array(resultSave.extend({ result: resultSave.shape.result.nullable() }), { error: TC_MSG.resultRequired })
    .min(1, { error: TC_MSG.resultRequired })
    .max(1000),
});
export type ResultsSave = z.infer<typeof resultsSave>;

export const importFromStock = z.object({
  order_product_id: reqId(),
  stock_checklist_ids: z.array(reqId(), { error: TC_MSG.selectImport }).min(1, { error: TC_MSG.selectImport }),
});
export const exportToStock = z.object({
  test_checklist_ids: z.array(reqId(), { error: TC_MSG.selectExport }).min(1, { error: TC_MSG.selectExport }),
});

/** Step save: order checklists send test_checklist_id, stock ones stock_test_checklist_id. */
const stepDesc = z.string({ error: 'Test Description is required' }).trim().min(1, {
  error: 'Test Description is required',
});
export const stepSave = z.object({
  id: z.preprocess((v) => (v === '' || v == null || v === 0 ? undefined : v), reqId().optional()),
  test_checklist_id: reqId(),
  si_number: z.unknown().optional(),
  test_desc: stepDesc.max(2000),
});
export const stockStepSave = stepSave.omit({ test_checklist_id: true }).extend({ stock_test_checklist_id: reqId() });
export const stepReorder = z.object({
  step_id: reqId(),
  new_si_number: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce.number({ error: 'required field' }).int({ error: 'required field' }),
  ),
  checklist_id: reqId(),
});
export type StepReorder = z.infer<typeof stepReorder>;

export const TEST_FILTERS = ['all', ...TEST_STATUSES] as const;
export const testOrderListQuery = listQuery.extend({
  sort: z.enum(['date', 'oc_ref', 'dealer_name', 'test_status']).optional(),
  dealer: z.preprocess(toNumber, z.number().int().positive().max(MAX_ID).optional()),
  date_from: optionalUnixQuery(),
  date_to: optionalUnixQuery(),
  test_status: z.enum(TEST_FILTERS).optional().default('all'),
});
export type TestOrderListQuery = z.infer<typeof testOrderListQuery>;

/**
 * The work queues beside the spec's order list (BPM's own, docs/decisions.md): `mine` — the caller's assigned
 * checklists, order and stock, by status (a tester's starting view); `signoff` — order checklists passed and
 * waiting for QA, across orders. `open` = pending, in progress, failed or waiting approval.
 */
export const QUEUE_VIEWS = ['mine', 'signoff'] as const;
export const QUEUE_FILTERS = ['open', ...TEST_FILTERS] as const;
export const checklistQueueQuery = listQuery.extend({
  view: z.enum(QUEUE_VIEWS).default('mine'),
  test_status: z.enum(QUEUE_FILTERS).optional().default('open'),
});
export type ChecklistQueueQuery = z.infer<typeof checklistQueueQuery>;

export const STOCK_TEST_FILTERS = ['all', 'pending', 'in progress', 'failed', 'passed', 'completed'] as const;
export const stockProductListQuery = listQuery.extend({
  sort: z.enum(['product_code', 'hs_code', 'desc', 'test_quantity', 'test_status', 'active']).optional(),
  active: z.enum(['all', 'active', 'inactive']).optional().default('all'),
  test_status: z.enum(STOCK_TEST_FILTERS).optional().default('all'),
});
export type StockProductListQuery = z.infer<typeof stockProductListQuery>;

// ---- Answers ----

const whole = z.number().int();
const testStatus = z.enum(TEST_STATUSES);

export const testResult = z.object({
  /** The 1-based serial column. */
  itemId: whole,
  serial: z.string(),
  test_result: z.string(),
});
export type TestResult = z.infer<typeof testResult>;

/** A step with its results; order steps carry test_checklist_id, stock steps stock_test_checklist_id. */
export const testStep = z.object({
  id: whole,
  test_checklist_id: whole.optional(),
  stock_test_checklist_id: whole.optional(),
  si_number: whole,
  test_desc: z.string(),
  /** 1: added or edited after QA's sign-off, so it takes results again until the change is approved. */
  reopened: whole.optional(),
  results: z.array(testResult),
});
export type TestStep = z.infer<typeof testStep>;

export const testChecklist = z.object({
  id: whole,
  test_by: whole.nullable(),
  test_by_name: z.string(),
  qa_by: whole.nullable(),
  qa_by_name: z.string(),
  quantity: whole,
  status: testStatus,
  rev: z.string(),
  serials: z.array(z.string()),
  test_date: whole.nullable(),
  qa_date: whole.nullable(),
  product_id: whole,
  product_name: z.string(),
  product_code: z.string(),
  product_desc: z.string(),
  product_max_serials: whole,
  product_has_modem: whole,
  /** The order line (null for a stock checklist). */
  order_product_id: whole.nullable(),
  order_id: whole.nullable(),
  version: whole,
  /** Warnings that do not refuse the save (a serial already used elsewhere). */
  warnings: z.array(z.string()).optional(),
});
export type TestChecklist = z.infer<typeof testChecklist>;

export const testOrderProduct = z.object({
  id: whole,
  product_id: whole,
  name: z.string(),
  quantity: whole,
  is_shipping_cost: whole,
  is_test_required: whole,
  /** Units under test across the line's checklists. */
  test_assigned: whole,
  checklists: z.array(testChecklist),
});
export type TestOrderProduct = z.infer<typeof testOrderProduct>;

/** A product of a test order list row: a line that needs a test (document 3 §3, 'products[]'). */
export const testOrderListProduct = z.object({
  product_id: whole,
  name: z.string(),
  quantity: whole,
});
export type TestOrderListProduct = z.infer<typeof testOrderListProduct>;

export const testOrderRow = z.object({
  id: whole,
  oc_ref: z.string(),
  dealer: whole,
  dealer_name: z.string(),
  date: whole,
  test_status: testStatus,
  products: z.array(testOrderListProduct),
});
export type TestOrderRow = z.infer<typeof testOrderRow>;

export const testOrder = testOrderRow.omit({ dealer: true }).extend({
  products: z.array(testOrderProduct),
  /** Checklists whose order line was removed (BPM's own): they count for no line until exported or deleted. */
  released: z.array(testChecklist).optional(),
});
export type TestOrder = z.infer<typeof testOrder>;

/** A row of a work queue: one checklist with where it belongs (an order, or stock). */
export const queueRow = z.object({
  id: whole,
  order_id: whole.nullable(),
  oc_ref: z.string().nullable(),
  dealer_name: z.string().nullable(),
  product_id: whole,
  product_code: z.string(),
  product_name: z.string(),
  quantity: whole,
  status: testStatus,
  serials: z.array(z.string()),
  test_by_name: z.string(),
  updated_at: whole,
});
export type QueueRow = z.infer<typeof queueRow>;

/** A product in the stock list; GET …/product/{id} adds its stock checklists. */
export const stockProduct = z.object({
  id: whole,
  product_code: z.string(),
  hs_code: z.string(),
  desc: z.string(),
  active: whole,
  test_status: testStatus,
  test_quantity: whole,
  is_test_required: whole,
  checklists: z.array(testChecklist).optional(),
});
export type StockProduct = z.infer<typeof stockProduct>;

export const tester = z.object({
  id: whole,
  first_name: z.string(),
  last_name: z.string(),
  user_role: z.string(),
});
export type Tester = z.infer<typeof tester>;
