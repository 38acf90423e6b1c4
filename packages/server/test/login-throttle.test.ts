import { MSG } from '@bpm/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config';
import { users } from '../src/db/schema/users';
import { hashPassword } from '../src/platform/auth';
import { createTestApp, type TestApp } from './helpers';

// Issue 8 items 1–2: the throttle under real parallel requests, per username and address, audited.
let t: TestApp;
let proxied: TestApp;
let admin: Record<string, string>;
let hash: string;
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ seed: false, config: { trustProxy: true } });
  admin = await t.as('administrator');
  hash = await hashPassword('right-password');
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close()]);
});

let seq = 0;
async function newUser(app: TestApp = t): Promise<string> {
  const username = `throttled${++seq}`;
  const now = Math.floor(app.clock.now() / 1000);
  await app.database.db.insert(users).values({
    username,
    passwordHash: hash,
    userRole: 'sale',
    firstName: 'Thr',
    lastName: 'Ottled',
    createdAt: now,
    updatedAt: now,
  });
  return username;
}

const login = (username: string, password: string, remoteAddress = '10.0.0.1', headers = {}, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress, headers });

describe('login throttle under concurrency', () => {
  it('verifies at most the limit of 40 parallel wrong logins and then refuses the right password', async () => {
    const name = await newUser();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(name, `wrong-${i}`)));
    const codes = answers.map((r) => r.statusCode);
    // A 401 means the password was verified; everything beyond the limit is refused unverified.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(35);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    const right = await login(name, 'right-password');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MSG.tooManyAttempts);
  });

  it('checks at most the limit when the right password races 39 wrong ones', async () => {
    const name = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(name, i === 20 ? 'right-password' : `wrong-${i}`)),
    );
    const verified = answers.filter((r) => r.statusCode === 401 || r.statusCode === 200).length;
    expect(verified).toBeLessThanOrEqual(5);
  });
});

describe('login throttle per username and address', () => {
  it('does not block a correct password from an address that has not failed', async () => {
    const name = await newUser();
    for (let i = 0; i < 5; i++) expect((await login(name, 'bad', '10.1.1.1')).statusCode).toBe(401);
    expect((await login(name, 'right-password', '10.1.1.1')).statusCode).toBe(429);
    expect((await login(name, 'right-password', '10.2.2.2')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless a proxy is configured', async () => {
    const name = await newUser();
    // Without a trusted proxy every forged address is the same client.
    for (let i = 0; i < 5; i++) await login(name, 'bad', '10.3.3.3', { 'x-forwarded-for': `192.168.0.${i}` });
    expect((await login(name, 'right-password', '10.3.3.3', { 'x-forwarded-for': '192.168.9.9' })).statusCode).toBe(
      429,
    );
  });

  it('uses X-Forwarded-For behind a configured proxy', async () => {
    const name = await newUser(proxied);
    for (let i = 0; i < 5; i++) await login(name, 'bad', '10.9.9.9', { 'x-forwarded-for': '203.0.113.5' }, proxied);
    const locked = await login(name, 'right-password', '10.9.9.9', { 'x-forwarded-for': '203.0.113.5' }, proxied);
    expect(locked.statusCode).toBe(429);
    const other = await login(name, 'right-password', '10.9.9.9', { 'x-forwarded-for': '203.0.113.6' }, proxied);
    expect(other.statusCode).toBe(200);
  });

  it('parses the proxy setting', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('answers a 1 MB username with a 400, not a 500', async () => {
    const res = await login('x'.repeat(1024 * 1024), 'whatever');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.loginRequired);
  });
});

describe('login audit', () => {
  it('records failed, locked and successful logins with user, address and time for the administrator', async () => {
    const name = await newUser();
    await login(name, 'right-password', '10.4.4.4');
    for (let i = 0; i < 6; i++) await login(name, 'bad', '10.5.5.5');
    const res = await t.app.inject({ method: 'GET', url: `/api/events?limit=200&search=${name}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ event: string; time: number; data: Record<string, unknown> }>;
    const of = (event: string) => rows.filter((r) => r.event === event);
    expect(of('login_succeeded')).toHaveLength(1);
    expect(of('login_succeeded')[0]!.data).toMatchObject({ username: name, address: '10.4.4.4' });
    expect(of('login_failed')).toHaveLength(5);
    expect(of('login_failed')[0]!.data).toMatchObject({ username: name, address: '10.5.5.5' });
    expect(of('login_locked')).toHaveLength(1);
    expect(of('login_locked')[0]!.time).toBe(Math.floor(t.clock.now() / 1000));
  });
});
