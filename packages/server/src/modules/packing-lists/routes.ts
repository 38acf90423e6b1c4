import { idAnswer, idParam, idParams, listTotalMeta } from '@bpm/contract/common';
import {
  packingList,
  packingListQuery,
  packingListRow,
  packingListSave,
  packingOrder,
  packingOrderOption,
} from '@bpm/contract/packing-lists';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { registerFileType } from '../../platform/file-types';
import { totalMeta } from '../../platform/list-totals';
import { defineRoute, RowsWith } from '../../platform/route';
import { listPackingLists } from './list';
import { packingListPdfFile } from './pdf';
import * as svc from './service';

const orderQuery = z.object({ search: z.string().trim().max(200).optional().default('') });

/**
 * Packing lists (document 2; paths from the issue, docs/decisions.md): `/api/packinglists/…` for
 * administrator, sale and production, `/api/shipping/packinglists/…` for shipping.
 */
export function packingListRoutes(app: FastifyInstance) {
  registerFileType(app, 'packing_list/packing_list_pdf', (db, id) => packingListPdfFile(db, id, app.deps.files));
  for (const [base, action] of [
    ['/packinglists', 'packingLists.manage'],
    ['/shipping/packinglists', 'packingLists.shipping'],
  ] as const) {
    const access = { action } as const;
    defineRoute(app, {
      method: 'GET',
      url: base,
      access,
      query: packingListQuery,
      paged: true,
      response: packingListRow,
      // `{ data: rows, total, total_estimated }`: above a threshold the total is an estimate.
      meta: listTotalMeta,
      async handler({ query, deps }) {
        const page = await listPackingLists(deps.db, query);
        return new RowsWith(page.rows, totalMeta(page));
      },
    });
    defineRoute(app, {
      method: 'GET',
      url: `${base}/orders`,
      access,
      query: orderQuery,
      response: z.array(packingOrderOption),
      handler: ({ query, deps }) => svc.orderOptions(deps.db, query.search),
    });
    defineRoute(app, {
      method: 'GET',
      url: `${base}/order/:orderId`,
      access,
      params: z.object({ orderId: idParam }),
      response: packingOrder,
      handler: ({ params, deps }) => svc.packingOrder(deps.db, params.orderId),
    });
    defineRoute(app, {
      method: 'GET',
      url: `${base}/:id`,
      access,
      params: idParams,
      response: packingList,
      handler: ({ params, deps }) => svc.getPackingList(deps.db, params.id),
    });
    defineRoute(app, {
      method: 'POST',
      url: `${base}/save`,
      access,
      // JSON or a form post (products as a JSON string).
      multipart: true,
      body: packingListSave,
      response: packingList,
      handler: ({ body, user, deps }) => svc.savePackingList(deps.db, body, user, unixNow(deps.clock)),
    });
    defineRoute(app, {
      method: 'PUT',
      url: `${base}/delete/:id`,
      access,
      params: idParams,
      response: idAnswer,
      handler: ({ params, user, deps }) => svc.deletePackingList(deps.db, params.id, user, unixNow(deps.clock)),
    });
  }
}
