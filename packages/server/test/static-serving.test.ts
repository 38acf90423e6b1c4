import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// A stand-in build: index.html and one hashed asset with its precompressed twins.
const dist = mkdtempSync(join(tmpdir(), 'bpm-dist-'));
const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>BPM</title><div id="root"></div>');
writeFileSync(join(dist, 'assets/index-AbC123.js'), js);
writeFileSync(join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(js));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves hashed assets precompressed and immutable for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(js.length / 10);
  });

  it('compresses on the fly when no precompressed twin matches the client', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(js);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html, also as the client routes’ answer', async () => {
    for (const url of ['/', '/orders/edit/12']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('API answers', () => {
  it('are compressed for clients that accept it and never cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/suppliers?limit=50',
      headers: { ...(await t.as('purchase')), 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).data.length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['cache-control']).toBe('no-store');
  });
});
