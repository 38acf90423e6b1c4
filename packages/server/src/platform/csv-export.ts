// CSV export of a list: what the list's current filters select, streamed page by page (issue 9 item 12).
import { PassThrough, pipeline, Readable } from 'node:stream';
import type { Action } from '@bpm/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { AuthUser } from './auth';
import type { Deps } from './deps';
import { defineRoute } from './route';

/** Rows fetched per query: few round trips, memory bounded by two chunks whatever the total. */
export const CSV_CHUNK = 5000;

const FORMULA = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Spreadsheet formula injection: a cell starting with = + - @ tab or CR is read as a formula, so it
 * gets a leading apostrophe (OWASP). Plain numbers (−12.5) stay numbers.
 */
export function neutraliseCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (FORMULA.test(s) && !PLAIN_NUMBER.test(s)) return `'${s}`;
  return s;
}

/** RFC 4180: a cell holding a comma, quote or line break is quoted, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;
const quote = (c: string) => (NEEDS_QUOTES.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** Date-only fields (unix seconds) become YYYY-MM-DD; time stamps become ISO date and time (UTC). */
const DATE_KEYS = new Set([
  'date',
  'shipping_date',
  'shipping_date_expected',
  'payment_due_date',
  'payment_date',
  'po_date',
]);
const TIME_KEYS = new Set(['time', 'created_at', 'updated_at', 'last_login']);

/** A cell as it is written to the file: neutralised, then quoted when it must be. */
const anyCell = (v: unknown) => (typeof v === 'number' ? neutraliseCell(v) : quote(neutraliseCell(v)));

/**
 * The writer of one column's cells, chosen once per column rather than per cell (100k orders are
 * 2.8M cells). A number's text never needs quotes.
 */
function cellWriter(key: string): (v: unknown) => string {
  if (DATE_KEYS.has(key))
    return (v) => (typeof v === 'number' ? new Date(v * 1000).toISOString().slice(0, 10) : anyCell(v));
  if (TIME_KEYS.has(key))
    return (v) =>
      typeof v === 'number' ? `${new Date(v * 1000).toISOString().slice(0, 19).replace('T', ' ')}Z` : anyCell(v);
  return anyCell;
}

/**
 * One chunk of an export: up to `limit` rows after `after` (undefined: from the start), and where the
 * next chunk starts — the last row's sort key and id (keyset), so no chunk skips rows again.
 */
export type ChunkFetch = (limit: number, after?: unknown) => Promise<{ rows: readonly object[]; next?: unknown }>;

/**
 * Streams the rows `fetch` answers, chunk by chunk, as CSV: UTF-8 with BOM, a header row of the
 * rows' field names (the spec's data model names), every cell neutralised. One string per chunk
 * (not per row: 100k orders are 20 stream writes, not 100k), and the next chunk is already being
 * read while this one is formatted and sent; a chunk shorter than asked for is the last.
 * Memory: at most two chunks, whatever the total.
 */
export function csvStream(fetch: ChunkFetch, columns?: readonly string[], chunk = CSV_CHUNK): Readable {
  async function* chunks() {
    let cols = columns;
    let writers: ((v: unknown) => string)[] = [];
    let next: ReturnType<ChunkFetch> | null = fetch(chunk);
    for (let first = true; next; first = false) {
      const page: Awaited<ReturnType<ChunkFetch>> = await next;
      const rows = page.rows as readonly Record<string, unknown>[];
      next = rows.length < chunk ? null : fetch(chunk, page.next);
      // A failed prefetch is reported by the await above on the next turn, not as unhandled.
      next?.catch(() => {});
      if (!cols) cols = rows[0] ? Object.keys(rows[0]) : [];
      if (first) writers = cols.map(cellWriter);
      let out = first ? `\uFEFF${cols.map(quote).join(',')}\n` : '';
      const n = cols.length;
      for (const r of rows) {
        let line = n ? writers[0]!(r[cols[0]!]) : '';
        for (let i = 1; i < n; i++) line += `,${writers[i]!(r[cols[i]!])}`;
        out += `${line}\n`;
      }
      if (out) yield out;
    }
  }
  const out = new PassThrough();
  // pipeline: a failed query destroys the answer instead of leaving it hanging.
  pipeline(Readable.from(chunks()), out, () => {});
  return out;
}

/** A chunk read by OFFSET (`after` is the offset): for small lists whose query has no keyset yet. */
export async function offsetChunk(
  limit: number,
  after: unknown,
  read: (q: { limit: number; offset: number }) => Promise<readonly object[]>,
) {
  const offset = typeof after === 'number' ? after : 0;
  return { rows: await read({ limit, offset }), next: offset + limit };
}

/** `GET {base}/export.csv?<the list's params>`: same access and filters as `GET {base}`. */
export function defineCsvExport<Q extends { limit: number; offset: number }>(
  app: FastifyInstance,
  def: {
    url: string;
    action: Action;
    query: ZodType<Q>;
    fileName: string;
    /** One chunk (see ChunkFetch); the signed-in user: fetchers whose list is scoped by role (events) need it. */
    fetch: (deps: Deps, q: Q, user: AuthUser, limit: number, after?: unknown) => ReturnType<ChunkFetch>;
    columns?: readonly string[];
  },
) {
  defineRoute(app, {
    method: 'GET',
    url: def.url,
    access: { action: def.action },
    query: def.query,
    raw: true,
    async handler({ query, reply, deps, user }) {
      const body = csvStream((limit, after) => def.fetch(deps, query, user, limit, after), def.columns);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${def.fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
