// Import from Stock and Export to Stock: a checklist moves between an order line and stock with its units.
import { TC_MSG, type TestChecklist } from '@bpm/contract/test-checklists';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import { invalid, notFound } from '../../platform/errors';
import { moveChecklist, refreshOrderStatus } from './core';
import { orderLine } from './service';

/** Import from Stock: stock checklists of the line's product move to the order, results and all. */
export async function importFromStock(
  db: Db,
  input: { order_product_id: number; stock_checklist_ids: number[] },
  actor: AuthUser,
  now: number,
) {
  return db.transaction(async (tx) => {
    const line = await orderLine(tx, input.order_product_id);
    const moved = [];
    for (const id of [...new Set(input.stock_checklist_ids)].sort((a, b) => a - b)) {
      const check = (c: TestChecklist) => {
        if (c.order_id != null) throw notFound(TC_MSG.checklistNotFound);
        if (c.product_id !== line.productId) throw invalid({ stock_checklist_ids: TC_MSG.wrongProduct });
      };
      const to = { orderId: line.orderId, lineNo: line.lineNo };
      moved.push(await moveChecklist(tx, id, to, check, 'test_checklist_imported', actor, now));
    }
    await refreshOrderStatus(tx, line.orderId);
    return moved;
  });
}

/** Export to Stock: order checklists leave their order (a tested unit belongs to one place). */
export async function exportToStock(db: Db, input: { test_checklist_ids: number[] }, actor: AuthUser, now: number) {
  return db.transaction(async (tx) => {
    const moved = [];
    const orders = new Set<number>();
    for (const id of [...new Set(input.test_checklist_ids)].sort((a, b) => a - b)) {
      const check = (c: TestChecklist) => {
        if (c.order_id == null) throw notFound(TC_MSG.checklistNotFound);
        orders.add(c.order_id);
      };
      const to = { orderId: null, lineNo: null };
      moved.push(await moveChecklist(tx, id, to, check, 'test_checklist_exported', actor, now));
    }
    for (const orderId of orders) await refreshOrderStatus(tx, orderId);
    return moved;
  });
}
