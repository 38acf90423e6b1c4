import { randomUUID } from 'node:crypto';
import { MSG } from '@bpm/contract/messages';
import { normalizeRole } from '@bpm/contract/roles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/** Failed logins for one username within the window before it is locked. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW = 15 * 60;
export const LOCK_SECONDS = 15 * 60;

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
}

const authUserOf = (u: typeof users.$inferSelect): AuthUser => ({
  user_id: u.id,
  username: u.username,
  user_role: normalizeRole(u.userRole) ?? 'sale',
  is_test: u.isTest,
});

export async function login(db: Db, username: string, password: string, o: SessionOpts): Promise<Issued> {
  const key = username.trim().toLowerCase();
  const [attempt] = await db.select().from(loginAttempts).where(eq(loginAttempts.username, key));
  if (attempt?.lockedUntil && attempt.lockedUntil > o.nowSec) throw tooMany(MSG.tooManyAttempts);

  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = ${key}`, eq(users.deleted, 0)));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await recordFailure(db, key, attempt, o.nowSec);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (attempt) await db.delete(loginAttempts).where(eq(loginAttempts.username, key));
  if (user.active !== 1) throw unauthorized(MSG.accountDisabled);

  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId: randomUUID(),
    tokenHash: hashToken(refreshToken),
    createdAt: o.nowSec,
    expiresAt: o.nowSec + o.refreshTtl,
  });
  return { accessToken: await o.tokens.sign(authUserOf(user), o.nowSec), refreshToken };
}

async function recordFailure(
  db: Db,
  key: string,
  attempt: typeof loginAttempts.$inferSelect | undefined,
  now: number,
): Promise<void> {
  const fresh = !attempt || attempt.windowStart < now - FAILURE_WINDOW;
  const failures = fresh ? 1 : attempt.failures + 1;
  const lockedUntil = failures >= MAX_FAILURES ? now + LOCK_SECONDS : null;
  await db
    .insert(loginAttempts)
    .values({ username: key, failures, windowStart: fresh ? now : attempt.windowStart, lockedUntil })
    .onConflictDoUpdate({
      target: loginAttempts.username,
      set: { failures, windowStart: fresh ? now : attempt.windowStart, lockedUntil },
    });
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
      throw new SessionError(MSG.sessionExpired);
    })
    .catch((err) => {
      // The family revocation must stick even though we answer with an error.
      if (err instanceof SessionError) return revokeAfter(db, token, o.nowSec, err);
      throw err;
    });
}

/** Thrown inside the refresh transaction after the revocation it must keep. */
class SessionError extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

async function revokeAfter(db: Db, token: string, now: number, err: SessionError): Promise<never> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (row) await revokeFamily(db, row.familyId, now);
  throw unauthorized(err.message);
}

async function revokeFamily(db: Db, familyId: string, now: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes the session the cookie belongs to. */
export async function logout(db: Db, token: string | undefined, now: number): Promise<void> {
  if (!token) return;
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (row) await revokeFamily(db, row.familyId, now);
}

/** Ends every session of a user (disabled, deleted, password changed). */
export async function revokeUserSessions(db: Db, userId: number, now: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function profile(db: Db, userId: number) {
  const [u] = await db
    .select({ first_name: users.firstName, last_name: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? { first_name: '', last_name: '', email: '' };
}
