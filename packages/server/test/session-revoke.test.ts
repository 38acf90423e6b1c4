import { MSG } from '@bpm/contract/messages';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, refreshCookie, type TestApp } from './helpers';

// Issue 8 item 6: access tokens die with logout and password change; expiry required; no caching.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
});
afterAll(() => t.close());

const login = (username: string, password = 'bpm-demo') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });

let seq = 0;
async function newUser(): Promise<{ id: number; username: string; version: number }> {
  const username = `revoke${++seq}x`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users/save',
    headers: admin,
    payload: {
      username,
      password: 'secret1',
      confirmPassword: 'secret1',
      user_role: 'sale',
      first_name: 'Rita',
      last_name: 'Voke',
      email: `${username}@example.org`,
      company_name: 'Acme',
      country: 'Germany',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('revoked access tokens', () => {
  it('refuses the access token after logout', async () => {
    const res = await login('production');
    const token = res.json().access_token as string;
    expect((await profile(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie: refreshCookie(res)!, authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await profile(token);
    expect(after.statusCode).toBe(401);
    // A new login works at once.
    expect((await profile((await login('production')).json().access_token)).statusCode).toBe(200);
  });

  it('refuses the access token after a password change', async () => {
    const u = await newUser();
    const token = (await login(u.username, 'secret1')).json().access_token as string;
    expect((await profile(token)).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/save',
      headers: admin,
      payload: { ...u, password: 'secret2', confirmPassword: 'secret2' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile((await login(u.username, 'secret2')).json().access_token)).statusCode).toBe(200);
  });

  it('refuses a correctly signed token without an expiry', async () => {
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const token = await new SignJWT({ user_id: 1, username: 'admin', user_role: 'administrator', is_test: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', tv: 0 })
      .setIssuedAt(Math.floor(t.clock.now() / 1000))
      .sign(key);
    expect((await profile(token)).statusCode).toBe(401);
  });
});

describe('headers', () => {
  it('marks API answers Cache-Control: no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: admin });
    expect(res.headers['cache-control']).toBe('no-store');
    const err = await t.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(err.headers['cache-control']).toBe('no-store');
  });

  it('treats Origin: null as cross-site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'null' },
      payload: { username: 'sale', password: 'bpm-demo' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.crossSite);
  });
});
