import { describe, expect, it } from 'vitest';
import { persistentKey, readPersistent } from './persistent-key';

describe('persistent page state', () => {
  it('keys the state per user and page', () => {
    expect(persistentKey('admin', 'users')).toBe('bpm:admin:users');
    expect(persistentKey('sale', 'users')).not.toBe(persistentKey('admin', 'users'));
  });
  it('merges saved values over the defaults, keeping only known keys of the same kind', () => {
    const d = { search: '', page: 0, pageSize: 50 };
    expect(readPersistent(JSON.stringify({ search: 'x', pageSize: 100, extra: 1 }), d)).toEqual({
      search: 'x',
      page: 0,
      pageSize: 100,
    });
    expect(readPersistent(JSON.stringify({ page: 'bad' }), d)).toEqual(d);
  });
  it('falls back to the defaults on missing or broken storage', () => {
    const d = { a: 1 };
    expect(readPersistent(null, d)).toBe(d);
    expect(readPersistent('{broken', d)).toBe(d);
    expect(readPersistent('[1]', d)).toBe(d);
  });
});
