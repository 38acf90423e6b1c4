import { idParams } from '@bpm/contract/common';
import { signatureDeleted, user, userFlagAnswer, userListQuery, userRow, userSave } from '@bpm/contract/users';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { registerFileType } from '../../platform/file-types';
import { sendFile } from '../../platform/files';
import { defineListAndGet, definePutById, defineRoute, flagRoutes } from '../../platform/route';
import * as users from './service';

export function userRoutes(app: FastifyInstance) {
  const access = { action: 'users.manage' } as const;
  registerFileType(app, 'users/signature_img', users.signatureFileId);

  defineListAndGet(app, '/admin/users', access, userListQuery, users.listUsers, users.getUser, {
    row: userRow,
    record: user,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/users/save',
    access,
    multipart: true,
    body: userSave,
    response: user,
    async handler({ body, files, user, deps }) {
      const now = unixNow(deps.clock);
      return users.saveUser(deps.db, body, { files, deps, user }, user, now);
    },
  });

  definePutById(
    app,
    flagRoutes('/admin/users', access.action, ['disable', 'enable', 'delete']),
    (a) => users.setUserFlag(a.deps.db, a.id, a.what, a.user, a.now),
    userFlagAnswer,
  );

  defineRoute(app, {
    method: 'GET',
    url: '/admin/users/signature/:id',
    access,
    params: idParams,
    raw: true,
    async handler({ params, reply, deps }) {
      return sendFile(reply, deps.db, deps.files, await users.signatureFileId(deps.db, params.id));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/users/signature/delete/:id',
    access,
    params: idParams,
    response: signatureDeleted,
    handler: ({ params, user, deps }) => users.deleteSignature(deps.db, params.id, user, unixNow(deps.clock)),
  });
}
