import { idParams, listTotalMeta } from '@bpm/contract/common';
import {
  autocompleteQuery,
  deleteActionAnswer,
  deleteRequestRow,
  order,
  orderListMeta,
  orderListQuery,
  orderOption,
  orderRow,
  orderTimeParams,
  orderTimeRow,
  productOption,
  saveMeta,
  shippingOrder,
  shippingOrderRow,
} from '@bpm/contract/order-reads';
import { ORDER_FILE_FIELDS, orderSave, productionOrderSave, shippingOrderSave } from '@bpm/contract/orders';
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import { unixNow } from '../../config';
import { defineCsvExport } from '../../platform/csv-export';
import type { Deps } from '../../platform/deps';
import { invalid, zodCause } from '../../platform/errors';
import { registerFileType } from '../../platform/file-types';
import { definePutById, defineRoute, RowsWith, type UploadedFile } from '../../platform/route';
import { deleteAction } from '../sales-docs/delete-requests';
import {
  exportOrders,
  exportShippingOrders,
  ORDER_EXPORT_COLUMNS,
  SHIPPING_EXPORT_COLUMNS,
} from '../sales-docs/export';
import { fileIdOf, pdfStorer } from '../sales-docs/files';
import { generateDocument } from '../sales-docs/generate';
import { missingOc, saveProductionOrder, saveShippingOrder } from '../sales-docs/limited-save';
import { deleteRequests, listOrders, listShippingOrders, ordersInTime } from '../sales-docs/list';
import { orderOptions, productOptions } from '../sales-docs/options';
import { getDoc, withoutMoney } from '../sales-docs/read';
import { saveAnswer, saveSalesDoc } from '../sales-docs/save';

/**
 * Parses a shipping or production save; when the form fails, the missing OC fields (checked against
 * the stored order otherwise) are reported with the rest (doc 1 section 5: dealer, date, oc_ref, oc_pdf).
 */
async function parseLimitedSave<T>(schema: ZodType<T>, raw: unknown, files: UploadedFile[], deps: Deps): Promise<T> {
  const r = schema.safeParse(raw ?? {});
  if (r.success) return r.data;
  const oc = await missingOc(
    deps.db,
    raw,
    files.some((f) => f.field === 'oc_pdf'),
  );
  throw invalid({ ...oc, ...zodCause(r.error) });
}

const read = { action: 'orders.read' } as const;
const save = { action: 'orders.save' } as const;

export function orderRoutes(app: FastifyInstance) {
  for (const field of ORDER_FILE_FIELDS) registerFileType(app, `orders/${field}`, fileIdOf('order', field));
  salesRoutes(app);
  variantRoutes(app);
  autocompleteRoutes(app);
}

/** Sales and administrator: the list, export, reads, saves, documents and delete requests. */
function salesRoutes(app: FastifyInstance) {
  defineCsvExport(app, {
    url: '/orders/export.csv',
    action: read.action,
    query: orderListQuery,
    fileName: 'orders.csv',
    fetch: (deps, q, _user, limit, after) => exportOrders(deps.db, q, unixNow(deps.clock), limit, after),
    columns: ORDER_EXPORT_COLUMNS,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/orders',
    access: read,
    query: orderListQuery,
    // `{ data: rows, total, summary }`: a page with the totals of every matching order.
    paged: true,
    response: orderRow,
    meta: orderListMeta,
    async handler({ query, deps }) {
      const { rows, ...meta } = await listOrders(deps.db, query, unixNow(deps.clock));
      return new RowsWith(rows, meta);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/orders/request-to-delete',
    access: read,
    response: z.array(deleteRequestRow),
    handler: ({ deps }) => deleteRequests(deps.db),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/orders/time/:start/:end',
    access: read,
    params: orderTimeParams,
    response: z.array(orderTimeRow),
    handler: ({ params, deps }) => ordersInTime(deps.db, params.start, params.end),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/orders/:id',
    access: read,
    params: idParams,
    response: order,
    handler: ({ params, deps }) => getDoc(deps.db, 'order', params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/orders/save',
    access: save,
    multipart: true,
    body: orderSave,
    response: order,
    meta: saveMeta,
    async handler({ body, files, user, deps }) {
      const now = unixNow(deps.clock);
      const r = await saveSalesDoc(deps.db, 'order', body, pdfStorer(files, deps, user, now), user, now);
      return saveAnswer(r);
    },
  });

  for (const which of ['oc', 'invoice'] as const) {
    defineRoute(app, {
      method: 'POST',
      url: `/orders/:id/generate/${which}`,
      access: save,
      params: idParams,
      response: order,
      handler: ({ params, user, deps }) => generateDocument(deps, params.id, which, user, unixNow(deps.clock)),
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
  definePutById(app, deletes, (a) => deleteAction(a.deps.db, 'order', a.id, a.what, a.user, a.now), deleteActionAnswer);
}

/** The shipping and production variants (document 1 section 7). */
function variantRoutes(app: FastifyInstance) {
  for (const [role, action] of [
    ['shipping', 'orders.shipping'],
    ['production', 'orders.production'],
  ] as const) {
    defineCsvExport(app, {
      url: `/${role}/orders/export.csv`,
      action,
      query: orderListQuery,
      fileName: 'orders.csv',
      fetch: (deps, q, _user, limit, after) => exportShippingOrders(deps.db, q, unixNow(deps.clock), limit, after),
      columns: SHIPPING_EXPORT_COLUMNS,
    });
    defineRoute(app, {
      method: 'GET',
      url: `/${role}/orders`,
      access: { action },
      query: orderListQuery,
      paged: true,
      response: shippingOrderRow,
      meta: listTotalMeta,
      async handler({ query, deps }) {
        const { rows, ...meta } = await listShippingOrders(deps.db, query, unixNow(deps.clock));
        return new RowsWith(rows, meta);
      },
    });
    defineRoute(app, {
      method: 'GET',
      url: `/${role}/orders/:id`,
      access: { action },
      params: idParams,
      response: shippingOrder,
      handler: async ({ params, deps }) => withoutMoney(await getDoc(deps.db, 'order', params.id)),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: '/shipping/orders/save',
    access: { action: 'orders.shipping' },
    multipart: true,
    response: shippingOrder,
    meta: saveMeta,
    async handler({ body: raw, files, user, deps }) {
      const body = await parseLimitedSave(shippingOrderSave, raw, files, deps);
      const now = unixNow(deps.clock);
      const r = await saveShippingOrder(deps.db, body, pdfStorer(files, deps, user, now), user, now);
      return saveAnswer({ doc: r.doc }, withoutMoney);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/production/orders/save',
    access: { action: 'orders.production' },
    multipart: true,
    response: shippingOrder,
    meta: saveMeta,
    async handler({ body: raw, files, user, deps }) {
      const body = await parseLimitedSave(productionOrderSave, raw, files, deps);
      const now = unixNow(deps.clock);
      const r = await saveProductionOrder(deps.db, body, pdfStorer(files, deps, user, now), user, now);
      return saveAnswer({ doc: r.doc }, withoutMoney);
    },
  });
}

/** The order and product autocompletes. */
function autocompleteRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/autocomplete/orders',
    access: { action: 'autocomplete.orders' },
    query: autocompleteQuery,
    response: z.array(orderOption),
    handler: ({ query, deps }) => orderOptions(deps.db, query.search, query.limit),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/autocomplete/products',
    access: { action: 'autocomplete.products' },
    query: autocompleteQuery,
    response: z.array(productOption),
    handler: ({ query, deps }) => productOptions(deps.db, query.search, query.limit),
  });
}
