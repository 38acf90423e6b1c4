import type { Role } from '@bpm/contract/roles';
import {
  type ChecklistAdd,
  type ChecklistEdit,
  maxSerials,
  type StockChecklistAdd,
  type StockChecklistEdit,
  serialsProblem,
  TC_MSG,
  type TestChecklist,
} from '@bpm/contract/test-checklists';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { products, productTestSteps } from '../../db/schema/products';
import { testChecklistSteps, testChecklists, testResults } from '../../db/schema/testing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import { authorize } from '../../platform/authorize';
import { badRequest, invalid, invalidState, notFound } from '../../platform/errors';
import { lockWhere } from '../../platform/records';
import {
  addChecklist,
  changes,
  checklistAsked,
  checklistEvent,
  type Kind,
  lockChecklist,
  refreshOrderStatus,
  saveChecklist,
  selectChecklists,
} from './core';

const TESTER_ROLES = ['tester', 'sale', 'production'] as const;

/** The assigned tester must be an active user who may enter results (tester, sale or production). */
async function checkTester(tx: Db, id: number) {
  const [u] = await tx
    .select({ role: users.userRole })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, 1), eq(users.deleted, 0)));
  if (!u || !(TESTER_ROLES as readonly string[]).includes(u.role)) throw invalid({ test_by: TC_MSG.testerRequired });
}

/** The order line named by order_product_id: its order and product, which must need a test. */
async function orderLine(tx: Db, lineId: number) {
  const [l] = await queryRows<{ order_id: number; product_id: number; testable: boolean }>(
    tx,
    sql`select l.order_id, l.product_id, (p.is_test_required = 1 and l.is_shipping_cost = 0) as testable
        from order_lines l join orders o on o.id = l.order_id and o.deleted = 0
        join products p on p.id = l.product_id where l.id = ${lineId}`,
  );
  if (!l) throw invalid({ order_product_id: TC_MSG.orderNotFound });
  if (!l.testable) throw invalidState(TC_MSG.notTestable);
  return { orderId: Number(l.order_id), productId: Number(l.product_id) };
}

/** A new checklist starts with a copy of the product's test steps. */
async function copyProductSteps(tx: Db, checklistId: number, productId: number) {
  const steps = await tx
    .select({ si: productTestSteps.siNumber, desc: productTestSteps.testDesc })
    .from(productTestSteps)
    .where(eq(productTestSteps.productId, productId))
    .orderBy(productTestSteps.siNumber, productTestSteps.id);
  if (steps.length)
    await tx
      .insert(testChecklistSteps)
      .values(steps.map((s, i) => ({ checklistId, siNumber: i + 1, testDesc: s.desc })));
}

async function insertChecklist(
  tx: Db,
  v: { productId: number; orderId: number | null; testBy: number; quantity: number },
  actor: AuthUser,
  now: number,
  kind: Kind,
): Promise<TestChecklist> {
  await checkTester(tx, v.testBy);
  return addChecklist(tx, kind, v, (id) => copyProductSteps(tx, id, v.productId), actor, now);
}

export async function addOrderChecklist(db: Db, input: ChecklistAdd, actor: AuthUser, now: number) {
  return db.transaction(async (tx) => {
    const line = await orderLine(tx, input.order_product_id);
    return insertChecklist(tx, { ...line, testBy: input.test_by, quantity: input.quantity }, actor, now, 'order');
  });
}

export async function addStockChecklist(db: Db, input: StockChecklistAdd, actor: AuthUser, now: number) {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ req: products.isTestRequired })
      .from(products)
      .where(eq(products.id, input.product_id));
    if (!p) throw invalid({ product_id: TC_MSG.productNotFound });
    if (p.req !== 1) throw invalidState(TC_MSG.notTestable);
    return insertChecklist(
      tx,
      { productId: input.product_id, orderId: null, testBy: input.test_by, quantity: input.quantity },
      actor,
      now,
      'stock',
    );
  });
}

/** A text[] parameter (drizzle would spread a JS array into a list). */
export const textArray = (a: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(a)}::jsonb))`;
export const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )})`;

/** Drops the results of columns beyond the serials and of columns whose serial changed. */
async function pruneResults(tx: Db, id: number, serials: string[]) {
  await tx.execute(sql`delete from test_results r where r.checklist_id = ${id}
    and (r.item_id > ${serials.length} or r.serial is distinct from (${textArray(serials)})[r.item_id])`);
}

export async function editChecklist(
  db: Db,
  kind: Kind,
  id: number,
  input: ChecklistEdit | StockChecklistEdit,
  actor: AuthUser,
  now: number,
) {
  return db.transaction(async (tx) => {
    const fields = async (before: TestChecklist) => {
      authorize(actor.user_role, 'testChecklists.manage', checklistAsked(actor, before));
      const set: Record<string, unknown> = {};
      if ('order_product_id' in input) {
        const line = await orderLine(tx, input.order_product_id);
        if (line.orderId !== before.order_id || line.productId !== before.product_id)
          throw invalid({ order_product_id: TC_MSG.wrongProduct });
      }
      if (input.test_by !== before.test_by) {
        await checkTester(tx, input.test_by);
        set.testBy = input.test_by;
      }
      const quantity = input.quantity ?? before.quantity;
      if (quantity !== before.quantity) {
        set.quantity = quantity;
        // Lowering the quantity deletes the serials beyond the new limit and their results.
        const [p] = await tx
          .select({ pl_serial_count: products.plSerialCount, has_modem: products.hasModem })
          .from(products)
          .where(eq(products.id, before.product_id));
        const max = maxSerials(quantity, p!);
        if (before.serials.length > max) {
          const kept = before.serials.slice(0, max);
          set.serials = kept;
          await pruneResults(tx, id, kept);
        }
      }
      // An unchanged form keeps its version.
      return Object.keys(set).length ? set : null;
    };
    return saveChecklist(
      tx,
      kind,
      id,
      input.version,
      {
        fields,
        event: 'test_checklist_updated',
        data: (after, before) => ({ changes: changes(before, after, ['test_by_name', 'quantity', 'serials']) }),
      },
      actor,
      now,
    );
  });
}

export async function deleteChecklist(db: Db, kind: Kind, id: number, actor: AuthUser, now: number) {
  return db.transaction(async (tx) => {
    const c = await lockChecklist(tx, kind, id);
    authorize(actor.user_role, 'testChecklists.manage', checklistAsked(actor, c));
    await tx.delete(testChecklists).where(eq(testChecklists.id, id));
    if (c.order_id != null) await refreshOrderStatus(tx, c.order_id);
    await checklistEvent(tx, actor, c, 'test_checklist_deleted', { serials: c.serials }, now);
    return { id };
  });
}

/** Where else in the company each serial is in use (another checklist or a packing list). */
async function serialsElsewhere(tx: Db, id: number, serials: string[]): Promise<string[]> {
  if (!serials.length) return [];
  const rows = await queryRows<{ serial: string; checklist_id: number; oc_ref: string | null; product_code: string }>(
    tx,
    sql`select s as serial, c.id as checklist_id, o.oc_ref, p.product_code
        from test_checklists c cross join unnest(c.serials) s
        join products p on p.id = c.product_id left join orders o on o.id = c.order_id
        where c.id <> ${id} and c.serials && ${textArray(serials)} and s = any(${textArray(serials)})
        limit 20`,
  );
  const pl = await queryRows<{ serial: string; id: number }>(
    tx,
    sql`select s as serial, pl.id from packing_lists pl
        join packing_list_lines l on l.packing_list_id = pl.id
        cross join regexp_split_to_table(l.pl_serial, E'\\s*\\n\\s*') s
        where s = any(${textArray(serials)}) limit 20`,
  );
  return [
    ...rows.map((r) =>
      TC_MSG.serialElsewhere(
        r.serial,
        r.oc_ref != null
          ? `test checklist ${r.checklist_id} of order ${r.oc_ref || '(no OC ref)'}`
          : `stock test checklist ${r.checklist_id} of ${r.product_code}`,
      ),
    ),
    ...pl.map((r) => TC_MSG.serialElsewhere(r.serial, `packing list ${r.id}`)),
  ];
}

export async function saveSerials(
  db: Db,
  kind: Kind,
  id: number,
  input: { serials: string[]; version?: number },
  actor: AuthUser,
  now: number,
) {
  return db.transaction(async (tx) => {
    const serials = input.serials.map((s) => s.trim());
    const fields = async (before: TestChecklist) => {
      authorize(actor.user_role, 'testChecklists.serials', checklistAsked(actor, before));
      const problem = serialsProblem(input.serials, before.product_max_serials, before.product_has_modem === 1);
      if (problem) throw badRequest(problem, { serials: problem });
      // Resetting (an empty list) discards every result; otherwise the results of changed columns go.
      await pruneResults(tx, id, serials);
      return { serials };
    };
    const after = await saveChecklist(
      tx,
      kind,
      id,
      input.version,
      {
        fields,
        event: serials.length ? 'test_checklist_serials_saved' : 'test_checklist_serials_reset',
        data: (after, before) => ({ changes: changes(before, after, ['serials', 'status']) }),
      },
      actor,
      now,
    );
    return { ...after, warnings: await serialsElsewhere(tx, id, serials) };
  });
}

/** One result cell (the spec's saveResult). */
export async function saveResult(
  db: Db,
  kind: Kind,
  id: number,
  input: { step_id: number; item_id: number; result: string },
  actor: AuthUser,
  now: number,
) {
  return saveResults(db, kind, id, [input], actor, now);
}

/** Result cells of one checklist in one change (`result: null` clears a cell): one status, one event. */
export async function saveResults(
  db: Db,
  kind: Kind,
  id: number,
  cells: { step_id: number; item_id: number; result: string | null }[],
  actor: AuthUser,
  now: number,
) {
  return db.transaction(async (tx) => {
    const written: { step_id: number; item_id: number; serial: string; result: string | null }[] = [];
    const fields = async (before: TestChecklist) => {
      authorize(actor.user_role, 'testChecklists.result', checklistAsked(actor, before));
      const stepIds = [...new Set(cells.map((c) => c.step_id))];
      const found = await tx
        .select({ id: testChecklistSteps.id })
        .from(testChecklistSteps)
        .where(and(inArray(testChecklistSteps.id, stepIds), eq(testChecklistSteps.checklistId, id)));
      const known = new Set(found.map((f) => f.id));
      for (const cell of cells) {
        if (!known.has(cell.step_id)) throw invalid({ step_id: TC_MSG.stepNotFound });
        const serial = before.serials[cell.item_id - 1] ?? '';
        if (!serial) throw badRequest(TC_MSG.noSerialForColumn, { item_id: TC_MSG.noSerialForColumn });
        written.push({ ...cell, serial });
      }
      for (const cell of written) {
        const at = and(eq(testResults.stepId, cell.step_id), eq(testResults.itemId, cell.item_id));
        if (cell.result === null) await tx.delete(testResults).where(at);
        else
          await tx
            .insert(testResults)
            .values({
              checklistId: id,
              stepId: cell.step_id,
              itemId: cell.item_id,
              serial: cell.serial,
              testResult: cell.result,
              updatedAt: now,
            })
            .onConflictDoUpdate({
              target: [testResults.stepId, testResults.itemId],
              set: { serial: cell.serial, testResult: cell.result, updatedAt: now },
            });
      }
      return { testDate: now };
    };
    return saveChecklist(
      tx,
      kind,
      id,
      undefined,
      {
        fields,
        event: 'test_result_saved',
        data: (after) =>
          written.length === 1 ? { ...written[0], status: after.status } : { results: written, status: after.status },
      },
      actor,
      now,
    );
  });
}

export async function saveRevision(db: Db, kind: Kind, id: number, rev: string, actor: AuthUser, now: number) {
  return db.transaction(async (tx) =>
    saveChecklist(
      tx,
      kind,
      id,
      undefined,
      {
        fields: async (before) => {
          authorize(actor.user_role, 'testChecklists.revision', checklistAsked(actor, before));
          // A stock checklist has no approval path: once signed its revision is frozen.
          if (kind === 'stock' && before.qa_by != null) throw invalidState(TC_MSG.locked);
          return { rev };
        },
        contentChanged: (before) => rev !== before.rev,
        event: 'test_checklist_rev_saved',
        data: (after, before) => ({ changes: changes(before, after, ['rev']) }),
      },
      actor,
      now,
    ),
  );
}

/** Sign QC: a passed order checklist becomes completed, signed by the caller (irreversible). */
export async function signQc(db: Db, id: number, actor: AuthUser, now: number) {
  return db.transaction(async (tx) =>
    saveChecklist(
      tx,
      'order',
      id,
      undefined,
      {
        fields: async (before) => {
          authorize(actor.user_role, 'testChecklists.sign', checklistAsked(actor, before, TC_MSG.notPassed));
          return { qaBy: actor.user_id, qaDate: now, changedAfterSign: 0 };
        },
        event: 'test_checklist_signed',
        data: (after) => ({ status: after.status }),
      },
      actor,
      now,
    ),
  );
}

/** Approval of a checklist changed after sign-off: back to completed. */
export async function approve(db: Db, id: number, actor: AuthUser, now: number) {
  return db.transaction(async (tx) =>
    saveChecklist(
      tx,
      'order',
      id,
      undefined,
      {
        fields: async (before) => {
          authorize(actor.user_role, 'testChecklists.approve', checklistAsked(actor, before, TC_MSG.notWaiting));
          return { changedAfterSign: 0 };
        },
        event: 'test_checklist_approved',
        data: (after) => ({ status: after.status }),
      },
      actor,
      now,
    ),
  );
}

/** Import from Stock: stock checklists of the line's product move to the order, results and all. */
export async function importFromStock(
  db: Db,
  input: { order_product_id: number; stock_checklist_ids: number[] },
  actor: AuthUser,
  now: number,
) {
  return db.transaction(async (tx) => {
    const line = await orderLine(tx, input.order_product_id);
    const ids = [...new Set(input.stock_checklist_ids)];
    const found = await lockWhere(
      tx,
      testChecklists,
      and(inArray(testChecklists.id, ids), isNull(testChecklists.orderId)),
      {
        id: testChecklists.id,
        productId: testChecklists.productId,
      },
    );
    if (found.length !== ids.length) throw notFound(TC_MSG.checklistNotFound);
    if (found.some((f) => f.productId !== line.productId)) throw invalid({ stock_checklist_ids: TC_MSG.wrongProduct });
    await tx
      .update(testChecklists)
      .set({ orderId: line.orderId, version: sql`${testChecklists.version} + 1`, updatedAt: now })
      .where(inArray(testChecklists.id, ids));
    await refreshOrderStatus(tx, line.orderId);
    const moved = await selectChecklists(tx, sql`c.id in ${idList(ids)}`);
    for (const c of moved)
      await checklistEvent(tx, actor, c, 'test_checklist_imported', { order_id: line.orderId }, now);
    return moved;
  });
}

/** Export to Stock: order checklists leave their order (a tested unit belongs to one place). */
export async function exportToStock(db: Db, input: { test_checklist_ids: number[] }, actor: AuthUser, now: number) {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.test_checklist_ids)];
    const found = await lockWhere(
      tx,
      testChecklists,
      and(inArray(testChecklists.id, ids), sql`${testChecklists.orderId} is not null`),
      { id: testChecklists.id, orderId: testChecklists.orderId },
    );
    if (found.length !== ids.length) throw notFound(TC_MSG.checklistNotFound);
    const before = await selectChecklists(tx, sql`c.id in ${idList(ids)}`);
    await tx
      .update(testChecklists)
      .set({ orderId: null, version: sql`${testChecklists.version} + 1`, updatedAt: now })
      .where(inArray(testChecklists.id, ids));
    for (const orderId of new Set(found.map((f) => f.orderId!))) await refreshOrderStatus(tx, orderId);
    for (const c of before)
      await checklistEvent(tx, actor, c, 'test_checklist_exported', { order_id: c.order_id }, now);
    return selectChecklists(tx, sql`c.id in ${idList(ids)}`);
  });
}

/** Users a checklist can be assigned to (the tester picker). */
export async function testers(db: Db) {
  return db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName, user_role: users.userRole })
    .from(users)
    .where(
      and(eq(users.active, 1), eq(users.deleted, 0), inArray(users.userRole, [...TESTER_ROLES] as Role[] as string[])),
    )
    .orderBy(users.firstName, users.lastName, users.id);
}
