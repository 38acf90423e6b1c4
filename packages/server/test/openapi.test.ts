import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Op = {
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  'x-roles': string[];
  security?: unknown[];
};

async function document() {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: await t.as('administrator') });
  expect(res.statusCode).toBe(200);
  return res.json() as { openapi: string; paths: Record<string, Record<string, Op>> };
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every registered route with its method and roles', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(t.app.routeTable.length).toBeGreaterThan(50);
    const missing = t.app.routeTable.filter((r) => {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      return !op || JSON.stringify(op['x-roles']) !== JSON.stringify(r.roles);
    });
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBe(t.app.routeTable.length);
    // No operation nobody may call: each is public or names its roles (role-prefixed variants only
    // for roles that may use them).
    const nobody = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-roles'].length === 0 && !(Array.isArray(op.security) && op.security.length === 0))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(nobody).toEqual([]);
    expect(doc.paths['/api/qa/testChecklist/add']).toBeUndefined();
  });

  it('every JSON answer has a schema: only downloads, tokens and pages answer raw', async () => {
    const unshaped = [...t.app.routeDocs].filter(([, d]) => !d.raw && !d.response).map(([key]) => key);
    expect(unshaped).toEqual([]);
    // The raw ones are files and images, reports and CSV exports, the token refresh, the reference itself,
    // the Prometheus metrics (text, not JSON) and the backup archive.
    const raw = [...t.app.routeDocs].filter(([, d]) => d.raw).map(([key]) => key);
    for (const key of raw)
      expect(key).toMatch(
        /\/files\/|\/reports\/|export\.csv$|\/image\/|\/signature\/|\/auth\/(login|refresh)$|openapi\.json$|\/docs(\.js)?$|\/metrics$|\/backup\/download$/,
      );
  });

  it('describes inputs from the zod schemas: path and query parameters, bodies with required fields', async () => {
    const doc = await document();
    const get = doc.paths['/api/suppliers/{id}']!.get!;
    expect(get.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    const list = doc.paths['/api/suppliers']!.get!;
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset', 'search', 'sort']));
    expect(list.parameters.every((p) => p.in === 'query' && !p.required)).toBe(true);
    const save = doc.paths['/api/suppliers/save']!.post!.requestBody!.content;
    expect(Object.keys(save)).toEqual(['application/json', 'multipart/form-data']);
    // Optional form fields (preprocessed: '' and null are "not given") are not marked required.
    expect(save['application/json']!.schema.required?.sort()).toEqual(['address', 'contact_person', 'name']);
    expect(Object.keys(save['application/json']!.schema.properties ?? {})).toContain('bank_details');
  });

  it('describes answers where the route declares them, in the { data } / { data, total } envelopes', async () => {
    const doc = await document();
    const page = doc.paths['/api/suppliers']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(page).toMatchObject({
      properties: { data: { type: 'array', items: { properties: { name: { type: 'string' } } } }, total: {} },
    });
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401);
    const sale = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: await t.as('sale') });
    expect(sale.statusCode).toBe(403);
  });

  it('has a readable reference page whose script renders the document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script src="/api/docs.js"></script>');
    const js = await t.app.inject({ method: 'GET', url: '/api/docs.js' });
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.body).toContain("fetch('/api/openapi.json'");
    // Valid script (a syntax error would leave the page at "Loading…").
    expect(() => new Function(js.body)).not.toThrow();
  });
});

describe('answer schemas', () => {
  it('document the fields beside `data`: a page with its summary, a save with its warning', async () => {
    const doc = await document();
    const json = (path: string, method: string) =>
      doc.paths[path]![method]!.responses['200']!.content!['application/json']!.schema;
    expect(json('/api/orders', 'get')).toMatchObject({
      properties: {
        data: { type: 'array', items: { properties: { oc_ref: { type: 'string' } } } },
        total: { type: 'integer' },
        total_estimated: { anyOf: [{ const: 0 }, { const: 1 }] },
        // Null when the total is an estimate (docs/decisions.md, 'Lists & performance').
        summary: { anyOf: [{ properties: { outstanding: { type: 'number' } } }, { type: 'null' }] },
      },
      required: expect.arrayContaining(['data', 'total', 'total_estimated', 'summary']),
    });
    expect(json('/api/orders/save', 'post')).toMatchObject({
      properties: { data: { properties: { products: { type: 'array' } } }, warning: { type: 'string' } },
      required: ['data'],
    });
  });

  it('shape what a route answers: fields the schema does not name never leave the server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/suppliers?limit=2', headers: await t.as('purchase') });
    for (const row of res.json().data) {
      expect(Object.keys(row).sort()).toEqual(
        ['address', 'bank_details', 'contact_person', 'email', 'id', 'name', 'phone', 'supplier2303', 'version'].sort(),
      );
    }
  });
});
