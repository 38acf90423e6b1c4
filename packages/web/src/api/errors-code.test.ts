import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../components/format';
import { ApiError, handleSaveError } from './errors';

describe('handleSaveError and error codes', () => {
  const noField = () => {};
  it('offers the reload banner for a stale version only', () => {
    const banners: string[] = [];
    handleSaveError(new ApiError(409, { message: 'changed by Bob', code: 'stale_version' }), noField, [], (m) =>
      banners.push(m),
    );
    handleSaveError(
      new ApiError(409, { message: 'There is no pending delete request', code: 'invalid_state' }),
      noField,
      [],
      (m) => banners.push(m),
    );
    expect(banners).toEqual(['changed by Bob']);
  });
  it('reads only known codes', () => {
    expect(new ApiError(409, { message: 'x', code: 'stale_version' }).code).toBe('stale_version');
    expect(new ApiError(409, { message: 'x', code: 'made_up' }).code).toBeUndefined();
    expect(new ApiError(500, 'oops').code).toBeUndefined();
  });
});

describe('stale-version message time', () => {
  it('reads in local time, not UTC', () => {
    const err = new ApiError(409, {
      message: 'Changed by Bob (bob) at 2026-11-24 16:05 UTC. Reload.',
      code: 'stale_version',
    });
    expect(err.message).not.toContain('UTC');
    expect(err.message).toBe(
      `Changed by Bob (bob) at ${formatDateTime(Date.UTC(2026, 10, 24, 16, 5) / 1000)}. Reload.`,
    );
  });
});
