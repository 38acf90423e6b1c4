import { idParams } from '@bpm/contract/common';
import { partComponentListQuery, partComponentSave, partStatisticsBody } from '@bpm/contract/partComponents';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { sendFile, storeFieldUpload } from '../../platform/files';
import { defineRoute, Paged } from '../../platform/route';
import { registerFileType } from '../files/registry';
import * as parts from './service';

export function partComponentRoutes(app: FastifyInstance) {
  const access = { action: 'partComponents.manage' } as const;
  registerFileType(app, 'partComponents/part_image', parts.partImageFileId);

  defineRoute(app, {
    method: 'GET',
    url: '/partComponents',
    access,
    query: partComponentListQuery,
    async handler({ query, deps }) {
      const page = await parts.listParts(deps.db, query);
      return new Paged(page.rows, page.total);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/partComponents/:id',
    access,
    params: idParams,
    handler: ({ params, deps }) => parts.getPart(deps.db, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/partComponents/save',
    access,
    multipart: true,
    body: partComponentSave,
    async handler({ body, files, user, deps }) {
      const now = unixNow(deps.clock);
      const stored = await storeFieldUpload(deps.db, { files, deps, user }, 'part_image', 'image', now);
      return parts.savePart(deps.db, body, stored?.id, user, now);
    },
  });

  for (const change of ['disable', 'enable'] as const) {
    defineRoute(app, {
      method: 'PUT',
      url: `/partComponents/${change}/:id`,
      access,
      params: idParams,
      handler: ({ params, user, deps }) =>
        parts.setPartActive(deps.db, params.id, change === 'enable' ? 1 : 0, user, unixNow(deps.clock)),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: '/partComponents/deleteImage/:id',
    access,
    params: idParams,
    handler: ({ params, user, deps }) => parts.deletePartImage(deps.db, params.id, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/partComponents/image/:id',
    access,
    params: idParams,
    raw: true,
    async handler({ params, reply, deps }) {
      return sendFile(reply, deps.db, deps.files, await parts.partImageFileId(deps.db, params.id));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/partComponents/statistics/:id',
    access,
    params: idParams,
    body: partStatisticsBody,
    handler: ({ params, body, deps }) => parts.partStatistics(deps.db, params.id, body, unixNow(deps.clock)),
  });
}
