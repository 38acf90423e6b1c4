import { idParam } from '@bpm/contract/common';
import { documentMailBody, documentMailDraft, documentMailSent, statementMailParams } from '@bpm/contract/mailing';
import { reportQuery } from '@bpm/contract/reports';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { defineRoute } from '../../platform/route';
import * as mailing from './service';

/**
 * 'Send by e-mail' (issue 24 item 2): the OC and the invoice from the order, the statement of accounts from
 * the reports screen. GET answers what the dialog offers; POST sends. Who may see the document may send it.
 */
export function mailingRoutes(app: FastifyInstance) {
  const params = z.object({ id: idParam });
  for (const [which, action] of [
    ['oc', 'orders.sendOc'],
    ['invoice', 'orders.sendInvoice'],
  ] as const) {
    const url = `/orders/:id/email/${which}`;
    defineRoute(app, {
      method: 'GET',
      url,
      access: { action },
      params,
      response: documentMailDraft,
      handler: ({ params, deps }) => mailing.orderMailDraft(deps.db, params.id, which),
    });
    defineRoute(app, {
      method: 'POST',
      url,
      access: { action },
      params,
      body: documentMailBody,
      response: documentMailSent,
      handler: ({ params, body, user, deps }) =>
        mailing.sendOrderDocument(deps, params.id, which, body, user, unixNow(deps.clock)),
    });
  }

  const statement = '/sale/reports/dealerStatementOfAccounts/email/:dealerId/:startDate/:endDate';
  const access = { action: 'reports.sendDealerStatement' } as const;
  // /sale/ as the statement's download: the spec's name for the reports, not a role gate.
  const shared = { anyRolePrefix: true } as const;
  defineRoute(app, {
    ...shared,
    method: 'GET',
    url: statement,
    access,
    params: statementMailParams,
    query: reportQuery,
    response: documentMailDraft,
    handler: ({ params: p, query, deps }) =>
      mailing.statementMailDraft(deps.db, p.dealerId, p.startDate, p.endDate, query.timezone ?? 'UTC'),
  });
  defineRoute(app, {
    ...shared,
    method: 'POST',
    url: statement,
    access,
    params: statementMailParams,
    query: reportQuery,
    body: documentMailBody,
    response: documentMailSent,
    handler: ({ params, query, body, user, deps }) =>
      mailing.sendStatement(deps, params, query.timezone ?? 'UTC', body, user, unixNow(deps.clock)),
  });
}
