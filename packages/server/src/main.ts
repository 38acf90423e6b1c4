import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, requestLogger } from './app';
import { ConfigError, loadConfig, systemClock, unixNow } from './config';
import { openDatabase } from './db/client';
import { isEmpty, seedAdmin, seedDemo, seedDemoHistory } from './db/seed';
import { backupKeep, startDailyBackups } from './modules/backup/service';
import { DEMO_OC_PDF } from './modules/orders/seed';
import { TokenService } from './platform/auth';
import { isUniqueViolation } from './platform/errors';
import { diskFileStore } from './platform/files';
import { createMailer } from './platform/mail';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const now = unixNow(systemClock);
  if (await isEmpty(database.db)) {
    if (config.production) {
      if (!config.adminPassword) {
        await database.close();
        throw new ConfigError(
          'NODE_ENV=production on an empty database: set BPM_ADMIN_PASSWORD to the password of the first administrator (user admin).',
        );
      }
      // Two instances starting on one empty database: the second finds the administrator made.
      await seedAdmin(database.db, config.adminPassword, now).catch((err) => {
        if (!isUniqueViolation(err)) throw err;
      });
    } else if (config.demo) {
      console.log('Empty database: loading demo data…');
      await seedDemo(database.db, now);
      await seedDemoHistory(database.db);
    }
  }
  // The embedded database has no autovacuum daemon: without ANALYZE its planner keeps no statistics of
  // what was written since (the products of a new database: the test order list at 1M orders took 5 s
  // instead of 6 ms). Refreshed at each start and daily (ANALYZE samples each table: seconds at 1M orders).
  if (database.kind === 'pglite') {
    await database.db.execute(sql`analyze`);
    setInterval(() => void database.db.execute(sql`analyze`).catch(() => undefined), 24 * 3600_000).unref();
  }
  const fileStore = diskFileStore(join(config.dataDir, 'files'));
  // The demo orders' OC rows point at one stored PDF (content-addressed, so this is idempotent).
  if (!config.production && config.demo) await fileStore.put(DEMO_OC_PDF);
  // Requests running, and when the last one started or ended: shutdown waits for them, backups for quiet.
  let inflight = 0;
  let lastActivity = Date.now();
  // The embedded database backs itself up daily into DATA_DIR/backups (BACKUP_KEEP, default 7), in a quiet minute.
  if (database.kind === 'pglite')
    startDailyBackups({
      db: database.db,
      files: fileStore,
      dataDir: config.dataDir,
      keep: backupKeep(),
      now: () => systemClock.now(),
      log: console.log,
      quietFor: () => (inflight > 0 ? 0 : Date.now() - lastActivity),
      startedAt: systemClock.now(),
    });
  const app = await buildApp(
    {
      db: database.db,
      files: fileStore,
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        publicUrl: config.publicUrl,
        clock: systemClock,
        // Inside a request, on the request's logger (with its id); else on the console.
        log: (msg) => {
          const log = requestLogger();
          if (log) log.info(msg);
          else console.log(msg);
        },
      }),
      clock: systemClock,
      config,
      tokens: new TokenService(config.jwtSecret, config.accessTtl),
    },
    { logger: { level: config.logLevel } },
  );

  // Requests still running when the server stops must finish before the database closes.
  app.addHook('onRequest', async () => {
    inflight++;
    lastActivity = Date.now();
  });
  app.addHook('onResponse', async () => {
    inflight--;
    lastActivity = Date.now();
  });
  app.addHook('onRequestAbort', async (_req) => {
    inflight--;
    lastActivity = Date.now();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing requests and closing the database…`);
    // close() stops accepting connections; then wait (at most 10 s) for requests still running.
    await app.close();
    const until = Date.now() + 10_000;
    while (inflight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`BPM is running on http://localhost:${config.port} (${database.kind})`);
}

main().catch((err) => {
  // A configuration error is said in its own words; anything else with its stack.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
