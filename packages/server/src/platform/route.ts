import { idParams } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import { type Action, can, rolesFor } from '@bpm/contract/permissions';
import { ROLES, type Role, rolePrefix } from '@bpm/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { unixNow } from '../config';
import type { Db } from '../db/client';
import type { AuthUser } from './auth';
import type { Deps } from './deps';
import { AppError, forbidden, invalid, tooLarge, unauthorized, zodCause } from './errors';
import { withGeneration } from './fresh-cache';
import type { ErrorStatus, RouteDoc } from './openapi';

export interface UploadedFile {
  field: string;
  fileName: string;
  mimetype: string;
  data: Buffer;
}

/** A page of a server-paged list: answered as `{ data: rows, total }`. */
export class Paged<T> {
  constructor(
    readonly rows: T[],
    readonly total: number,
  ) {}
}

/** A list answered as `{ data: rows, ...meta }`: `data` stays the spec's rows, figures sit beside it. */
export class RowsWith<T> {
  constructor(
    readonly rows: T[],
    readonly meta: Record<string, unknown>,
  ) {}
}

/** One answer with fields beside `data` (a save's `warning`): answered as `{ data: value, ...meta }`. */
export class DataWith<T> {
  constructor(
    readonly value: T,
    readonly meta: Record<string, unknown>,
  ) {}
}

export interface Ctx<P, Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in caller (absent only on public routes). */
  user: AuthUser;
  params: P;
  query: Q;
  body: B;
  files: UploadedFile[];
  deps: Deps;
}

type Access = { public: true } | { action: Action };

export interface RouteDef<P, Q, B> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: Access;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /**
   * The shape of the answer's `data` (of one row when `paged`): documented in /api/openapi.json and
   * applied to every answer, so fields the schema does not name never leave the server.
   */
  response?: ZodType;
  /** The handler answers a `Paged` list (`{ data: rows, total }`); `response` is then one row. */
  paged?: boolean;
  /** The handler answers a `RowsWith` list without a total (`{ data: rows, ...meta }`); `response` is one row. */
  rows?: boolean;
  /**
   * The fields a `RowsWith` or `DataWith` answer sets beside `data` (an object schema; a `Paged`
   * list's `total` needs none): documented and applied like `response`.
   */
  meta?: ZodType;
  /** Accept multipart/form-data: text fields form the body, file parts arrive in `files`. */
  multipart?: boolean;
  /** Role-prefixed paths are only for that role; set true where the spec shares one across roles. */
  anyRolePrefix?: boolean;
  /**
   * Banner message for invalid input instead of the generic one (login uses the spec's); a function
   * picks it from the field errors (undefined keeps the generic one).
   */
  invalidMessage?: string | ((cause: Record<string, string>) => string | undefined);
  /** The handler sends its own reply (downloads, tokens); otherwise its result is sent as `{ data }`. */
  raw?: boolean;
  /**
   * Error statuses the handler answers beyond those the platform implies (openapi.ts, `errorStatuses`):
   * a public route's own 401 or 429 (login), a 404 of a route without path parameters, a 503.
   */
  errors?: readonly ErrorStatus[];
  handler(ctx: Ctx<P, Q, B>): Promise<unknown>;
}

/** What the role × route test reads: every API route with the roles allowed to call it. */
export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
  roles: readonly string[];
}

/** The role each role prefix of a path stands for (`admin` → administrator, `sale` → sale, …). */
const PREFIX_ROLES = new Map<string, Role>(ROLES.map((r) => [rolePrefix(r), r]));

/** The path of the first string (or key) holding a NUL byte, which no text column can store. */
function nulPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path.join('.') || '_' : undefined;
  if (!value || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\0')) return [...path, '_'].join('.');
    const found = nulPath(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, message?: RouteDef<T, T, T>['invalidMessage']): T {
  const fail = (cause: Record<string, string>) => {
    const banner = typeof message === 'function' ? message(cause) : message;
    return banner ? new AppError(400, banner, cause) : invalid(cause);
  };
  const nul = nulPath(value);
  if (nul) throw fail({ [nul]: MSG.invalidCharacter });
  if (!schema) return value as T;
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  throw fail(zodCause(r.error));
}

async function readMultipart(req: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (data.length > 0)
          files.push({ field: part.fieldname, fileName: part.filename, mimetype: part.mimetype, data });
      } else {
        const value = part.value;
        // Repeated fields (or `name[]`) collect into arrays.
        const key = part.fieldname.endsWith('[]') ? part.fieldname.slice(0, -2) : part.fieldname;
        if (part.fieldname.endsWith('[]') || key in fields) {
          const prev = fields[key];
          fields[key] = Array.isArray(prev) ? [...prev, value] : prev === undefined ? [value] : [prev, value];
        } else fields[key] = value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { statusCode?: number }).statusCode;
    if (code === 413) throw tooLarge();
    // A body that is not valid multipart (no boundary, truncated parts) is the client's error.
    throw invalid({ _: MSG.validation });
  }
  return { fields, files };
}

/** The dotted path of the first key `value` has and `parsed` (its schema's output) lacks. */
function droppedKey(value: unknown, parsed: unknown, path = ''): string | undefined {
  if (!value || typeof value !== 'object' || !parsed || typeof parsed !== 'object') return undefined;
  if (value instanceof Date || Buffer.isBuffer(value)) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const at = path ? `${path}.${k}` : k;
    if (!(k in parsed)) return at;
    const deeper = droppedKey(v, (parsed as Record<string, unknown>)[k], at);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Shapes an answer by its schema; with `strict` (tests) a field the schema would drop is an error. */
function shapeAnswer(shape: ZodType, value: unknown, strict: boolean, url: string): unknown {
  const parsed = shape.parse(value);
  if (strict) {
    const dropped = droppedKey(value, parsed);
    if (dropped) throw new Error(`${url}: the answer schema drops '${dropped}'`);
  }
  return parsed;
}

/**
 * Registers one API route: permission, input schemas, then the handler.
 *
 * A role-prefixed path (`/sale/…`) admits only its role, so it is registered only when that role may
 * call the route's action: the areas that register their routes under every role prefix (products,
 * test checklists) get each role the variants it may use, and no route that admits nobody.
 */
export function defineRoute<P = unknown, Q = unknown, B = unknown>(app: FastifyInstance, def: RouteDef<P, Q, B>) {
  const url = `/api${def.url}`;
  const prefix = def.url.split('/')[1] ?? '';
  const prefixRole = !def.anyRolePrefix && PREFIX_ROLES.has(prefix) ? prefix : undefined;
  if (prefixRole && 'action' in def.access && !rolesFor(def.access.action).includes(PREFIX_ROLES.get(prefixRole)!))
    return;
  const doc: RouteDoc = {
    params: def.params,
    query: def.query,
    body: def.body,
    response: def.response,
    multipart: def.multipart,
    paged: def.paged,
    rows: def.rows,
    meta: def.meta,
    raw: def.raw,
    errors: def.errors,
    action: 'action' in def.access ? def.access.action : undefined,
  };
  app.routeDocs.set(`${def.method} ${url}`, doc);
  const shape = def.response;
  app.route({
    method: def.method,
    url,
    config: { access: def.access, prefixRole },
    handler: async (req, reply) => {
      // A read's database handle carries the data generation read with the account check (fresh-cache.ts).
      const deps =
        req.dataGeneration !== undefined && req.method === 'GET'
          ? { ...app.deps, db: withGeneration(app.deps.db, req.dataGeneration) }
          : app.deps;
      let user = req.user;
      if (!('public' in def.access)) {
        if (!user) throw unauthorized();
        if (!can(user.user_role, def.access.action)) throw forbidden();
        if (prefixRole && rolePrefix(user.user_role) !== prefixRole) throw forbidden();
      } else user ??= undefined as unknown as AuthUser;
      const params = parse(def.params, req.params);
      const query = parse(def.query, req.query);
      let rawBody: unknown = req.body;
      let files: UploadedFile[] = [];
      if (def.multipart && req.isMultipart()) {
        const mp = await readMultipart(req);
        rawBody = mp.fields;
        files = mp.files;
      }
      const body = parse(def.body, rawBody, def.invalidMessage);
      const result = await def.handler({ req, reply, user: user as AuthUser, params, query, body, files, deps });
      if (def.raw) return reply;
      const strict = deps.config.strictAnswers;
      if (result instanceof Paged)
        return {
          data: shape ? result.rows.map((r) => shapeAnswer(shape, r, strict, url)) : result.rows,
          total: result.total,
        };
      const meta = (m: Record<string, unknown>) => (def.meta ? shapeAnswer(def.meta, m, strict, url) : m) as object;
      if (result instanceof RowsWith)
        return {
          ...meta(result.meta),
          data: shape ? result.rows.map((r) => shapeAnswer(shape, r, strict, url)) : result.rows,
        };
      if (result instanceof DataWith)
        return { ...meta(result.meta), data: shape ? shapeAnswer(shape, result.value, strict, url) : result.value };
      return { data: shape ? shapeAnswer(shape, result ?? null, strict, url) : (result ?? null) };
    },
  });
}

/** `GET base`, a server-paged list, and `GET base/:id`, one record, both under `access`. */
export function defineListAndGet<Q>(
  app: FastifyInstance,
  base: string,
  access: Access,
  query: ZodType<Q>,
  list: (db: Db, q: Q) => Promise<{ rows: unknown[]; total: number }>,
  get: (db: Db, id: number) => Promise<unknown>,
  /** Answer shapes (see RouteDef.response): one list row, and the record. */
  shapes: { row?: ZodType; record?: ZodType } = {},
) {
  defineRoute(app, {
    method: 'GET',
    url: base,
    access,
    query,
    paged: true,
    response: shapes.row,
    async handler({ query, deps }) {
      const page = await list(deps.db, query);
      return new Paged(page.rows, page.total);
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: `${base}/:id`,
    access,
    params: idParams,
    response: shapes.record,
    handler: ({ params, deps }) => get(deps.db, params.id),
  });
}

/** What a `PUT …/:id` action route hands its service call. */
export interface IdAction<W> {
  id: number;
  what: W;
  user: AuthUser;
  deps: Deps;
  now: number;
}

/** One `PUT url` per `[url, action, what]`: each takes `:id` and calls `run` with its `what`. */
export function definePutById<W>(
  app: FastifyInstance,
  routes: ReadonlyArray<readonly [string, Action, W]>,
  run: (a: IdAction<W>) => Promise<unknown>,
  /** The answer's shape (see RouteDef.response). */
  response?: ZodType,
) {
  for (const [url, action, what] of routes) {
    defineRoute(app, {
      method: 'PUT',
      url,
      access: { action },
      params: idParams,
      response,
      handler: ({ params, user, deps }) => run({ id: params.id, what, user, deps, now: unixNow(deps.clock) }),
    });
  }
}

/** The `PUT base/<change>/:id` routes of flag changes (enable, disable, delete), for `definePutById`. */
export const flagRoutes = <const C extends string>(base: string, action: Action, changes: readonly C[]) =>
  changes.map((c) => [`${base}/${c}/:id`, action, c] as const);

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    /** The data generation read with the signed-in caller's account check (platform/fresh-cache.ts). */
    dataGeneration?: number;
  }
  interface FastifyInstance {
    deps: Deps;
    routeTable: RouteInfo[];
    /** The schemas of each `defineRoute` route, by `METHOD /api/url` (the OpenAPI document's source). */
    routeDocs: Map<string, RouteDoc>;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The only role a role-prefixed path (`/admin/…`, `/sale/…`) admits. */
    prefixRole?: string;
  }
}
