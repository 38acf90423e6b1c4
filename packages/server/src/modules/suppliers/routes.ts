import { idParams } from '@bpm/contract/common';
import { supplierAutocompleteQuery, supplierListQuery, supplierSave } from '@bpm/contract/suppliers';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { defineRoute, Paged } from '../../platform/route';
import * as suppliers from './service';

export function supplierRoutes(app: FastifyInstance) {
  const access = { action: 'suppliers.manage' } as const;

  defineRoute(app, {
    method: 'GET',
    url: '/suppliers',
    access,
    query: supplierListQuery,
    async handler({ query, deps }) {
      const page = await suppliers.listSuppliers(deps.db, query);
      return new Paged(page.rows, page.total);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/suppliers/:id',
    access,
    params: idParams,
    handler: ({ params, deps }) => suppliers.getSupplier(deps.db, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/suppliers/save',
    access,
    // JSON or a form post.
    multipart: true,
    body: supplierSave,
    handler: ({ body, user, deps }) => suppliers.saveSupplier(deps.db, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/autocomplete/suppliers',
    access,
    query: supplierAutocompleteQuery,
    handler: ({ query, deps }) => suppliers.supplierOptions(deps.db, query),
  });
}
