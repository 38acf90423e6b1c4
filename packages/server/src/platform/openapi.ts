/**
 * The OpenAPI 3.1 document of the API, generated from the route registry: every route in
 * `app.routeTable` (so none is missing), with the zod schemas `defineRoute` was given for its
 * path parameters, query, body and answer, and the roles that may call it.
 */

import { ERROR_CODES, type ErrorCode } from '@bpm/contract/errors';
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';

/** What `defineRoute` records about a route's shapes (key: `METHOD /api/url`). */
export interface RouteDoc {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  response?: ZodType;
  multipart?: boolean;
  /** Answered as `{ data: rows, total }`; `response` then describes one row. */
  paged?: boolean;
  /** Answered as `{ data: rows, ...meta }`; `response` then describes one row. */
  rows?: boolean;
  /** The fields beside `data`. */
  meta?: ZodType;
  /** The handler writes its own answer (a file, a token); no `{ data }` envelope. */
  raw?: boolean;
  /** Error statuses the handler answers beyond those `errorStatuses` implies. */
  errors?: readonly ErrorStatus[];
  action?: string;
}

type Json = Record<string, unknown>;

/**
 * JSON Schema of what a client sends (`io: 'input'`). Preprocessed fields (forms send strings)
 * would all read as required: a field is required only if the schema refuses `undefined`.
 */
function inputSchema(schema: ZodType): Json {
  const json = toJson(schema, 'input');
  const shape = (schema as { shape?: Record<string, ZodType> }).shape;
  if (shape && Array.isArray(json.required)) {
    json.required = (json.required as string[]).filter((k) => !shape[k]?.safeParse(undefined).success);
    if ((json.required as string[]).length === 0) delete json.required;
  }
  return json;
}

function toJson(schema: ZodType, io: 'input' | 'output'): Json {
  try {
    const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
    return json;
  } catch {
    // A shape JSON Schema cannot express (e.g. a recursive transform): documented as "any".
    return {};
  }
}

/**
 * The parameters a schema describes. Path parameters are the path's own: one params schema may serve
 * several paths (`/time/:start` and `/time/:start/:end`), so a property the path lacks is no parameter
 * of it, and a path parameter the schema lacks is still one (a string).
 */
function parameters(schema: ZodType | undefined, where: 'path' | 'query', url = ''): Json[] {
  const inPath = [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const json = schema ? inputSchema(schema) : {};
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  if (where === 'path')
    return inPath.map((name) => ({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } }));
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: required.has(name),
    schema: s,
  }));
}

function answer(doc: RouteDoc | undefined): Json {
  if (doc?.raw) return { description: 'The file or token the route sends' };
  const item = doc?.response ? toJson(doc.response, 'output') : {};
  const beside = doc?.meta ? toJson(doc.meta, 'output') : {};
  const properties: Json = {
    ...((beside.properties as Json | undefined) ?? {}),
    data: doc?.paged || doc?.rows ? { type: 'array', items: item } : item,
    ...(doc?.paged ? { total: { type: 'integer' } } : {}),
  };
  const required = [
    ...new Set([...((beside.required as string[] | undefined) ?? []), 'data', ...(doc?.paged ? ['total'] : [])]),
  ];
  const schema = { type: 'object', properties, required };
  return { description: 'Success', content: { 'application/json': { schema } } };
}

const ERROR = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'The banner text (the specification’s wording)' },
    code: {
      type: 'string',
      enum: [...ERROR_CODES],
      description: 'Stable machine-readable reason; clients react to it, never to the text',
    },
    cause: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Field (dotted path for nested ones, `_` for the whole input) → message',
    },
  },
  required: ['message', 'code'],
};

const withCode = (codes: ErrorCode[], cause?: string) => ({
  allOf: [
    { $ref: '#/components/schemas/Error' },
    {
      type: 'object',
      properties: { code: { type: 'string', enum: codes }, ...(cause ? { cause: { description: cause } } : {}) },
    },
  ],
});

/** The error statuses the API answers besides 500. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** The error answers, one component each: what each status means here, in the envelope of every error. */
const ERRORS: Record<ErrorStatus, { name: string; description: string; schema: Json }> = {
  400: {
    name: 'BadRequest',
    description: 'Invalid input: `cause` names each field with its message (absent when the body is not JSON)',
    schema: withCode(['validation'], 'Field → message, shown on the matching form field'),
  },
  401: {
    name: 'Unauthorized',
    description: 'Not signed in, the session expired or was revoked (or, where public, wrong credentials)',
    schema: withCode(['unauthorized']),
  },
  403: {
    name: 'Forbidden',
    description: 'The role may not do this, or the request came from another site',
    schema: withCode(['forbidden']),
  },
  404: {
    name: 'NotFound',
    description: 'No such record (or it is not visible to the caller)',
    schema: withCode(['not_found']),
  },
  409: {
    name: 'Conflict',
    description:
      '`stale_version`: saved from an older version (the message names who changed it; reload); `invalid_state`: not allowed in the record’s current state; `conflict`: clashes with another record',
    schema: withCode(['stale_version', 'invalid_state', 'conflict'], 'Field → message where one field clashes'),
  },
  413: {
    name: 'TooLarge',
    description: 'The body or an uploaded file is over the limit',
    schema: withCode(['too_large']),
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'A body that is neither JSON nor multipart, or a file of another type than the call takes',
    schema: withCode(['unsupported_media_type']),
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts: retry after the seconds of the `Retry-After` header',
    schema: withCode(['rate_limited']),
  },
  503: {
    name: 'Unavailable',
    description: 'Not ready: `cause` names each failing check with what is wrong',
    schema: withCode(['internal'], 'Check → what is wrong'),
  },
};

const INTERNAL = {
  description: 'Unexpected server error (never carries internals)',
  content: { 'application/json': { schema: withCode(['internal']) } },
};

/**
 * The error statuses an operation can answer: those the platform gives by the route's shape (input
 * checks, sign-in and role checks, cross-site refusal, record lookups by path, writes' version and
 * state checks, body limits), and those the route declares (`RouteDef.errors`).
 */
export function errorStatuses(
  r: { method: string; url: string; public: boolean },
  doc: RouteDoc | undefined,
): ErrorStatus[] {
  const write = r.method !== 'GET';
  const body = Boolean(doc?.body || doc?.multipart);
  const s = new Set<ErrorStatus>(doc?.errors ?? []);
  // Declared inputs are validated; a write's body may be unparsable JSON.
  if (doc?.params || doc?.query || body || write) s.add(400);
  if (!r.public) s.add(401).add(403);
  // Cross-site writes and session calls are refused (app.ts, authenticate).
  if (write || r.url.startsWith('/api/auth/')) s.add(403);
  if (/:[A-Za-z_]/.test(r.url)) s.add(404);
  if (write && !r.public) s.add(409);
  if (body) s.add(413).add(415);
  return [...s].sort((a, b) => a - b);
}

export function openApiDocument(app: FastifyInstance): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of app.routeTable) {
    const key = r.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const doc = app.routeDocs.get(`${r.method} ${r.url}`);
    const op: Json = {
      operationId: `${r.method.toLowerCase()}${key.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [r.url.split('/')[2] ?? 'api'],
      summary: r.public ? 'Public' : `Roles: ${r.roles.join(', ') || 'none'}`,
      ...(doc?.action ? { 'x-action': doc.action } : {}),
      'x-roles': r.roles,
      ...(r.public ? { security: [] } : {}),
      parameters: [...parameters(doc?.params, 'path', r.url), ...parameters(doc?.query, 'query')],
      responses: {
        '200': answer(doc),
        ...Object.fromEntries(
          errorStatuses(r, doc).map((st) => [String(st), { $ref: `#/components/responses/${ERRORS[st].name}` }]),
        ),
        default: INTERNAL,
      },
    };
    if (doc?.body) {
      const schema = inputSchema(doc.body);
      op.requestBody = {
        required: true,
        content: {
          'application/json': { schema },
          ...(doc.multipart ? { 'multipart/form-data': { schema } } : {}),
        },
      };
    }
    paths[key] ??= {};
    paths[key][r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'BPM API',
      version: '1',
      description:
        'Success bodies are { data } (server-paged lists add total); errors are { message, code, cause } with a real status code. Sign in with POST /api/auth/login and send the access token as a bearer token.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: ERROR },
      responses: Object.fromEntries(
        Object.values(ERRORS).map((e) => [
          e.name,
          { description: e.description, content: { 'application/json': { schema: e.schema } } },
        ]),
      ),
    },
    paths,
  };
}
