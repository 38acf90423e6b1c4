/**
 * Issue 8 item 4 and "Privacy and deployment" item B: no input makes any route answer 5xx. Every
 * route of the OpenAPI document (generated from the route registry, so routes added later are
 * covered) is called by a role allowed to call it with at least 20 malformed variants: its path
 * parameters, its query and its body (the fields its own schemas declare) set to wrong types, 2^31,
 * 2^53, -1, 1e309, NaN, NUL bytes, very long strings, arrays, out-of-range dates, and bodies of broken
 * JSON, wrong content types and broken multipart.
 */
import { MSG } from '@bpm/contract/messages';
import type { Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLine } from '../src/app';
import { defineRoute } from '../src/platform/route';
import { createTestApp, multipart, type TestApp } from './helpers';

let t: TestApp;
const tokens = new Map<string, Record<string, string>>();

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
});
afterAll(() => t.close());

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
};
type Op = {
  'x-roles': string[];
  parameters?: Array<{ name: string; in: 'path' | 'query'; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
};

const NUL = 'a\u0000b';
const TWO_31 = '2147483648';
const TWO_53 = '9007199254740993';
/** The largest id: a record no test data reaches, so a change route's handler finds nothing to change. */
const MAX_ID = '2147483647';

/** Query values (each sent URL-encoded, in every query parameter at once). */
const QUERY_VALUES = [
  NUL,
  'x'.repeat(20_000),
  TWO_53,
  '1e309',
  'abc',
  TWO_31,
  '-2147483649',
  '-1',
  '0',
  '-1e309',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  ' 1 ',
  '253402300800',
  '-62135596801',
  '2026-13-45',
  '9'.repeat(40),
  'true',
  '[]',
  '\u202e\uffff\u{1f600}',
  "' OR 1=1 --",
];
/** Values tried in one declared query parameter alone (the others absent, so the handler runs). */
const ONE_PARAM_VALUES = [TWO_31, TWO_53, '-1', '1e309', 'NaN', NUL, 'abc', '253402300800'];
/** Path segments, sent as they are (so `%00` arrives as a NUL byte and `%` as a broken escape). */
const PATH_VALUES = [
  '0',
  '-1',
  TWO_31,
  TWO_53,
  '1e309',
  'NaN',
  'abc',
  '1.5',
  '%00',
  '%',
  '%20',
  '%E2%80%AE',
  'x'.repeat(99),
  '253402300800',
  '2026-13-45',
];
/** JSON body values, in every declared field at once. */
const BODY_VALUES: unknown[] = [
  NUL,
  'x'.repeat(12_000),
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  -1,
  1.5,
  0,
  1e-10,
  '9'.repeat(40),
  '1e309',
  'NaN',
  'abc',
  [],
  {},
  [[1]],
  null,
  true,
  '2026-13-45',
  253402300800,
];
/** Field names for a body whose schema declares none. */
const GENERIC_FIELDS = ['id', 'version', 'name', 'note', 'status', 'date', 'products'];

async function headersFor(roles: readonly string[]): Promise<Record<string, string>> {
  const role = (roles.includes('administrator') ? 'administrator' : roles.at(0)) as Role | undefined;
  if (!role) return {};
  const cached = tokens.get(role);
  if (cached) return cached;
  const h = await t.as(role);
  tokens.set(role, h);
  return h;
}

/** A value the parameter's schema accepts where one is easy to name (an enum's first member), else `fallback`. */
function baseValue(s: Schema | undefined, fallback: string): string {
  const e = s?.enum ?? s?.anyOf?.find((x) => x.enum)?.enum;
  if (e?.length) return String(e[0]);
  if (s?.const !== undefined) return String(s.const);
  return s?.type === 'string' ? 'a' : fallback;
}

function qs(entries: Array<[string, string]>): string {
  return entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

interface Variant {
  label: string;
  req: InjectOptions;
}

/** The malformed requests of one route. */
function variants(method: string, path: string, op: Op, headers: Record<string, string>): Variant[] {
  const change = method !== 'GET';
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
  const base = Object.fromEntries(pathParams.map((p) => [p.name, baseValue(p.schema, change ? MAX_ID : '1')]));
  const fill = (over: Record<string, string> = {}) =>
    path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => over[name] ?? base[name] ?? '1');
  const m = method as InjectOptions['method'];
  const out: Variant[] = [];

  for (const p of pathParams)
    for (const v of PATH_VALUES)
      out.push({ label: `path ${p.name}=${v.slice(0, 12)}`, req: { method: m, url: fill({ [p.name]: v }), headers } });

  const url = fill();
  const names = queryParams.length ? queryParams : ['id', 'limit', 'offset', 'search', 'sort', 'order'];
  const queryAll = (v: string): Variant => ({
    label: `query all=${JSON.stringify(v.slice(0, 12))}`,
    req: { method: m, url: `${url}?${qs(names.map((k) => [k, v]))}`, headers },
  });
  // A route without a query schema ignores its query: a few values, then more only to reach 20 variants.
  const [queryNow, queryLater] = queryParams.length
    ? [QUERY_VALUES, []]
    : [QUERY_VALUES.slice(0, 4), QUERY_VALUES.slice(4)];
  out.push(...queryNow.map(queryAll));
  const topUp = () => {
    for (const v of queryLater) if (out.length < 20) out.push(queryAll(v));
    return out;
  };
  const pairs = names.flatMap(
    (k): Array<[string, string]> => [
      [k, '1'],
      [k, NUL],
    ],
  );
  out.push({ label: 'query arrays', req: { method: m, url: `${url}?${qs(pairs)}`, headers } });
  for (const k of queryParams)
    for (const v of ONE_PARAM_VALUES)
      out.push({
        label: `query ${k}=${JSON.stringify(v.slice(0, 12))}`,
        req: { method: m, url: `${url}?${qs([[k, v]])}`, headers },
      });
  if (!change) return topUp();

  const content = op.requestBody?.content ?? {};
  const schema = content['application/json']?.schema;
  const props = Object.entries(schema?.properties ?? {});
  const fields: Array<[string, Schema | undefined]> = props.length ? props : GENERIC_FIELDS.map((k) => [k, undefined]);
  const body = (v: unknown) =>
    Object.fromEntries(
      fields.map(([k, s]) => {
        const item = s?.items?.properties;
        // Lines (an array of objects): one line with every field hostile.
        return [k, item ? [Object.fromEntries(Object.keys(item).map((f) => [f, v]))] : v];
      }),
    );
  for (const v of BODY_VALUES)
    out.push({
      label: `body ${JSON.stringify(v)?.slice(0, 16)}`,
      req: { method: m, url, headers, payload: body(v) as object },
    });
  const keys = fields.map(([k]) => k);
  const raw: Array<[string, string, string]> = [
    ['broken json', 'application/json', '{"a":'],
    ['json array', 'application/json', '[1,2]'],
    ['json scalar', 'application/json', '"\\u0000"'],
    ['json 1e999', 'application/json', `{${keys.map((k) => `"${k}":1e999`).join(',')}}`],
    ['json __proto__', 'application/json', '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}'],
    ['deep json', 'application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['empty json', 'application/json', ''],
    ['json as utf-16', 'application/json; charset=utf-16', '{}'],
    ['text/plain', 'text/plain', 'hello'],
    ['form-urlencoded', 'application/x-www-form-urlencoded', qs(keys.map((k) => [k, TWO_31]))],
    ['multipart without boundary', 'multipart/form-data', 'abc'],
    ['truncated multipart', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="a"'],
  ];
  for (const [label, ct, payload] of raw)
    out.push({ label, req: { method: m, url, headers: { ...headers, 'content-type': ct }, payload } });
  const junk = {
    field: keys[0] ?? 'file',
    name: 'a\u0000b.pdf',
    type: 'application/pdf',
    data: Buffer.from('%PDF-1.4 broken'),
  };
  for (const v of [NUL, TWO_31, '1e309', 'x'.repeat(12_000), '[{"product_id":"abc"}]']) {
    const mp = multipart(Object.fromEntries(keys.map((k) => [k, v])), [junk]);
    out.push({
      label: `multipart ${JSON.stringify(v.slice(0, 12))}`,
      req: { method: m, url, headers: { ...headers, ...mp.headers }, payload: mp.payload },
    });
  }
  return topUp();
}

describe('fuzz every OpenAPI route', () => {
  it('never answers 5xx to malformed path params, queries and bodies', { timeout: 600_000 }, async () => {
    const docRes = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: await headersFor(['administrator']),
    });
    expect(docRes.statusCode).toBe(200);
    const doc = docRes.json() as { paths: Record<string, Record<string, Op>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    expect(operations.length).toBeGreaterThan(300);
    const failures: string[] = [];
    const lostSession: string[] = [];
    const called = new Map<string, number>();
    // Signing out ends the caller's session: last, so every other route runs signed in.
    const order = [
      ...operations.filter((o) => !o.path.endsWith('/logout')),
      ...operations.filter((o) => o.path.endsWith('/logout')),
    ];
    for (const { method, path, op } of order) {
      const headers = await headersFor(op['x-roles']);
      const key = `${method} ${path}`;
      const list = variants(method, path, op, headers);
      // Reads run a few at a time; changes one by one.
      const width = method === 'GET' ? 4 : 1;
      for (let i = 0; i < list.length; i += width) {
        await Promise.all(
          list.slice(i, i + width).map(async (v) => {
            const res = await t.app.inject(v.req);
            called.set(key, (called.get(key) ?? 0) + 1);
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${key} ${v.label}: ${res.body.slice(0, 160)}`);
            if (res.statusCode === 401 && op['x-roles'].length) lostSession.push(`${key} ${v.label}`);
          }),
        );
      }
    }
    expect(failures).toEqual([]);
    // Every route was called, each with at least 20 malformed requests, all signed in.
    expect([...called.keys()].sort()).toEqual(operations.map((o) => `${o.method} ${o.path}`).sort());
    const few = [...called].filter(([, n]) => n < 20);
    expect(few).toEqual([]);
    expect(lostSession.slice(0, 5)).toEqual([]);
    const total = [...called.values()].reduce((a, b) => a + b, 0);
    console.log(`fuzz: ${called.size} routes, ${total} requests (min ${Math.min(...called.values())} per route)`);
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
