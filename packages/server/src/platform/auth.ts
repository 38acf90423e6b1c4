import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { normalizeRole, type Role } from '@bpm/contract/roles';
import type { TokenPayload } from '@bpm/contract/session';
import argon2 from 'argon2';
import { jwtVerify, SignJWT } from 'jose';

/** OWASP minimum for argon2id: m=19 MiB, t=2, p=1. */
const ARGON_OPTS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => argon2.hash(plain, ARGON_OPTS);

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal usernames. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword(randomUUID());
  return dummyHash;
};

export interface AuthUser {
  user_id: number;
  username: string;
  user_role: Role;
  is_test: number;
  /**
   * The account's token version when signed. It travels in the token's protected header (the payload
   * stays exactly the spec's fields) and must equal the account's on every request: logout and a
   * password change bump it, revoking every access token issued before.
   */
  token_version?: number;
  /**
   * The account's current name, read with the account check of the request (app.ts): what the request's audit
   * events record, without a read of their own. Never in the token.
   */
  first_name?: string;
  last_name?: string;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttl: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Signs an access token whose payload is exactly the spec's six fields. */
  sign(user: AuthUser, nowSec: number): Promise<string> {
    return new SignJWT({
      user_id: user.user_id,
      username: user.username,
      user_role: user.user_role,
      is_test: user.is_test,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', tv: user.token_version ?? 0 })
      .setIssuedAt(nowSec)
      .setExpirationTime(nowSec + this.ttl)
      .sign(this.key);
  }

  /**
   * Tokens already verified, with their expiry: a signature's check gives the same answer every time,
   * so each token is checked once (HMAC through WebCrypto is a good part of a small request's cost).
   * Bounded; the oldest entries go first. The account itself is still checked on every request.
   */
  private readonly verified = new Map<string, { user: AuthUser; exp: number }>();

  async verify(token: string, nowSec: number): Promise<AuthUser | null> {
    const hit = this.verified.get(token);
    if (hit) return nowSec < hit.exp ? hit.user : null;
    const user = await this.check(token, nowSec);
    if (user) {
      if (this.verified.size >= 5000) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, user);
      return user.user;
    }
    return null;
  }

  private async check(token: string, nowSec: number): Promise<{ user: AuthUser; exp: number } | null> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(nowSec * 1000),
        // A token without an expiry would be valid for ever.
        requiredClaims: ['exp', 'iat'],
      });
      const p = payload as unknown as TokenPayload;
      const role = normalizeRole(p.user_role);
      const tv = protectedHeader.tv;
      if (!role || typeof p.user_id !== 'number' || typeof p.username !== 'string') return null;
      if (typeof tv !== 'number') return null;
      const user = {
        user_id: p.user_id,
        username: p.username,
        user_role: role,
        is_test: Number(p.is_test) || 0,
        token_version: tv,
      };
      return { user, exp: Number(payload.exp) };
    } catch {
      return null;
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
