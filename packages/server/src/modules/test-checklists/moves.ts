// Import from Stock and Export to Stock: a checklist moves between an order line and stock with its units.
import { TC_MSG } from '@bpm/contract/test-checklists';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { testChecklists } from '../../db/schema/testing';
import type { AuthUser } from '../../platform/auth';
import { invalid, notFound } from '../../platform/errors';
import { lockWhere } from '../../platform/records';
import { checklistEvent, refreshOrderStatus, selectChecklists } from './core';
import { idList, orderLine } from './service';

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
      .set({ orderId: line.orderId, lineNo: line.lineNo, version: sql`${testChecklists.version} + 1`, updatedAt: now })
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
      .set({ orderId: null, lineNo: null, version: sql`${testChecklists.version} + 1`, updatedAt: now })
      .where(inArray(testChecklists.id, ids));
    for (const orderId of new Set(found.map((f) => f.orderId!))) await refreshOrderStatus(tx, orderId);
    for (const c of before)
      await checklistEvent(tx, actor, c, 'test_checklist_exported', { order_id: c.order_id }, now);
    return selectChecklists(tx, sql`c.id in ${idList(ids)}`);
  });
}
