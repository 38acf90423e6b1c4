import type { FastifyInstance } from 'fastify';

export function importRoutes(_app: FastifyInstance) {}
