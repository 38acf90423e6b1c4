// The PDFs of orders and quotations: upload storing, download lookup, generated documents.
import { EVENTS } from '@bpm/contract/events';
import type { OrderFileField } from '@bpm/contract/orders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/sales';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { storeFieldUpload } from '../../platform/files';
import { saveRecord } from '../../platform/records';
import type { UploadedFile } from '../../platform/route';
import { KINDS, type Kind, type StoreFile } from './kinds';
import type { Doc } from './read';
import { docEvents } from './write';

/** Checks and stores the uploaded PDF of one field inside the save transaction. */
export function pdfStorer(files: UploadedFile[], deps: Deps, user: AuthUser, now: number): StoreFile {
  return (tx, field) => storeFieldUpload(tx, { files, deps, user }, field, 'pdf', now);
}

/** The stored file id of one document's file field (GET /files/{orders|quotations}/{field}/{id}). */
export const fileIdOf =
  (kind: Kind, field: OrderFileField) =>
  async (db: Db, id: number): Promise<number | null> => {
    const { t, notFound: nf } = KINDS[kind];
    const col = {
      oc_pdf: t.ocFileId,
      invoice_pdf: t.invoiceFileId,
      shipping_invoice_pdf: t.shippingInvoiceFileId,
      shipping_packing_list_pdf: t.shippingPackingListFileId,
    }[field];
    const [r] = await db
      .select({ f: col })
      .from(t)
      .where(and(eq(t.id, id), eq(t.deleted, 0)));
    if (!r) throw notFound(nf);
    return r.f;
  };

/** Attaches a generated OC or invoice to an order, naming the reference when it is empty. */
export async function attachGenerated(
  db: Db,
  id: number,
  which: 'oc' | 'invoice',
  /** The reference the document was rendered with (used when the order's is still empty). */
  generatedRef: string,
  store: (tx: Db, fileName: string) => Promise<{ id: number; fileName: string }>,
  actor: Actor,
  now: number,
): Promise<Doc> {
  return db.transaction(async (tx) => {
    const fileCol = which === 'oc' ? orders.ocFileId : orders.invoiceFileId;
    let prev: number | null = null;
    let stored: { id: number; fileName: string } | undefined;
    const fields = async (before: Doc | undefined) => {
      const [p] = await tx.select({ fileId: fileCol }).from(orders).where(eq(orders.id, id));
      prev = p?.fileId ?? null;
      const ref = (which === 'oc' ? before!.oc_ref : before!.invoice) || generatedRef;
      stored = await store(tx, `${ref}.pdf`);
      return which === 'oc' ? { ocRef: ref, ocFileId: stored.id } : { invoice: ref, invoiceFileId: stored.id };
    };
    const saved = await saveRecord(
      tx,
      { table: orders, ...docEvents('order') },
      { id },
      {
        fields,
        event: which === 'oc' ? EVENTS.order.ocGenerated : EVENTS.order.invoiceGenerated,
        data: (after, changes) => ({
          oc_ref: after.oc_ref,
          // A regenerated file keeps its name: the new file id is the change that shows it.
          changes: {
            ...changes,
            [`${which === 'oc' ? 'oc_pdf' : 'invoice_pdf'}_file_id`]: { old: prev, new: stored!.id },
          },
        }),
      },
      actor,
      now,
    );
    return saved.record;
  });
}
