import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import { defaultErrorCode } from '@bpm/contract/errors';
import { MSG } from '@bpm/contract/messages';
import { rolesFor } from '@bpm/contract/permissions';
import { normalizeRole, rolePrefix } from '@bpm/contract/roles';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { unixNow } from './config';
import { isWriteMethod, runAsWork } from './db/connection-gate';
import { apiDocsRoutes } from './modules/api-docs/routes';
import { backupRoutes } from './modules/backup/routes';
import { companyRoutes } from './modules/company/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dealerRoutes } from './modules/dealers/routes';
import { eventRoutes } from './modules/events/routes';
import { fileRoutes } from './modules/files/routes';
import { healthRoutes } from './modules/health/routes';
import { importRoutes } from './modules/imports/routes';
import { licenseRoutes } from './modules/license/routes';
import { mailingRoutes } from './modules/mailing/routes';
import { orderRoutes } from './modules/orders/routes';
import { packingListRoutes } from './modules/packing-lists/routes';
import { partComponentRoutes } from './modules/part-components/routes';
import { passportRoutes } from './modules/passport/routes';
import { productRoutes } from './modules/products/routes';
import { projectRoutes } from './modules/projects/routes';
import { purchaseOrderRoutes } from './modules/purchase-orders/routes';
import { quotationRoutes } from './modules/quotations/routes';
import { reportRoutes } from './modules/reports/routes';
import { sessionRoutes } from './modules/session/routes';
import { supplierRoutes } from './modules/suppliers/routes';
import { taskRoutes } from './modules/tasks/routes';
import { testChecklistRoutes } from './modules/test-checklists/routes';
import { userRoutes } from './modules/users/routes';
import { accountChecker } from './platform/account-check';
import type { Deps } from './platform/deps';
import { AppError } from './platform/errors';
import { checkFileTypes } from './platform/file-types';
import type { RouteDoc } from './platform/openapi';
import type { RouteInfo } from './platform/route';
import { auditRefusals } from './platform/security-audit';

/**
 * PostgreSQL data exceptions (class 22: out of range, invalid text, NUL byte, bad date…) come from
 * input that slipped past a schema: a 400, never a 500.
 */
const isDataError = (code: string | undefined) => typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);

/** What an error log line carries: type, code and a capped message, never a dump of the query's parameters. */
export function logLine(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; code?: unknown; message?: unknown; stack?: unknown; cause?: unknown };
  const cap = (v: unknown, n: number) => (typeof v === 'string' ? v.slice(0, n) : undefined);
  // Drizzle's message is "Failed query: <sql>\nparams: <every value>": keep the statement only.
  const message = cap(String(e?.message ?? err).split('\nparams:')[0], 500);
  const cause = e?.cause as { code?: unknown; message?: unknown } | undefined;
  return {
    type: e?.name,
    code: e?.code ?? cause?.code,
    message,
    cause: cause ? cap(String(cause.message ?? ''), 300) : undefined,
    // Frames only: the stack's first lines repeat the message (and with it the parameters).
    stack: String(e?.stack ?? '')
      .split('\n')
      .filter((l) => l.startsWith('    at '))
      .slice(0, 8)
      .join('\n'),
  };
}

/** Every area's routes; an area adds its registrar here. */
const MODULES: Array<(app: FastifyInstance) => void> = [
  healthRoutes,
  sessionRoutes,
  userRoutes,
  eventRoutes,
  fileRoutes,
  productRoutes,
  partComponentRoutes,
  supplierRoutes,
  dealerRoutes,
  orderRoutes,
  quotationRoutes,
  dashboardRoutes,
  taskRoutes,
  projectRoutes,
  licenseRoutes,
  reportRoutes,
  companyRoutes,
  mailingRoutes,
  purchaseOrderRoutes,
  testChecklistRoutes,
  packingListRoutes,
  passportRoutes,
  apiDocsRoutes,
  backupRoutes,
  importRoutes,
];

/** A request id a proxy sends is kept when it is short and plain (it goes into every log line as is). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the `X-Request-Id` it came with when that is safe to log, else a new UUID. */
export function requestId(header: unknown): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/** The logger of the request being served (its lines carry the request id). */
const requestLog = new AsyncLocalStorage<FastifyBaseLogger>();

/** The current request's logger, for code that logs without a request at hand (the mailer); else undefined. */
export const requestLogger = (): FastifyBaseLogger | undefined => requestLog.getStore();

export interface BuildOptions {
  /** pino options; `stream` receives the JSON lines (tests read them). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Route registrars added after the built-in modules (embedding, and the deny-by-default test). */
  extraModules?: Array<(app: FastifyInstance) => void>;
}

/** Builds the API (and the web app when its build exists) on the given infrastructure. */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 16 * 1024 * 1024,
    // X-Forwarded-For is believed only from configured proxies (else anyone picks their address).
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Every log line of a request carries its id (`reqId`): a proxy's X-Request-Id when it is safe, else a UUID.
    requestIdHeader: false,
    genReqId: (req) => requestId(req.headers['x-request-id']),
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    // What runs for this request (hooks, handler, what they await) finds its logger (requestLogger), and its
    // database statements wait for a connection as a save's or a read's (db/connection-gate.ts).
    requestLog.run(req.log, () => runAsWork(isWriteMethod(req.method), done));
  });
  app.decorate('deps', deps);
  app.decorate('routeTable', [] as RouteInfo[]);
  app.decorate('routeDocs', new Map<string, RouteDoc>());
  tableRoutes(app);
  await registerHttpPlugins(app, deps);
  authenticate(app, deps);

  // API answers are per user and often confidential: no cache (browser or proxy) keeps them.
  app.addHook('onSend', async (req, reply) => {
    // A route's own stricter header (downloads: 'private, no-store') stays.
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  auditRefusals(app);
  answerErrors(app);
  for (const register of [...MODULES, ...(opts.extraModules ?? [])]) register(app);
  // Every downloadable file type has a permission rule and every rule a type (deny by default).
  checkFileTypes(app);
  await serveWebApp(app, deps);

  return app;
}

/** Deny by default: an API route that names no access rule stops the server from starting; the role × route table. */
function tableRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeTable.push({
        method,
        url: route.url,
        public: 'public' in access,
        // A role-prefixed path admits only that role, so the table says what the guard enforces.
        roles:
          'public' in access
            ? []
            : rolesFor(access.action).filter(
                (r) => !route.config?.prefixRole || rolePrefix(r) === route.config.prefixRole,
              ),
      });
    }
  });
}

/** Security headers, compression (never of downloads), cookies and uploads. */
async function registerHttpPlugins(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: deps.config.cookieSecure ? undefined : false,
  });
  // API answers (and any static file without a precompressed twin) compressed on the fly; brotli
  // at a quality that costs little CPU per answer. Precompressed build files are sent as they are.
  // Answers under 1 kB are sent as they are; up to 64 kB (a 50-row orders page is ~30 kB) in one call
  // on the event loop: 0.11 ms for that page against 0.35 ms through a per-answer zlib stream, whose
  // thread-pool hand-off buys nothing on two cores shared with the database (docs/performance.md).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Downloads (files, PDFs, ZIPs, CSV exports: every answer with `Content-Disposition: attachment`)
  // are sent as stored, never with a Content-Encoding: the plugin passes an uploaded gzip file through
  // labelled `Content-Encoding: gzip`, so a browser saves it inflated or fails the download, and a
  // 48 kB upload could inflate to 50 MB in a client. This app-level hook runs before the plugin's
  // route-level one and sets the plugin's own opt-out (`x-no-compression`) for that answer.
  app.addHook('onSend', async (req, reply, payload) => {
    const disposition = reply.getHeader('content-disposition');
    if (typeof disposition === 'string' && /^\s*attachment\b/i.test(disposition)) req.headers['x-no-compression'] = '1';
    return payload;
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: deps.config.maxUpload, files: 10, fields: 500 } });
}

/** Every signed-in request's account check, with the data generation, batched per event-loop turn. */
function authenticate(app: FastifyInstance, deps: Deps) {
  const accountCheck = accountChecker(deps.db);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    // Cross-site requests may not refresh a session or change anything.
    const unsafe = req.method !== 'GET' && req.method !== 'HEAD';
    if (unsafe || req.url.startsWith('/api/auth/')) {
      const site = req.headers['sec-fetch-site'];
      if (site && site !== 'same-origin' && site !== 'none') throw new AppError(403, MSG.crossSite);
      const origin = req.headers.origin;
      // `Origin: null` (sandboxed frames, cross-site redirects) is cross-site too.
      if (origin && (originHost(origin) ?? '\0') !== req.headers.host) {
        throw new AppError(403, MSG.crossSite);
      }
    }
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      const claims = await deps.tokens.verify(auth.slice(7), unixNow(deps.clock));
      if (!claims) return;
      // The account's current state decides: a disabled, deleted or re-roled user loses access at once.
      const u = await accountCheck(claims.user_id);
      const role = normalizeRole(u?.role);
      if (!u || !role || u.active !== 1 || u.deleted !== 0) return;
      // Logged out or password changed since the token was issued.
      if (u.tv !== claims.token_version) return;
      req.user = { ...claims, user_role: role, first_name: u.first_name, last_name: u.last_name };
      req.dataGeneration = u.generation;
    }
  });
}

/** The one error family on the wire: `{ message, code, cause? }` with a real status; no internals. */
function answerErrors(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    // A download that failed after its headers were set answers its error as JSON, not as the file.
    if (reply.hasHeader('content-disposition')) {
      reply.removeHeader('content-disposition');
      reply.type('application/json; charset=utf-8');
    }
    if (err instanceof AppError) {
      if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
      return reply
        .status(err.statusCode)
        .send({ message: err.message, code: err.code, ...(err.fieldErrors ? { cause: err.fieldErrors } : {}) });
    }
    const e = err as { statusCode?: number; code?: string; message?: string; cause?: { code?: string } };
    const send = (status: number, message: string) =>
      reply.status(status).send({ message, code: defaultErrorCode(status) });
    if (isDataError(e.cause?.code) || isDataError(e.code)) return send(400, MSG.validation);
    const status = e.statusCode ?? 500;
    if (status === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') return send(413, MSG.fileTooLarge);
    if (status === 415) return send(415, 'Unsupported content type');
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, bad content type): their text has no internals.
      return send(status, status === 400 ? MSG.validation : (e.message ?? MSG.validation));
    }
    req.log.error({ err: logLine(err) }, 'request failed');
    return send(500, MSG.internal);
  });
}

/** The single-page app: its files, and its index for client routes (a missing API route is a 404). */
async function serveWebApp(app: FastifyInstance, deps: Deps): Promise<void> {
  app.setNotFoundHandler((req, reply) => {
    // A missing build asset is a 404, never the index page (a stale tab would parse HTML as script).
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/') || req.method !== 'GET')
      return reply.status(404).send({ message: MSG.notFound, code: 'not_found' });
    // Client routes of the single-page app all answer with its index.
    if (hasWeb) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ message: MSG.notFound, code: 'not_found' });
  });

  const hasWeb = deps.config.webDist !== '' && existsSync(join(deps.config.webDist, 'index.html'));
  if (hasWeb) {
    // Wildcard: files are looked up per request, so a rebuild of the web app needs no restart.
    await app.register(fastifyStatic, {
      root: deps.config.webDist,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      // Hashed build assets never change under their name; everything else (index.html) is revalidated.
      setHeaders: (res, path) =>
        res.setHeader(
          'cache-control',
          path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
}

/** A hop count becomes the equivalent trust function (Fastify's types take no number). */
function trustProxyOption(tp: boolean | number | string) {
  return typeof tp === 'number' ? (_address: string, hop: number) => hop < tp : tp;
}

/** The host of an Origin header; a malformed one matches no host (refused, not a 500). */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
