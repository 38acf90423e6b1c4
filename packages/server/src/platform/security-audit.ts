// What a security review asks of the audit trail (issue 21 item 7): refused calls, logouts, refresh-token
// reuse, license-registry reads, downloads of sensitive documents and CSV exports, each with who, what
// and from where. They are events of the type 'security', which only the administrator reads (no role
// opens it: events/scope.ts), filtered on /events by Type = Security.
import { EVENTS } from '@bpm/contract/events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unixNow } from '../config';
import { type Db, queryRows } from '../db/client';
import { recordEvent } from './events';

export const SECURITY_ENTITY = 'security';
type SecurityEvent = (typeof EVENTS.security)[keyof typeof EVENTS.security];

/** What was asked for: the record or document, and the route it was asked through. */
export interface SecurityTarget {
  target_type?: string;
  target_id?: number | string | null;
  route?: string;
  [detail: string]: unknown;
}

/** Records one security event by the user `userId` (null: nobody signed in) from `address`. */
export async function auditSecurity(
  db: Db,
  nowSec: number,
  userId: number | null,
  event: SecurityEvent,
  target: SecurityTarget,
  address: string,
): Promise<void> {
  const [who] = userId
    ? await queryRows<{ username: string }>(db, sql`select username from users where id = ${userId}`)
    : [];
  await recordEvent(
    db,
    { user_id: who ? userId : null, username: who?.username ?? '', first_name: '', last_name: '' },
    { entityType: SECURITY_ENTITY, entityId: null, event, data: { ...target, address: address.slice(0, 64) } },
    nowSec,
  );
}

/** A request's route as its template (`GET /api/orders/:id`), never the raw URL with its query. */
export const routeOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;

/** Records `event` for the signed-in caller of `req` (a download, an export, a registry read). */
export function auditRequest(
  app: FastifyInstance,
  req: FastifyRequest,
  event: SecurityEvent,
  target: SecurityTarget = {},
): Promise<void> {
  const { db, clock } = app.deps;
  return auditSecurity(
    db,
    unixNow(clock),
    req.user?.user_id ?? null,
    event,
    { route: routeOf(req), ...target },
    req.ip,
  );
}

/** Refused calls recorded per caller (user, else address) in a minute; a scan beyond it is not flooding the table. */
export const REFUSALS_PER_MINUTE = 10;

/** Counts one refusal of the caller in the current minute; true while within the limit. */
async function refusalWithinLimit(db: Db, caller: string, now: number): Promise<boolean> {
  const [row] = await queryRows<{ failures: number }>(
    db,
    sql`insert into login_attempts as t (key, failures, window_start)
      values (${`refused|${caller}`}, 1, ${now})
      on conflict (key) do update set
        failures = case when t.window_start <= ${now - 60} then 1 else t.failures + 1 end,
        window_start = case when t.window_start <= ${now - 60} then ${now} else t.window_start end
      returning failures`,
  );
  return Number(row?.failures ?? 1) <= REFUSALS_PER_MINUTE;
}

/** Every answer of 403 is audited (who, route, when, from where), rate-limited per caller. */
export function auditRefusals(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 403) return payload;
    try {
      const { db, clock } = app.deps;
      const now = unixNow(clock);
      const caller = req.user ? `u${req.user.user_id}` : `a${req.ip.slice(0, 64)}`;
      if (await refusalWithinLimit(db, caller, now))
        await auditSecurity(
          db,
          now,
          req.user?.user_id ?? null,
          EVENTS.security.refused,
          { route: routeOf(req) },
          req.ip,
        );
    } catch (err) {
      // The refusal stands whatever happens to its audit line.
      req.log.error({ err }, 'refused call not audited');
    }
    return payload;
  });
}
