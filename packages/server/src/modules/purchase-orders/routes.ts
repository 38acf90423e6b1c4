import { idAnswer, idParams } from '@bpm/contract/common';
import {
  approvalUser,
  historyListQuery,
  lastRate,
  lookup,
  poHistoryRecord,
  poHistoryRow,
  poListMeta,
  poRow,
  purchaseOrder,
  purchasingOverview,
} from '@bpm/contract/purchase-order-reads';
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
  poRateParams,
  poRequestApproval,
  poSave,
  poShippingCost,
  poSupplierQuery,
  poTimeParams,
} from '@bpm/contract/purchase-orders';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { invalid } from '../../platform/errors';
import { registerFileType } from '../../platform/file-types';
import { totalMeta } from '../../platform/list-totals';
import { defineRoute, Paged, RowsWith, type UploadedFile } from '../../platform/route';
import { historyPoPdfFile, poPdfFile, poUploadFile } from './documents';
import { historyFile, historyOf, historyRecord } from './history';
import * as life from './lifecycle';
import { deleteLookup, listLookup, saveLookup } from './lookups';
import {
  getPo,
  lastRate as lastRateOf,
  listPos,
  purchasingOverview as overview,
  posByStatus,
  posInTime,
} from './queries';
import { savePo } from './service';

const read = { action: 'purchaseOrders.read' } as const;

export function purchaseOrderRoutes(app: FastifyInstance) {
  // Current files of a PO; the PO PDF only while approved or received.
  registerFileType(app, 'purchase_order/po_pdf', (db, id) => poPdfFile(app.deps, db, id));
  for (const field of ['proof_payment_pdf', 'supplier_quote_pdf'] as const) {
    registerFileType(app, `purchase_order/${field}`, (db, id) => poUploadFile(db, id, field));
    registerFileType(app, `purchase_order_history/${field}`, historyFile(field));
  }
  registerFileType(app, 'purchase_order_history/po_pdf', (db, id) => historyPoPdfFile(app.deps, db, id));

  listRoutes(app);
  lookupRoutes(app);
  historyRoutes(app);
  lifecycleRoutes(app);
  overviewRoute(app);
}

/** The lists: all, by status, by time. */
function listRoutes(app: FastifyInstance) {
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
      return new RowsWith(page.rows, { ...totalMeta(page), amount: page.amount, counted: page.counted });
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
}

/** Departments, terms and price quotes. */
function lookupRoutes(app: FastifyInstance) {
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

  // The form's default rate when the currency changes: the last one used for that currency.
  defineRoute(app, {
    method: 'GET',
    url: '/purchaseorders/rate/:currency',
    access: { action: 'purchaseOrders.lookups' },
    params: poRateParams,
    response: lastRate,
    handler: async ({ params, deps }) => ({
      currency: params.currency,
      currency_rate: await lastRateOf(deps.db, params.currency),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/purchaseorders/users/poapproval',
    access: { action: 'purchaseOrders.approvers' },
    response: z.array(approvalUser),
    handler: ({ deps }) => life.approverOptions(deps.db),
  });
}

/** The approved versions of a purchase order. */
function historyRoutes(app: FastifyInstance) {
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
}

/** Saving and the lifecycle (document 2 sections 4 and 6). */
function lifecycleRoutes(app: FastifyInstance) {
  // --- Saving and the lifecycle -------------------------------------------------------------------
  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/save',
    access: { action: 'purchaseOrders.save' },
    multipart: true,
    body: poSave,
    response: purchaseOrder,
    handler: async ({ body, user, deps }) => (await savePo(deps.db, body, user, unixNow(deps.clock))).po,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/purchaseorders/requestapproval/:id',
    access: { action: 'purchaseOrders.requestApproval' },
    params: idParams,
    body: poRequestApproval,
    response: purchaseOrder,
    handler: ({ params, body, user, deps }) =>
      life.requestApproval(deps, params.id, body.emailTo, user, unixNow(deps.clock)),
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
      handler: ({ params, user, deps }) => life.approve(deps, params.id, decision, user, unixNow(deps.clock)),
    });
  }

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/purchaseorders/receive/:id',
    access: { action: 'purchaseOrders.receive' },
    params: idParams,
    response: purchaseOrder,
    handler: ({ params, user, deps }) => life.receive(deps.db, params.id, user, unixNow(deps.clock)),
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
      return life.pay(deps, params.id, paid, file, user, unixNow(deps.clock));
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
      const file = life.pdfUpload(uploads, 'supplier_quote_pdf', PO_MSG.quoteRequired, deps.config.maxUpload);
      return life.uploadQuote(deps, params.id, file, user, unixNow(deps.clock));
    },
  });
}

/** The purchasing overview (document 1 section 2.5). */
function overviewRoute(app: FastifyInstance) {
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
