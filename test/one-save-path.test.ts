/**
 * One save path (docs/decisions.md): a record is saved through `saveRecord` of
 * packages/server/src/platform/records.ts — lock, version check, write, audit event in one transaction.
 * Its inner steps, `checkVersion(` and `updateVersioned(`, are called only inside packages/server/src/platform/;
 * a module that calls either fails here, listed by file and line.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER = join(ROOT, 'packages/server/src');
const ALLOWED = 'packages/server/src/platform/';

/** A call of either inner step (not a mention in a comment's prose without the parenthesis). */
const INNER_STEP = /\b(checkVersion|updateVersioned)\s*\(/;

function innerStepCalls(): string[] {
  return sourceFiles(SERVER).flatMap((file) => {
    const path = relative(ROOT, file);
    if (path.startsWith(ALLOWED)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (INNER_STEP.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('one save path', () => {
  it('the pattern finds the calls', () => {
    for (const text of ['await checkVersion(tx, k, b, v)', 'updateVersioned (tx, t, id, set, now)'])
      expect(INNER_STEP.test(text), text).toBe(true);
    for (const text of ['checkVersionOf(x)', 'import { updateVersioned } from', 'a stale version'])
      expect(INNER_STEP.test(text), text).toBe(false);
  });

  it('checkVersion and updateVersioned are called only inside platform/', () => {
    const found = innerStepCalls();
    expect(
      found,
      `Save steps outside platform/ (save through saveRecord of platform/records.ts):\n${found.join('\n')}`,
    ).toEqual([]);
  });
});
