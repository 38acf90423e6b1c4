import type { EventName } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import type { TestStep, TestStepSave } from '@bpm/contract/products';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productTestSteps } from '../../db/schema/products';
import { notFound } from '../../platform/errors';
import { type Actor, diff, recordEvent } from '../../platform/events';
import { lockProduct, PRODUCT_ENTITY } from './service';

const columns = {
  id: productTestSteps.id,
  product_id: productTestSteps.productId,
  si_number: productTestSteps.siNumber,
  test_desc: productTestSteps.testDesc,
};

/** The steps of a product's test checklist in SI order. */
export async function listSteps(db: Db, productId: number): Promise<TestStep[]> {
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!p) throw notFound(MSG.productNotFound);
  return db
    .select(columns)
    .from(productTestSteps)
    .where(eq(productTestSteps.productId, productId))
    .orderBy(asc(productTestSteps.siNumber), asc(productTestSteps.id));
}

export async function getStep(db: Db, id: number): Promise<TestStep> {
  const [s] = await db.select(columns).from(productTestSteps).where(eq(productTestSteps.id, id));
  if (!s) throw notFound(MSG.testStepNotFound);
  return s;
}

/** Writes si_number 1..n in the given order (only rows whose number changes). */
async function renumber(tx: Db, orderedIds: number[], now: number) {
  if (!orderedIds.length) return;
  const rows = orderedIds.map((id, i) => ({ id, si: i + 1 }));
  await tx.execute(sql`
    update ${productTestSteps} s set si_number = x.si, updated_at = ${now}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, si int)
    where s.id = x.id and s.si_number <> x.si`);
}

async function event(
  tx: Db,
  actor: Actor,
  productId: number,
  name: EventName,
  data: Record<string, unknown>,
  now: number,
) {
  await recordEvent(tx, actor, { entityType: PRODUCT_ENTITY, entityId: productId, event: name, data }, now);
}

export async function saveStep(db: Db, input: TestStepSave, actor: Actor, now: number): Promise<TestStep> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, input.product_id);
    if (input.id) {
      const before = await getStep(tx, input.id);
      if (before.product_id !== input.product_id) throw notFound(MSG.testStepNotFound);
      await tx
        .update(productTestSteps)
        .set({ testDesc: input.test_desc, updatedAt: now })
        .where(eq(productTestSteps.id, input.id));
      const after = await getStep(tx, input.id);
      await event(
        tx,
        actor,
        input.product_id,
        'test_step_updated',
        {
          step_id: after.id,
          si_number: after.si_number,
          changes: diff({ test_desc: before.test_desc }, { test_desc: after.test_desc }),
        },
        now,
      );
      return after;
    }
    // A new step goes last: the highest SI number plus one, or 1 (section 4).
    const [m] = await tx
      .select({ max: sql<number>`coalesce(max(${productTestSteps.siNumber}), 0)`.mapWith(Number) })
      .from(productTestSteps)
      .where(eq(productTestSteps.productId, input.product_id));
    const [created] = await tx
      .insert(productTestSteps)
      .values({
        productId: input.product_id,
        siNumber: (m?.max ?? 0) + 1,
        testDesc: input.test_desc,
        createdAt: now,
        updatedAt: now,
      })
      .returning(columns);
    await event(
      tx,
      actor,
      input.product_id,
      'test_step_added',
      { step_id: created!.id, si_number: created!.si_number, changes: diff(null, { test_desc: input.test_desc }) },
      now,
    );
    return created!;
  });
}

/** Moves one step to position `newSi` (clamped to 1..n) and renumbers the checklist 1..n. */
export async function reorderStep(
  db: Db,
  input: { checklist_id: number; new_si_number: number; product_id: number },
  actor: Actor,
  now: number,
): Promise<TestStep[]> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, input.product_id);
    const steps = await listSteps(tx, input.product_id);
    const from = steps.findIndex((s) => s.id === input.checklist_id);
    if (from < 0) throw notFound(MSG.testStepNotFound);
    const ids = steps.map((s) => s.id);
    const [moved] = ids.splice(from, 1);
    const to = Math.min(Math.max(input.new_si_number, 1), steps.length) - 1;
    ids.splice(to, 0, moved!);
    await renumber(tx, ids, now);
    if (from !== to) {
      await event(
        tx,
        actor,
        input.product_id,
        'test_step_moved',
        {
          step_id: input.checklist_id,
          test_desc: steps[from]!.test_desc,
          changes: { si_number: { old: from + 1, new: to + 1 } },
        },
        now,
      );
    }
    return listSteps(tx, input.product_id);
  });
}

export async function deleteStep(db: Db, id: number, actor: Actor, now: number): Promise<TestStep[]> {
  return db.transaction(async (tx) => {
    const step = await getStep(tx, id);
    await lockProduct(tx, step.product_id);
    await tx.delete(productTestSteps).where(eq(productTestSteps.id, id));
    const rest = await listSteps(tx, step.product_id);
    await renumber(
      tx,
      rest.map((s) => s.id),
      now,
    );
    await event(
      tx,
      actor,
      step.product_id,
      'test_step_deleted',
      { step_id: id, si_number: step.si_number, changes: diff({ test_desc: step.test_desc }, {}) },
      now,
    );
    return listSteps(tx, step.product_id);
  });
}

/** The test checklist revision is saved apart from the product form and leaves its version alone. */
export async function saveTestChecklistRev(db: Db, productId: number, rev: string, actor: Actor, now: number) {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [before] = await tx
      .select({ rev: products.testChecklistRev })
      .from(products)
      .where(eq(products.id, productId));
    await tx.update(products).set({ testChecklistRev: rev, updatedAt: now }).where(eq(products.id, productId));
    await event(
      tx,
      actor,
      productId,
      'test_checklist_rev_saved',
      { changes: diff({ test_checklist_rev: before?.rev ?? '' }, { test_checklist_rev: rev }) },
      now,
    );
    return { test_checklist_rev: rev };
  });
}
