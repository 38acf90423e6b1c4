// What an operator watches (issue 26 item 3): liveness, readiness with the failing check named,
// Prometheus metrics behind METRICS_TOKEN, and a request id on every answer and every log line.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogger } from '../src/app';
import { mailOutbox } from '../src/db/schema/platform';
import { defineRoute } from '../src/platform/route';
import { createTestApp, type TestApp } from './helpers';

const TOKEN = 'metrics-token-0123456789abcdef';
const nowSec = (t: TestApp) => Math.floor(t.clock.now() / 1000);

/** A route that logs on the request's logger and, a few awaits deeper, through requestLogger() as the mailer does. */
function loggingRoute(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/health/test-log',
    access: { public: true },
    raw: true,
    async handler({ req, reply }) {
      req.log.info('handler line');
      await new Promise((r) => setTimeout(r, 5));
      await Promise.resolve().then(() => requestLogger()?.info('mailer line'));
      return reply.send('ok');
    },
  });
}

describe('request ids and log lines', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      build: {
        logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } },
        extraModules: [loggingRoute],
      },
    });
  });
  afterAll(() => t.close());

  it('answers with a new id when none is sent, and keeps a safe one a proxy sends', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.42:9_x' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:9_x');
    // Errors carry it too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': 'abc' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('abc');
  });

  it('replaces an id that is too long or carries unsafe characters', async () => {
    for (const bad of ['x'.repeat(65), 'a b', 'a"b', 'a\\nb', '<script>', 'ü']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).not.toBe(bad);
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the id on every log line of the request, including what the mailer logs', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health/test-log',
      headers: { 'x-request-id': 'req-123' },
    });
    expect(res.statusCode).toBe(200);
    const messages = lines.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining(['incoming request', 'handler line', 'mailer line', 'request completed']),
    );
    expect(lines.filter((l) => l.reqId !== 'req-123')).toEqual([]);
  });
});

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { smtpUrl: 'smtp://127.0.0.1:1', outboxMaxAge: 3600 } });
  });
  afterAll(() => t.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('is alive without a token, and ready when the database answers, is migrated and mail moves', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ data: { status: 'ok' } });
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', outbox: 'ok' } },
    });
  });

  it('is not ready while a migration is missing, and names it', async () => {
    const db = t.database.db;
    const [last] = (
      (await db.execute(
        sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.message).toBe('Not ready: migrations');
      expect(Object.keys(body.cause)).toEqual(['migrations']);
      expect(body.cause.migrations).toMatch(/^\d+ of \d+ migrations applied/);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is not ready while mail has waited past OUTBOX_MAX_AGE with none sent since; a later send clears it', async () => {
    const db = t.database.db;
    const now = nowSec(t);
    const mail = { to: 'a@example.com', subject: 's', text: 't' };
    await db.insert(mailOutbox).values({ ...mail, createdAt: now - 7200, sentAt: null, error: 'connection refused' });
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: 'Not ready: outbox',
        cause: { outbox: 'mail has waited 7200 s with none sent since (limit 3600 s)' },
      });
      // A mail that went out since: the server can send, the one failure is not a stuck outbox.
      await db.insert(mailOutbox).values({ ...mail, createdAt: now - 60, sentAt: now - 60, error: null });
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await db.delete(mailOutbox);
    }
  });

  it('is not ready when the database does not answer, without saying why to the caller', async () => {
    const real = t.app.deps.db;
    const broken = new Proxy(real, {
      get: (target, key) =>
        key === 'execute'
          ? () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432'))
          : Reflect.get(target, key),
    });
    t.app.deps.db = broken;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'Not ready: database',
        code: 'internal',
        cause: { database: 'failed (see the log)' },
      });
      expect(res.body).not.toContain('10.1.2.3');
    } finally {
      t.app.deps.db = real;
    }
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('answers 401 without the token or with another one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    // A signed-in administrator's token is no metrics token either.
    expect((await scrape((await t.as('administrator')).authorization)).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status class, with their latency', async () => {
    const headers = await t.as('purchase');
    for (const id of [1, 2, 3]) await t.app.inject({ method: 'GET', url: `/api/suppliers/${id}`, headers });
    await t.app.inject({ method: 'GET', url: '/api/suppliers/1' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/path/42' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('bpm_http_requests_total{method="GET",route="/api/suppliers/:id",status_class="2xx"} 3');
    expect(text).toContain('bpm_http_requests_total{method="GET",route="/api/suppliers/:id",status_class="4xx"} 1');
    expect(text).toContain(
      'bpm_http_request_duration_seconds_count{method="GET",route="/api/suppliers/:id",status_class="2xx"} 3',
    );
    expect(text).toMatch(
      /bpm_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/suppliers\/:id",status_class="2xx"\} \d/,
    );
    // Raw URLs never become labels.
    expect(text).toContain('route="(unmatched)"');
    expect(text).not.toContain('/api/suppliers/1"');
    expect(text).not.toContain('no/such/path');
  });

  it('reports the event loop, the database connections and the outbox', async () => {
    const now = nowSec(t);
    await t.database.db.insert(mailOutbox).values([
      { to: 'a@example.com', subject: 'a', text: 'a', createdAt: now - 300, sentAt: null },
      { to: 'b@example.com', subject: 'b', text: 'b', createdAt: now - 30, sentAt: null },
      { to: 'c@example.com', subject: 'c', text: 'c', createdAt: now - 900, sentAt: now - 900 },
    ]);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    const driver = t.database.kind === 'postgres' ? 'postgres' : 'pglite';
    expect(text).toMatch(new RegExp(`^bpm_db_pool_connections\\{driver="${driver}",state="total"\\} [1-9]`, 'm'));
    if (driver === 'postgres')
      expect(text).toMatch(/^bpm_db_pool_connections\{driver="postgres",state="waiting"\} 0$/m);
    expect(text).toMatch(/^bpm_db_pool_max \d+$/m);
    expect(text).toMatch(/^bpm_mail_outbox_unsent 2$/m);
    expect(text).toMatch(/^bpm_mail_outbox_oldest_unsent_age_seconds 300$/m);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { metricsToken: '' } });
  });
  afterAll(() => t.close());

  it('are not kept: the endpoint is not there (404), whatever is sent', async () => {
    for (const authorization of [undefined, 'Bearer ', 'Bearer anything']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
