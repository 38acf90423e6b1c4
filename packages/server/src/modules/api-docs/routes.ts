import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../platform/openapi';
import { defineRoute } from '../../platform/route';
import { DOCS_HTML, DOCS_JS } from './page';

/**
 * The API reference: the OpenAPI document (administrators) and a readable page over it. The page
 * itself is a public shell without content: the browser holds the access token in memory only, so
 * the page's script gets one from the refresh cookie and then asks for the document like any client.
 */
export function apiDocsRoutes(app: FastifyInstance) {
  let cached: unknown;
  defineRoute(app, {
    method: 'GET',
    url: '/openapi.json',
    access: { action: 'apiDocs.read' },
    raw: true,
    async handler({ reply }) {
      // Routes are fixed once the app is ready: build the document once.
      cached ??= openApiDocument(app);
      return reply.header('cache-control', 'no-store').send(cached);
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/docs',
    access: { public: true },
    raw: true,
    handler: async ({ reply }) => reply.type('text/html; charset=utf-8').send(DOCS_HTML),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/docs.js',
    access: { public: true },
    raw: true,
    handler: async ({ reply }) => reply.type('text/javascript; charset=utf-8').send(DOCS_JS),
  });
}
