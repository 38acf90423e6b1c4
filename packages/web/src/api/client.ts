import type { TokenPayload } from '@bpm/contract/session';
import { closeSnackbar } from 'notistack';
import { ApiError, successError } from './errors';
import { toast } from './notify';
import { decodeToken, fileNameFromDisposition, refreshDelayMs } from './token';

export interface Session {
  token: string;
  user: TokenPayload;
}

type Listener = (session: Session | null, reason?: string) => void;

// The access token lives in memory only; the refresh token is the httpOnly cookie.
let session: Session | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<Session> | null = null;
const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('bpm-auth');

channel?.addEventListener('message', (e: MessageEvent) => {
  // Another tab logged out or lost its session: the cookie is gone for us too.
  if (e.data === 'force_logout' && session) clearSession(undefined, false);
});

export function getSession(): Session | null {
  return session;
}

/** Called with the new session (or null and an optional reason) whenever it changes. */
export function onSessionChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function setToken(token: string): Session {
  const user = decodeToken(token);
  if (!user) throw new ApiError(401, { message: 'Invalid access token' });
  const fresh = !session;
  session = { token, user };
  // A new sign-in starts with a clean slate of toasts (e.g. an earlier failed attempt).
  if (fresh) closeSnackbar();
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    refreshSession().catch(() => {
      /* refreshSession has already cleared the session */
    });
  }, refreshDelayMs(user));
  for (const fn of listeners) fn(session);
  return session;
}

function clearSession(reason?: string, broadcast = true) {
  clearTimeout(refreshTimer);
  const had = session !== null;
  session = null;
  if (broadcast && had) channel?.postMessage('force_logout');
  if (had || reason) for (const fn of listeners) fn(null, reason);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Signs in; the access token is kept in memory. Throws ApiError (not toasted: the login screen does it). */
export async function login(username: string, password: string): Promise<Session> {
  const res = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ username, password }),
  });
  const body = (await readBody(res)) as { access_token?: string } | null;
  if (!res.ok || !body?.access_token) throw new ApiError(res.status, body);
  return setToken(body.access_token);
}

async function callRefresh(): Promise<Session> {
  let res: Response;
  try {
    res = await fetch('/api/auth/refresh', { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, null);
  }
  const body = (await readBody(res)) as { access_token?: string } | null;
  if (!res.ok || !body?.access_token) throw new ApiError(res.status, body);
  return setToken(body.access_token);
}

/**
 * Exchanges the refresh cookie for a new access token, single-flight within this tab and across tabs
 * (Web Locks). A tab that waited for another tab's refresh still calls the server: the rotated cookie is
 * shared, so its call simply succeeds with the successor. A failed refresh clears the session everywhere.
 */
export function refreshSession(opts: { silent?: boolean } = {}): Promise<Session> {
  if (refreshing) return refreshing;
  const run = () => callRefresh();
  const locked: Promise<Session> =
    typeof navigator !== 'undefined' && navigator.locks
      ? // The lock's promise settles with the callback's (awaited) result.
        (navigator.locks.request('bpm-refresh', run) as unknown as Promise<Session>)
      : run();
  refreshing = locked
    .catch((err: unknown) => {
      const e = err instanceof ApiError ? err : new ApiError(0, null);
      // A 401 on restore means simply "no session"; other failures are real errors worth a banner.
      clearSession(opts.silent && e.status === 401 ? undefined : e.message);
      throw e;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Logs out on the server, tells the other tabs, and returns to '/'. */
export async function logout(): Promise<void> {
  try {
    await fetch('/api/auth/logout', { credentials: 'same-origin' });
  } catch (err) {
    console.error('logout failed', err);
  }
  clearSession();
  window.history.replaceState(null, '', '/');
}

export interface FetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Toast failures (default true). */
  toast?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: FetchOptions['query']): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

async function send(path: string, o: FetchOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  if (session) headers.Authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (o.body instanceof FormData) body = o.body;
  else if (o.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  return fetch(buildUrl(path, o.query), {
    method: o.method ?? 'GET',
    headers,
    body,
    credentials: 'same-origin',
    signal: o.signal,
  });
}

/** Sends a request with the access token; on 401 refreshes once and retries once. Returns the raw Response. */
export async function apiFetchRaw(path: string, o: FetchOptions = {}): Promise<Response> {
  let res: Response;
  try {
    res = await send(path, o);
    if (res.status === 401 && session) {
      await refreshSession();
      res = await send(path, o);
    }
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    const e = err instanceof ApiError ? err : new ApiError(0, null);
    if (o.toast !== false) toast(e.message, 'error');
    throw e;
  }
  if (!res.ok) {
    const e = new ApiError(res.status, await readBody(res));
    if (o.toast !== false) toast(e.message, 'error');
    throw e;
  }
  return res;
}

/** Sends a request and answers the parsed JSON body (`{ data }`, `{ data, total }`, …). */
export async function apiFetch<T = unknown>(path: string, o: FetchOptions = {}): Promise<T> {
  const res = await apiFetchRaw(path, o);
  const body = await readBody(res);
  const warn = successError(body);
  if (warn && o.toast !== false) toast(warn, 'warning');
  return body as T;
}

export interface PageResult<T> {
  rows: T[];
  total: number;
  /** The server estimated `total` (many rows match; the footer says 'about'). */
  estimated?: boolean;
}

type Query = FetchOptions['query'];
type Opts = Omit<FetchOptions, 'method' | 'query' | 'body'>;

export const api = {
  /** GET → `data`. */
  get: async <T>(path: string, query?: Query, o?: Opts) => (await apiFetch<{ data: T }>(path, { ...o, query })).data,
  /** GET of a server-paged list → `{ rows, total }`. */
  list: async <T>(path: string, query?: Query, o?: Opts): Promise<PageResult<T>> => {
    const b = await apiFetch<{ data: T[]; total?: number; total_estimated?: 0 | 1 }>(path, { ...o, query });
    return { rows: b.data ?? [], total: b.total ?? b.data?.length ?? 0, estimated: b.total_estimated === 1 };
  },
  post: async <T>(path: string, body?: unknown, o?: Opts) =>
    (await apiFetch<{ data: T }>(path, { ...o, method: 'POST', body })).data,
  put: async <T>(path: string, body?: unknown, o?: Opts) =>
    (await apiFetch<{ data: T }>(path, { ...o, method: 'PUT', body })).data,
  delete: async <T>(path: string, o?: Opts) => (await apiFetch<{ data: T }>(path, { ...o, method: 'DELETE' })).data,
  /** POST multipart/form-data. Values: strings/numbers/booleans; File/Blob as file parts; undefined skipped. */
  upload: async <T>(path: string, fields: Record<string, unknown> | FormData, o?: Opts) =>
    (await apiFetch<{ data: T }>(path, { ...o, method: 'POST', body: toFormData(fields) })).data,
  /** GET a file as a Blob with its server-given name (Content-Disposition). */
  download: async (path: string, query?: Query, o?: Opts): Promise<{ blob: Blob; fileName: string }> => {
    const res = await apiFetchRaw(path, { ...o, query });
    return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get('Content-Disposition')) };
  },
};

export function toFormData(fields: Record<string, unknown> | FormData): FormData {
  if (fields instanceof FormData) return fields;
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null) continue;
    if (v instanceof Blob) fd.append(k, v, v instanceof File ? v.name : k);
    else if (Array.isArray(v)) for (const item of v) fd.append(`${k}[]`, String(item));
    else fd.append(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  return fd;
}

/** Saves a downloaded Blob under its name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
