// PUBLIC_URL: the portal's public base URL, the one source of the links in mail (README, Configuration).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parsePublicUrl, REPO_ROOT } from '../src/config';
import { queryRows } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers';

describe('PUBLIC_URL configuration', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bpm-public-url-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = (e: Record<string, string>) => ({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), ...e });

  it('is an http(s) base URL without its trailing slash', () => {
    expect(loadConfig(env({ PUBLIC_URL: 'https://bpm.example.com/' })).publicUrl).toBe('https://bpm.example.com');
    expect(parsePublicUrl('http://bpm.example.com:8080/portal//', undefined)).toBe(
      'http://bpm.example.com:8080/portal',
    );
    expect(parsePublicUrl(' HTTPS://BPM.Example.com ', undefined)).toBe('https://bpm.example.com');
    for (const bad of [
      'bpm.example.com',
      'ftp://bpm.example.com',
      'https://u:p@bpm.example.com',
      'https://x.example/?a=1',
    ])
      expect(() => parsePublicUrl(bad, undefined), bad).toThrow(/PUBLIC_URL/);
  });

  it('defaults to localhost on the port outside production', () => {
    expect(loadConfig(env({})).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig(env({ PORT: '8123', NODE_ENV: 'development' })).publicUrl).toBe('http://localhost:8123');
  });

  it('is required in production', () => {
    expect(() => loadConfig(env({ NODE_ENV: 'production' }))).toThrow(/Set PUBLIC_URL/);
    expect(loadConfig(env({ NODE_ENV: 'production', PUBLIC_URL: 'https://bpm.example.com' })).publicUrl).toBe(
      'https://bpm.example.com',
    );
  });

  it('a production server without it refuses to start, saying why, before touching its data directory', async () => {
    const data = join(dir, 'prod');
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: data, PORT: '0' };
      for (const k of ['PUBLIC_URL', 'DATABASE_URL', 'JWT_SECRET']) delete env[k];
      const child = execFile('node', ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: REPO_ROOT, env });
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      child.on('exit', (code) => done({ code, stderr }));
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Set PUBLIC_URL');
    expect(() => readdirSync(data)).toThrow();
  }, 60_000);
});

describe('task assignment mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://bpm.example.com', trustProxy: true } });
  }, 60_000);
  afterAll(() => t.close());

  it('links the task under PUBLIC_URL, whatever host the request named', async () => {
    const [sale] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = 'sale'`);
    t.mails.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/add',
      headers: { ...(await t.as('admin')), host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { title: 'Link me', assigned_to: sale!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]!.text).toContain(`Open it at https://bpm.example.com/tasks/view/${res.json().data.id}`);
    expect(t.mails[0]!.text).not.toContain('evil.example');
  });
});
