import {
  supplier,
  supplierAutocompleteQuery,
  supplierExportColumns,
  supplierListQuery,
  supplierOption,
  supplierSave,
} from '@bpm/contract/suppliers';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { defineCsvExport } from '../../platform/csv-export';
import { defineListAndGet, defineRoute } from '../../platform/route';
import * as suppliers from './service';

export function supplierRoutes(app: FastifyInstance) {
  const access = { action: 'suppliers.manage' } as const;

  defineCsvExport(app, {
    url: '/suppliers/export.csv',
    action: access.action,
    query: supplierListQuery,
    fileName: 'suppliers.csv',
    columns: supplierExportColumns,
    fetch: (deps, q, _user, limit, after) => suppliers.exportSuppliers(deps.db, q, limit, after),
  });
  defineListAndGet(app, '/suppliers', access, supplierListQuery, suppliers.listSuppliers, suppliers.getSupplier, {
    row: supplier,
    record: supplier,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/suppliers/save',
    access,
    // JSON or a form post.
    multipart: true,
    body: supplierSave,
    response: supplier,
    handler: ({ body, user, deps }) => suppliers.saveSupplier(deps.db, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/autocomplete/suppliers',
    access,
    query: supplierAutocompleteQuery,
    response: z.array(supplierOption),
    handler: ({ query, deps }) => suppliers.supplierOptions(deps.db, query),
  });
}
