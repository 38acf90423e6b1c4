/**
 * The mixed bench's HTTP client and figures: keep-alive `node:http` (lighter than fetch on a 2-core box, so the
 * client takes less of the machine it measures), one request at a time per virtual user, every answer timed and
 * recorded under its action class. A 409 (stale version) counts apart; any other non-2xx is an error, and the
 * first few are kept with their bodies.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely (ids and versions), as the screens do
  body: any;
}

/** Per action class: latencies (ms), errors and 409s while recording. */
export class Recorder {
  recording = false;
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly conflicts = new Map<string, number>();
  readonly firstErrors: string[] = [];

  add(cls: string, ms: number, status: number, method: string, path: string, text: string) {
    if (!this.recording) return;
    const list = this.times.get(cls) ?? [];
    if (!list.length) this.times.set(cls, list);
    list.push(ms);
    if (status === 409) this.conflicts.set(cls, (this.conflicts.get(cls) ?? 0) + 1);
    else if (status < 200 || status >= 300) {
      this.errors.set(cls, (this.errors.get(cls) ?? 0) + 1);
      if (this.firstErrors.length < 8) this.firstErrors.push(`${status} ${method} ${path}: ${text.slice(0, 400)}`);
    }
  }
}

/** A multipart/form-data body of text fields (what the web's toFormData sends for an order save). */
function multipart(fields: Record<string, unknown>): { type: string; data: string } {
  const boundary = `----bpmMixed${Math.random().toString(16).slice(2)}`;
  let data = '';
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue;
    const value = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
    data += `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${value}\r\n`;
  }
  return { type: `multipart/form-data; boundary=${boundary}`, data: `${data}--${boundary}--\r\n` };
}

export interface Send {
  method?: 'GET' | 'POST' | 'PUT';
  token?: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, unknown>;
}

/** `/api` + path + the query without empty values, as the web's buildUrl makes it. */
export function apiPath(path: string, query?: Send['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `/api${path}${s ? `?${s}` : ''}`;
}

export class Client {
  constructor(
    private readonly host: string,
    private readonly port: number,
    readonly rec: Recorder,
  ) {}

  /** One raw request: status, text and the time it took (ms). */
  raw(method: string, path: string, headers: Record<string, string>, data?: string) {
    const t0 = performance.now();
    return new Promise<{ status: number; text: string; ms: number }>((ok, fail) => {
      const req = http.request({ host: this.host, port: this.port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          ok({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }),
        );
        res.on('error', fail);
      });
      req.on('error', fail);
      if (data !== undefined) req.end(data);
      else req.end();
    });
  }

  /** A request of action class `cls`, recorded; answers the parsed body. */
  async call(cls: string, path: string, o: Send = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let data: string | undefined;
    if (o.form) {
      const m = multipart(o.form);
      headers['content-type'] = m.type;
      data = m.data;
    } else if (o.json !== undefined) {
      headers['content-type'] = 'application/json';
      data = JSON.stringify(o.json);
    }
    const method = o.method ?? (data === undefined ? 'GET' : 'POST');
    const url = apiPath(path, o.query);
    let r: { status: number; text: string; ms: number };
    try {
      r = await this.raw(method, url, headers, data);
    } catch (err) {
      r = { status: 0, text: String(err), ms: 0 };
    }
    this.rec.add(cls, r.ms, r.status, method, url, r.text);
    let body: unknown = null;
    if (r.status >= 200 && r.status < 300 && r.text) {
      try {
        body = JSON.parse(r.text);
      } catch {
        body = r.text;
      }
    }
    return { status: r.status, body };
  }
}

/** Nearest-rank percentile of sorted values. */
export function pct(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A seeded PRNG (mulberry32): the same seed draws the same queries. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Whole number in [lo, hi]. */
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rnd = ReturnType<typeof prng>;
