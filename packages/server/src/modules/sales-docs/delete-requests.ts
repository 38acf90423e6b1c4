// Delete requests and deletion of orders and quotations (document 1 section 4.3).
import { EVENTS } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invalidState, notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { lockWhere } from '../../platform/records';
import { KINDS, type Kind, num } from './kinds';
import { removeOrder } from './rollup';

/**
 * Every live order or quotation with a pending delete request, newest first: the predicate is the partial index's
 * (`*_delete_request_idx`, constants inline so the planner matches it), so however old a request is, it is listed.
 */
export function pendingDeleteRequestsQuery(db: Db, kind: Kind) {
  const { t } = KINDS[kind];
  return db
    .select({
      id: t.id,
      date: t.date,
      quote_ref: t.quoteRef,
      oc_ref: t.ocRef,
      invoice: t.invoice,
      dealer: t.dealerId,
      dealer_name: t.dealerName,
      value: t.value,
    })
    .from(t)
    .where(sql`${t.deleted} = 0 and ${t.requestToDelete} = 1`)
    .orderBy(sql`${t.date} desc nulls last`, desc(t.id));
}

export async function pendingDeleteRequests(db: Db, kind: Kind) {
  const rows = await pendingDeleteRequestsQuery(db, kind);
  return rows.map((r) => ({ ...r, value: num(r.value) }));
}

export type DeleteAction = 'request' | 'cancel' | 'approve' | 'reject' | 'delete';

export async function deleteAction(
  db: Db,
  kind: Kind,
  id: number,
  action: DeleteAction,
  actor: Actor,
  now: number,
): Promise<{ id: number; request_to_delete: number; deleted: number }> {
  const { t, notFound: nf } = KINDS[kind];
  return db.transaction(async (tx) => {
    const [row] = await lockWhere(tx, t, and(eq(t.id, id), eq(t.deleted, 0)), {
      rtd: t.requestToDelete,
      ocRef: t.ocRef,
      quoteRef: t.quoteRef,
    });
    if (!row) throw notFound(nf);
    if ((action === 'approve' || action === 'reject' || action === 'cancel') && row.rtd !== 1) {
      throw invalidState(MSG.noDeleteRequest);
    }
    const ident = kind === 'order' ? { oc_ref: row.ocRef } : { quote_ref: row.quoteRef };
    if (action === 'request' || action === 'cancel' || action === 'reject') {
      const value = action === 'request' ? 1 : 0;
      if (row.rtd !== value) {
        await tx.update(t).set({ requestToDelete: value, updatedAt: now }).where(eq(t.id, id));
        const names = EVENTS[kind];
        const event = {
          request: names.deleteRequested,
          cancel: names.deleteRequestCancelled,
          reject: names.deleteRejected,
        }[action];
        await recordEvent(
          tx,
          actor,
          {
            entityType: kind,
            entityId: id,
            event,
            data: { ...ident, changes: { request_to_delete: { old: row.rtd, new: value } } },
          },
          now,
        );
      }
      return { id, request_to_delete: value, deleted: 0 };
    }
    if (kind === 'order') await removeOrder(tx, id);
    await tx.update(t).set({ deleted: 1, requestToDelete: 0, updatedAt: now }).where(eq(t.id, id));
    await recordEvent(
      tx,
      actor,
      {
        entityType: kind,
        entityId: id,
        event: EVENTS[kind].deleted,
        data: { ...ident, approved_request: action === 'approve', changes: { deleted: { old: 0, new: 1 } } },
      },
      now,
    );
    return { id, request_to_delete: 0, deleted: 1 };
  });
}
