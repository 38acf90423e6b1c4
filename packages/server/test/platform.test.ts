import { MSG } from '@bpm/contract/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client';
import { DataWith, defineRoute } from '../src/platform/route';
import { uniq } from './factories/uniq';
import { createTestApp, specApi, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request guards and error envelope', () => {
  it('refuses cross-site writes by Sec-Fetch-Site and by Origin', async () => {
    const headers = await t.as('administrator');
    const put = (extra: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/users/enable/2', headers: { ...headers, ...extra } });
    for (const extra of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ] as Array<Record<string, string>>) {
      const res = await put(extra);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.crossSite);
    }
    expect((await put({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('a malformed Origin header is refused, not a server error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'not a url' },
      payload: { username: 'sale', password: 'bpm-demo' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.crossSite);
  });

  it('ids no record can have are a 400 on the id field, never a server error', async () => {
    const headers = await t.as('administrator');
    for (const id of ['abc', '3000000000']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().cause).toEqual({ id: MSG.notFound });
    }
    const ship = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/orders/save',
      headers: await t.as('shipping'),
      payload: { id: '3000000000' },
    });
    expect(ship.statusCode).toBe(400);
    expect(ship.json().cause).toMatchObject({ oc_ref: MSG.required, oc_pdf: MSG.required });
  });

  it('a value the database cannot hold is a 400 with the generic banner, not a 500', async () => {
    const probe = await createTestApp({
      seed: true,
      build: {
        extraModules: [
          (app) =>
            defineRoute(app, {
              method: 'GET',
              url: '/probe/:n',
              access: { action: 'profile.read' },
              handler: ({ params, deps }) => queryRows(deps.db, sql`select ${(params as { n: string }).n}::int as n`),
            }),
        ],
      },
    });
    try {
      const headers = await probe.as('sale');
      expect((await probe.app.inject({ method: 'GET', url: '/api/probe/7', headers })).json().data).toEqual([{ n: 7 }]);
      for (const n of ['3000000000', 'seven']) {
        const res = await probe.app.inject({ method: 'GET', url: `/api/probe/${n}`, headers });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: MSG.validation, code: 'validation' });
      }
    } finally {
      await probe.close();
    }
  });

  it('an answer schema strips what it does not name; under test a dropped field is an error', async () => {
    const route = (app: FastifyInstance) =>
      defineRoute(app, {
        method: 'GET',
        url: '/probe/answer',
        access: { action: 'profile.read' },
        response: z.object({ id: z.number(), inner: z.object({ a: z.number() }) }),
        handler: async () => ({ id: 1, inner: { a: 2, secret: 'x' } }),
      });
    for (const strict of [false, true]) {
      const probe = await createTestApp({
        seed: true,
        config: { strictAnswers: strict },
        build: { extraModules: [route] },
      });
      try {
        const res = await probe.app.inject({
          method: 'GET',
          url: '/api/probe/answer',
          headers: await probe.as('sale'),
        });
        if (strict) expect(res.statusCode).toBe(500);
        else expect(res.json()).toEqual({ data: { id: 1, inner: { a: 2 } } });
      } finally {
        await probe.close();
      }
    }
  });

  it('shapes the fields beside `data` by the meta schema; under test a dropped one is an error', async () => {
    const route = (app: FastifyInstance) =>
      defineRoute(app, {
        method: 'GET',
        url: '/probe/beside',
        access: { action: 'profile.read' },
        response: z.object({ id: z.number() }),
        meta: z.object({ warning: z.string().optional() }),
        handler: async () => new DataWith({ id: 1 }, { warning: 'w', secret: 'x' }),
      });
    for (const strict of [false, true]) {
      const probe = await createTestApp({
        seed: true,
        config: { strictAnswers: strict },
        build: { extraModules: [route] },
      });
      try {
        const res = await probe.app.inject({
          method: 'GET',
          url: '/api/probe/beside',
          headers: await probe.as('sale'),
        });
        if (strict) expect(res.statusCode).toBe(500);
        else expect(res.json()).toEqual({ data: { id: 1 }, warning: 'w' });
      } finally {
        await probe.close();
      }
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.notFound, code: 'not_found' });
  });

  it('broken JSON is a 400 with the generic banner, never internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/save',
      headers: { ...(await t.as('administrator')), 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.validation, code: 'validation' });
  });

  it('health answers without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });
});

describe('envelopes — ARCHITECTURE rules of the road (conformance)', () => {
  const { call } = specApi(() => t);

  it('login answers exactly {access_token}; errors are {message} with real status codes', async () => {
    const login = await call(null, 'POST', '/auth/login', { username: 'tester', password: 'wrong' });
    expect(login.statusCode).toBe(401);
    const h = await t.as('tester');
    expect(h.authorization).toMatch(/^Bearer /);
    const unauth = await call(null, 'GET', '/orders');
    expect(unauth.statusCode).toBe(401);
    expect(typeof unauth.json().message).toBe('string');
    const forbidden = await call('tester', 'GET', '/orders');
    expect(forbidden.statusCode).toBe(403);
    expect(typeof forbidden.json().message).toBe('string');
    const missing = await call('sale', 'GET', '/orders/99999999');
    expect(missing.statusCode).toBe(404);
    expect(typeof missing.json().message).toBe('string');
  });
});

describe('role spellings — spec doc 1 §1 (conformance)', () => {
  const { form, ok } = specApi(() => t);

  it("'admin' and 'po-approval' denote administrator and poapproval", async () => {
    for (const [sent, stored] of [
      ['admin', 'administrator'],
      ['po-approval', 'poapproval'],
    ]) {
      const res = ok(
        await form('administrator', '/admin/users/save', {
          username: uniq(`spell-${stored}`),
          password: 'secret123',
          confirmPassword: 'secret123',
          first_name: 'R',
          last_name: 'S',
          user_role: sent,
        }),
      );
      expect(res.data.user_role).toBe(stored);
    }
  });
});

describe('database connections', () => {
  it('on PostgreSQL, every connection of the pool runs without JIT and without parallel workers', async () => {
    // Through PgBouncer in transaction mode a session's SET lands on whichever server connection ran it: the
    // settings are a speed matter there, not asserted.
    if (t.database.kind !== 'postgres' || process.env.TEST_POOLER_URL) return;
    // More statements at once than the pool has connections: each connection answers at least one.
    const settings = await Promise.all(
      Array.from({ length: 16 }, () =>
        queryRows<{ jit: string; workers: string; pid: number }>(
          t.database.db,
          sql`select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers,
                pg_backend_pid() as pid, pg_sleep(0.05)::text`,
        ),
      ),
    );
    const rows = settings.flat();
    expect(new Set(rows.map((r) => r.pid)).size).toBeGreaterThan(1);
    for (const r of rows) expect({ jit: r.jit, workers: r.workers }).toEqual({ jit: 'off', workers: '0' });
  });
});
