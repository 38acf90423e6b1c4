import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import { AppError, notFound, unauthorized } from '../../platform/errors';
import { defineRoute } from '../../platform/route';
import { startMetrics } from './metrics';
import { NOT_CHECKED, readiness } from './service';

const CHECKS = ['database', 'migrations', 'outbox'] as const;

/** Constant-time comparison of a presented bearer token with the configured one. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * What an operator (a load balancer, an orchestrator, Prometheus) watches. The health routes are
 * public; the metrics are public to the platform's role check too and are guarded by METRICS_TOKEN
 * themselves (a scraper is no user of the portal).
 */
export function healthRoutes(app: FastifyInstance) {
  // Liveness: the process answers. The database is readiness's business (a restart would not fix it).
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    access: { public: true },
    response: z.object({ status: z.literal('ok') }),
    handler: async () => ({ status: 'ok' as const }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/health/ready',
    access: { public: true },
    errors: [503],
    response: z.object({
      status: z.literal('ready'),
      checks: z.object(Object.fromEntries(CHECKS.map((c) => [c, z.literal('ok')]))),
    }),
    async handler({ req, deps }) {
      const r = await readiness(deps.db, {
        nowSec: unixNow(deps.clock),
        outboxMaxAge: deps.config.outboxMaxAge,
        smtp: deps.config.smtpUrl !== '',
        log: (err, check) => req.log.warn({ err, check }, 'readiness check failed'),
      });
      if (r.ready) return { status: 'ready' as const, checks: r.checks };
      const failing = CHECKS.filter((c) => r.checks[c] !== 'ok' && r.checks[c] !== NOT_CHECKED);
      const cause = Object.fromEntries(failing.map((c) => [c, r.checks[c]]));
      throw new AppError(503, `Not ready: ${failing.join(', ')}`, cause);
    },
  });

  const token = app.deps.config.metricsToken;
  const metrics = token ? startMetrics(app) : undefined;
  defineRoute(app, {
    method: 'GET',
    url: '/metrics',
    access: { public: true },
    errors: [401, 404],
    raw: true,
    async handler({ req, reply }) {
      // Unset: there are no metrics (404, as for any path that is not there); a wrong token: 401.
      if (!metrics) throw notFound();
      if (!tokenMatches(req.headers.authorization, token)) throw unauthorized();
      await metrics.refresh();
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  });
}
