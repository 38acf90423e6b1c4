import { describe, expect, it } from 'vitest';
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
