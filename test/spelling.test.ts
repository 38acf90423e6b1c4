/**
 * One spelling (docs/decisions.md, 'Foundation & platform'): the code says 'license', as the spec does. The
 * British spelling (lic-e-n-c-e) appears only in the migrations already applied (history is not rewritten) and on a line
 * marked `// former spelling` (the names a rename reads once, e.g. the signing key's former file name).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const ROOT = resolve(import.meta.dirname, '..');
const DIRS = [
  'packages/contract',
  'packages/server',
  'packages/web/src',
  'packages/web/e2e',
  'scripts',
  'bench',
  'test',
];
const BRITISH = /licen[c]e/i;
const MARKER = '// former spelling';

function offending(): string[] {
  return DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((file) => {
    const path = relative(ROOT, file);
    if (path.startsWith('packages/server/src/db/migrations/')) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (BRITISH.test(line) && !line.includes(MARKER) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('one spelling', () => {
  it("the code says 'license'", () => {
    expect(BRITISH.test(`the Licen${'c'}e registry`)).toBe(true);
    expect(BRITISH.test('the license registry')).toBe(false);
    const found = offending();
    expect(found, `Spell it 'license':\n${found.join('\n')}`).toEqual([]);
  });
});
