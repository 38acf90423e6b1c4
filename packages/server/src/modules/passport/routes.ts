import { passport, passportQuery } from '@bpm/contract/passport';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route';
import { getPassport } from './service';

/** GET /units/passport?serial=… (BPM's own, issue 23): one serial's passport. */
export function passportRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/units/passport',
    access: { action: 'units.passport' },
    query: passportQuery,
    response: passport,
    handler: ({ query, user, deps }) => getPassport(deps.db, query.serial, user),
  });
}
