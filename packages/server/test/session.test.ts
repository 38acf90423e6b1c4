import { MSG } from '@bpm/contract/messages';
import { ROLES } from '@bpm/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../src/platform/auth';
import { createTestApp, refreshCookie, specApi, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password = 'bpm-demo') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const refresh = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: cookie ? { cookie } : {} });

function decode(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

describe('login', () => {
  it('answers an access token whose payload is exactly the spec fields', async () => {
    const res = await login('sale');
    expect(res.statusCode).toBe(200);
    const payload = decode(res.json().access_token);
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'is_test', 'user_id', 'user_role', 'username']);
    expect(payload.user_role).toBe('sale');
    expect(payload.exp - payload.iat).toBe(t.config.accessTtl);
  });

  it('sets the refresh token as an httpOnly SameSite=Strict cookie', async () => {
    const res = await login('shipping');
    const c = res.cookies.find((x) => x.name === 'bpm_refresh')!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Strict');
    expect(c.path).toBe('/api/auth');
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'sale' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.loginRequired);
  });

  it('gives one message for a wrong password and an unknown user', async () => {
    const a = await login('sale', 'wrong-password');
    const b = await login('nobody-here', 'whatever');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json().message).toBe(MSG.invalidCredentials);
    expect(b.json().message).toBe(a.json().message);
  });

  it('throttles repeated failures for one username with 429', async () => {
    for (let i = 0; i < 5; i++) expect((await login('tester', 'bad')).statusCode).toBe(401);
    const locked = await login('tester');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MSG.tooManyAttempts);
    t.clock.advance(16 * 60);
    expect((await login('tester')).statusCode).toBe(200);
  });
});

describe('refresh', () => {
  it('rotates the refresh token on every refresh', async () => {
    const first = refreshCookie(await login('production'))!;
    const r1 = await refresh(first);
    expect(r1.statusCode).toBe(200);
    expect(r1.json().access_token).toBeTruthy();
    const second = refreshCookie(r1)!;
    expect(second).not.toBe(first);
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('revokes the whole family when an old token is reused after the grace period', async () => {
    const first = refreshCookie(await login('purchase'))!;
    const second = refreshCookie(await refresh(first))!;
    t.clock.advance(60);
    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    // The thief's reuse also ends the legitimate holder's session.
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('keeps the session alive under five concurrent refreshes of one token', async () => {
    const first = refreshCookie(await login('qa'))!;
    const all = await Promise.all(Array.from({ length: 5 }, () => refresh(first)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rotated = all.map(refreshCookie).filter(Boolean);
    expect(rotated).toHaveLength(1);
    expect((await refresh(rotated[0])).statusCode).toBe(200);
  });

  it('refuses a cross-site refresh', async () => {
    const c = refreshCookie(await login('sale'))!;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: { cookie: c, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 without a cookie', async () => {
    expect((await refresh()).statusCode).toBe(401);
  });
});

describe('logout and profile', () => {
  it('logout ends the refresh session', async () => {
    const c = refreshCookie(await login('poapproval'))!;
    const out = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie: c } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(c)).statusCode).toBe(401);
  });

  it('profile answers first_name, last_name and email', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: await t.as('sale') });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(['email', 'first_name', 'last_name']);
    expect(res.json().data.first_name).toBe('Samuel');
  });

  it('profile without a token is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('access tokens', () => {
  it('a token checked once is still refused once it expires, and a forged one never passes', async () => {
    const tokens = new TokenService('a-secret-a-secret-a-secret-a-secret', 900);
    const user = { user_id: 7, username: 'sale', user_role: 'sale' as const, is_test: 0, token_version: 0 };
    const token = await tokens.sign(user, 1_000_000);
    expect(await tokens.verify(token, 1_000_000)).toMatchObject({ user_id: 7 });
    // Answered from the verified-token cache now: the expiry still applies.
    expect(await tokens.verify(token, 1_000_899)).toMatchObject({ user_id: 7 });
    expect(await tokens.verify(token, 1_000_900)).toBeNull();
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged, 1_000_000)).toBeNull();
    const other = new TokenService('another-secret-another-secret-1234', 900);
    expect(await other.verify(token, 1_000_000)).toBeNull();
  });
});

describe('session — spec doc 1 §7 (conformance)', () => {
  const { call, ok } = specApi(() => t);

  it('POST /auth/login answers access_token; empty fields give the spec message', async () => {
    const res = await call(null, 'POST', '/auth/login', { username: 'sale', password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().message).toBe('string');
    const empty = await call(null, 'POST', '/auth/login', { username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter your username and password.');
    await t.as('sale');
  });

  it('the token payload carries user_id, username, user_role, is_test, iat, exp', async () => {
    const h = await t.as('production');
    const token = h.authorization!.slice('Bearer '.length);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    for (const f of ['user_id', 'username', 'user_role', 'is_test', 'iat', 'exp']) expect(payload).toHaveProperty(f);
    expect(payload.user_role).toBe('production');
    expect(typeof payload.iat).toBe('number');
  });

  it('GET /auth/refresh without a cookie is 401, GET /auth/logout answers 2xx', async () => {
    expect((await call(null, 'GET', '/auth/refresh')).statusCode).toBe(401);
    const out = await call(null, 'GET', '/auth/logout');
    expect(out.statusCode).toBeLessThan(300);
  });

  it('GET /user/profile answers first_name, last_name, email for every role', async () => {
    for (const role of ROLES) {
      const { data } = ok(await call(role, 'GET', '/user/profile'));
      expect(Object.keys(data)).toEqual(expect.arrayContaining(['first_name', 'last_name', 'email']));
    }
    expect((await call(null, 'GET', '/user/profile')).statusCode).toBe(401);
  });
});
