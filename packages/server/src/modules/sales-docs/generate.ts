import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, orders } from '../../db/schema/sales';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { storeUpload } from '../../platform/files';
import { companyForDocuments } from '../company/service';
import { attachGenerated } from './files';
import { orderDocument } from './pdf';
import type { Doc } from './read';
import { getDoc } from './read';

/**
 * The invoice number of an order without one, in the demo data's scheme (issue 9 item 10): the OC
 * ref with 'OC-' turned into 'INV-' (OC-NWT26-1042 → INV-NWT26-1042); without an OC ref,
 * INV-{dealer prefix}{yy}-{next number of that prefix and year, from 1001}.
 */
export async function invoiceNumber(db: Db, order: Pick<Doc, 'oc_ref' | 'dealer' | 'date'>): Promise<string> {
  const oc = order.oc_ref.trim();
  if (oc) return /^oc-/i.test(oc) ? `INV-${oc.slice(3)}` : `INV-${oc}`;
  const [d] = await db.select({ prefix: dealers.prefix }).from(dealers).where(eq(dealers.id, order.dealer));
  const stem = `INV-${d?.prefix ?? ''}${String(new Date(order.date * 1000).getUTCFullYear()).slice(2)}-`;
  const used = await db
    .select({ invoice: orders.invoice })
    .from(orders)
    .where(and(like(orders.invoice, `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), sql`deleted = 0`));
  const max = used.reduce((m, r) => Math.max(m, Number(/^(\d+)$/.exec(r.invoice.slice(stem.length))?.[1] ?? 0)), 1000);
  return `${stem}${max + 1}`;
}

/**
 * POST /orders/{id}/generate/{oc|invoice}: renders the order's OC or invoice PDF (an empty OC ref
 * becomes OC-{id}, an empty invoice number follows invoiceNumber), stores it and attaches it.
 */
export async function generateDocument(
  deps: Deps,
  id: number,
  which: 'oc' | 'invoice',
  user: AuthUser,
  now: number,
): Promise<Doc> {
  const order = await getDoc(deps.db, 'order', id);
  const ref =
    which === 'oc' ? order.oc_ref || `OC-${order.id}` : order.invoice || (await invoiceNumber(deps.db, order));
  const [dealer] = await deps.db
    .select({ terms: dealers.paymentTerms })
    .from(dealers)
    .where(eq(dealers.id, order.dealer));
  const bytes = await orderDocument(which === 'oc' ? { ...order, oc_ref: ref } : { ...order, invoice: ref }, which, {
    paymentTerms: dealer?.terms ?? '',
    company: await companyForDocuments(deps.db, deps.files),
  });
  return attachGenerated(
    deps.db,
    id,
    which,
    ref,
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
