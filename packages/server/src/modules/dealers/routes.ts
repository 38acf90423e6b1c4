import { idParams } from '@bpm/contract/common';
import {
  dealer,
  dealerAutocompleteQuery,
  dealerCredit,
  dealerExportColumns,
  dealerListQuery,
  dealerOption,
  dealerRow,
  dealerSave,
} from '@bpm/contract/dealers';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { defineCsvExport } from '../../platform/csv-export';
import { registerFileType } from '../../platform/file-types';
import { defineListAndGet, defineRoute } from '../../platform/route';
import * as dealers from './service';

export function dealerRoutes(app: FastifyInstance) {
  const read = { action: 'dealers.read' } as const;
  registerFileType(app, 'dealers/agreement_pdf', dealers.agreementFileId);

  defineCsvExport(app, {
    url: '/dealers/export.csv',
    action: read.action,
    query: dealerListQuery,
    fileName: 'dealers.csv',
    columns: dealerExportColumns,
    fetch: (deps, q, _user, limit, after) => dealers.exportDealers(deps.db, q, limit, after),
  });
  defineListAndGet(app, '/dealers', read, dealerListQuery, dealers.listDealers, dealers.getDealer, {
    row: dealerRow,
    record: dealer,
  });

  defineRoute(app, {
    method: 'GET',
    url: '/dealers/autocomplete',
    access: read,
    query: dealerAutocompleteQuery,
    response: z.array(dealerOption),
    handler: ({ query, deps }) => dealers.dealerOptions(deps.db, query.search, query.limit),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/dealers/credit/:id',
    access: read,
    params: idParams,
    response: dealerCredit,
    handler: ({ params, deps }) => dealers.dealerCredit(deps.db, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/dealers/save',
    access: { action: 'dealers.save' },
    multipart: true,
    body: dealerSave,
    response: dealer,
    async handler({ body, files, user, deps }) {
      const now = unixNow(deps.clock);
      return dealers.saveDealer(deps.db, body, { files, deps, user }, user, now);
    },
  });
}
