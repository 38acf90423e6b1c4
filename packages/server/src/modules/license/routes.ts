import { EVENTS } from '@bpm/contract/events';
import {
  licenseBatchKeys,
  licenseBatchRequest,
  licenseKey,
  licenseRecord,
  licenseRegistryQuery,
  licenseRequest,
} from '@bpm/contract/license';
import type { FastifyInstance } from 'fastify';
import { unixNow } from '../../config';
import { defineRoute, Paged } from '../../platform/route';
import { auditRequest } from '../../platform/security-audit';
import * as license from './service';

export function licenseRoutes(app: FastifyInstance) {
  const access = { action: 'license.generate' } as const;
  for (const [url, kind] of [
    ['/license/genLicense', 'license'],
    ['/license/genActivateCode', 'activation'],
  ] as const) {
    defineRoute(app, {
      method: 'POST',
      url,
      access,
      body: licenseRequest,
      // The screen shows one red message: the first rule broken (the MAC's, then the options').
      invalidMessage: (cause) => cause.mac ?? cause.license ?? Object.values(cause)[0],
      response: licenseKey,
      handler: ({ body, user, deps }) => license.generate(deps.db, deps.config, kind, body, user, unixNow(deps.clock)),
    });
  }

  // BPM's own: one call licenses every device of a packing list (docs/decisions.md).
  defineRoute(app, {
    method: 'POST',
    url: '/license/batch',
    access,
    body: licenseBatchRequest,
    invalidMessage: (cause) => cause.license ?? Object.values(cause)[0],
    response: licenseBatchKeys,
    handler: ({ body, user, deps }) => license.generateBatch(deps.db, deps.config, body, user, unixNow(deps.clock)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/license/registry',
    access,
    query: licenseRegistryQuery,
    paged: true,
    response: licenseRecord,
    async handler({ req, query, deps }) {
      const page = await license.listLicenses(deps.db, query);
      await auditRequest(app, req, EVENTS.security.licenseRegistryRead, { target_type: 'license', filters: query });
      return new Paged(page.rows, page.total);
    },
  });
}
