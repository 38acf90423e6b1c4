import { EVENTS, type EventName } from '@bpm/contract/events';
import { TEST_STATUSES } from '@bpm/contract/orders';
import {
  checklistStatus,
  maxSerials,
  TC_MSG,
  type TestChecklist,
  type TestStatus,
} from '@bpm/contract/test-checklists';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { fixedSql } from '../../db/fixed-read';
import { products } from '../../db/schema/products';
import { testChecklistSteps, testChecklists, testResults, unitSerials, units } from '../../db/schema/testing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import type { RecordAsked } from '../../platform/authorize';
import { notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { lockRecord, saveRecord } from '../../platform/records';
import { checklistLine as lineOf, refreshOrderStatus } from '../sales-docs/test-status';

export { refreshOrderStatus };

/** Order checklists and stock checklists share one table; a stock one has no order. */
export type Kind = 'order' | 'stock';
export const CHECKLIST_ENTITY = 'test_checklist';

interface Row {
  id: number;
  product_id: number;
  order_id: number | null;
  test_by: number | null;
  test_by_name: string | null;
  qa_by: number | null;
  qa_by_name: string | null;
  quantity: number;
  status: TestStatus;
  changed_after_sign: number;
  rev: string;
  serials: string[];
  test_date: number | null;
  qa_date: number | null;
  version: number;
  product_code: string;
  product_desc: string;
  pl_serial_count: number;
  has_modem: number;
  order_product_id: number | null;
}

const num = (v: unknown) => (v == null ? null : Number(v));

/** Checklists with their product, names and order line, filtered by `where` (on alias c). */
export async function selectChecklists(db: Db, where: SQL): Promise<TestChecklist[]> {
  return (await queryRows<Row>(db, checklistsSql(where))).map(toChecklist);
}

const checklistsSql = (where: SQL) =>
  sql`select c.id, c.product_id, c.order_id, c.test_by, c.qa_by, c.quantity, c.status, c.changed_after_sign,
        c.rev, c.serials, c.test_date, c.qa_date, c.version,
        trim(t.first_name || ' ' || t.last_name) as test_by_name,
        trim(q.first_name || ' ' || q.last_name) as qa_by_name,
        p.product_code, p."desc" as product_desc, p.pl_serial_count, p.has_modem,
        ${lineOf(sql`c`)} as order_product_id
      from ${testChecklists} c
      join ${products} p on p.id = c.product_id
      left join ${users} t on t.id = c.test_by
      left join ${users} q on q.id = c.qa_by
      where ${where}
      order by c.id`;

/** Checklists meeting `where`, a fixed condition on placeholders (db/fixed-read.ts), as the answers show them. */
export function checklistsRead(name: string, where: SQL) {
  const read = fixedSql<Row>(name, checklistsSql(where));
  return (db: Db) => ({
    execute: async (values: Record<string, unknown>) => (await read(db).execute(values)).map(toChecklist),
  });
}

/** One checklist by id, of an order or of stock: a checklist's open and its save's lock. */
const checklistReads: Record<Kind, ReturnType<typeof checklistsRead>> = {
  order: checklistsRead('order_checklist', sql`c.id = ${sql.placeholder('id')} and c.order_id is not null`),
  stock: checklistsRead('stock_checklist', sql`c.id = ${sql.placeholder('id')} and c.order_id is null`),
};

function toChecklist(r: Row): TestChecklist {
  const quantity = Number(r.quantity);
  const product = { pl_serial_count: Number(r.pl_serial_count), has_modem: Number(r.has_modem) };
  return {
    id: Number(r.id),
    test_by: num(r.test_by),
    test_by_name: r.test_by_name ?? '',
    qa_by: num(r.qa_by),
    qa_by_name: r.qa_by_name ?? '',
    quantity,
    status: r.status,
    rev: r.rev,
    serials: r.serials ?? [],
    test_date: num(r.test_date),
    qa_date: num(r.qa_date),
    product_id: Number(r.product_id),
    product_name: r.product_desc,
    product_code: r.product_code,
    product_desc: r.product_desc,
    product_max_serials: maxSerials(quantity, product),
    product_has_modem: product.has_modem ? 1 : 0,
    order_product_id: num(r.order_product_id),
    order_id: num(r.order_id),
    version: Number(r.version),
  };
}

/** One checklist of `kind`; 404 'Checklist not found' otherwise (an order call cannot reach a stock one). */
export async function getChecklist(db: Db, kind: Kind, id: number): Promise<TestChecklist> {
  const [c] = await checklistReads[kind](db).execute({ id });
  if (!c) throw notFound(TC_MSG.checklistNotFound);
  return c;
}

/** Locks and reads a checklist for a write; checks the version when the call sends one. */
export async function lockChecklist(tx: Db, kind: Kind, id: number, version?: number): Promise<TestChecklist> {
  const get = (db: Db, i: number) => getChecklist(db, kind, i);
  return lockRecord(tx, { table: testChecklists, entityType: CHECKLIST_ENTITY, get }, id, version);
}

/**
 * This checklist as the one authorization check asks it (platform/authorize.ts): 403 when the person may
 * not (another tester), 409 invalid_state with `stateMessage` when the checklist's state forbids it.
 */
export function checklistAsked(user: AuthUser, c: TestChecklist, stateMessage: string = TC_MSG.locked): RecordAsked {
  return {
    context: { userId: user.user_id, ownerId: c.test_by, state: c.status, qaBy: c.qa_by },
    states: TEST_STATUSES,
    refused: () => stateMessage,
  };
}

/**
 * A result (alias `r`) of a serial that is on a unit of the checklist `checklistId`. An `exists` per result: as a
 * join, the planner merged the checklist's few results with unit_serials in id order, walking the whole serial
 * index up to the newest serials (71k entries, 15 ms, for each save of a recent checklist at 100k orders).
 */
export const onOwnUnit = (r: SQL, checklistId: SQL) =>
  sql`exists (select 1 from ${unitSerials} us join ${units} u on u.id = us.unit_id
    where us.id = ${r}.serial_id and u.checklist_id = ${checklistId})`;

/** What a checklist's status is computed from, one statement by id (db/fixed-read.ts). */
const statusRead = fixedSql<{
  status: string;
  serials: number;
  quantity: number;
  pl_serial_count: number;
  has_modem: number;
  steps: number;
  results: string[] | null;
  qa_by: number | null;
  changed: number;
  order_id: number | null;
}>(
  'checklist_status',
  sql`select c.status, cardinality(c.serials) as serials, c.quantity, p.pl_serial_count, p.has_modem, c.qa_by,
        c.changed_after_sign as changed, c.order_id,
        (select count(*) from ${testChecklistSteps} s where s.checklist_id = c.id)::int as steps,
        (select array_agg(r.test_result) from ${testResults} r
           where r.checklist_id = c.id and ${onOwnUnit(sql`r`, sql`c.id`)}) as results
      from ${testChecklists} c join ${products} p on p.id = c.product_id where c.id = ${sql.placeholder('id')}`,
);

/**
 * Recomputes a checklist's status from its units' serials, steps and results; then its order's test_status.
 * `before`: the checklist as it was before this write — the status is written only when it changed, and the
 * order's test status, which reads its checklists' statuses and quantities, is recomputed only when either did
 * (a result that leaves the status as it was costs one statement here).
 */
export async function refreshStatus(
  tx: Db,
  id: number,
  now: number,
  before?: Pick<TestChecklist, 'status' | 'quantity' | 'order_id'>,
): Promise<void> {
  const [s] = await statusRead(tx).execute({ id });
  if (!s) return;
  const product = { pl_serial_count: Number(s.pl_serial_count), has_modem: Number(s.has_modem) };
  const status = checklistStatus({
    columns: maxSerials(Number(s.quantity), product),
    serials: Number(s.serials),
    steps: Number(s.steps),
    results: s.results ?? [],
    signed: s.qa_by != null,
    changedAfterSign: Number(s.changed) === 1,
  });
  if (status !== s.status)
    await tx.update(testChecklists).set({ status, updatedAt: now }).where(eq(testChecklists.id, id));
  const orderId = s.order_id == null ? null : Number(s.order_id);
  const same =
    before &&
    before.status === status &&
    before.quantity === Number(s.quantity) &&
    (before.order_id ?? null) === orderId;
  if (orderId != null && !same) await refreshOrderStatus(tx, orderId);
}

/** The changed `keys` between two reads of a checklist, for its events. */
export function changes(a: TestChecklist, b: TestChecklist, keys: (keyof TestChecklist)[]) {
  const out: Record<string, { old: unknown; new: unknown }> = {};
  for (const k of keys)
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out[k] = { old: a[k] ?? null, new: b[k] ?? null };
  return out;
}

/** What the shared save needs of a checklist of `kind` beside its table. */
function checklistEvents(kind: Kind) {
  return {
    entityType: CHECKLIST_ENTITY,
    event: { created: EVENTS.test_checklist.added, updated: EVENTS.test_checklist.updated },
    get: (db: Db, id: number) => getChecklist(db, kind, id),
    snapshot: (c: TestChecklist) => ({ ...c }),
    label: (c: TestChecklist) => ({ checklist_id: c.id, order_id: c.order_id, product_code: c.product_code }),
  } as const;
}

/** One change of a checklist, saved through the shared save. */
export interface ChecklistChange {
  /** After the version check: the caller's checks, then the columns to set (`{}`: only a new version). */
  fields?(before: TestChecklist): Promise<Record<string, unknown> | null>;
  /** A signed checklist changed in its steps or revision now waits for approval. */
  contentChanged?(before: TestChecklist): boolean;
  event: EventName;
  /** What the event adds beside the checklist's id, order and product code. */
  data(after: TestChecklist, before: TestChecklist): Record<string, unknown>;
}

/**
 * Saves a change of a checklist: lock, version check (when `version` is sent), the write with a new
 * version, its status (and its order's) recomputed, and its event. `fields` answering null writes nothing.
 */
export async function saveChecklist(
  tx: Db,
  kind: Kind,
  id: number,
  version: number | undefined,
  change: ChecklistChange,
  actor: Actor,
  now: number,
): Promise<TestChecklist> {
  const checklist = { table: testChecklists, ...checklistEvents(kind) };
  let wrote = false;
  const { record } = await saveRecord(
    tx,
    checklist,
    { id, version },
    {
      fields: async (before) => {
        const set = change.fields ? await change.fields(before!) : {};
        wrote = set !== null;
        if (!set) return null;
        return change.contentChanged?.(before!) && before!.qa_by != null ? { ...set, changedAfterSign: 1 } : set;
      },
      written: async (cid, before) => {
        if (wrote) await refreshStatus(tx, cid, now, before);
      },
      event: change.event,
      data: (after, _changes, before) => ({ ...checklist.label(after), ...change.data(after, before!) }),
    },
    actor,
    now,
  );
  return record;
}

/** Adds a checklist (`fields`: its columns; `written`: its first steps) with its status and its event. */
export async function addChecklist(
  tx: Db,
  kind: Kind,
  fields: Record<string, unknown>,
  written: (id: number) => Promise<void>,
  actor: Actor,
  now: number,
): Promise<TestChecklist> {
  const checklist = { table: testChecklists, ...checklistEvents(kind) };
  const { record } = await saveRecord(
    tx,
    checklist,
    {},
    {
      fields,
      written: async (id) => {
        await written(id);
        await refreshStatus(tx, id, now);
      },
      data: (c) => ({ ...checklist.label(c), test_by: c.test_by_name, quantity: c.quantity }),
    },
    actor,
    now,
  );
  return record;
}

/**
 * Moves a checklist between stock and an order line (`to.orderId` null: to stock) through the shared save: lock,
 * the caller's check of the checklist as it is (`check`), the write with a new version, and the event.
 */
export async function moveChecklist(
  tx: Db,
  id: number,
  to: { orderId: number | null; lineNo: number | null },
  check: (before: TestChecklist) => void,
  event: EventName,
  actor: Actor,
  now: number,
): Promise<TestChecklist> {
  const get = async (db: Db, i: number) => {
    const [c] = await selectChecklists(db, sql`c.id = ${i}`);
    if (!c) throw notFound(TC_MSG.checklistNotFound);
    return c;
  };
  const checklist = { table: testChecklists, ...checklistEvents('order'), get };
  const { record } = await saveRecord(
    tx,
    checklist,
    { id },
    {
      fields: async (before) => {
        check(before!);
        return { orderId: to.orderId, lineNo: to.lineNo };
      },
      event,
      // The order it joined or left, so the event shows in that order's history.
      data: (after, _changes, before) => ({ ...checklist.label(after), order_id: after.order_id ?? before?.order_id }),
    },
    actor,
    now,
  );
  return record;
}

export async function checklistEvent(
  tx: Db,
  actor: Actor,
  c: TestChecklist,
  event: EventName,
  data: Record<string, unknown>,
  now: number,
) {
  await recordEvent(
    tx,
    actor,
    {
      entityType: CHECKLIST_ENTITY,
      entityId: c.id,
      event,
      data: { checklist_id: c.id, order_id: c.order_id, product_code: c.product_code, ...data },
    },
    now,
  );
}
