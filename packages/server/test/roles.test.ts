/**
 * The role × route matrix: every registered API route, called by every role with dummy
 * parameters. Routes other areas add later are covered automatically (they come from
 * app.routeTable). The snapshot file lists who may call what; update it with
 * `npx vitest run --project server packages/server/test/roles.test.ts -u` and review the diff.
 */
import { ROLES, type Role } from '@bpm/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../src/platform/route';
import { createTestApp, type TestApp } from './helpers';

// Built at collection time so the matrix can be one test per route (a slow machine times out a
// single route's 8 calls, never the whole table).
const t: TestApp = await createTestApp();
const tokens = {} as Record<Role, Record<string, string>>;
beforeAll(async () => {
  for (const role of ROLES) tokens[role] = await t.as(role);
});
afterAll(() => t.close());

/** A plausible value for a path parameter: ids far beyond the demo data, so nothing is changed. */
function dummy(param: string): string {
  if (/id$/i.test(param)) return '999999';
  if (param === 'start') return '0';
  if (param === 'end') return '-1';
  if (param === '*') return 'x';
  return 'x';
}

export function fillUrl(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_m, name: string) => dummy(name)).replace(/\*$/, 'x');
}

const nonPublic = () => t.app.routeTable.filter((r) => !r.public);

async function call(route: { method: string; url: string }, headers: Record<string, string>) {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as 'GET',
    url: fillUrl(route.url),
    headers,
    ...(hasBody ? { payload: {} } : {}),
  });
}

describe('role × route matrix', () => {
  it('has the routes of the foundation', () => {
    const keys = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    for (const k of [
      'GET /api/admin/users',
      'POST /api/auth/login',
      'GET /api/events',
      'GET /api/files/:area/:field/:id',
    ])
      expect(keys).toContain(k);
  });

  it('answers 401 to a forged or expired token', async () => {
    const forged = { authorization: `${tokens.administrator.authorization!.slice(0, -3)}abc` };
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: forged })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: 'Bearer nonsense' } }))
        .statusCode,
    ).toBe(401);
  });

  it('every registered route admits a role, or is public', () => {
    const nobody = t.app.routeTable.filter((r) => !r.public && r.roles.length === 0);
    expect(nobody.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('matches the reviewed snapshot of who may call what', async () => {
    const lines = [...t.app.routeTable]
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
      .map((r) => `${r.method.padEnd(6)} ${r.url} → ${r.public ? 'public' : r.roles.join(', ') || 'nobody'}`);
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-roles.txt');
  });
});

/** The area of a route: its first path segment after /api and any role prefix. */
function areaOf(url: string): string {
  const parts = url.split('/').filter(Boolean).slice(1);
  const first = ['admin', 'sale', 'shipping', 'production', 'purchase', 'qa', 'poapproval', 'tester'].includes(
    parts[0] ?? '',
  )
    ? parts[1]
    : parts[0];
  return first ?? '';
}

const byArea = new Map<string, typeof t.app.routeTable>();
for (const route of nonPublic()) byArea.set(areaOf(route.url), [...(byArea.get(areaOf(route.url)) ?? []), route]);

describe.each([...byArea.keys()].sort())('role × route matrix: %s', (area) => {
  const routes = byArea.get(area)!.map((r) => [`${r.method} ${r.url}`, r] as const);

  it.each(routes)('%s answers 401 without a token and lets exactly its roles through', async (_name, route) => {
    const wrong: string[] = [];
    const anonymous = await call(route, {});
    if (anonymous.statusCode !== 401) wrong.push(`anonymous → ${anonymous.statusCode}`);
    for (const role of ROLES) {
      const res = await call(route, tokens[role]);
      const allowed = route.roles.includes(role);
      const s = res.statusCode;
      if (allowed && (s === 401 || s === 403 || s >= 500)) wrong.push(`${role} → ${s} ${res.body.slice(0, 120)}`);
      if (!allowed && s !== 403) wrong.push(`${role} → ${s}, expected 403`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('deny by default', () => {
  it('buildApp throws when an API route declares no access rule', async () => {
    await expect(
      createTestApp({
        seed: false,
        build: {
          extraModules: [
            (app) => {
              app.get('/api/forgotten', async () => ({ ok: true }));
            },
          ],
        },
      }),
    ).rejects.toThrow('Route GET /api/forgotten declares no access rule');
  });

  it('a route through defineRoute without an action admits nobody but its roles', async () => {
    const extra = await createTestApp({
      seed: true,
      build: {
        extraModules: [
          (app) =>
            defineRoute(app, {
              method: 'GET',
              url: '/sale/probe',
              access: { action: 'events.order' },
              handler: async () => 'ok',
            }),
          // products.save does not admit shipping: its /shipping/ variant would admit nobody.
          (app) =>
            defineRoute(app, {
              method: 'GET',
              url: '/shipping/probe',
              access: { action: 'products.save' },
              handler: async () => 'ok',
            }),
        ],
      },
    });
    try {
      // events.order admits four roles, but the /sale/ prefix narrows it to sale.
      const row = extra.app.routeTable.find((r) => r.url === '/api/sale/probe')!;
      expect(row.roles).toEqual(['sale']);
      const get = async (role: Role) =>
        (await extra.app.inject({ method: 'GET', url: '/api/sale/probe', headers: await extra.as(role) })).statusCode;
      expect(await get('sale')).toBe(200);
      expect(await get('administrator')).toBe(403);
      expect(await get('shipping')).toBe(403);
      // A variant for a role its action does not admit is not registered at all.
      expect(extra.app.routeTable.find((r) => r.url === '/api/shipping/probe')).toBeUndefined();
      expect(extra.app.routeDocs.has('GET /api/shipping/probe')).toBe(false);
      const shipping = await extra.app.inject({
        method: 'GET',
        url: '/api/shipping/probe',
        headers: await extra.as('shipping'),
      });
      expect(shipping.statusCode).toBe(404);
    } finally {
      await extra.close();
    }
  });
});
