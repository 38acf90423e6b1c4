import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { outboxBacklog } from '../../platform/mail';

/** The migrations this build ships (drizzle's journal): how many, and the last one's timestamp. */
const journal = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: Array<{ when: number; tag: string }> };

/** One readiness check: 'ok', NOT_CHECKED, or what is wrong in a sentence. */
export type CheckResult = 'ok' | string;

/** A check that was not made: the database it needs does not answer. */
export const NOT_CHECKED = 'not checked';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; outbox: CheckResult };
}

/** A check that takes longer than this fails (a hung pool must not hang the probe). */
const CHECK_TIMEOUT_MS = 3000;

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Every migration of the journal is applied: drizzle's migrator applies those newer than the last
 * row of `drizzle.__drizzle_migrations`, so the last row's timestamp must be the journal's last.
 */
async function checkMigrations(db: Db): Promise<CheckResult> {
  const [row] = await queryRows<{ n: number; last: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const expected = journal.entries.length;
  const last = journal.entries.at(-1)?.when ?? 0;
  const applied = Number(row?.n ?? 0);
  if (row?.last != null && Number(row.last) >= last) return 'ok';
  return `${applied} of ${expected} migrations applied (missing up to ${journal.entries.at(-1)?.tag})`;
}

/** Mail has waited longer than `maxAge` seconds with nothing sent since (only where SMTP_URL is set). */
async function checkOutbox(db: Db, nowSec: number, maxAge: number, smtp: boolean): Promise<CheckResult> {
  if (!smtp || maxAge <= 0) return 'ok';
  const backlog = await outboxBacklog(db, nowSec);
  if (backlog.waitingAge !== null && backlog.waitingAge > maxAge)
    return `mail has waited ${backlog.waitingAge} s with none sent since (limit ${maxAge} s)`;
  return 'ok';
}

/** GET /health/ready: the database answers, every migration is applied, the outbox moves. */
export async function readiness(
  db: Db,
  opts: { nowSec: number; outboxMaxAge: number; smtp: boolean; log: (err: unknown, check: string) => void },
): Promise<Readiness> {
  // The answer is public: the error itself (addresses, SQL) goes to the log only.
  const failed = (check: string) => (err: unknown) => {
    opts.log(err, check);
    return (err as Error).message.startsWith('no answer within') ? (err as Error).message : 'failed (see the log)';
  };
  let database: CheckResult = 'ok';
  try {
    await within(CHECK_TIMEOUT_MS, db.execute(sql`select 1`));
  } catch (err) {
    database = failed('database')(err);
  }
  if (database !== 'ok') return { ready: false, checks: { database, migrations: NOT_CHECKED, outbox: NOT_CHECKED } };
  const [migrations, outbox] = await Promise.all([
    within(CHECK_TIMEOUT_MS, checkMigrations(db)).catch(failed('migrations')),
    within(CHECK_TIMEOUT_MS, checkOutbox(db, opts.nowSec, opts.outboxMaxAge, opts.smtp)).catch(failed('outbox')),
  ]);
  return { ready: migrations === 'ok' && outbox === 'ok', checks: { database, migrations, outbox } };
}
