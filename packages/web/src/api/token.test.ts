import { describe, expect, it } from 'vitest';
import { decodeToken, fileNameFromDisposition, refreshDelayMs } from './token';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('refresh timing', () => {
  it('refreshes 5000 ms before the lifetime (exp − iat) elapses', () => {
    expect(refreshDelayMs({ iat: 1000, exp: 1900 })).toBe(900_000 - 5000);
    expect(refreshDelayMs({ iat: 0, exp: 60 }, 5000)).toBe(55_000);
  });
  it('never schedules a tight loop for very short tokens', () => {
    expect(refreshDelayMs({ iat: 0, exp: 3 })).toBe(1000);
  });
});

describe('decodeToken', () => {
  it('reads the payload of a JWT', () => {
    const p = { user_id: 1, username: 'admin', user_role: 'administrator', is_test: 0, iat: 10, exp: 910 };
    expect(decodeToken(`${b64url({ alg: 'HS256' })}.${b64url(p)}.sig`)).toEqual(p);
  });
  it('reads non-ASCII usernames', () => {
    const p = { user_id: 2, username: 'zoë', user_role: 'sale', is_test: 0, iat: 1, exp: 2 };
    expect(decodeToken(`x.${b64url(p)}.y`)?.username).toBe('zoë');
  });
  it('rejects garbage', () => {
    expect(decodeToken('nope')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
    expect(decodeToken(`a.${b64url({ foo: 1 })}.c`)).toBeNull();
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 6266 UTF-8 name', () => {
    expect(fileNameFromDisposition(`attachment; filename="a_b.pdf"; filename*=UTF-8''%C3%A4%20b.pdf`)).toBe('ä b.pdf');
  });
  it('falls back to the plain name, then the fallback', () => {
    expect(fileNameFromDisposition('attachment; filename="sig.png"')).toBe('sig.png');
    expect(fileNameFromDisposition('attachment; filename=sig.png')).toBe('sig.png');
    expect(fileNameFromDisposition(null, 'file')).toBe('file');
  });
});
