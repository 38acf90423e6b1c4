import { MSG } from '@bpm/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config';
import { events } from '../src/db/schema/platform';
import { users } from '../src/db/schema/users';
import { ACCOUNT_BUDGET, ACCOUNT_LOCK_SECONDS } from '../src/modules/session/service';
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

describe('login budget per account (issue 21 item 3)', () => {
  const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
  const guess = (name: string, password: string, address: number) =>
    login(name, password, '10.9.9.9', from(address), proxied);

  it('checks at most the budget of 150 guesses from 30 addresses, then refuses every address until the delay has passed', async () => {
    const name = await newUser(proxied);
    const bystander = await newUser(proxied);
    // 30 addresses, 5 guesses each: within every address's own limit.
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => guess(name, `wrong-${i}`, Math.floor(i / 5))),
    );
    const codes = answers.map((r) => r.statusCode);
    // A 401 means the password was checked; the rest were refused unchecked.
    expect(codes.filter((c) => c === 401)).toHaveLength(ACCOUNT_BUDGET);
    expect(codes.filter((c) => c === 429)).toHaveLength(150 - ACCOUNT_BUDGET);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toBe(MSG.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_LOCK_SECONDS);

    // The right password from a new address is refused too, unchecked, with the time left.
    const right = await guess(name, 'right-password', 77);
    expect(right.statusCode).toBe(429);
    const wait = Number(right.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    // Another account from the same addresses is not affected.
    expect((await guess(bystander, 'right-password', 0)).statusCode).toBe(200);

    // Once the delay has passed, the right password works again.
    proxied.clock.advance(wait - 1);
    expect((await guess(name, 'right-password', 78)).statusCode).toBe(429);
    proxied.clock.advance(1);
    expect((await guess(name, 'right-password', 79)).statusCode).toBe(200);

    // Spending the budget again within the day locks it for longer (the delay grows).
    for (let i = 0; i < ACCOUNT_BUDGET; i++) expect((await guess(name, 'again', 100 + i)).statusCode).toBe(401);
    const second = await guess(name, 'again', 200);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBe(2 * ACCOUNT_LOCK_SECONDS);

    // Each lock is audited once, on the account (the seedless app reads its events table).
    const locks = await proxied.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.event, 'login_locked'), sql`${events.data}->>'username' = ${name}`));
    expect(locks.map((r) => (r.data as { reason?: string }).reason)).toEqual(['account', 'account']);
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
