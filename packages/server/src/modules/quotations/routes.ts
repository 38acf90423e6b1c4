import { idParams, listTotalMeta } from '@bpm/contract/common';
import { deleteActionAnswer, order, saveMeta } from '@bpm/contract/order-reads';
import type { Action } from '@bpm/contract/permissions';
import {
  quotation,
  quotationDeleteRequestRow,
  quotationListQuery,
  quotationRow,
  quotationSave,
  shippingQuotation,
  shippingQuotationRow,
} from '@bpm/contract/quotations';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { defineCsvExport } from '../../platform/csv-export';
import { registerFileType } from '../../platform/file-types';
import { totalMeta } from '../../platform/list-totals';
import { definePutById, defineRoute, RowsWith } from '../../platform/route';
import { turnToOrder } from '../sales-docs/convert';
import { deleteAction, pendingDeleteRequests } from '../sales-docs/delete-requests';
import { fileIdOf, pdfStorer } from '../sales-docs/files';
import { exportQuotations, listQuotations } from '../sales-docs/quotation-list';
import { getDoc, withoutMoney } from '../sales-docs/read';
import { saveAnswer, saveSalesDoc } from '../sales-docs/save';

export function quotationRoutes(app: FastifyInstance) {
  registerFileType(app, 'quotations/oc_pdf', fileIdOf('quotation', 'oc_pdf'));
  registerFileType(app, 'quotations/invoice_pdf', fileIdOf('quotation', 'invoice_pdf'));

  // Sales/administrator at /quotations, production at /production/quotations, shipping read-only
  // at /shipping/quotations (without money).
  const variants: Array<{ base: string; read: Action; save?: Action; money: boolean }> = [
    { base: '/quotations', read: 'quotations.read', save: 'quotations.save', money: true },
    { base: '/production/quotations', read: 'quotations.production', save: 'quotations.production', money: true },
    { base: '/shipping/quotations', read: 'quotations.shipping', money: false },
  ];
  for (const v of variants) {
    defineCsvExport(app, {
      url: `${v.base}/export.csv`,
      action: v.read,
      query: quotationListQuery,
      fileName: 'quotations.csv',
      fetch: async (deps, q, _user, limit, after) => {
        const chunk = await exportQuotations(deps.db, q, limit, after);
        if (v.money) return chunk;
        return { ...chunk, rows: chunk.rows.map(({ value: _v, shipping_cost: _s, ...r }) => r) };
      },
    });
    defineRoute(app, {
      method: 'GET',
      url: v.base,
      access: { action: v.read },
      query: quotationListQuery,
      paged: true,
      response: v.money ? quotationRow : shippingQuotationRow,
      // `{ data: rows, total, total_estimated }`: above a threshold the total is an estimate.
      meta: listTotalMeta,
      async handler({ query, deps }) {
        const page = await listQuotations(deps.db, query);
        const rows = v.money ? page.rows : page.rows.map(({ value: _v, shipping_cost: _s, ...r }) => r);
        return new RowsWith(rows, totalMeta(page));
      },
    });
    defineRoute(app, {
      method: 'GET',
      url: `${v.base}/:id`,
      access: { action: v.read },
      params: idParams,
      response: v.money ? quotation : shippingQuotation,
      async handler({ params, deps }) {
        const doc = await getDoc(deps.db, 'quotation', params.id);
        return v.money ? doc : withoutMoney(doc);
      },
    });
    if (!v.save) continue;
    const saveAction = v.save;
    defineRoute(app, {
      method: 'POST',
      url: `${v.base}/save`,
      access: { action: saveAction },
      multipart: true,
      body: quotationSave,
      response: quotation,
      meta: saveMeta,
      async handler({ body, files, user, deps }) {
        const now = unixNow(deps.clock);
        const r = await saveSalesDoc(deps.db, 'quotation', body, pdfStorer(files, deps, user, now), user, now);
        return saveAnswer(r);
      },
    });
    defineRoute(app, {
      method: 'PUT',
      url: `${v.base}/turn-to-order/:id`,
      access: { action: saveAction },
      params: idParams,
      response: order,
      meta: saveMeta,
      async handler({ params, user, deps }) {
        const r = await turnToOrder(deps.db, params.id, user, unixNow(deps.clock));
        return saveAnswer(r);
      },
    });
  }

  // The spec lists "PUT turn-to-order" among production's order calls: the same confirmation.
  defineRoute(app, {
    method: 'PUT',
    url: '/production/orders/turn-to-order/:id',
    access: { action: 'quotations.production' },
    params: idParams,
    response: order,
    meta: saveMeta,
    async handler({ params, user, deps }) {
      const r = await turnToOrder(deps.db, params.id, user, unixNow(deps.clock));
      return saveAnswer(r);
    },
  });

  // --- Deletion (document 1 sections 4.3 and 6) ------------------------------------------------
  // The administrator's 'Request to Delete' card: every pending request (no page of the newest to filter).
  defineRoute(app, {
    method: 'GET',
    url: '/quotations/request-to-delete',
    access: { action: 'quotations.read' },
    response: z.array(quotationDeleteRequestRow),
    handler: ({ deps }) => pendingDeleteRequests(deps.db, 'quotation'),
  });
  const deletes = [
    ['/sale/quotations/delete/:id', 'quotations.requestDelete', 'request'],
    ['/sale/quotations/delete/cancel/:id', 'quotations.requestDelete', 'cancel'],
    ['/production/quotations/delete/:id', 'quotations.requestDelete', 'request'],
    ['/production/quotations/delete/cancel/:id', 'quotations.requestDelete', 'cancel'],
    ['/admin/quotations/delete/approve/:id', 'quotations.delete', 'approve'],
    ['/admin/quotations/delete/reject/:id', 'quotations.delete', 'reject'],
    ['/admin/quotations/delete/:id', 'quotations.delete', 'delete'],
  ] as const;
  definePutById(
    app,
    deletes,
    (a) => deleteAction(a.deps.db, 'quotation', a.id, a.what, a.user, a.now),
    deleteActionAnswer,
  );
}
