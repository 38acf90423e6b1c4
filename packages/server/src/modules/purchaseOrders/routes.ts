import { idAnswer, idParams } from '@bpm/contract/common';
import {
  approvalUser,
  historyListQuery,
  lookup,
  type PurchaseOrder,
  poHistoryRecord,
  poHistoryRow,
  poListMeta,
  poRow,
  purchaseOrder,
  purchasingOverview,
} from '@bpm/contract/purchaseOrderReads';
import {
  LOOKUPS,
  lookupQuery,
  lookupSave,
  OVERVIEW_LIMIT,
  PO_MSG,
  poAwb,
  poCancel,
  poListQuery,
  poPay,
  poRequestApproval,
  poSave,
  poShippingCost,
  poSupplierQuery,
  poTimeParams,
} from '@bpm/contract/purchaseOrders';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import type { Db } from '../../db/client';
import { totalMeta } from '../../db/count';
import { files } from '../../db/schema/platform';
import { purchaseOrderHistory as H, purchaseOrders } from '../../db/schema/purchasing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { invalid } from '../../platform/errors';
import { registerFileType } from '../../platform/file-types';
import { storeUpload } from '../../platform/files';
import { defineRoute, Paged, RowsWith, type UploadedFile } from '../../platform/route';
import { historyFile, historyOf, historyRecord, storeSnapshot } from './history';
import * as life from './lifecycle';
import { deleteLookup, listLookup, saveLookup } from './lookups';
import { purchaseOrderPdf } from './pdf';
import { getPo, listPos, purchasingOverview as overview, posByStatus, posInTime } from './queries';
import { savePo } from './service';

/** A user's signature as a data URL pdfmake can draw (PNG or JPEG only). */
async function signature(db: Db, deps: Deps, userId: number | null): Promise<string | null> {
  if (!userId) return null;
  const [f] = await db
    .select({ sha: files.sha256, mime: files.mime })
    .from(users)
    .innerJoin(files, eq(files.id, users.signatureFileId))
    .where(eq(users.id, userId));
  if (!f || (f.mime !== 'image/png' && f.mime !== 'image/jpeg')) return null;
  try {
    return `data:${f.mime};base64,${(await deps.files.get(f.sha)).toString('base64')}`;
  } catch {
    return null;
  }
}

/** Renders and stores the PO PDF; answers the file id. */
export async function storePoPdf(tx: Db, deps: Deps, po: PurchaseOrder, userId: number | null, now: number) {
  const [ids] = await tx
    .select({ prepared: purchaseOrders.preparedById, approved: purchaseOrders.approvedById })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, po.id));
  const bytes = await purchaseOrderPdf(po, {
    prepared: await signature(tx, deps, ids?.prepared ?? null),
    approved: await signature(tx, deps, ids?.approved ?? null),
  });
  const stored = await storeUpload(
    tx,
    deps.files,
    { field: 'po_pdf', fileName: `${po.po_number}.pdf`, mimetype: 'application/pdf', data: bytes },
    'pdf',
    // Generated documents are ours: the upload limit is for what users send.
    { maxBytes: Number.MAX_SAFE_INTEGER, userId, nowSec: now },
  );
  return stored.id;
}

/** Where the approval e-mail links to: the PO form under PUBLIC_URL (never the request's Host header). */
const poLink = (deps: Deps, id: number) => deps.mailer.link(`/purchaseorders/edit/${id}`);

const storer = (deps: Deps, user: AuthUser, f: UploadedFile, now: number) => async (tx: Db) =>
  (await storeUpload(tx, deps.files, f, 'pdf', { maxBytes: deps.config.maxUpload, userId: user.user_id, nowSec: now }))
    .id;

export function purchaseOrderRoutes(app: FastifyInstance) {
  const P = purchaseOrders;
  // Current files of a PO; the PO PDF only while approved or received.
  registerFileType(app, 'purchase_order/po_pdf', async (db, id) => {
    const [r] = await db.select({ f: P.poPdfFileId, s: P.status }).from(P).where(eq(P.id, id));
    if (!r || (r.s !== 'approved' && r.s !== 'received')) return null;
    if (r.f) return r.f;
    // Approved before PDFs were stored (imported or demo data): render it once, keep it.
    return app.deps.db.transaction(async (tx) => {
      const fileId = await storePoPdf(tx, app.deps, await getPo(tx, id), null, unixNow(app.deps.clock));
      await tx.update(P).set({ poPdfFileId: fileId }).where(eq(P.id, id));
      return fileId;
    });
  });
  registerFileType(app, 'purchase_order/proof_payment_pdf', async (db, id) => {
    const [r] = await db.select({ f: P.proofPaymentFileId }).from(P).where(eq(P.id, id));
    return r?.f;
  });
  registerFileType(app, 'purchase_order/supplier_quote_pdf', async (db, id) => {
    const [r] = await db.select({ f: P.supplierQuoteFileId }).from(P).where(eq(P.id, id));
    return r?.f;
  });
  for (const field of ['proof_payment_pdf', 'supplier_quote_pdf'] as const)
    registerFileType(app, `purchase_order_history/${field}`, historyFile(field));
  registerFileType(app, 'purchase_order_history/po_pdf', async (db, id) => {
    const [h] = await db
      .select({ status: H.status, f: H.poPdfFileId, snapshot: H.snapshot })
      .from(H)
      .where(eq(H.id, id));
    if (!h || (h.status !== 'approved' && h.status !== 'received')) return null;
    if (h.f) return h.f;
    // A version stored without its PDF (demo or imported data): render it from the snapshot once.
    return app.deps.db.transaction(async (tx) => {
      const fileId = await storePoPdf(tx, app.deps, h.snapshot as PurchaseOrder, null, unixNow(app.deps.clock));
      await tx.update(H).set({ poPdfFileId: fileId }).where(eq(H.id, id));
      return fileId;
    });
  });

  const read = { action: 'purchaseOrders.read' } as const;

  defineRoute(app, {
    method: 'GET',
    url: '/purchaseorders',
    access: read,
    query: poListQuery,
    // `{ data, total, amount }`: a page with the USD sum of the filtered POs beside it.
    paged: true,
    response: poRow,
    meta: poListMeta,
    async handler({ query, deps }) {
      const page = await listPos(deps.db, query);
      return new RowsWith(page.rows, { ...totalMeta(page), amount: page.amount });
    },
  });

  for (const status of ['waitingapproval', 'draft'] as const) {
    defineRoute(app, {
      method: 'GET',
      url: `/purchaseorders/${status}`,
      access: read,
      query: poSupplierQuery,
      paged: true,
      response: poRow,
      async handler({ query, deps }) {
        const page = await posByStatus(deps.db, status, query.supplier, OVERVIEW_LIMIT);
        return new Paged(page.rows, page.total);
      },
    });
  }

  for (const url of ['/purchaseorders/time/:start', '/purchaseorders/time/:start/:end']) {
    defineRoute(app, {
      method: 'GET',
      url,
      access: read,
      params: poTimeParams,
      response: z.array(poRow),
      handler: ({ params, deps }) => posInTime(deps.db, params.start, params.end),
    });
  }

  // --- Lookups ----------------------------------------------------------------------------------
  for (const kind of LOOKUPS) {
    defineRoute(app, {
      method: 'GET',
      url: `/purchaseorders/${kind}`,
      access: { action: 'purchaseOrders.lookups' },
      query: lookupQuery,
      response: z.array(lookup),
      handler: ({ query, deps }) => listLookup(deps.db, kind, query.search),
    });
    defineRoute(app, {
      method: 'POST',
      url: `/admin/purchaseorders/${kind}/save`,
      access: { action: 'purchaseOrders.manageLookups' },
      body: lookupSave(kind),
      response: lookup,
      handler: ({ body, user, deps }) => saveLookup(deps.db, kind, body, user, unixNow(deps.clock)),
    });
    defineRoute(app, {
      method: 'PUT',
      url: `/admin/purchaseorders/${kind}/delete/:id`,
      access: { action: 'purchaseOrders.manageLookups' },
      params: idParams,
      response: idAnswer,
      handler: ({ params, user, deps }) => deleteLookup(deps.db, kind, params.id, user, unixNow(deps.clock)),
    });
  }

  defineRoute(app, {
    method: 'GET',
    url: '/purchaseorders/users/poapproval',
    access: { action: 'purchaseOrders.approvers' },
    response: z.array(approvalUser),
    handler: async ({ deps }) => (await life.approvers(deps.db)).map(({ email: _e, ...u }) => u),
  });

  // --- History ----------------------------------------------------------------------------------
  defineRoute(app, {
    method: 'GET',
    url: '/purchaseorders/history/po/:id',
    access: { action: 'purchaseOrders.history' },
    params: idParams,
    query: historyListQuery,
    paged: true,
    response: poHistoryRow,
    async handler({ params, query, deps }) {
      await getPo(deps.db, params.id);
      const page = await historyOf(deps.db, params.id, query);
      return new Paged(page.rows, page.total);
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/purchaseorders/history/:id',
    access: { action: 'purchaseOrders.history' },
    params: idParams,
    response: poHistoryRecord,
    handler: ({ params, deps }) => historyRecord(deps.db, params.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/purchaseorders/:id',
    access: read,
    params: idParams,
    response: purchaseOrder,
    handler: ({ params, deps }) => getPo(deps.db, params.id),
  });

  // --- Saving and the lifecycle -------------------------------------------------------------------
  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/save',
    access: { action: 'purchaseOrders.save' },
    multipart: true,
    body: poSave,
    response: purchaseOrder,
    async handler({ body, user, deps }) {
      const r = await savePo(deps.db, body, user, unixNow(deps.clock), storeSnapshot);
      return r.po;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/requestapproval/:id',
    access: { action: 'purchaseOrders.requestApproval' },
    params: idParams,
    body: poRequestApproval,
    response: purchaseOrder,
    handler: ({ params, body, user, deps }) =>
      life.requestApproval(
        deps.db,
        deps.mailer,
        params.id,
        body.emailTo,
        user,
        unixNow(deps.clock),
        poLink(deps, params.id),
      ),
  });

  for (const [prefix, decision] of [
    ['admin', 'approve'],
    ['admin', 'reject'],
    ['poapproval', 'approve'],
    ['poapproval', 'reject'],
  ] as const) {
    defineRoute(app, {
      method: 'PUT',
      url: `/${prefix}/purchaseorders/${decision}/:id`,
      access: { action: 'purchaseOrders.approve' },
      params: idParams,
      response: purchaseOrder,
      handler: ({ params, user, deps }) => {
        const now = unixNow(deps.clock);
        return life.approve(deps.db, params.id, decision, user, now, storeSnapshot, (tx, po) =>
          storePoPdf(tx, deps, po, user.user_id, now),
        );
      },
    });
  }

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/purchaseorders/receive/:id',
    access: { action: 'purchaseOrders.receive' },
    params: idParams,
    response: purchaseOrder,
    handler: ({ params, user, deps }) => life.receive(deps.db, params.id, user, unixNow(deps.clock), storeSnapshot),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/cancel/:id',
    access: { action: 'purchaseOrders.cancel' },
    params: idParams,
    body: poCancel,
    response: purchaseOrder,
    handler: ({ params, body, user, deps }) => life.cancel(deps.db, params.id, body.reason, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/saveShippingCost',
    access: { action: 'purchaseOrders.shippingCost' },
    body: poShippingCost,
    response: purchaseOrder,
    handler: ({ body, user, deps }) => life.saveShippingCost(deps.db, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/saveAwb',
    access: { action: 'purchaseOrders.awb' },
    body: poAwb,
    response: purchaseOrder,
    handler: ({ body, user, deps }) => life.saveAwb(deps.db, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/pay/:id',
    access: { action: 'purchaseOrders.pay' },
    params: idParams,
    multipart: true,
    response: purchaseOrder,
    async handler({ params, body: raw, files: uploads, user, deps }) {
      const now = unixNow(deps.clock);
      const cause: Record<string, string> = {};
      const parsed = poPay.safeParse(raw ?? {});
      if (!parsed.success) cause.payment_status = PO_MSG.paymentStatusRequired;
      let file: UploadedFile | undefined;
      try {
        file = life.pdfUpload(uploads, 'proof_payment_pdf', PO_MSG.proofRequired, deps.config.maxUpload);
      } catch (err) {
        Object.assign(cause, (err as { fieldErrors?: Record<string, string> }).fieldErrors ?? {});
      }
      if (Object.keys(cause).length || !parsed.success || !file) {
        throw invalid(cause);
      }
      const paid = Number(parsed.data.payment_status) as 0 | 1 | 2;
      return life.pay(deps.db, params.id, paid, storer(deps, user, file, now), user, now);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/quote/:id',
    access: { action: 'purchaseOrders.quote' },
    params: idParams,
    multipart: true,
    response: purchaseOrder,
    async handler({ params, files: uploads, user, deps }) {
      const now = unixNow(deps.clock);
      const file = life.pdfUpload(uploads, 'supplier_quote_pdf', PO_MSG.quoteRequired, deps.config.maxUpload);
      return life.uploadQuote(deps.db, params.id, storer(deps, user, file, now), user, now);
    },
  });

  // --- Purchasing overview (document 1 section 2.5) --------------------------------------------------
  defineRoute(app, {
    method: 'GET',
    url: '/dashboard/purchasing',
    access: { action: 'dashboard.purchasing' },
    query: poSupplierQuery,
    response: purchasingOverview,
    handler: ({ query, deps }) => overview(deps.db, query.supplier, unixNow(deps.clock)),
  });
}
