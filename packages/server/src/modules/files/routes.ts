import { idParam } from '@bpm/contract/common';
import { EVENTS } from '@bpm/contract/events';
import { canFile } from '@bpm/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound } from '../../platform/errors';
import { fileResolver } from '../../platform/file-types';
import { sendBytes, sendFile } from '../../platform/files';
import { defineRoute } from '../../platform/route';
import { auditRequest } from '../../platform/security-audit';

const CATALOGUE_IMAGES = new Set(['products/product_image', 'partComponents/part_image']);

const fileParams = z.object({
  area: z.string().regex(/^[a-z_]+$/i),
  field: z.string().regex(/^[a-z_]+$/i),
  id: idParam,
});

/** GET /files/{fileType}/{id} and the administrator's /admin/files/… variant. */
export function fileRoutes(app: FastifyInstance) {
  for (const [url, action] of [
    ['/files/:area/:field/:id', 'files.read'],
    ['/admin/files/:area/:field/:id', 'files.admin'],
  ] as const) {
    defineRoute(app, {
      method: 'GET',
      url,
      access: { action },
      params: fileParams,
      raw: true,
      async handler({ req, params, user, reply, deps }) {
        const fileType = `${params.area}/${params.field}`;
        const resolve = fileResolver(app, fileType);
        if (!resolve) throw notFound();
        if (!canFile(user.user_role, fileType)) throw forbidden();
        const found = await resolve(deps.db, params.id, user);
        if (!found) throw notFound();
        // Catalogue images are shown in lists; every other download is a document worth auditing.
        if (!CATALOGUE_IMAGES.has(fileType))
          await auditRequest(app, req, EVENTS.security.documentDownloaded, {
            target_type: fileType,
            target_id: params.id,
          });
        if (found && typeof found === 'object') return sendBytes(reply, found.data, found.mime, found.fileName);
        return sendFile(reply, deps.db, deps.files, found);
      },
    });
  }
}
