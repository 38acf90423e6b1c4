import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/db/seed';
import { TokenService } from '../src/platform/auth';
import { diskFileStore } from '../src/platform/files';
import type { Mail, Mailer } from '../src/platform/mail';

export class FakeClock {
  constructor(public ms = Date.UTC(2026, 10, 22, 12, 0, 0)) {}
  now = () => this.ms;
  advance(seconds: number) {
    this.ms += seconds * 1000;
  }
}

/** A fresh database: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function freshDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPglite();
  const name = `bpm_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    ...db,
    async close() {
      await db.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // The pool's connections may still be closing: wait for them rather than killing them.
        for (let i = 0; ; i++) {
          try {
            await c.query(`drop database if exists ${name}${i < 20 ? '' : ' with (force)'}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || i >= 20) throw err;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  config: Config;
  mails: Mail[];
  /** Signs in a demo user (username = role name, `admin` for administrator) and returns its bearer header. */
  as(role: Role | 'admin'): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** Builds the app on a fresh database seeded with the demo data of every area. */
export async function createTestApp(
  opts: { seed?: boolean; config?: Partial<Config>; build?: BuildOptions } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const clock = new FakeClock();
  const dir = mkdtempSync(join(tmpdir(), 'bpm-test-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dir, JWT_SECRET: 'test-secret-test-secret-test-secret', WEB_DIST: '' }),
    ...opts.config,
  };
  if (opts.seed !== false) await seedDemo(database.db, Math.floor(clock.now() / 1000));
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(_db, mail) {
      mails.push(mail);
    },
  };
  const app = await buildApp(
    {
      db: database.db,
      files: diskFileStore(join(dir, 'files')),
      mailer,
      clock,
      config,
      tokens: new TokenService(config.jwtSecret, config.accessTtl),
    },
    opts.build,
  ).catch(async (err) => {
    // A failed build must not leak the test database (PostgreSQL keeps it otherwise).
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  const tokens = new Map<string, Record<string, string>>();
  return {
    app,
    database,
    clock,
    config,
    mails,
    async as(role) {
      const username = role === 'administrator' ? 'admin' : role;
      const cached = tokens.get(username);
      if (cached) return cached;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: DEMO_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
      const header = { authorization: `Bearer ${res.json().access_token}` };
      tokens.set(username, header);
      return header;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** @public */
export const ALL_DEMO = DEMO_USERS;

/** @public Signs in any user by name and password; returns the bearer header (throws when login fails). */
export async function bearer(t: TestApp, username: string, password = DEMO_PASSWORD): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token}` };
}

/** Number of rows in a table (for "nothing was written" checks). */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const r = (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(r.rows[0]?.n ?? 0);
}

/** The refresh cookie a response set, as a request cookie header value. */
export function refreshCookie(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === 'bpm_refresh');
  return c?.value ? `bpm_refresh=${c.value}` : undefined;
}

/** A multipart body for app.inject from fields and files. */
export function multipart(
  fields: Record<string, string | number | undefined | null>,
  files: Array<{ field: string; name: string; type: string; data: Buffer }> = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bpm${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Tiny valid files for upload tests. */
export const SAMPLE = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  text: Buffer.from('just some text, not an image'),
};
