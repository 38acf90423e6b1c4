/**
 * Stable machine-readable reason of a failed response, beside the human `message`. Clients react to
 * the code, never to the text: only `stale_version` offers Reload.
 */
export const ERROR_CODES = [
  'validation', // 400: bad input; `cause` names the fields
  'unauthorized', // 401: no or expired session, wrong credentials
  'forbidden', // 403: the role may not do this (or a cross-site request)
  'not_found', // 404
  'stale_version', // 409: saved from an older version; the message names who changed it
  'invalid_state', // 409: not allowed in the record's current state (e.g. no pending delete request)
  'conflict', // 409: clashes with another record (e.g. a name already taken)
  'too_large', // 413
  'unsupported_media_type', // 415: not the file type the call takes
  'rate_limited', // 429
  'internal', // 500: never carries internals
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The error envelope of every failed API response. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** Field name → message, shown on the matching form field. */
  cause?: Record<string, string>;
}

/** The code a status implies when nothing more precise was said. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'internal' : 'validation';
  }
}

/** Success envelope of every API response (login and refresh answer `{ access_token }`). */
export interface DataBody<T> {
  data: T;
}

/**
 * Picks the toast text of a failed response by the spec's priority rule (document 1 section 8):
 * lowest the concatenated payload field values, then the first array element, then `error`,
 * highest `message`.
 */
export function pickErrorMessage(body: unknown, fallback = 'Request failed'): string {
  if (body == null) return fallback;
  if (typeof body === 'string') return body || fallback;
  let text = '';
  if (Array.isArray(body)) {
    const first = body[0];
    if (first !== undefined) text = typeof first === 'string' ? first : JSON.stringify(first);
    return text || fallback;
  }
  if (typeof body === 'object') {
    const o = body as Record<string, unknown>;
    const values = Object.values(o)
      .filter((v) => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number')
      .join(' ');
    if (values) text = values;
    if (typeof o.error === 'string' && o.error) text = o.error;
    if (typeof o.message === 'string' && o.message) text = o.message;
  }
  return text || fallback;
}
