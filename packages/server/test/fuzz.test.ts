/**
 * Issue 8 item 4: no input makes any route answer 5xx. Every registered route (from app.routeTable,
 * so routes added later are covered) is called by a role allowed to call it with wrong types, NUL
 * bytes, huge values, out-of-range dates and broken multipart. Field names come from every object
 * schema the contract exports (unknown keys are stripped, so each route picks its own).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@bpm/contract/messages';
import type { Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { logLine } from '../src/app';
import { defineRoute } from '../src/platform/route';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const tokens = new Map<string, Record<string, string>>();
const fields = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({
    build: {
      extraModules: [
        (app) =>
          // A database data exception (22008, date out of range) that no schema caught.
          defineRoute(app, {
            method: 'GET',
            url: '/probe/data-error',
            access: { public: true },
            handler: ({ deps }) => deps.db.execute(sql`select '2026-13-45'::date`),
          }),
      ],
    },
  });
  const dir = join(import.meta.dirname, '../../contract/src');
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    const mod = (await import(`@bpm/contract/${f.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    for (const v of Object.values(mod)) collect(v, 0);
  }
  for (const k of ['username', 'password', 'search', 'id', 'version', 'products', 'StartDate', 'EndDate'])
    fields.add(k);
});
afterAll(() => t.close());

/** Keys of zod object schemas (also inside arrays, optionals, pipes and effects). */
function collect(v: unknown, depth: number) {
  if (depth > 6 || !(v instanceof z.ZodType)) return;
  const def = (v as unknown as { def: Record<string, unknown> }).def;
  if (v instanceof z.ZodObject) {
    for (const [k, s] of Object.entries(v.shape)) {
      fields.add(k);
      collect(s, depth + 1);
    }
  }
  for (const key of ['innerType', 'element', 'in', 'out', 'schema', 'left', 'right']) collect(def[key], depth + 1);
  if (Array.isArray(def.options)) for (const o of def.options) collect(o, depth + 1);
}

const NUL = 'a\u0000b';
// Long enough to pass any sane limit per field; every field at once stays under the body limit.
const HUGE_TEXT = 'x'.repeat(5_000);
/** Values of the wrong type or out of every range. */
const VALUES: unknown[] = [NUL, HUGE_TEXT, 1e308, -1e308, 0.0000000001, '9'.repeat(40), [], {}, '2026-13-45'];

function body(value: unknown): Record<string, unknown> {
  const b: Record<string, unknown> = {};
  for (const k of fields) b[k] = value;
  // Nested line arrays with hostile members.
  b.products = [Object.fromEntries([...fields].map((k) => [k, value]))];
  return b;
}

function fill(url: string, value: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, () => value).replace(/\*$/, value);
}

async function headersFor(roles: readonly string[]): Promise<Record<string, string>> {
  const role = (roles.includes('administrator') ? 'administrator' : roles.at(0)) as Role | undefined;
  if (!role) return {};
  const cached = tokens.get(role);
  if (cached) return cached;
  const h = await t.as(role);
  tokens.set(role, h);
  return h;
}

async function expectNo5xx(failures: string[], label: string, req: InjectOptions) {
  const res = await t.app.inject(req);
  if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 120)}`);
}

describe('fuzz every route', () => {
  it('never answers 5xx to hostile path params, queries and bodies', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const routes = t.app.routeTable.filter((r) => r.url !== '/api/auth/logout');
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const headers = await headersFor(r.roles);
      for (const p of r.url.includes(':') ? ['99999999999999999999', '%00', 'abc', '1e400'] : []) {
        const url = fill(r.url, p);
        await expectNo5xx(failures, `${r.method} ${url}`, {
          method: r.method as InjectOptions['method'],
          url,
          headers,
        });
      }
      const url = fill(r.url, '1');
      for (const v of [NUL, '9'.repeat(40), '253402300800000']) {
        const qs = [...fields].map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
        await expectNo5xx(failures, `${r.method} ${url} query ${JSON.stringify(v.slice(0, 10))}`, {
          method: r.method as InjectOptions['method'],
          url: `${url}?${qs}`,
          headers,
        });
      }
      if (r.method === 'GET') continue;
      for (const v of VALUES) {
        await expectNo5xx(failures, `${r.method} ${url} body ${JSON.stringify(v)?.slice(0, 20)}`, {
          method: r.method as InjectOptions['method'],
          url,
          headers,
          payload: body(v),
        });
      }
      for (const [label, ct, payload] of [
        ['multipart without boundary', 'multipart/form-data', 'abc'],
        ['truncated multipart', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="a"'],
        ['broken json', 'application/json', '{"a":'],
        ['json array', 'application/json', '[1,2]'],
        ['json scalar', 'application/json', '"\\u0000"'],
      ] as const) {
        await expectNo5xx(failures, `${r.method} ${url} ${label}`, {
          method: r.method as InjectOptions['method'],
          url,
          headers: { ...headers, 'content-type': ct },
          payload,
        });
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('single hostile inputs', () => {
  it('refuses a NUL byte in one text field of an otherwise valid request with a 400 on that field', async () => {
    const admin = await t.as('administrator');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(NUL)}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause).toEqual({ search: MSG.invalidCharacter });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: NUL, password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe(MSG.loginRequired);
  });

  it('answers a multipart body without a boundary with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dealers/save',
      headers: { ...(await t.as('administrator')), 'content-type': 'multipart/form-data' },
      payload: 'name=x',
    });
    expect(res.statusCode).toBe(400);
  });

  it('maps every PostgreSQL data exception (22xxx) to a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/data-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.validation);
  });

  it('caps an error log line and leaves out the query parameters', () => {
    const secret = 'p'.repeat(100_000);
    const err = Object.assign(new Error(`Failed query: insert into x values ($1)\nparams: ${secret}`), {
      cause: { code: '23000', message: 'boom' },
    });
    const line = JSON.stringify(logLine(err));
    expect(line).not.toContain('params:');
    expect(line).not.toContain('ppppp');
    expect(line.length).toBeLessThan(3000);
  });
});
