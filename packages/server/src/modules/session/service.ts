import { createHash, randomUUID } from 'node:crypto';
import { EVENTS } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { normalizeRole } from '@bpm/contract/roles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { loginAttempts, refreshTokens, users } from '../../db/schema/users';
import {
  type AuthUser,
  dummyPasswordHash,
  hashToken,
  newRefreshToken,
  type TokenService,
  verifyPassword,
} from '../../platform/auth';
import { AppError, tooMany, unauthorized } from '../../platform/errors';
import { recordEvent } from '../../platform/events';
import { auditSecurity } from '../../platform/security-audit';
import { revokeAccessTokens } from '../users/token-version';

/** Failed logins for one username from one address within the window before that pair is locked. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW = 15 * 60;
export const LOCK_SECONDS = 15 * 60;
/** Failed logins of one account, from any address, within an hour before the account is locked. */
export const ACCOUNT_BUDGET = 20;
export const ACCOUNT_WINDOW = 60 * 60;
/** The first account lock; each further lock within a day doubles it, up to a day. */
export const ACCOUNT_LOCK_SECONDS = 15 * 60;
const ACCOUNT_LOCK_MAX = 24 * 60 * 60;

export interface Issued {
  accessToken: string;
  /** New refresh token to set as the cookie, or null to keep the current cookie (grace). */
  refreshToken: string | null;
}

interface SessionOpts {
  tokens: TokenService;
  nowSec: number;
  refreshTtl: number;
  refreshGrace: number;
  /** The client's address, for the audit of a reused refresh token. */
  address?: string;
}

const authUserOf = (u: typeof users.$inferSelect): AuthUser => ({
  user_id: u.id,
  username: u.username,
  user_role: normalizeRole(u.userRole) ?? 'sale',
  is_test: u.isTest,
  token_version: u.tokenVersion,
});

/** Where a login came from (the client address, as the trusted proxy setting reports it). */
export interface LoginFrom {
  address: string;
}

/**
 * The throttle counts per username and client address, so failures from one address never lock the
 * account for another. The username is hashed: the key stays small whatever was typed.
 */
const nameHash = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 32);
const throttleKey = (name: string, address: string) => `${nameHash(name)}|${address.slice(0, 64)}`;
/** The account-wide budget's key (whatever the address: guesses spread over many addresses count here). */
const accountKey = (name: string) => `account|${nameHash(name)}`;

/**
 * Reserves one attempt atomically (a single upsert) before any password is verified, so parallel
 * guesses cannot all be checked: only the first MAX_FAILURES of a window get a slot ≤ MAX_FAILURES.
 * A slot beyond it starts the lock. An expired window or lock starts counting afresh.
 */
async function reserveAttempt(db: Db, key: string, now: number): Promise<number> {
  const reset = sql`(t.locked_until is not null and t.locked_until <= ${now})
    or (t.locked_until is null and t.window_start <= ${now - FAILURE_WINDOW})`;
  const [row] = await queryRows<{ failures: number }>(
    db,
    sql`insert into ${loginAttempts} as t (key, failures, window_start, locked_until)
      values (${key}, 1, ${now}, null)
      on conflict (key) do update set
        failures = case when ${reset} then 1 else t.failures + 1 end,
        window_start = case when ${reset} then ${now} else t.window_start end,
        locked_until = case when ${reset} then null
          when t.locked_until is null and t.failures + 1 > ${MAX_FAILURES} then ${now + LOCK_SECONDS}
          else t.locked_until end
      returning failures`,
  );
  return Number(row?.failures ?? 1);
}

/**
 * The account-wide budget, reserved like the address slot before any password is checked: the
 * attempt that spends it starts a lock (15 min, doubled for each lock in the last day, at most a day);
 * attempts during a lock are refused unchecked. When the lock has passed, counting starts afresh.
 */
async function reserveAccountAttempt(db: Db, key: string, now: number) {
  const expired = sql`(t.locked_until is not null and t.locked_until <= ${now})
    or (t.locked_until is null and t.window_start <= ${now - ACCOUNT_WINDOW})`;
  // Locks count towards the next one's length until the account has been quiet for a day.
  const quiet = sql`greatest(t.window_start, coalesce(t.locked_until, 0)) <= ${now - ACCOUNT_LOCK_MAX}`;
  const priorLocks = sql`(case when ${quiet} then 0 else t.locks end)`;
  const lockFor = sql`least(${ACCOUNT_LOCK_SECONDS}::bigint * power(2, least(${priorLocks}, 10))::bigint, ${ACCOUNT_LOCK_MAX})`;
  const starts = sql`(t.locked_until is null or t.locked_until <= ${now}) and not (${expired}) and t.failures + 1 > ${ACCOUNT_BUDGET}`;
  const [row] = await queryRows<{ failures: number; locked_until: number | null }>(
    db,
    sql`insert into ${loginAttempts} as t (key, failures, window_start, locked_until, locks)
      values (${key}, 1, ${now}, null, 0)
      on conflict (key) do update set
        failures = case when ${expired} then 1 else t.failures + 1 end,
        window_start = case when ${expired} then ${now} else t.window_start end,
        locked_until = case when t.locked_until > ${now} then t.locked_until
          when ${starts} then ${now} + ${lockFor}
          when ${expired} then null else t.locked_until end,
        locks = case when t.locked_until > ${now} then t.locks when ${starts} then ${priorLocks} + 1 else ${priorLocks} end
      returning failures, locked_until`,
  );
  const lockedUntil = row?.locked_until == null ? null : Number(row.locked_until);
  return {
    slot: Number(row?.failures ?? 1),
    retryAfter: lockedUntil != null && lockedUntil > now ? lockedUntil - now : 0,
  };
}

/** A successful login gives back its own slot and those before it (earlier typos); parallel ones stay. */
async function releaseAttempt(db: Db, key: string, slot: number): Promise<void> {
  await db.execute(
    sql`update ${loginAttempts} set failures = greatest(failures - ${slot}, 0),
      locked_until = case when failures - ${slot} <= ${MAX_FAILURES} then null else locked_until end
      where key = ${key}`,
  );
}

/** Failed, locked and successful logins are audited on the user (who, from where, when). */
async function auditLogin(
  db: Db,
  event: 'login_failed' | 'login_locked' | 'login_succeeded',
  name: string,
  user: typeof users.$inferSelect | undefined,
  address: string,
  now: number,
  reason?: string,
) {
  const actor = user
    ? { user_id: user.id, username: user.username }
    : { user_id: null, username: name.slice(0, 100), first_name: '', last_name: '' };
  const data: Record<string, unknown> = { username: name.slice(0, 100), address: address.slice(0, 64) };
  if (reason) data.reason = reason;
  await recordEvent(db, actor, { entityType: 'user', entityId: user?.id ?? null, event, data }, now);
}

export async function login(
  db: Db,
  username: string,
  password: string,
  from: LoginFrom,
  o: SessionOpts,
): Promise<Issued> {
  const name = username.trim().toLowerCase();
  const key = throttleKey(name, from.address);
  const slot = await reserveAttempt(db, key, o.nowSec);
  const findUser = async () => {
    const [u] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.username}) = ${name}`, eq(users.deleted, 0)));
    return u;
  };
  if (slot > MAX_FAILURES) {
    // Exactly one request sees the slot that starts the lock: it tells the administrator.
    if (slot === MAX_FAILURES + 1) await auditLogin(db, 'login_locked', name, await findUser(), from.address, o.nowSec);
    throw tooMany(MSG.tooManyAttempts, LOCK_SECONDS);
  }
  const account = await reserveAccountAttempt(db, accountKey(name), o.nowSec);
  if (account.retryAfter > 0) {
    if (account.slot === ACCOUNT_BUDGET + 1)
      await auditLogin(db, 'login_locked', name, await findUser(), from.address, o.nowSec, 'account');
    throw tooMany(MSG.tooManyAttempts, account.retryAfter);
  }

  const user = await findUser();
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await auditLogin(db, 'login_failed', name, user, from.address, o.nowSec);
    throw unauthorized(MSG.invalidCredentials);
  }
  await releaseAttempt(db, key, slot);
  await releaseAttempt(db, accountKey(name), 1);
  if (user.active !== 1) {
    await auditLogin(db, 'login_failed', name, user, from.address, o.nowSec, 'disabled');
    throw unauthorized(MSG.accountDisabled);
  }

  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId: randomUUID(),
    tokenHash: hashToken(refreshToken),
    createdAt: o.nowSec,
    expiresAt: o.nowSec + o.refreshTtl,
  });
  await auditLogin(db, 'login_succeeded', name, user, from.address, o.nowSec);
  return { accessToken: await o.tokens.sign(authUserOf(user), o.nowSec), refreshToken };
}

/**
 * Exchanges a refresh token for a new access token and rotates it. A token already exchanged is
 * honoured only within the grace period and only while its successor is unused (parallel tabs);
 * any other reuse revokes the whole family.
 */
export async function refresh(db: Db, token: string | undefined, o: SessionOpts): Promise<Issued> {
  if (!token) throw unauthorized(MSG.sessionExpired);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      if (!row || row.revokedAt || row.expiresAt <= o.nowSec) throw unauthorized(MSG.sessionExpired);
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (user?.active !== 1 || user.deleted !== 0) {
        await revokeFamily(tx, row.familyId, o.nowSec);
        throw new SessionError(MSG.sessionExpired);
      }
      const claimed = await tx
        .update(refreshTokens)
        .set({ usedAt: o.nowSec })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (claimed.length === 1) {
        const next = newRefreshToken();
        const [inserted] = await tx
          .insert(refreshTokens)
          .values({
            userId: user.id,
            familyId: row.familyId,
            tokenHash: hashToken(next),
            createdAt: o.nowSec,
            expiresAt: o.nowSec + o.refreshTtl,
          })
          .returning({ id: refreshTokens.id });
        await tx.update(refreshTokens).set({ replacedById: inserted!.id }).where(eq(refreshTokens.id, row.id));
        return { accessToken: await o.tokens.sign(authUserOf(user), o.nowSec), refreshToken: next };
      }
      // Already exchanged: re-read (a concurrent exchange may just have committed).
      const [used] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.id));
      const [successor] = used?.replacedById
        ? await tx.select().from(refreshTokens).where(eq(refreshTokens.id, used.replacedById))
        : [];
      const inGrace =
        used?.usedAt != null &&
        used.usedAt >= o.nowSec - o.refreshGrace &&
        successor &&
        successor.usedAt == null &&
        successor.revokedAt == null;
      if (inGrace) return { accessToken: await o.tokens.sign(authUserOf(user), o.nowSec), refreshToken: null };
      await revokeFamily(tx, row.familyId, o.nowSec);
      throw new SessionError(MSG.sessionExpired, true);
    })
    .catch((err) => {
      // The family revocation must stick even though we answer with an error.
      if (err instanceof SessionError) return revokeAfter(db, token, o, err);
      throw err;
    });
}

/** Thrown inside the refresh transaction after the revocation it must keep. */
class SessionError extends AppError {
  constructor(
    message: string,
    /** An exchanged token came back outside the grace: stolen, or replayed. */
    readonly reused = false,
  ) {
    super(401, message);
  }
}

async function revokeAfter(db: Db, token: string, o: SessionOpts, err: SessionError): Promise<never> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (row) {
    await revokeFamily(db, row.familyId, o.nowSec);
    if (err.reused)
      await auditSecurity(
        db,
        o.nowSec,
        row.userId,
        EVENTS.security.refreshReused,
        { target_type: 'session', target_id: row.familyId.slice(0, 8), family_revoked: true },
        o.address ?? '',
      );
  }
  throw unauthorized(err.message);
}

async function revokeFamily(db: Db, familyId: string, now: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Revokes the session the cookie belongs to, and the access tokens of the user (the cookie's or the
 * bearer's): other devices keep their refresh cookie and simply refresh.
 */
export async function logout(
  db: Db,
  token: string | undefined,
  bearerUserId: number | undefined,
  now: number,
  address: string,
) {
  const [row] = token
    ? await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
    : [];
  if (row) await revokeFamily(db, row.familyId, now);
  const userId = row?.userId ?? bearerUserId;
  if (userId) {
    await revokeAccessTokens(db, userId);
    await auditSecurity(db, now, userId, EVENTS.security.logout, { target_type: 'session' }, address);
  }
}

/** Ends every session of a user (disabled, deleted, password changed), access tokens included. */
export async function revokeUserSessions(db: Db, userId: number, now: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await revokeAccessTokens(db, userId);
}

export async function profile(db: Db, userId: number) {
  const [u] = await db
    .select({ first_name: users.firstName, last_name: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? { first_name: '', last_name: '', email: '' };
}
