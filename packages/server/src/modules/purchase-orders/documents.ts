// The files of a purchase order: the PO PDF (rendered and stored on approval, or once on the first
// download of a PO approved without one), the proof of payment and the supplier quote.
import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { eq } from 'drizzle-orm';
import { unixNow } from '../../config';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/platform';
import { purchaseOrderHistory as H, purchaseOrders as P } from '../../db/schema/purchasing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { type FileStore, storeUpload } from '../../platform/files';
import type { UploadedFile } from '../../platform/route';
import { companyForDocuments } from '../company/service';
import { fromSnapshot } from './history';
import { purchaseOrderPdf } from './pdf';
import { getPo } from './queries';

/** A user's signature as a data URL pdfmake can draw (PNG or JPEG only). */
async function signature(db: Db, store: FileStore, userId: number | null): Promise<string | null> {
  if (!userId) return null;
  const [f] = await db
    .select({ sha: files.sha256, mime: files.mime })
    .from(users)
    .innerJoin(files, eq(files.id, users.signatureFileId))
    .where(eq(users.id, userId));
  if (!f || (f.mime !== 'image/png' && f.mime !== 'image/jpeg')) return null;
  try {
    return `data:${f.mime};base64,${(await store.get(f.sha)).toString('base64')}`;
  } catch {
    return null;
  }
}

/** Renders and stores the PO PDF with the preparer's and approver's signatures; answers the file id. */
export async function storePoPdf(tx: Db, store: FileStore, po: PurchaseOrder, userId: number | null, now: number) {
  const [ids] = await tx.select({ prepared: P.preparedById, approved: P.approvedById }).from(P).where(eq(P.id, po.id));
  const bytes = await purchaseOrderPdf(
    po,
    {
      prepared: await signature(tx, store, ids?.prepared ?? null),
      approved: await signature(tx, store, ids?.approved ?? null),
    },
    await companyForDocuments(tx, store),
  );
  const stored = await storeUpload(
    tx,
    store,
    { field: 'po_pdf', fileName: `${po.po_number}.pdf`, mimetype: 'application/pdf', data: bytes },
    'pdf',
    // Generated documents are ours: the upload limit is for what users send.
    { maxBytes: Number.MAX_SAFE_INTEGER, userId, nowSec: now },
  );
  return stored.id;
}

const shown = (status: string) => status === 'approved' || status === 'received';

/** Download type purchase_order/po_pdf: the PO PDF, only while approved or received. */
export async function poPdfFile(deps: Deps, db: Db, id: number): Promise<number | null> {
  const [r] = await db.select({ f: P.poPdfFileId, s: P.status }).from(P).where(eq(P.id, id));
  if (!r || !shown(r.s)) return null;
  if (r.f) return r.f;
  // Approved before PDFs were stored (imported or demo data): render it once, keep it.
  return deps.db.transaction(async (tx) => {
    const fileId = await storePoPdf(tx, deps.files, await getPo(tx, id), null, unixNow(deps.clock));
    await tx.update(P).set({ poPdfFileId: fileId }).where(eq(P.id, id));
    return fileId;
  });
}

/** Download type purchase_order_history/po_pdf: an approved or received version's PO PDF. */
export async function historyPoPdfFile(deps: Deps, db: Db, id: number): Promise<number | null> {
  const [h] = await db.select({ status: H.status, f: H.poPdfFileId, snapshot: H.snapshot }).from(H).where(eq(H.id, id));
  if (!h || !shown(h.status)) return null;
  if (h.f) return h.f;
  // A version stored without its PDF (demo or imported data): render it from the snapshot once.
  return deps.db.transaction(async (tx) => {
    const fileId = await storePoPdf(tx, deps.files, fromSnapshot(h.snapshot), null, unixNow(deps.clock));
    await tx.update(H).set({ poPdfFileId: fileId }).where(eq(H.id, id));
    return fileId;
  });
}

/** Download types purchase_order/proof_payment_pdf and purchase_order/supplier_quote_pdf. */
export async function poUploadFile(db: Db, id: number, field: 'proof_payment_pdf' | 'supplier_quote_pdf') {
  const col = field === 'proof_payment_pdf' ? P.proofPaymentFileId : P.supplierQuoteFileId;
  const [r] = await db.select({ f: col }).from(P).where(eq(P.id, id));
  return r?.f;
}

/** Stores a PDF the user uploaded (proof of payment, supplier quote) in the caller's transaction. */
export async function storeUploadedPdf(tx: Db, deps: Deps, user: AuthUser, file: UploadedFile, now: number) {
  const opts = { maxBytes: deps.config.maxUpload, userId: user.user_id, nowSec: now };
  return (await storeUpload(tx, deps.files, file, 'pdf', opts)).id;
}
