import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { storeUpload } from '../../platform/files';
import { attachGenerated } from './files';
import { orderDocument } from './pdf';
import type { Doc } from './read';
import { getDoc } from './read';

/**
 * POST /orders/{id}/generate/{oc|invoice}: renders the order's OC or invoice PDF (an empty
 * reference becomes OC-{id} / INV-{id}), stores it and attaches it to the order.
 */
export async function generateDocument(
  deps: Deps,
  id: number,
  which: 'oc' | 'invoice',
  user: AuthUser,
  now: number,
): Promise<Doc> {
  const order = await getDoc(deps.db, 'order', id);
  const ref = which === 'oc' ? order.oc_ref || `OC-${order.id}` : order.invoice || `INV-${order.id}`;
  const bytes = await orderDocument(which === 'oc' ? { ...order, oc_ref: ref } : { ...order, invoice: ref }, which);
  return attachGenerated(
    deps.db,
    id,
    which,
    (tx: Db, fileName) =>
      storeUpload(
        tx,
        deps.files,
        { field: `${which}_pdf`, fileName, mimetype: 'application/pdf', data: bytes },
        'pdf',
        // Generated documents are ours: the upload limit is for what users send.
        { maxBytes: Number.MAX_SAFE_INTEGER, userId: user.user_id, nowSec: now },
      ),
    user,
    now,
  );
}
