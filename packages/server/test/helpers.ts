import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLES, type Role } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPglite, queryRows } from '../src/db/client';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/db/seed';
import { DEMO_OC_PDF } from '../src/modules/orders/seed';
import { TokenService } from '../src/platform/auth';
import { diskFileStore } from '../src/platform/files';
import { type Mail, type Mailer, portalLink } from '../src/platform/mail';
import { cloneTemplate, FAKE_EPOCH_MS, newPostgresDatabase } from './test-db';

export class FakeClock {
  constructor(public ms = FAKE_EPOCH_MS) {}
  now = () => this.ms;
  advance(seconds: number) {
    this.ms += seconds * 1000;
  }
}

/**
 * @public A fresh migrated database: a clone of the run's migrated starting point (see test-db.ts), else
 * (outside the server project's globalSetup) in-memory PGlite or a new PostgreSQL database under
 * TEST_DATABASE_URL, migrated here.
 */
export async function freshDatabase(): Promise<Database> {
  return (await openTestDatabase(false)).database;
}

/** A clone with the demo data already in it when the run has that starting point. */
async function openTestDatabase(seeded: boolean): Promise<{ database: Database; seeded: boolean }> {
  const templates = inject('bpmTestDb');
  if (templates) return { database: await cloneTemplate(templates, seeded ? 'seeded' : 'migrated'), seeded };
  const base = process.env.TEST_DATABASE_URL;
  return { database: base ? await newPostgresDatabase(base) : await openPglite(), seeded: false };
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
  const { database, seeded } = await openTestDatabase(opts.seed !== false);
  const clock = new FakeClock();
  const dir = mkdtempSync(join(tmpdir(), 'bpm-test-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 'test-secret-test-secret-test-secret',
      WEB_DIST: '',
      BPM_STRICT_ANSWERS: '1',
    }),
    ...opts.config,
  };
  // The seeded starting point was seeded at FAKE_EPOCH_MS, the clock's start, as this line would.
  if (opts.seed !== false && !seeded) await seedDemo(database.db, Math.floor(clock.now() / 1000));
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(_db, mail) {
      mails.push(mail);
    },
    link: (path) => portalLink(config.publicUrl, path),
  };
  const fileStore = diskFileStore(join(dir, 'files'));
  await fileStore.put(DEMO_OC_PDF);
  const app = await buildApp(
    {
      db: database.db,
      files: fileStore,
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

/** Records' history events (a refused call's security audit line is not a change of a record). */
export async function countHistory(t: TestApp): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from events where entity_type <> 'security'`,
  );
  return Number(r?.n ?? 0);
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

export const DAY = 86400;

/** The fake clock's day (midnight UTC), for dates that only need to be valid. */
export const TODAY = Math.floor(Date.UTC(2026, 10, 22) / 1000);

/** A demo user by role (`admin` is the administrator's username). */
type Who = Role | 'admin';

type Fields = Record<string, string | number | undefined | null | unknown[]>;
export type Upload = { field: string; name: string; type?: string; data?: Buffer };

/** POSTs a multipart form (arrays become JSON strings, like the web's `products`); `url` includes /api. */
export async function postForm(t: TestApp, role: Who, url: string, fields: Fields, uploads: Upload[] = []) {
  const flat: Record<string, string | number | undefined | null> = {};
  for (const [k, v] of Object.entries(fields)) flat[k] = Array.isArray(v) ? JSON.stringify(v) : (v as string);
  const mp = multipart(
    flat,
    uploads.map((u) => ({
      field: u.field,
      name: u.name,
      type: u.type ?? 'application/pdf',
      data: u.data ?? SAMPLE.pdf,
    })),
  );
  return t.app.inject({ method: 'POST', url, payload: mp.payload, headers: { ...(await t.as(role)), ...mp.headers } });
}

/** GET as a role; `url` includes /api. */
export async function get(t: TestApp, role: Who, url: string) {
  return t.app.inject({ method: 'GET', url, headers: await t.as(role) });
}

/** PUT (no body) as a role; `url` includes /api. */
export async function put(t: TestApp, role: Who, url: string) {
  return t.app.inject({ method: 'PUT', url, headers: await t.as(role) });
}

/** A JSON call as a role; `url` is under /api. */
export const call = async (
  t: TestApp,
  role: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers: await t.as(role), ...(payload ? { payload } : {}) });

/** A multipart POST with files as a role; `url` is under /api. */
export const upload = async (
  t: TestApp,
  role: Who,
  url: string,
  fields: Record<string, string | number | undefined>,
  files: Array<{ field: string; name: string; type: string; data: Buffer }>,
) => {
  const mp = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: mp.payload,
    headers: { ...(await t.as(role)), ...mp.headers },
  });
};

/** A PDF upload part for `field`. */
export const pdfFile = (field: string) => ({ field, name: 'doc.pdf', type: 'application/pdf', data: SAMPLE.pdf });

/**
 * Row counts of the sales tables a failed save must leave untouched (events: the records' history; a
 * refused call's security audit line is not a change).
 */
export async function counts(t: TestApp) {
  const [r] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`select (select count(*)::int from dealers) as dealers, (select count(*)::int from orders) as orders,
      (select count(*)::int from order_lines) as order_lines, (select count(*)::int from quotations) as quotations,
      (select count(*)::int from quotation_lines) as quotation_lines, (select count(*)::int from products) as products,
      (select count(*)::int from files) as files, (select count(*)::int from events where entity_type <> 'security') as events`,
  );
  return r!;
}

/**
 * The text of a PDF as pdftotext (poppler-utils) reads it, every run of white space made one space.
 * The PDFs embed their fonts (platform/pdf.ts): their strings are glyph ids, read through the
 * fonts' ToUnicode maps.
 */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'bpm-pdf-'));
  try {
    writeFileSync(join(dir, 'd.pdf'), pdf);
    return execFileSync('pdftotext', [join(dir, 'd.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The roles other than `allowed` (for "everyone else gets 403" checks). */
export const rolesExcept = (allowed: readonly Role[]): Role[] => ROLES.filter((r) => !allowed.includes(r));

// biome-ignore lint/suspicious/noExplicitAny: black-box checks read untyped JSON answers.
export type AnyJson = any;

/**
 * The black-box vocabulary of the conformance checks (the spec's paths, messages, status codes), bound
 * to a file's app: `call` (JSON, no role = anonymous), `form` (multipart), `ok` (200 → body), `cause`
 * (400 → field messages), `is01` (a 0/1 flag). Paths are under /api.
 */
export function specApi(app: () => TestApp) {
  const call = async (role: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const t = app();
    const headers = role ? await t.as(role) : {};
    return t.app.inject({ method, url: `/api${url}`, headers, payload });
  };
  const form = async (
    role: Who,
    url: string,
    fields: Record<string, string | number | undefined | null>,
    files: Array<{ field: string; name: string; type: string; data: Buffer }> = [],
  ) => {
    const t = app();
    const mp = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: mp.payload,
      headers: { ...(await t.as(role)), ...mp.headers },
    });
  };
  const ok = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: AnyJson; [k: string]: AnyJson };
  };
  const cause = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; cause?: Record<string, string> };
    expect(typeof body.message).toBe('string');
    return body.cause ?? {};
  };
  const is01 = (v: unknown) => expect([0, 1], String(v)).toContain(v);
  return { call, form, ok, cause, is01 };
}

/**
 * The statements the app sends while `run` runs (drizzle's query log, begin/commit aside): the session's logger,
 * which its transactions get through the session's options. The logger object is changed in place, not replaced:
 * a fixed read (db/fixed-read.ts) was prepared once with the logger the session had then.
 */
export async function statementsOf(t: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's session, reached for its query log
  const session = (t.database.db as any).session;
  const seen: string[] = [];
  const logger = session.logger;
  const optionsLogger = session.options.logger;
  logger.logQuery = (q: string) => seen.push(q.replace(/\s+/g, ' ').trim());
  session.options.logger = logger;
  try {
    await run();
  } finally {
    delete logger.logQuery;
    session.options.logger = optionsLogger;
  }
  return seen.filter((q) => !/^(begin|commit|rollback)\b/i.test(q));
}
