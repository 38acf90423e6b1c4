import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../platform/route';
import { checkDatabase } from './service';

export function healthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    access: { public: true },
    response: z.object({ status: z.literal('ok') }),
    async handler({ deps }) {
      await checkDatabase(deps.db);
      return { status: 'ok' };
    },
  });
}
