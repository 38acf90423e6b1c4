import { MSG } from '@bpm/contract/messages';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, applyServerErrors, fieldErrorsOf, successError } from './errors';

describe('ApiError', () => {
  it('takes the toast text by the spec priority rule', () => {
    expect(new ApiError(400, { message: MSG.validation, cause: { email: MSG.email } }).message).toBe(MSG.validation);
    expect(new ApiError(400, { error: 'bad', other: 'x' }).message).toBe('bad');
    expect(new ApiError(400, ['first', 'second']).message).toBe('first');
    expect(new ApiError(400, { a: 'one', b: 'two' }).message).toBe('one two');
    expect(new ApiError(500, null).message).toBe('Request failed (500)');
    expect(new ApiError(0, null).message).toBe('Network error');
  });
  it('exposes the field errors of cause', () => {
    const e = new ApiError(400, { message: 'x', cause: { username: MSG.usernameTaken, n: 3 } });
    expect(e.fieldErrors).toEqual({ username: MSG.usernameTaken });
    expect(fieldErrorsOf({ message: 'x' })).toEqual({});
  });
});

describe('successError', () => {
  it('finds an error field on a successful body', () => {
    expect(successError({ data: 1, error: 'Mail could not be sent' })).toBe('Mail could not be sent');
    expect(successError({ data: 1 })).toBeUndefined();
    expect(successError([1])).toBeUndefined();
  });
});

describe('applyServerErrors', () => {
  it('sets each cause entry on its field, focusing the first, and reports unknown fields', () => {
    const setError = vi.fn();
    const rest = applyServerErrors(setError, { username: 'taken', email: 'bad', zzz: 'x' }, ['username', 'email']);
    expect(setError).toHaveBeenCalledWith('username', { type: 'server', message: 'taken' }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'bad' }, { shouldFocus: false });
    expect(rest).toEqual(['zzz']);
  });
});
