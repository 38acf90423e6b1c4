import { activeAnswer, idParams } from '@bpm/contract/common';
import {
  partComponent,
  partComponentExportColumns,
  partComponentListQuery,
  partComponentSave,
  partComponentSaved,
  partImageDeleted,
  partStatisticsBody,
  partStatisticsMeta,
  partStatisticsRow,
} from '@bpm/contract/part-components';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { defineCsvExport } from '../../platform/csv-export';
import { registerFileType } from '../../platform/file-types';
import { sendFile, storeFieldUpload } from '../../platform/files';
import { defineListAndGet, definePutById, defineRoute, flagRoutes, RowsWith } from '../../platform/route';
import * as parts from './service';

export function partComponentRoutes(app: FastifyInstance) {
  const access = { action: 'partComponents.manage' } as const;
  registerFileType(app, 'partComponents/part_image', parts.partImageFileId);

  defineCsvExport(app, {
    url: '/partComponents/export.csv',
    action: access.action,
    query: partComponentListQuery,
    fileName: 'part-components.csv',
    columns: partComponentExportColumns,
    fetch: (deps, q, _user, limit, after) => parts.exportParts(deps.db, q, limit, after),
  });
  defineListAndGet(app, '/partComponents', access, partComponentListQuery, parts.listParts, parts.getPart, {
    row: partComponent,
    record: partComponent,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/partComponents/save',
    access,
    multipart: true,
    body: partComponentSave,
    response: partComponentSaved,
    async handler({ body, files, user, deps }) {
      const now = unixNow(deps.clock);
      const stored = await storeFieldUpload(deps.db, { files, deps, user }, 'part_image', 'image', now);
      return parts.savePart(deps.db, body, stored?.id, user, now);
    },
  });

  definePutById(
    app,
    flagRoutes('/partComponents', access.action, ['disable', 'enable']),
    ({ id, what, user, deps, now }) => parts.setPartActive(deps.db, id, what === 'enable' ? 1 : 0, user, now),
    activeAnswer,
  );

  defineRoute(app, {
    method: 'POST',
    url: '/partComponents/deleteImage/:id',
    access,
    params: idParams,
    response: partImageDeleted,
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
    rows: true,
    response: partStatisticsRow,
    meta: partStatisticsMeta,
    async handler({ params, body, deps }) {
      // `data` is the spec's statistics rows; the average, total and window sit beside it.
      const { rows, ...meta } = await parts.partStatistics(deps.db, params.id, body, unixNow(deps.clock));
      return new RowsWith(rows, meta);
    },
  });
}
