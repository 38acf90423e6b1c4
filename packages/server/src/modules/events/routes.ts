import { idParams, listTotalMeta } from '@bpm/contract/common';
import { EVENT_KINDS, eventListQuery, eventRow } from '@bpm/contract/events';
import type { FastifyInstance } from 'fastify';
import { defineCsvExport } from '../../platform/csv-export';
import { totalMeta } from '../../platform/list-totals';
import { defineRoute, RowsWith } from '../../platform/route';
import { exportEvents, listEvents } from './service';

export function eventRoutes(app: FastifyInstance) {
  defineCsvExport(app, {
    url: '/events/export.csv',
    action: 'events.all',
    query: eventListQuery,
    fileName: 'events.csv',
    // Fixed: `since_sign_off` is on re-approvals only, and the first row must not decide the columns.
    columns: Object.keys(eventRow.shape),
    fetch: (deps, q, user, limit, after) => exportEvents(deps.db, user, q, limit, after),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/events',
    access: { action: 'events.all' },
    query: eventListQuery,
    paged: true,
    response: eventRow,
    // `{ data: rows, total, total_estimated }`: above a threshold the total is an estimate.
    meta: listTotalMeta,
    async handler({ query, user, deps }) {
      const page = await listEvents(deps.db, user, query);
      return new RowsWith(page.rows, totalMeta(page));
    },
  });

  for (const kind of EVENT_KINDS) {
    defineRoute(app, {
      method: 'GET',
      url: `/events/${kind}/:id`,
      access: { action: `events.${kind}` },
      params: idParams,
      query: eventListQuery,
      paged: true,
      response: eventRow,
      meta: listTotalMeta,
      async handler({ params, query, user, deps }) {
        const page = await listEvents(deps.db, user, query, { type: kind, id: params.id });
        return new RowsWith(page.rows, totalMeta(page));
      },
    });
  }
}
