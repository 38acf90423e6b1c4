// CSV export of a list: what the list's current filters select, streamed page by page (issue 9 item 12).
import { PassThrough, pipeline, Readable } from 'node:stream';
import { EVENTS } from '@bpm/contract/events';
import type { Action } from '@bpm/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { AuthUser } from './auth';
import type { Deps } from './deps';
import { defineRoute } from './route';
import { auditRequest } from './security-audit';

/** Rows fetched per query: few round trips, memory bounded by two chunks whatever the total. */
export const CSV_CHUNK = 5000;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Starts with = + - @ tab or CR, and is not a plain number. */
function formula(s: string): boolean {
  const c = s.charCodeAt(0);
  return (c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13) && !PLAIN_NUMBER.test(s);
}

/**
 * Spreadsheet formula injection: a cell starting with = + - @ tab or CR is read as a formula, so it
 * gets a leading apostrophe (OWASP). Plain numbers (−12.5) stay numbers.
 */
export function neutraliseCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return formula(s) ? `'${s}` : s;
}

/** RFC 4180: a cell holding a comma, quote or line break is quoted, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;
const quote = (c: string) => (NEEDS_QUOTES.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** A cell as it is written to the file: neutralised, then quoted when it must be (a number never must). */
function anyCell(v: unknown): string {
  if (typeof v === 'string') return v === '' ? v : quote(formula(v) ? `'${v}` : v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return quote(neutraliseCell(v));
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

/** YYYY-MM-DD of UTC days already written (an export's dates fall on a few hundred days). */
const dayText = new Map<number, string>();
function dayCell(v: number): string {
  const day = Math.floor(v / 86400);
  let text = dayText.get(day);
  if (text === undefined) {
    if (dayText.size >= 100_000) dayText.clear();
    text = new Date(day * 86400_000).toISOString().slice(0, 10);
    dayText.set(day, text);
  }
  return text;
}

/**
 * The writer of one column's cells, chosen once per column rather than per cell (100k orders are
 * 2.8M cells).
 */
function cellWriter(key: string): (v: unknown) => string {
  if (DATE_KEYS.has(key)) return (v) => (typeof v === 'number' ? dayCell(v) : anyCell(v));
  if (TIME_KEYS.has(key))
    return (v) =>
      typeof v === 'number' ? `${new Date(v * 1000).toISOString().slice(0, 19).replace('T', ' ')}Z` : anyCell(v);
  return anyCell;
}

/**
 * One chunk of an export: up to `limit` rows after `after` (undefined: from the start), and where the
 * next chunk starts — the last row's sort key and id (keyset), so no chunk skips rows again. A row is
 * an object (its keys are the columns unless `columns` are given), or an array of the columns' values
 * in order (`columns` given; values past them are ignored), or such an array as JSON text — parsed
 * only as its line is written, so the parsed values die young instead of piling up as old garbage
 * while the chunk waits for the socket.
 */
export type ChunkFetch = (
  limit: number,
  after?: unknown,
) => Promise<{ rows: readonly object[] | readonly (readonly unknown[])[] | readonly string[]; next?: unknown }>;

/** Rows of one chunk: objects, arrays of the columns' values in order, or such arrays as JSON text. */
type Rows = Awaited<ReturnType<ChunkFetch>>['rows'];

/**
 * The one CSV writer, for list exports and reports (docs/decisions.md, Reports & documents): UTF-8
 * with BOM, a header row, LF line ends, RFC 4180 quoting, every cell neutralised. `chunks` are the
 * rows in chunks; `columns` the keys of object rows (default: the first row's keys) and, unless
 * `header` gives labels, the header row. One string per chunk (not per row: 100k orders are 20
 * stream writes, not 100k). A consumer that goes away or a failed chunk ends the source too.
 */
export function csvWriter(chunks: AsyncIterable<Rows>, columns?: readonly string[], header?: readonly string[]) {
  async function* lines() {
    let cols = columns;
    let writers: ((v: unknown) => string)[] = [];
    let first = true;
    const head = (keys: readonly string[]) => `\uFEFF${(header ?? keys).map(quote).join(',')}\n`;
    for await (const chunk of chunks) {
      const rows = chunk as readonly (Record<string, unknown> | readonly unknown[] | string)[];
      if (!cols) cols = rows[0] ? Object.keys(rows[0]) : [];
      const keys = cols;
      if (first) writers = cols.map(cellWriter);
      let out = first ? head(cols) : '';
      first = false;
      const n = cols.length;
      for (const row of rows) {
        const r = typeof row === 'string' ? (JSON.parse(row) as unknown[]) : row;
        let line = '';
        if (Array.isArray(r)) for (let i = 0; i < n; i++) line += (i ? ',' : '') + writers[i]!(r[i]);
        else for (let i = 0; i < n; i++) line += (i ? ',' : '') + writers[i]!((r as Record<string, unknown>)[keys[i]!]);
        out += `${line}\n`;
      }
      if (out) yield out;
    }
    // No chunk at all (a report without rows): the header row alone.
    if (first) yield head(cols ?? []);
  }
  const out = new PassThrough();
  // pipeline: a failed query destroys the answer instead of leaving it hanging.
  pipeline(Readable.from(lines()), out, () => {});
  return out;
}

/**
 * Streams the rows `fetch` answers, chunk by chunk, as CSV (csvWriter: the rows' field names, the
 * spec's data model names, as header). The next chunk is already being read while this one is
 * formatted and sent; a chunk shorter than asked for is the last. Memory: at most two chunks,
 * whatever the total. `first`: the first chunk, already fetched (or being fetched) with `fetch(chunk)`.
 */
export function csvStream(
  fetch: ChunkFetch,
  columns?: readonly string[],
  chunk = CSV_CHUNK,
  first?: ReturnType<ChunkFetch>,
): Readable {
  async function* chunks() {
    let next: ReturnType<ChunkFetch> | null = first ?? fetch(chunk);
    while (next) {
      const page: Awaited<ReturnType<ChunkFetch>> = await next;
      next = page.rows.length < chunk ? null : fetch(chunk, page.next);
      // A failed prefetch is reported by the await above on the next turn, not as unhandled.
      next?.catch(() => {});
      yield page.rows;
    }
  }
  return csvWriter(chunks(), columns);
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
    async handler({ req, query, reply, deps, user }) {
      const fetch: ChunkFetch = (limit, after) => def.fetch(deps, query, user, limit, after);
      // The first chunk is read before the answer becomes a CSV download: what the list's service
      // refuses (a sales window that ends before it starts) is then the list's own 400, not a failed
      // stream after the CSV headers (a 500).
      const first = await fetch(CSV_CHUNK);
      // Who exported what, with which filters (the parsed ones: nothing unparsed reaches the table).
      await auditRequest(app, req, EVENTS.security.csvExported, { target_type: def.fileName, filters: query });
      const body = csvStream(fetch, def.columns, CSV_CHUNK, Promise.resolve(first));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${def.fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
