// Quotation → order, "Confirm Order" (document 1 section 2.9): PUT turn-to-order.
import { EVENTS } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders, quotationLines, quotations } from '../../db/schema/sales';
import { invalidState } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { lockRow } from '../../platform/records';
import { getDoc } from './read';
import { finishSave, type SaveResult } from './write';

/** PUT /quotations/turn-to-order/{id}: a new order with the quotation's fields and lines, linked both ways. */
export async function turnToOrder(db: Db, quotationId: number, actor: Actor, now: number): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    await lockRow(tx, quotations, quotationId);
    const q = await getDoc(tx, 'quotation', quotationId);
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
    const [created] = await tx
      .insert(orders)
      .values({
        ...copy,
        date: now,
        shippingStatus: 'wait',
        shippingForToday: 0,
        shippingAwb: '',
        testStatus: 'pending',
        linkId: quotationId,
        createdBy: actor.user_id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    const orderId = created!.id;
    const lines = await tx.select().from(quotationLines).where(eq(quotationLines.docId, quotationId));
    if (lines.length) {
      await tx.insert(orderLines).values(lines.map(({ id: _i, docId: _q, ...l }) => ({ ...l, docId: orderId })));
    }
    await tx
      .update(quotations)
      .set({ linkId: orderId, version: sql`${quotations.version} + 1`, updatedAt: now })
      .where(eq(quotations.id, quotationId));
    await recordEvent(
      tx,
      actor,
      {
        entityType: 'quotation',
        entityId: quotationId,
        event: EVENTS.quotation.confirmed,
        data: { quote_ref: q.quote_ref, order_id: orderId, changes: { order_id: { old: q.order_id, new: orderId } } },
      },
      now,
    );
    return finishSave(tx, 'order', orderId, null, EVENTS.order.created, actor, now, { from_quotation: quotationId });
  });
}
