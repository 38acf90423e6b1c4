import type { EventName } from '@bpm/contract/events';
import { TC_MSG, type TestResult, type TestStep } from '@bpm/contract/test-checklists';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, fromJson, type JsonValue } from '../../db/client';
import { fixedSql } from '../../db/fixed-read';
import { testChecklistSteps, testResults } from '../../db/schema/testing';
import type { AuthUser } from '../../platform/auth';
import { authorize } from '../../platform/authorize';
import { invalidState, notFound } from '../../platform/errors';
import { checklistAsked, getChecklist, type Kind, lockChecklist, saveChecklist } from './core';
import { columnsJson, type UnitColumn } from './units';

type StepRow = Pick<TestStep, 'id' | 'si_number' | 'test_desc' | 'reopened'>;
type ResultRow = { stepId: number; serialId: number | null; serial: string; r: string };

/** The answer's checklist key: order steps carry test_checklist_id, stock steps stock_test_checklist_id. */
const keyOf = (kind: Kind) => (kind === 'order' ? 'test_checklist_id' : 'stock_test_checklist_id');

/** The steps, the columns' serials and the results of checklist `id` in one statement (db/fixed-read.ts). */
const stepsRead = fixedSql<{
  steps: JsonValue<StepRow[]>;
  columns: JsonValue<UnitColumn[]>;
  results: JsonValue<ResultRow[]>;
}>(
  'checklist_steps',
  sql`select
    (select coalesce(json_agg(json_build_object('id', s.id, 'si_number', s.si_number, 'test_desc', s.test_desc,
       'reopened', s.reopened) order by s.si_number, s.id), '[]'::json)
     from ${testChecklistSteps} s where s.checklist_id = ${sql.placeholder('id')}) as steps,
    ${columnsJson(sql.placeholder('id'))} as columns,
    (select coalesce(json_agg(json_build_object('stepId', r.step_id, 'serialId', r.serial_id, 'serial', r.serial,
       'r', r.test_result)), '[]'::json)
     from ${testResults} r where r.checklist_id = ${sql.placeholder('id')}) as results`,
);

/** A checklist's steps in SI order, each with its results (only columns that still have a serial). */
export async function listSteps(db: Db, kind: Kind, checklistId: number): Promise<TestStep[]> {
  const c = await getChecklist(db, kind, checklistId);
  // The steps, the columns' serials and the results in one statement (three JSON values).
  const [read] = await stepsRead(db).execute({ id: checklistId });
  const steps = fromJson(read!.steps, []);
  const results = fromJson(read!.results, []);
  // A result's column is where its serial is now (results follow the serial).
  const column = new Map(fromJson(read!.columns, []).map((col, i) => [col.serialId, i + 1]));
  const byStep = new Map<number, TestResult[]>();
  for (const r of results) {
    const itemId = r.serialId == null ? undefined : column.get(r.serialId);
    if (itemId === undefined || itemId > c.serials.length) continue;
    const list = byStep.get(r.stepId) ?? [];
    list.push({ itemId, serial: c.serials[itemId - 1] ?? r.serial, test_result: r.r });
    byStep.set(r.stepId, list);
  }
  for (const list of byStep.values()) list.sort((a, b) => a.itemId - b.itemId);
  return steps.map((s) => ({ ...s, [keyOf(kind)]: checklistId, results: byStep.get(s.id) ?? [] }));
}

export async function getStep(db: Db, kind: Kind, id: number): Promise<TestStep> {
  const [s] = await db
    .select({ checklistId: testChecklistSteps.checklistId })
    .from(testChecklistSteps)
    .where(eq(testChecklistSteps.id, id));
  if (!s) throw notFound(TC_MSG.stepNotFound);
  const step = (await listSteps(db, kind, s.checklistId)).find((x) => x.id === id);
  if (!step) throw notFound(TC_MSG.stepNotFound);
  return step;
}

/** Step changes: admin, sale, production; a stock checklist only while unsigned (document 3 section 6). */
async function lockForSteps(tx: Db, kind: Kind, checklistId: number, actor: AuthUser) {
  const c = await lockChecklist(tx, kind, checklistId);
  authorize(actor.user_role, 'testChecklists.steps', checklistAsked(actor, c));
  if (kind === 'stock' && (c.qa_by != null || c.status === 'completed')) throw invalidState(TC_MSG.locked);
  return c;
}

/** A change of a checklist's steps is a change of the checklist: a new version, and its event. */
async function stepsChanged(
  tx: Db,
  kind: Kind,
  checklistId: number,
  event: EventName,
  data: Record<string, unknown>,
  actor: AuthUser,
  now: number,
) {
  await saveChecklist(
    tx,
    kind,
    checklistId,
    undefined,
    { contentChanged: () => true, event, data: () => data },
    actor,
    now,
  );
}

/** Deletes a step's results, answering them (serial and result) for the event. */
async function clearResults(tx: Db, stepId: number) {
  return tx
    .delete(testResults)
    .where(eq(testResults.stepId, stepId))
    .returning({ serial: testResults.serial, result: testResults.testResult });
}

async function renumber(tx: Db, orderedIds: number[]) {
  if (!orderedIds.length) return;
  const rows = orderedIds.map((id, i) => ({ id, si: i + 1 }));
  await tx.execute(sql`
    update ${testChecklistSteps} s set si_number = x.si
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, si int)
    where s.id = x.id and s.si_number <> x.si`);
}

export async function saveStep(
  db: Db,
  kind: Kind,
  input: { id?: number; checklistId: number; test_desc: string },
  actor: AuthUser,
  now: number,
): Promise<TestStep> {
  return db.transaction(async (tx) => {
    const c = await lockForSteps(tx, kind, input.checklistId, actor);
    let id = input.id;
    if (id) {
      const [before] = await tx
        .select()
        .from(testChecklistSteps)
        .where(and(eq(testChecklistSteps.id, id), eq(testChecklistSteps.checklistId, c.id)));
      if (!before) throw notFound(TC_MSG.stepNotFound);
      const signed = c.qa_by != null && before.testDesc !== input.test_desc;
      await tx
        .update(testChecklistSteps)
        .set({ testDesc: input.test_desc, ...(signed ? { reopened: 1 } : {}) })
        .where(eq(testChecklistSteps.id, id));
      const changes = { test_desc: { old: before.testDesc, new: input.test_desc } };
      // A signed step whose text changes is tested again: its former results stay in this event.
      const cleared = signed ? await clearResults(tx, id) : [];
      const data = { step_id: id, changes, ...(cleared.length ? { cleared_results: cleared } : {}) };
      await stepsChanged(tx, kind, c.id, 'test_step_updated', data, actor, now);
    } else {
      // SI number: the highest plus one, or 1 (section 4); the sent si_number is read-only.
      const [m] = await tx
        .select({ max: sql<number>`coalesce(max(${testChecklistSteps.siNumber}), 0)`.mapWith(Number) })
        .from(testChecklistSteps)
        .where(eq(testChecklistSteps.checklistId, c.id));
      const [row] = await tx
        .insert(testChecklistSteps)
        .values({
          checklistId: c.id,
          siNumber: (m?.max ?? 0) + 1,
          testDesc: input.test_desc,
          reopened: c.qa_by != null ? 1 : 0,
        })
        .returning({ id: testChecklistSteps.id });
      id = row!.id;
      const added = { step_id: id, test_desc: input.test_desc };
      await stepsChanged(tx, kind, c.id, 'test_step_added', added, actor, now);
    }
    return (await listSteps(tx, kind, c.id)).find((s) => s.id === id)!;
  });
}

export async function deleteStep(db: Db, kind: Kind, id: number, actor: AuthUser, now: number): Promise<TestStep[]> {
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(testChecklistSteps).where(eq(testChecklistSteps.id, id));
    if (!s) throw notFound(TC_MSG.stepNotFound);
    const c = await lockForSteps(tx, kind, s.checklistId, actor);
    // Signed results are not deleted: a step of a signed checklist stays (a step added since may go).
    if (c.qa_by != null && s.reopened !== 1) throw invalidState(TC_MSG.stepSigned);
    await tx.delete(testChecklistSteps).where(eq(testChecklistSteps.id, id));
    const rest = await tx
      .select({ id: testChecklistSteps.id })
      .from(testChecklistSteps)
      .where(eq(testChecklistSteps.checklistId, c.id))
      .orderBy(testChecklistSteps.siNumber, testChecklistSteps.id);
    await renumber(
      tx,
      rest.map((r) => r.id),
    );
    await stepsChanged(tx, kind, c.id, 'test_step_deleted', { step_id: id, test_desc: s.testDesc }, actor, now);
    return listSteps(tx, kind, c.id);
  });
}

/** Moves a step to `new_si_number` (clamped to 1..n) and renumbers 1..n. */
export async function reorderStep(
  db: Db,
  kind: Kind,
  input: { step_id: number; new_si_number: number; checklist_id: number },
  actor: AuthUser,
  now: number,
): Promise<TestStep[]> {
  return db.transaction(async (tx) => {
    const c = await lockForSteps(tx, kind, input.checklist_id, actor);
    const steps = await tx
      .select({ id: testChecklistSteps.id })
      .from(testChecklistSteps)
      .where(eq(testChecklistSteps.checklistId, c.id))
      .orderBy(testChecklistSteps.siNumber, testChecklistSteps.id);
    const ids = steps.map((s) => s.id);
    const from = ids.indexOf(input.step_id);
    if (from < 0) throw notFound(TC_MSG.stepNotFound);
    ids.splice(from, 1);
    const to = Math.min(Math.max(input.new_si_number, 1), steps.length) - 1;
    ids.splice(to, 0, input.step_id);
    await renumber(tx, ids);
    if (from !== to) {
      const changes = { si_number: { old: from + 1, new: to + 1 } };
      await stepsChanged(tx, kind, c.id, 'test_step_moved', { step_id: input.step_id, changes }, actor, now);
    }
    return listSteps(tx, kind, c.id);
  });
}
