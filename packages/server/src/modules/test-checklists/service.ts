import type { Role } from '@bpm/contract/roles';
import {
  type ChecklistAdd,
  type ChecklistEdit,
  maxSerials,
  type SerialPlan,
  type StockChecklistAdd,
  type StockChecklistEdit,
  serialsProblem,
  TC_MSG,
  type TestChecklist,
} from '@bpm/contract/test-checklists';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, fromJson, type JsonValue, queryRows } from '../../db/client';
import { products, productTestSteps } from '../../db/schema/products';
import { orderLines, orders } from '../../db/schema/sales';
import {
  packingListLines,
  packingLists,
  testChecklistSteps,
  testChecklists,
  testResults,
} from '../../db/schema/testing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import { authorize } from '../../platform/authorize';
import { badRequest, invalid, invalidState, isUniqueViolation } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import {
  addChecklist,
  changes,
  checklistAsked,
  checklistEvent,
  type Kind,
  lockChecklist,
  refreshOrderStatus,
  saveChecklist,
} from './core';
import { tellQa, tellTester } from './notify';
import { columnsJson, type UnitColumn, writeSerials } from './units';

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
export async function orderLine(tx: Db, lineId: number) {
  const [l] = await queryRows<{ order_id: number; product_id: number; testable: boolean; line_no: number }>(
    tx,
    sql`select l.order_id, l.product_id, (p.is_test_required = 1 and l.is_shipping_cost = 0) as testable,
          (select count(*) from ${orderLines} x where x.order_id = l.order_id and x.product_id = l.product_id
             and (x.position, x.id) <= (l.position, l.id))::int as line_no
        from ${orderLines} l join ${orders} o on o.id = l.order_id and o.deleted = 0
        join ${products} p on p.id = l.product_id where l.id = ${lineId}`,
  );
  if (!l) throw invalid({ order_product_id: TC_MSG.orderNotFound });
  if (!l.testable) throw invalidState(TC_MSG.notTestable);
  return { orderId: Number(l.order_id), productId: Number(l.product_id), lineNo: Number(l.line_no) };
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
  v: { productId: number; orderId: number | null; lineNo: number | null; testBy: number; quantity: number },
  actor: AuthUser,
  now: number,
  kind: Kind,
): Promise<TestChecklist> {
  await checkTester(tx, v.testBy);
  return addChecklist(tx, kind, v, (id) => copyProductSteps(tx, id, v.productId), actor, now);
}

export async function addOrderChecklist(db: Db, input: ChecklistAdd, actor: AuthUser, now: number, mailer?: Mailer) {
  return db.transaction(async (tx) => {
    const line = await orderLine(tx, input.order_product_id);
    const c = await insertChecklist(
      tx,
      { ...line, testBy: input.test_by, quantity: input.quantity },
      actor,
      now,
      'order',
    );
    await tellTester(tx, mailer, c, actor);
    return c;
  });
}

export async function addStockChecklist(
  db: Db,
  input: StockChecklistAdd,
  actor: AuthUser,
  now: number,
  mailer?: Mailer,
) {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ req: products.isTestRequired })
      .from(products)
      .where(eq(products.id, input.product_id));
    if (!p) throw invalid({ product_id: TC_MSG.productNotFound });
    if (p.req !== 1) throw invalidState(TC_MSG.notTestable);
    const c = await insertChecklist(
      tx,
      { productId: input.product_id, orderId: null, lineNo: null, testBy: input.test_by, quantity: input.quantity },
      actor,
      now,
      'stock',
    );
    await tellTester(tx, mailer, c, actor);
    return c;
  });
}

/** A text[] parameter (drizzle would spread a JS array into a list). */
export const textArray = (a: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(a)}::jsonb))`;

/** The product's serial shape (serials per unit) for a checklist's units. */
async function productShape(tx: Db, productId: number) {
  const [p] = await tx
    .select({ pl_serial_count: products.plSerialCount, has_modem: products.hasModem })
    .from(products)
    .where(eq(products.id, productId));
  return p!;
}

export async function editChecklist(
  db: Db,
  kind: Kind,
  id: number,
  input: ChecklistEdit | StockChecklistEdit,
  actor: AuthUser,
  now: number,
  mailer?: Mailer,
) {
  return db.transaction(async (tx) => {
    let formerTester: number | null = null;
    const fields = async (before: TestChecklist) => {
      authorize(actor.user_role, 'testChecklists.manage', checklistAsked(actor, before));
      formerTester = before.test_by;
      const set: Record<string, unknown> = {};
      if ('order_product_id' in input) {
        const line = await orderLine(tx, input.order_product_id);
        if (line.orderId !== before.order_id || line.productId !== before.product_id)
          throw invalid({ order_product_id: TC_MSG.wrongProduct });
        // Moved to another line of the same product (an unchanged form keeps its version).
        if (input.order_product_id !== before.order_product_id) set.lineNo = line.lineNo;
      }
      if (input.test_by !== before.test_by) {
        await checkTester(tx, input.test_by);
        set.testBy = input.test_by;
      }
      const quantity = input.quantity ?? before.quantity;
      if (quantity !== before.quantity) {
        set.quantity = quantity;
        // Lowering the quantity deletes the serials beyond the new limit and their results.
        const product = await productShape(tx, before.product_id);
        const max = maxSerials(quantity, product);
        if (before.serials.length > max)
          set.serials = (await writeSerials(tx, before, before.serials.slice(0, max), product, now)).serials;
      }
      // An unchanged form keeps its version.
      return Object.keys(set).length ? set : null;
    };
    const after = await saveChecklist(
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
    if (after.test_by !== formerTester) await tellTester(tx, mailer, after, actor);
    return after;
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

/** Packing lists of other orders that carry one of these serials (a warning until packing lists hold units). */
async function serialsOnPackingLists(tx: Db, orderId: number | null, serials: string[]): Promise<string[]> {
  if (!serials.length) return [];
  const pl = await queryRows<{ serial: string; id: number }>(
    tx,
    sql`select s as serial, pl.id from ${packingLists} pl
        join ${packingListLines} l on l.packing_list_id = pl.id
        cross join regexp_split_to_table(l.pl_serial, E'\\s*\\n\\s*') s
        where s = any(${textArray(serials)}) and pl.order_id is distinct from ${orderId} limit 20`,
  );
  return pl.map((r) => TC_MSG.serialElsewhere(r.serial, `packing list ${r.id}`));
}

export async function saveSerials(
  db: Db,
  kind: Kind,
  id: number,
  input: { serials: string[]; version?: number },
  actor: AuthUser,
  now: number,
) {
  // Two saves of the same new serial at once: the unique index refuses the later one; say so on the field.
  return saveSerialsOnce(db, kind, id, input, actor, now).catch((err) => {
    if (isUniqueViolation(err)) throw invalid({ serials: TC_MSG.serialJustTaken });
    throw err;
  });
}

async function saveSerialsOnce(
  db: Db,
  kind: Kind,
  id: number,
  input: { serials: string[]; version?: number },
  actor: AuthUser,
  now: number,
) {
  return db.transaction(async (tx) => {
    const serials = input.serials.map((s) => s.trim());
    let plan: SerialPlan | undefined;
    const fields = async (before: TestChecklist) => {
      authorize(actor.user_role, 'testChecklists.serials', checklistAsked(actor, before));
      const problem = serialsProblem(input.serials, before.product_max_serials, before.product_has_modem === 1);
      if (problem) throw badRequest(problem, { serials: problem });
      // Results follow their serial: reordered serials keep theirs, an edited line keeps its, removed ones go.
      const written = await writeSerials(tx, before, serials, await productShape(tx, before.product_id), now);
      plan = written.plan;
      return { serials: written.serials };
    };
    const after = await saveChecklist(
      tx,
      kind,
      id,
      input.version,
      {
        fields,
        event: serials.length ? 'test_checklist_serials_saved' : 'test_checklist_serials_reset',
        data: (after, before) => ({
          changes: changes(before, after, ['serials', 'status']),
          ...(plan?.corrected.length ? { corrected: plan.corrected } : {}),
          ...(plan?.removed.length ? { removed: plan.removed } : {}),
        }),
      },
      actor,
      now,
    );
    return { ...after, warnings: await serialsOnPackingLists(tx, after.order_id, serials) };
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
  mailer?: Mailer,
) {
  return saveResults(db, kind, id, [input], actor, now, mailer);
}

/** Result cells of one checklist in one change (`result: null` clears a cell): one status, one event. */
export async function saveResults(
  db: Db,
  kind: Kind,
  id: number,
  cells: { step_id: number; item_id: number; result: string | null }[],
  actor: AuthUser,
  now: number,
  mailer?: Mailer,
) {
  return db.transaction(async (tx) => {
    const written: { step_id: number; item_id: number; serial: string; result: string | null }[] = [];
    let formerStatus = '';
    const fields = async (before: TestChecklist) => {
      formerStatus = before.status;
      const stepIds = [...new Set(cells.map((c) => c.step_id))];
      // The cells' steps of this checklist and its columns, in one statement.
      const [read] = await queryRows<{
        steps: JsonValue<Array<{ id: number; reopened: number }>>;
        columns: JsonValue<UnitColumn[]>;
      }>(
        tx,
        sql`select (select coalesce(json_agg(json_build_object('id', s.id, 'reopened', s.reopened)), '[]'::json)
              from ${testChecklistSteps} s where s.checklist_id = ${id} and s.id = any(${sql.param(stepIds)}::int[])) as steps,
            ${columnsJson(id)} as columns`,
      );
      const found = fromJson(read!.steps, []);
      // After a change following sign-off only the added or edited steps take results, until approval.
      const retest = before.status === 'waiting approval';
      authorize(
        actor.user_role,
        retest ? 'testChecklists.retest' : 'testChecklists.result',
        checklistAsked(actor, before),
      );
      const known = new Map(found.map((f) => [f.id, f.reopened === 1]));
      const cols = fromJson(read!.columns, []);
      const rows = cells.map((cell) => {
        if (!known.has(cell.step_id)) throw invalid({ step_id: TC_MSG.stepNotFound });
        if (retest && !known.get(cell.step_id)) throw invalidState(TC_MSG.locked);
        const col = cols[cell.item_id - 1];
        if (!col) throw badRequest(TC_MSG.noSerialForColumn, { item_id: TC_MSG.noSerialForColumn });
        written.push({ ...cell, serial: col.value });
        return { ...cell, serialId: col.serialId, serial: col.value };
      });
      for (const cell of rows) {
        const at = and(eq(testResults.stepId, cell.step_id), eq(testResults.serialId, cell.serialId));
        if (cell.result === null) await tx.delete(testResults).where(at);
        else
          await tx
            .insert(testResults)
            .values({
              checklistId: id,
              stepId: cell.step_id,
              serialId: cell.serialId,
              itemId: cell.item_id,
              serial: cell.serial,
              testResult: cell.result,
              updatedAt: now,
            })
            .onConflictDoUpdate({
              target: [testResults.stepId, testResults.serialId],
              set: { itemId: cell.item_id, serial: cell.serial, testResult: cell.result, updatedAt: now },
            });
      }
      return { testDate: now };
    };
    const after = await saveChecklist(
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
    // QA hears of a checklist that has just passed.
    if (formerStatus !== 'passed' && after.status === 'passed') await tellQa(tx, mailer, after);
    return after;
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
