import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENTS } from '@bpm/contract/events';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route';
import { auditRequest } from '../../platform/security-audit';
import { createBackup } from './dump';
import { backupFileName, databaseKind } from './service';

export function backupRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/backup/download',
    access: { action: 'backup.download' },
    raw: true,
    async handler({ req, reply, deps }) {
      const now = deps.clock.now();
      const name = backupFileName(now);
      // Written whole first (a failure is a clean error answer, not a cut download), then streamed.
      const dir = await mkdtemp(join(tmpdir(), 'bpm-backup-'));
      const path = join(dir, name);
      try {
        // Recorded before the snapshot: the backup holds its own download's event.
        await auditRequest(app, req, EVENTS.security.documentDownloaded, { target_type: 'backup', file: name });
        await createBackup({ db: deps.db, files: deps.files, kind: await databaseKind(deps.db), now }, path);
      } catch (err) {
        await rm(dir, { recursive: true, force: true });
        throw err;
      }
      const body = createReadStream(path);
      body.on('close', () => void rm(dir, { recursive: true, force: true }));
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', (await stat(path)).size)
        .header('cache-control', 'private, no-store')
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(body);
    },
  });
}
