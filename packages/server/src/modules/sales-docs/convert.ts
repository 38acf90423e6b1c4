// Quotation → order, "Confirm Order" (document 1 section 2.9): PUT turn-to-order.
import { EVENTS } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders, quotationLines, quotations } from '../../db/schema/sales';
import { invalidState } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { lockRecord, saveRecord } from '../../platform/records';
import { refreshOrderStatus } from './test-status';
import { docEvents, type SaveResult, saveDoc } from './write';

/** PUT /quotations/turn-to-order/{id}: a new order with the quotation's fields and lines, linked both ways. */
export async function turnToOrder(db: Db, quotationId: number, actor: Actor, now: number): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const q = await lockRecord(tx, { table: quotations, ...docEvents('quotation') }, quotationId, undefined);
    if (q.order_id) {
      const [linked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, q.order_id), eq(orders.deleted, 0)));
      if (linked) throw invalidState(MSG.quotationAlreadyConfirmed(linked.id));
    }
    const [src] = await tx.select().from(quotations).where(eq(quotations.id, quotationId));
    const {
      id: _id,
      linkId: _l,
      revision: _r,
      deleted: _d,
      version: _v,
      requestToDelete: _rtd,
      createdAt: _c,
      updatedAt: _u,
      createdBy: _cb,
      ...copy
    } = src!;
    // A confirmed order starts like any new order: waiting, dated today, not yet shipped.
    const fields = {
      ...copy,
      date: now,
      shippingStatus: 'wait',
      shippingForToday: 0,
      shippingAwb: '',
      testStatus: 'pending',
      linkId: quotationId,
      createdBy: actor.user_id,
    };
    // The order's lines are the quotation's; the quotation links to the order, with its own event.
    const written = async (orderId: number) => {
      const lines = await tx.select().from(quotationLines).where(eq(quotationLines.docId, quotationId));
      if (lines.length) {
        await tx.insert(orderLines).values(lines.map(({ id: _i, docId: _q, ...l }) => ({ ...l, docId: orderId })));
      }
      await refreshOrderStatus(tx, orderId, { lines: true });
      await saveRecord(
        tx,
        { table: quotations, ...docEvents('quotation') },
        { id: quotationId },
        {
          fields: { linkId: orderId },
          event: EVENTS.quotation.confirmed,
          data: () => ({
            quote_ref: q.quote_ref,
            order_id: orderId,
            changes: { order_id: { old: q.order_id, new: orderId } },
          }),
        },
        actor,
        now,
      );
    };
    return saveDoc(tx, 'order', {}, { fields, written, extra: { from_quotation: quotationId } }, actor, now);
  });
}
