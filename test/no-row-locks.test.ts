/**
 * One save path (docs/decisions.md): a row lock is taken only by the platform's record functions
 * (packages/server/src/platform/records.ts: lockRow, lockWhere, lockRecord, saveRecord). A module that
 * writes `for('update')`, `.for("update")` or `for update` in SQL text fails here, listed by file and line.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER = join(ROOT, 'packages/server/src');
/** Where locks may be written: the platform, and the migrations' SQL. */
const ALLOWED = ['packages/server/src/platform/', 'packages/server/src/db/migrations/'];

/** Drizzle's `.for('update')` (any quotes, optional spaces) and `for update` in SQL text. */
const LOCK = /\.for\s*\(\s*['"`]update['"`]|\bfor\s+update\b/i;

/** `path:line: text` of every row lock outside the allowed places. */
function rowLocks(): string[] {
  return sourceFiles(SERVER).flatMap((file) => {
    const path = relative(ROOT, file);
    if (ALLOWED.some((a) => path.startsWith(a))) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (LOCK.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('row locks', () => {
  it('the pattern finds every spelling', () => {
    for (const text of [
      ".for('update')",
      '.for("update")',
      '.for( `update` )',
      'select id from t where id = 1 for update',
      'for update of pm',
      'FOR UPDATE',
    ])
      expect(LOCK.test(text), text).toBe(true);
    for (const text of ['for updates', 'before update', "on('update')", 'wait for updated rows'])
      expect(LOCK.test(text), text).toBe(false);
  });

  it('are taken only through platform/records.ts', () => {
    const found = rowLocks();
    expect(
      found,
      `Row locks outside platform/ (use lockRow, lockWhere or lockRecord of platform/records.ts):\n${found.join('\n')}`,
    ).toEqual([]);
  });
});
