import { idParams } from '@bpm/contract/common';
import {
  autocompleteQuery,
  ORDER_FILE_FIELDS,
  orderListQuery,
  orderSave,
  orderTimeParams,
  productionOrderSave,
  shippingOrderSave,
} from '@bpm/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { unixNow } from '../../config';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { Deps } from '../../platform/deps';
import { invalid, zodCause } from '../../platform/errors';
import { registerFileType } from '../../platform/file-types';
import { storeFieldUpload, storeUpload } from '../../platform/files';
import { definePutById, defineRoute, Paged, type UploadedFile } from '../../platform/route';
import { orderDocument } from './pdf';
import * as orders from './service';

/** Checks and stores the uploaded PDF of one field inside the save transaction. */
export function pdfStorer(files: UploadedFile[], deps: Deps, user: AuthUser, now: number): orders.StoreFile {
  return (tx, field) => storeFieldUpload(tx, { files, deps, user }, field, 'pdf', now);
}

/** Answers a save: the document as `data`, and `warning` beside it when there is one. */
export const saveAnswer = (r: orders.SaveResult, shape: (d: orders.Doc) => unknown = (d) => d) => ({
  data: shape(r.doc),
  ...(r.warning ? { warning: r.warning } : {}),
});

/**
 * Parses a shipping or production save; when the form fails, the missing OC fields (checked against
 * the stored order otherwise) are reported with the rest (doc 1 section 5: dealer, date, oc_ref, oc_pdf).
 */
async function parseLimitedSave<T>(schema: ZodType<T>, raw: unknown, files: UploadedFile[], deps: Deps): Promise<T> {
  const r = schema.safeParse(raw ?? {});
  if (r.success) return r.data;
  const oc = await orders.missingOc(
    deps.db,
    raw,
    files.some((f) => f.field === 'oc_pdf'),
  );
  throw invalid({ ...oc, ...zodCause(r.error) });
}

export function orderRoutes(app: FastifyInstance) {
  for (const field of ORDER_FILE_FIELDS) registerFileType(app, `orders/${field}`, orders.fileIdOf('order', field));
  const read = { action: 'orders.read' } as const;
  const save = { action: 'orders.save' } as const;

  // --- Sales and administrator ---------------------------------------------------------------
  defineRoute(app, {
    method: 'GET',
    url: '/orders',
    access: read,
    query: orderListQuery,
    raw: true,
    async handler({ query, reply, deps }) {
      const page = await orders.listOrders(deps.db, query, unixNow(deps.clock));
      return reply.send({ data: page.rows, total: page.total, summary: page.summary });
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/orders/request-to-delete',
    access: read,
    handler: ({ deps }) => orders.deleteRequests(deps.db),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/orders/time/:start/:end',
    access: read,
    params: orderTimeParams,
    handler: ({ params, deps }) => orders.ordersInTime(deps.db, params.start, params.end),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/orders/:id',
    access: read,
    params: idParams,
    handler: ({ params, deps }) => orders.getDoc(deps.db, 'order', params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/orders/save',
    access: save,
    multipart: true,
    body: orderSave,
    raw: true,
    async handler({ body, files, user, reply, deps }) {
      const now = unixNow(deps.clock);
      const r = await orders.saveSalesDoc(deps.db, 'order', body, pdfStorer(files, deps, user, now), user, now);
      return reply.send(saveAnswer(r));
    },
  });

  for (const which of ['oc', 'invoice'] as const) {
    defineRoute(app, {
      method: 'POST',
      url: `/orders/:id/generate/${which}`,
      access: save,
      params: idParams,
      async handler({ params, user, deps }) {
        const now = unixNow(deps.clock);
        const order = await orders.getDoc(deps.db, 'order', params.id);
        const ref = which === 'oc' ? order.oc_ref || `OC-${order.id}` : order.invoice || `INV-${order.id}`;
        const bytes = await orderDocument(
          which === 'oc' ? { ...order, oc_ref: ref } : { ...order, invoice: ref },
          which,
        );
        return orders.attachGenerated(
          deps.db,
          params.id,
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
      },
    });
  }

  // --- Delete requests (document 1 section 4.3) ----------------------------------------------
  const deletes = [
    ['/sale/orders/delete/:id', 'orders.requestDelete', 'request'],
    ['/sale/orders/delete/cancel/:id', 'orders.requestDelete', 'cancel'],
    ['/admin/orders/delete/approve/:id', 'orders.delete', 'approve'],
    ['/admin/orders/delete/reject/:id', 'orders.delete', 'reject'],
    ['/admin/orders/delete/:id', 'orders.delete', 'delete'],
  ] as const;
  definePutById(app, deletes, (a) => orders.deleteAction(a.deps.db, 'order', a.id, a.what, a.user, a.now));

  // --- Shipping and production variants ------------------------------------------------------
  for (const [role, action] of [
    ['shipping', 'orders.shipping'],
    ['production', 'orders.production'],
  ] as const) {
    defineRoute(app, {
      method: 'GET',
      url: `/${role}/orders`,
      access: { action },
      query: orderListQuery,
      async handler({ query, deps }) {
        const page = await orders.listShippingOrders(deps.db, query, unixNow(deps.clock));
        return new Paged(page.rows, page.total);
      },
    });
    defineRoute(app, {
      method: 'GET',
      url: `/${role}/orders/:id`,
      access: { action },
      params: idParams,
      handler: async ({ params, deps }) => orders.withoutMoney(await orders.getDoc(deps.db, 'order', params.id)),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: '/shipping/orders/save',
    access: { action: 'orders.shipping' },
    multipart: true,
    raw: true,
    async handler({ body: raw, files, user, reply, deps }) {
      const body = await parseLimitedSave(shippingOrderSave, raw, files, deps);
      const now = unixNow(deps.clock);
      const r = await orders.saveShippingOrder(deps.db, body, pdfStorer(files, deps, user, now), user, now);
      return reply.send(saveAnswer({ doc: r.doc }, orders.withoutMoney));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/production/orders/save',
    access: { action: 'orders.production' },
    multipart: true,
    raw: true,
    async handler({ body: raw, files, user, reply, deps }) {
      const body = await parseLimitedSave(productionOrderSave, raw, files, deps);
      const now = unixNow(deps.clock);
      const r = await orders.saveProductionOrder(deps.db, body, pdfStorer(files, deps, user, now), user, now);
      return reply.send(saveAnswer({ doc: r.doc }, orders.withoutMoney));
    },
  });

  // --- Autocomplete ----------------------------------------------------------------------------
  defineRoute(app, {
    method: 'GET',
    url: '/autocomplete/orders',
    access: { action: 'autocomplete.orders' },
    query: autocompleteQuery,
    handler: ({ query, deps }) => orders.orderOptions(deps.db, query.search, query.limit),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/autocomplete/products',
    access: { action: 'autocomplete.products' },
    query: autocompleteQuery,
    handler: ({ query, deps }) => orders.productOptions(deps.db, query.search, query.limit),
  });
}
