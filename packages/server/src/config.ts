import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when empty the embedded PGlite database in dataDir is used. */
  databaseUrl: string;
  dataDir: string;
  smtpUrl: string;
  mailFrom: string;
  jwtSecret: string;
  /** Access token lifetime in seconds. */
  accessTtl: number;
  /** Refresh token lifetime in seconds. */
  refreshTtl: number;
  /** Seconds during which the immediately previous refresh token is still honoured (parallel tabs). */
  refreshGrace: number;
  cookieSecure: boolean;
  production: boolean;
  demo: boolean;
  adminPassword: string;
  /** Largest accepted upload in bytes. */
  maxUpload: number;
  /** Built web app served at `/`; empty disables static serving. */
  webDist: string;
  logLevel: string;
  /** Ed25519 license signing key (PEM or 32-byte seed); empty = DATA_DIR/license-key.pem. */
  licensePrivateKey: string;
  /**
   * Tests set this: an answer schema that would drop a field the handler returned is an error (500),
   * so a schema that forgot a field the screens read fails the API tests instead of blanking a column.
   */
  strictAnswers: boolean;
  /**
   * Which proxies' X-Forwarded-For to trust for the client address (login throttle, audit):
   * false (default) trusts none; a hop count or a comma list of proxy addresses/CIDRs (TRUST_PROXY).
   */
  trustProxy: boolean | number | string;
  /**
   * The portal's public base URL without a trailing slash (PUBLIC_URL, e.g. `https://bpm.example.com`):
   * every link in mail is built from it, never from a request's Host or X-Forwarded-Host.
   */
  publicUrl: string;
  /**
   * Bearer token of `GET /api/metrics` (METRICS_TOKEN); empty: no metrics are kept and the endpoint
   * answers 404.
   */
  metricsToken: string;
  /**
   * Seconds mail may wait in the outbox with nothing sent since before `/api/health/ready` reports the
   * outbox stuck (OUTBOX_MAX_AGE, default one hour; 0 turns the check off).
   */
  outboxMaxAge: number;
}

/** A configuration a server must not start with: main.ts prints its message alone, without a stack. */
export class ConfigError extends Error {}

/** Shortest JWT_SECRET accepted in production (HS256 wants at least 256 bits). */
const MIN_SECRET_LENGTH = 32;

/**
 * What a production server needs from its environment and has no safe default for: every missing
 * one named at once, before anything is written to DATA_DIR.
 */
function checkProduction(env: NodeJS.ProcessEnv): void {
  const missing: string[] = [];
  if (!(env.PUBLIC_URL ?? '').trim())
    missing.push(
      "Set PUBLIC_URL to the portal's public base URL (e.g. https://bpm.example.com): the links in e-mails are built from it.",
    );
  const secret = env.JWT_SECRET ?? '';
  if (secret.length < MIN_SECRET_LENGTH)
    missing.push(
      `Set JWT_SECRET to a random string of at least ${MIN_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 48\`), the same on every instance: it signs the access tokens.`,
    );
  if (missing.length)
    throw new ConfigError(`NODE_ENV=production: ${missing.length === 1 ? missing[0] : `\n- ${missing.join('\n- ')}`}`);
}

/** TRUST_PROXY: '' or '0'/'false' trusts no proxy, 'true' any, a number that many hops, else addresses. */
export function parseTrustProxy(v: string | undefined): boolean | number | string {
  const s = (v ?? '').trim();
  if (s === '' || s === '0' || s === 'false') return false;
  if (s === 'true') return true;
  if (/^\d+$/.test(s)) return Number(s);
  return s;
}

/**
 * PUBLIC_URL: an absolute http(s) URL (a path is kept, query, fragment and credentials are refused),
 * answered without its trailing slash. Unset: `fallback`, or an error where there is none (production).
 */
export function parsePublicUrl(v: string | undefined, fallback: string | undefined): string {
  const s = (v ?? '').trim();
  if (!s) {
    if (fallback === undefined)
      throw new ConfigError(
        "Set PUBLIC_URL to the portal's public base URL (e.g. https://bpm.example.com): the links in e-mails are built from it.",
      );
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw new ConfigError(`PUBLIC_URL is not a URL: ${s} (expected e.g. https://bpm.example.com)`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash)
    throw new ConfigError(`PUBLIC_URL must be an http(s) base URL without query, fragment or credentials: ${s}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, '../../..');

/** Reads the JWT secret from the environment or from DATA_DIR, generating it once. */
function loadSecret(dataDir: string, envValue: string | undefined): string {
  if (envValue) return envValue;
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string };
    if (parsed.jwtSecret) return parsed.jwtSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret: secret }), { mode: 0o600 });
  return secret;
}

/** NODE_ENV's value for a production deployment (a deployment mode, not the production role). */
const PRODUCTION_MODE = 'production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === PRODUCTION_MODE;
  const dataDir = resolve(env.DATA_DIR || join(REPO_ROOT, 'data'));
  const port = Number(env.PORT || 3000);
  // Checked first: a production server without them must not start (nor write its secret file).
  if (production) checkProduction(env);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, production ? undefined : `http://localhost:${port}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || '',
    dataDir,
    smtpUrl: env.SMTP_URL || '',
    mailFrom: env.MAIL_FROM || 'BPM <bpm@localhost>',
    jwtSecret: loadSecret(dataDir, env.JWT_SECRET),
    accessTtl: Number(env.ACCESS_TOKEN_TTL || 900),
    refreshTtl: Number(env.REFRESH_TOKEN_TTL || 14 * 24 * 3600),
    refreshGrace: Number(env.REFRESH_GRACE || 10),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === '1' : production,
    production,
    demo: !production && env.BPM_DEMO !== '0',
    adminPassword: env.BPM_ADMIN_PASSWORD || '',
    maxUpload: Number(env.MAX_UPLOAD_BYTES || 20 * 1024 * 1024),
    webDist: env.WEB_DIST ?? join(REPO_ROOT, 'packages/web/dist'),
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl,
    licensePrivateKey: env.LICENSE_PRIVATE_KEY || '',
    strictAnswers: env.BPM_STRICT_ANSWERS === '1',
    metricsToken: (env.METRICS_TOKEN ?? '').trim(),
    outboxMaxAge: Number(env.OUTBOX_MAX_AGE || 3600),
  };
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
export const unixNow = (clock: Clock) => Math.floor(clock.now() / 1000);
