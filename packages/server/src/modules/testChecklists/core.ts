import type { EventName } from '@bpm/contract/events';
import { TEST_STATUSES } from '@bpm/contract/orders';
import {
  aggregateStatus,
  checklistStatus,
  maxSerials,
  TC_MSG,
  type TestChecklist,
  type TestStatus,
} from '@bpm/contract/testChecklists';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { testChecklists } from '../../db/schema/testing';
import type { AuthUser } from '../../platform/auth';
import type { RecordAsked } from '../../platform/authorize';
import { notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { lockRecord } from '../../platform/records';
import { setOrderTestStatus } from '../sales-docs/test-status';

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
  const rows = await queryRows<Row>(
    db,
    sql`select c.id, c.product_id, c.order_id, c.test_by, c.qa_by, c.quantity, c.status, c.changed_after_sign,
          c.rev, c.serials, c.test_date, c.qa_date, c.version,
          trim(t.first_name || ' ' || t.last_name) as test_by_name,
          trim(q.first_name || ' ' || q.last_name) as qa_by_name,
          p.product_code, p."desc" as product_desc, p.pl_serial_count, p.has_modem,
          (select min(l.id) from order_lines l where l.order_id = c.order_id and l.product_id = c.product_id)
            as order_product_id
        from test_checklists c
        join products p on p.id = c.product_id
        left join users t on t.id = c.test_by
        left join users q on q.id = c.qa_by
        where ${where}
        order by c.id`,
  );
  return rows.map(toChecklist);
}

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
  const kindSql = kind === 'order' ? sql`c.order_id is not null` : sql`c.order_id is null`;
  const [c] = await selectChecklists(db, sql`c.id = ${id} and ${kindSql}`);
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

/** Recomputes a checklist's status from its serials, steps and results; then its order's test_status. */
export async function refreshStatus(tx: Db, id: number, now: number): Promise<void> {
  const [s] = await queryRows<{
    serials: number;
    steps: number;
    results: string[] | null;
    qa_by: number | null;
    changed: number;
    order_id: number | null;
  }>(
    tx,
    sql`select cardinality(c.serials) as serials, c.qa_by, c.changed_after_sign as changed, c.order_id,
          (select count(*) from test_checklist_steps s where s.checklist_id = c.id)::int as steps,
          (select array_agg(r.test_result) from test_results r
             where r.checklist_id = c.id and r.item_id <= cardinality(c.serials)) as results
        from test_checklists c where c.id = ${id}`,
  );
  if (!s) return;
  const status = checklistStatus({
    serials: Number(s.serials),
    steps: Number(s.steps),
    results: s.results ?? [],
    signed: s.qa_by != null,
    changedAfterSign: Number(s.changed) === 1,
  });
  await tx.update(testChecklists).set({ status, updatedAt: now }).where(eq(testChecklists.id, id));
  if (s.order_id != null) await refreshOrderStatus(tx, Number(s.order_id));
}

/** The order's test_status (document 1 section 4.4) from its checklists. */
export async function refreshOrderStatus(tx: Db, orderId: number): Promise<void> {
  const rows = await tx
    .select({ status: testChecklists.status })
    .from(testChecklists)
    .where(eq(testChecklists.orderId, orderId));
  await setOrderTestStatus(tx, orderId, aggregateStatus(rows.map((r) => r.status)));
}

/** Bumps the version; a signed checklist changed in its steps or revision now waits for approval. */
export async function touch(tx: Db, c: TestChecklist, now: number, opts: { contentChanged?: boolean } = {}) {
  const set: Record<string, unknown> = { version: sql`${testChecklists.version} + 1`, updatedAt: now };
  if (opts.contentChanged && c.qa_by != null) set.changedAfterSign = 1;
  await tx.update(testChecklists).set(set).where(eq(testChecklists.id, c.id));
  await refreshStatus(tx, c.id, now);
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
