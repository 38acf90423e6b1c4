// Writes the API's OpenAPI document (what GET /api/openapi.json answers) to a file, without a server
// or a database of the deployment: the app is built on an empty in-memory PGlite database.
// Usage: node --import tsx scripts/openapi.ts OUT.json   (npm run api:lint: .tmp/openapi.json, linted by redocly)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../packages/server/src/app';
import { loadConfig, systemClock } from '../packages/server/src/config';
import { openPglite } from '../packages/server/src/db/client';
import { TokenService } from '../packages/server/src/platform/auth';
import { diskFileStore } from '../packages/server/src/platform/files';
import { createMailer } from '../packages/server/src/platform/mail';
import { openApiDocument } from '../packages/server/src/platform/openapi';

const out = process.argv[2];
if (!out) {
  console.error('usage: node --import tsx scripts/openapi.ts OUT.json');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'bpm-openapi-'));
const database = await openPglite();
try {
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'openapi-document-only-'.repeat(2), WEB_DIST: '' });
  const app = await buildApp({
    db: database.db,
    files: diskFileStore(join(dir, 'files')),
    mailer: createMailer({
      smtpUrl: '',
      from: config.mailFrom,
      publicUrl: config.publicUrl,
      clock: systemClock,
      log() {},
    }),
    clock: systemClock,
    config,
    tokens: new TokenService(config.jwtSecret, config.accessTtl),
  });
  await app.ready();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(openApiDocument(app), null, 2)}\n`);
  await app.close();
  console.log(`OpenAPI document: ${out}`);
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
