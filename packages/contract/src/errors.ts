/** The error envelope of every failed API response. */
export interface ErrorBody {
  message: string;
  /** Field name → message, shown on the matching form field. */
  cause?: Record<string, string>;
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
