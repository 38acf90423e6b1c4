import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../platform/route';

export function healthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    access: { public: true },
    response: z.object({ status: z.literal('ok') }),
    async handler({ deps }) {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' };
    },
  });
}
