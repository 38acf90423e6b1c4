/**
 * The OpenAPI 3.1 document of the API, generated from the route registry: every route in
 * `app.routeTable` (so none is missing), with the zod schemas `defineRoute` was given for its
 * path parameters, query, body and answer, and the roles that may call it.
 */
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

function parameters(schema: ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = inputSchema(schema);
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
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
      description: 'Stable machine-readable code: validation, unauthenticated, forbidden, not_found, stale_version, …',
    },
    cause: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field → message' },
  },
  required: ['message', 'code'],
};

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
      parameters: [
        ...parameters(doc?.params, 'path'),
        // A path parameter without a schema is still a parameter.
        ...[...r.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)]
          .filter((m) => !(doc?.params && parameters(doc.params, 'path').some((p) => p.name === m[1])))
          .map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
        ...parameters(doc?.query, 'query'),
      ],
      responses: {
        '200': answer(doc),
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
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
    },
    paths,
  };
}
