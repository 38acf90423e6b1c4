import { ERROR_CODES, type ErrorCode, pickErrorMessage } from '@bpm/contract/errors';
import { localiseUtcTimes } from '../components/format';

/** A failed API response: status, the toast text (spec priority rule) and the field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message = pickErrorMessage(body, status === 0 ? 'Network error' : `Request failed (${status})`),
  ) {
    // A stale-version message names the other change's time in UTC: the user reads it in local time.
    super(status === 409 ? localiseUtcTimes(message) : message);
    this.name = 'ApiError';
  }

  /** The server's stable reason (`stale_version`, `invalid_state`, …), when it sent one. */
  get code(): ErrorCode | undefined {
    const c = this.body && typeof this.body === 'object' ? (this.body as { code?: unknown }).code : undefined;
    return ERROR_CODES.includes(c as ErrorCode) ? (c as ErrorCode) : undefined;
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

/**
 * The catch of a form save: logs what is not an ApiError, reports a stale version's message (the conflict
 * banner with Reload — never for other 409s such as an illegal state), puts
 * field errors on the form's fields and logs those that match none. Returns the ApiError, if it was one.
 */
export function handleSaveError(
  err: unknown,
  setError: Parameters<typeof applyServerErrors>[0],
  knownFields: readonly string[],
  onConflict: (message: string) => void,
): ApiError | undefined {
  if (!(err instanceof ApiError)) {
    console.error(err);
    return undefined;
  }
  if (err.code === 'stale_version') onConflict(err.message);
  const unmatched = applyServerErrors(setError, err.fieldErrors, knownFields);
  if (unmatched.length) console.error('unmatched field errors', err.fieldErrors);
  return err;
}
