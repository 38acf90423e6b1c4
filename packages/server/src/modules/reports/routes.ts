import {
  dealerStatementParams,
  formatParams,
  monthlySalesParams,
  REPORT_ACTIONS,
  type ReportFormat,
  type ReportId,
  reportFileName,
  reportQuery,
  salesBomCostBody,
  shippingCostParams,
  topDealersParams,
} from '@bpm/contract/reports';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { recordEvent } from '../../platform/events';
import { type Ctx, defineRoute } from '../../platform/route';
import { companyForDocuments } from '../company/service';
import type { Report } from './output';
import { sendReport } from './output';
import * as reports from './service';

const UTC = 'UTC';

/**
 * The six report downloads at the spec's paths (document 2 section 7). The /sale/ and /shipping/
 * prefixes are the spec's names, not role gates: each report admits the roles of section 6.
 */
export function reportRoutes(app: FastifyInstance) {
  /** Builds the report (errors still answer JSON), records the download, then sends the file. */
  async function deliver(
    ctx: Ctx<unknown, { timezone?: string }, unknown>,
    id: ReportId,
    format: ReportFormat,
    params: Record<string, unknown>,
    build: (tz: string, now: number) => Promise<Report> | Report,
  ) {
    const { deps, user, reply, query } = ctx;
    const tz = query.timezone ?? UTC;
    const now = unixNow(deps.clock);
    const report = await build(tz, now);
    await recordEvent(
      deps.db,
      user,
      { entityType: 'report', entityId: null, event: 'report_downloaded', data: { report: id, format, ...params } },
      now,
    );
    const generatedAt = new Date(now * 1000).toISOString().replace('T', ' ').slice(0, 16);
    const company = format === 'pdf' ? await companyForDocuments(deps.db, deps.files) : undefined;
    return sendReport(reply, report, format, reportFileName(report.fileParts, format), `${generatedAt} UTC`, company);
  }
  const common = { raw: true, anyRolePrefix: true, query: reportQuery } as const;

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: '/sale/reports/dealerStatementOfAccounts/:format/:dealerId/:startDate/:endDate',
    access: { action: REPORT_ACTIONS.dealerStatementOfAccounts },
    params: dealerStatementParams,
    handler: (ctx) => {
      const p = ctx.params;
      return deliver(ctx, 'dealerStatementOfAccounts', p.format, p, (tz) =>
        reports.dealerStatement(ctx.deps.db, p.dealerId, p.startDate, p.endDate, tz),
      );
    },
  });

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: '/sale/reports/overdueInvoices/:format',
    access: { action: REPORT_ACTIONS.overdueInvoices },
    params: formatParams,
    handler: (ctx) =>
      deliver(ctx, 'overdueInvoices', ctx.params.format, {}, (tz, now) =>
        reports.overdueInvoices(ctx.deps.db, now, tz),
      ),
  });

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: '/shipping/reports/shippingCost/:format/:company/:startDate/:endDate',
    access: { action: REPORT_ACTIONS.shippingCost },
    params: shippingCostParams,
    handler: (ctx) => {
      const p = ctx.params;
      return deliver(ctx, 'shippingCost', p.format, p, (tz) =>
        reports.shippingCost(ctx.deps.db, p.company, p.startDate, p.endDate, tz),
      );
    },
  });

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: '/sale/reports/monthlySales/:format/:year/:month',
    access: { action: REPORT_ACTIONS.monthlySales },
    params: monthlySalesParams,
    handler: (ctx) => {
      const p = ctx.params;
      return deliver(ctx, 'monthlySales', p.format, p, (tz, now) =>
        reports.monthlySales(ctx.deps.db, p.year, p.month, now, tz),
      );
    },
  });

  defineRoute(app, {
    ...common,
    method: 'GET',
    url: '/shipping/reports/topDealers/:format/:startDate/:endDate/:timezone',
    access: { action: REPORT_ACTIONS.topDealers },
    params: topDealersParams,
    handler: (ctx) => {
      const p = ctx.params;
      // The path's time zone decides; ?timezone= is not needed here.
      return deliver({ ...ctx, query: { timezone: p.timezone } }, 'topDealers', p.format, p, (tz) =>
        reports.topDealers(ctx.deps.db, p.startDate, p.endDate, tz),
      );
    },
  });

  defineRoute(app, {
    ...common,
    method: 'POST',
    url: '/sale/reports/salesBomCost/:format',
    access: { action: REPORT_ACTIONS.salesBomCost },
    params: formatParams,
    body: salesBomCostBody,
    handler: (ctx) =>
      deliver(ctx, 'salesBomCost', ctx.params.format, ctx.body, (tz) =>
        reports.salesBomCost(ctx.deps.db, ctx.body, tz),
      ),
  });
}
