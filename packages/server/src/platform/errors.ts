import { defaultErrorCode, type ErrorCode } from '@bpm/contract/errors';
import { MSG } from '@bpm/contract/messages';
import type { ZodError } from 'zod';

/** The one error family: status code, user-visible message, stable code and optional field errors. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds after which a retry may succeed (429): sent as `Retry-After`. */
  retryAfter?: number;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? defaultErrorCode(statusCode);
  }
}

export const badRequest = (message: string, cause?: Record<string, string>) => new AppError(400, message, cause);
/** Field errors with the generic banner message. */
export const invalid = (cause: Record<string, string>) => new AppError(400, MSG.validation, cause);
export const unauthorized = (message: string = MSG.unauthenticated) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
/** @public A clash with existing data (duplicate key…); kept for the areas that need it. */
export const conflict = (message: string, cause?: Record<string, string>) => new AppError(409, message, cause);
/** A save from an older version than the stored one: the client offers Reload. */
export const staleVersion = (message: string) => new AppError(409, message, undefined, 'stale_version');
/** The action is not allowed in the record's current state (illegal transition, nothing pending). */
export const invalidState = (message: string, cause?: Record<string, string>) =>
  new AppError(409, message, cause, 'invalid_state');
export const tooLarge = () => new AppError(413, MSG.fileTooLarge);
export const unsupported = (message: string) => new AppError(415, message);
export const tooMany = (message: string = MSG.tooManyRequests, retryAfter?: number) => {
  const err = new AppError(429, message);
  if (retryAfter !== undefined) err.retryAfter = Math.max(1, Math.ceil(retryAfter));
  return err;
};

/** Field path → first message; nested paths join with '.', e.g. `products.0.quantity`. */
export function zodCause(err: ZodError): Record<string, string> {
  const cause: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in cause)) cause[key] = issue.message;
  }
  return cause;
}

/** A unique violation (e.g. from a concurrent save of the same name), under either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
