import { importForm, importPreview, importResult } from '@bpm/contract/imports';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { defineRoute } from '../../platform/route';
import { commitImport, previewImport } from './service';

/** Spreadsheet import (issue 26 item 2): a preview, then the commit of the same file. */
export function importRoutes(app: FastifyInstance) {
  const access = { action: 'imports.run' } as const;
  defineRoute(app, {
    method: 'POST',
    url: '/imports/preview',
    access,
    multipart: true,
    body: importForm,
    response: importPreview,
    handler: ({ body, files, deps }) =>
      previewImport(
        deps.db,
        body.kind,
        files.find((f) => f.field === 'file'),
      ),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/imports/commit',
    access,
    multipart: true,
    body: importForm,
    response: importResult,
    handler: ({ body, files, user, deps }) =>
      commitImport(
        deps.db,
        body.kind,
        body.token,
        files.find((f) => f.field === 'file'),
        user,
        unixNow(deps.clock),
      ),
  });
}
