import { companySave, companySettings } from '@bpm/contract/company';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { registerFileType } from '../../platform/file-types';
import { defineRoute } from '../../platform/route';
import * as company from './service';

/** The administrator's Settings page: the company block every document prints (issue 24 item 3). */
export function companyRoutes(app: FastifyInstance) {
  const access = { action: 'company.manage' } as const;
  registerFileType(app, 'company/logo', company.companyLogoFileId);

  defineRoute(app, {
    method: 'GET',
    url: '/admin/company',
    access,
    response: companySettings,
    handler: ({ deps }) => company.getCompanySettings(deps.db),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/company/save',
    access,
    // JSON, or a form post with the `logo` file.
    multipart: true,
    body: companySave,
    response: companySettings,
    handler: ({ body, files, user, deps }) =>
      company.saveCompanySettings(deps.db, body, { files, deps, user }, user, unixNow(deps.clock)),
  });
}
