import { pickErrorMessage } from '@bpm/contract/errors';

/** A failed API response: status, the toast text (spec priority rule) and the field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message = pickErrorMessage(body, status === 0 ? 'Network error' : `Request failed (${status})`),
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field name → message from the `cause` object, when the server sent one. */
  get fieldErrors(): Record<string, string> {
    return fieldErrorsOf(this.body);
  }
}

export function fieldErrorsOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const cause = (body as { cause?: unknown }).cause;
  if (!cause || typeof cause !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(cause)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The `error` text a successful response may carry (it is toasted too), or undefined. */
export function successError(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const e = (body as { error?: unknown }).error;
  return typeof e === 'string' && e ? e : undefined;
}

/**
 * Puts server field errors on react-hook-form fields (`setError` of useForm). Returns the names
 * that had no matching field so a caller can show them elsewhere.
 */
export function applyServerErrors(
  setError: (name: never, error: { type: string; message: string }, options?: { shouldFocus?: boolean }) => void,
  cause: Record<string, string> | undefined,
  knownFields?: readonly string[],
): string[] {
  const unmatched: string[] = [];
  let first = true;
  for (const [field, message] of Object.entries(cause ?? {})) {
    if (knownFields && !knownFields.includes(field)) {
      unmatched.push(field);
      continue;
    }
    setError(field as never, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return unmatched;
}
