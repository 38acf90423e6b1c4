// NODE_ENV=production refuses to start without what it has no safe default for (README, Production),
// naming each missing variable in one message and before writing anything to DATA_DIR.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bpm-prod-config-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 's'.repeat(32);
const prod = (e: Record<string, string>) => ({ NODE_ENV: 'production', DATA_DIR: join(dir, 'data'), ...e });

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('production configuration', () => {
  it('names every missing variable at once, and writes no generated secret', () => {
    const err = configError(prod({}));
    expect(err.message).toContain('Set PUBLIC_URL');
    expect(err.message).toContain('Set JWT_SECRET to a random string of at least 32 characters');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('refuses a JWT_SECRET shorter than 32 characters', () => {
    const err = configError(prod({ PUBLIC_URL: 'https://bpm.example.com', JWT_SECRET: 'short-secret' }));
    expect(err.message).toMatch(/^NODE_ENV=production: Set JWT_SECRET/);
    expect(err.message).not.toContain('PUBLIC_URL');
  });

  it('starts from PUBLIC_URL and JWT_SECRET, with TRUST_PROXY, METRICS_TOKEN and OUTBOX_MAX_AGE read', () => {
    const c = loadConfig(
      prod({
        PUBLIC_URL: 'https://bpm.example.com/',
        JWT_SECRET: SECRET,
        TRUST_PROXY: '10.0.0.2',
        METRICS_TOKEN: ' scrape-me ',
        OUTBOX_MAX_AGE: '600',
      }),
    );
    expect(c).toMatchObject({
      production: true,
      demo: false,
      cookieSecure: true,
      logLevel: 'info',
      publicUrl: 'https://bpm.example.com',
      jwtSecret: SECRET,
      trustProxy: '10.0.0.2',
      metricsToken: 'scrape-me',
      outboxMaxAge: 600,
    });
  });

  it('outside production keeps its defaults: a generated secret, no metrics, a one-hour outbox limit', () => {
    const c = loadConfig({ DATA_DIR: join(dir, 'dev') });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.metricsToken).toBe('');
    expect(c.outboxMaxAge).toBe(3600);
  });

  it('a production server on an empty database without BPM_ADMIN_PASSWORD says so, without a stack trace', async () => {
    const data = join(dir, 'empty');
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...prod({ DATA_DIR: data, PORT: '0', PUBLIC_URL: 'https://bpm.example.com', JWT_SECRET: SECRET }),
      };
      for (const k of ['DATABASE_URL', 'BPM_ADMIN_PASSWORD']) delete env[k];
      const child = execFile('node', ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: REPO_ROOT, env });
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      child.on('exit', (code) => done({ code, stderr }));
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'NODE_ENV=production on an empty database: set BPM_ADMIN_PASSWORD to the password of the first administrator (user admin).',
    );
  }, 90_000);
});
