import { dashboardQuery, productionOverview, salesOverview } from '@bpm/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { defineRoute } from '../../platform/route';
import * as dashboard from './service';

/** Dashboard data (document 1 section 2.5); the delete-request card reads GET /orders/request-to-delete. */
export function dashboardRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/dashboard/sales',
    access: { action: 'dashboard.sales' },
    query: dashboardQuery,
    response: salesOverview,
    handler: ({ query, deps }) => dashboard.salesOverview(deps.db, query, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/dashboard/production',
    access: { action: 'dashboard.production' },
    query: dashboardQuery,
    response: productionOverview,
    handler: ({ query, deps }) => dashboard.productionOverview(deps.db, query),
  });
}
