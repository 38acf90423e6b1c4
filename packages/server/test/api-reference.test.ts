// The API reference says what errors look like (issue 26 item 4): every operation lists the error
// answers it can give, in the error envelope's schema; path parameters are the path's own; and a
// typed client generated from the document (openapi-typescript) type-checks calls against it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES } from '@bpm/contract/errors';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { createTestApp, type TestApp } from './helpers';

type Ref = { $ref: string };
type Op = {
  parameters: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses: Record<string, Ref | { content?: unknown }>;
  security?: unknown[];
};
type Doc = {
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }>; responses: object };
};

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: await t.as('administrator') });
  doc = res.json();
});
afterAll(() => t.close());

const ops = () =>
  Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
const statuses = (op: Op) => Object.keys(op.responses).filter((s) => /^[45]\d\d$/.test(s));

describe('error answers in the OpenAPI document', () => {
  it('each documented error points at a response in the error envelope, whose codes are the contract’s', () => {
    const responses = doc.components.responses as Record<string, unknown>;
    for (const { path, method, op } of ops())
      for (const s of statuses(op)) {
        const ref = (op.responses[s] as Ref).$ref;
        expect(ref, `${method} ${path} ${s}`).toMatch(/^#\/components\/responses\//);
        expect(responses[ref.split('/').pop()!], ref).toBeDefined();
      }
    expect(doc.components.schemas.Error!.properties.code!.enum).toEqual([...ERROR_CODES]);
  });

  it('lists where each error can happen: sign-in and role on guarded routes, lookups by path, writes, bodies', () => {
    const at = (method: string, path: string) => statuses(doc.paths[path]![method]!);
    expect(at('get', '/api/suppliers/{id}')).toEqual(['400', '401', '403', '404']);
    expect(at('post', '/api/suppliers/save')).toEqual(['400', '401', '403', '409', '413', '415']);
    expect(at('post', '/api/auth/login')).toEqual(['400', '401', '403', '413', '415', '429']);
    expect(at('get', '/api/health')).toEqual([]);
    expect(at('get', '/api/health/ready')).toEqual(['503']);
    expect(at('get', '/api/metrics')).toEqual(['401', '404']);
    for (const { path, method, op } of ops()) {
      const s = statuses(op);
      const guarded = !(Array.isArray(op.security) && op.security.length === 0);
      if (guarded) expect(s, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
      if (path.includes('{')) expect(s, `${method} ${path}`).toContain('404');
      if (op.requestBody) expect(s, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
  });

  it('tells the truth: what a call without a token or with a role that may not answers is documented', async () => {
    const sale = await t.as('sale');
    const checked: string[] = [];
    for (const r of t.app.routeTable) {
      if (r.method !== 'GET' || r.public || r.url.includes(':')) continue;
      const key = r.url;
      const op = doc.paths[key]!.get!;
      const anonymous = await t.app.inject({ method: 'GET', url: r.url });
      expect(statuses(op), `GET ${key} → ${anonymous.statusCode}`).toContain(String(anonymous.statusCode));
      expect(Object.keys(anonymous.json()).sort()).toEqual(['code', 'message']);
      if (!r.roles.includes('sale')) {
        const refused = await t.app.inject({ method: 'GET', url: r.url, headers: sale });
        expect(statuses(op), `GET ${key} as sale → ${refused.statusCode}`).toContain(String(refused.statusCode));
      }
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThan(40);
  });

  it('declares each path’s own parameters, and no other', () => {
    for (const { path, method, op } of ops()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), `${method} ${path}`).toEqual(inPath.sort());
    }
    const time = doc.paths['/api/purchaseorders/time/{start}']!.get!.parameters;
    expect(time.map((p) => p.name)).toEqual(['start']);
  });
});

/** Calls a typed client makes: each line compiles only if the document describes the call that way. */
const CLIENT = `import type { paths } from './schema';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;

// A record by id, a page of records with its query.
type Supplier = Json<paths['/api/suppliers/{id}']['get']['responses'][200]>['data'];
export const name = (s: Supplier): string => s.name;
// @ts-expect-error: no such field
export const missing = (s: Supplier) => s.no_such_field;
type SupplierQuery = NonNullable<paths['/api/suppliers']['get']['parameters']['query']>;
export const query: SupplierQuery = { limit: 10, search: 'acme' };
export const total = (p: Json<paths['/api/suppliers']['get']['responses'][200]>): number => p.total;

// The errors: the envelope, with the codes each status carries.
type NotFound = Json<paths['/api/suppliers/{id}']['get']['responses'][404]>;
export const notFound: NotFound = { message: 'Not found', code: 'not_found' };
// @ts-expect-error: a 404 is never a stale version
export const wrongCode: NotFound = { message: 'x', code: 'stale_version' };
type Save = paths['/api/suppliers/save']['post'];
export const stale: Json<Save['responses'][409]>['code'] = 'stale_version';
export const fieldErrors = (e: Json<Save['responses'][400]>): Record<string, string> | undefined => e.cause;
export const body: Json<Save['requestBody']> = { name: 'Acme', address: 'Road 1', contact_person: 'Ann' };
export const tooMany: Json<paths['/api/auth/login']['post']['responses'][429]>['code'] = 'rate_limited';

// Path parameters are the path's own.
type Time = paths['/api/purchaseorders/time/{start}']['get']['parameters']['path'];
export const time: Time = { start: 1 };
// @ts-expect-error: this path has no \`end\`
export const timeWithEnd: Time = { start: 1, end: 2 };
`;

describe('a typed client generated from the document', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bpm-typed-client-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('type-checks calls against it (and refuses calls the document does not allow)', async () => {
    writeFileSync(join(dir, 'schema.d.ts'), astToString(await openapiTS(doc as never)));
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'ES2022', '--module', 'ESNext'];
    const run = (file: string) =>
      new Promise<{ code: number | null; out: string }>((done) => {
        execFile('node', [tsc, ...flags, '--moduleResolution', 'Bundler', file], { cwd: dir }, (e, o) =>
          done({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out: o }),
        );
      });
    const ok = await run('client.ts');
    expect(ok.out).toBe('');
    expect(ok.code).toBe(0);
    // The check is real: a call the document does not describe fails to compile.
    writeFileSync(join(dir, 'wrong.ts'), `${CLIENT}\nexport const bad: Time = { begin: 1 };\n`);
    const wrong = await run('wrong.ts');
    expect(wrong.code).not.toBe(0);
    expect(wrong.out).toContain("'begin' does not exist in type");
  }, 60_000);
});
