// CSV export of a list: what the list's current filters select, streamed page by page (issue 9 item 12).
import { PassThrough, pipeline, Readable } from 'node:stream';
import type { Action } from '@bpm/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { AuthUser } from './auth';
import type { Deps } from './deps';
import { defineRoute } from './route';

/** Rows fetched per query: few round trips (and OFFSET skips), memory bounded by two chunks whatever the total. */
export const CSV_CHUNK = 5000;

/**
 * Spreadsheet formula injection: a cell starting with = + - @ tab or CR is read as a formula, so it
 * gets a leading apostrophe (OWASP). Plain numbers (−12.5) stay numbers.
 */
export function neutraliseCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) return `'${s}`;
  return s;
}

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

function cell(key: string, v: unknown): string {
  if (typeof v === 'number' && (DATE_KEYS.has(key) || TIME_KEYS.has(key))) {
    const iso = new Date(v * 1000).toISOString();
    return DATE_KEYS.has(key) ? iso.slice(0, 10) : `${iso.slice(0, 19).replace('T', ' ')}Z`;
  }
  return neutraliseCell(v);
}

/** One chunk: `limit` rows from `offset`; `last` is the previous chunk's last row (for keyset paging). */
export type PageFetch = (limit: number, offset: number, last?: Record<string, unknown>) => Promise<readonly object[]>;

/** RFC 4180: a cell holding a comma, quote or line break is quoted, its quotes doubled. */
const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/**
 * Streams the rows `fetch` answers, chunk by chunk, as CSV: UTF-8 with BOM, a header row of the
 * rows' field names (the spec's data model names), every cell neutralised. One string per chunk
 * (not per row: 100k orders are 50 stream writes, not 100k), and the next chunk is already being
 * read while this one is formatted and sent. Memory: at most two chunks, whatever the total.
 */
export function csvStream(fetch: PageFetch, columns?: readonly string[]): Readable {
  async function* chunks() {
    let cols = columns;
    let next: Promise<readonly object[]> | null = fetch(CSV_CHUNK, 0);
    for (let offset = 0; next; offset += CSV_CHUNK) {
      const page = (await next) as readonly Record<string, unknown>[];
      next = page.length < CSV_CHUNK ? null : fetch(CSV_CHUNK, offset + CSV_CHUNK, page[page.length - 1]);
      // A failed prefetch is reported by the await above on the next turn, not as unhandled.
      next?.catch(() => {});
      if (!cols) cols = page[0] ? Object.keys(page[0]) : [];
      let out = offset === 0 ? `\uFEFF${cols.map(quote).join(',')}\n` : '';
      for (const r of page) {
        let line = '';
        for (let i = 0; i < cols.length; i++) {
          const k = cols[i] as string;
          line += (i ? ',' : '') + quote(cell(k, r[k]));
        }
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

/** `GET {base}/export.csv?<the list's params>`: same access and filters as `GET {base}`. */
export function defineCsvExport<Q extends { limit: number; offset: number }>(
  app: FastifyInstance,
  def: {
    url: string;
    action: Action;
    query: ZodType<Q>;
    fileName: string;
    /** The signed-in user: fetchers whose list is scoped by role (events) need it. */
    fetch: (deps: Deps, q: Q, user: AuthUser, last?: Record<string, unknown>) => Promise<readonly object[]>;
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
      const body = csvStream(
        (limit, offset, last) => def.fetch(deps, { ...query, limit, offset }, user, last),
        def.columns,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${def.fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
