/**
 * One list engine (docs/decisions.md, 'Lists & performance'): how a page is found and how a large total is
 * estimated is decided in packages/server/src/platform/list-page.ts and list-totals.ts only. A module declares
 * its list (table, filter, sorts, the ways its indexes allow) and calls findPage, searchOnce, listTotal,
 * countCapped or sampledTotals; it writes none of the planner's tools itself. A module that does fails here,
 * listed by file and line; so does an exported tuning object (an export named `…tuning`, any case: the engine's
 * limits are its own, tests run every way through pageBy instead).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER = join(ROOT, 'packages/server/src');
/** The engine, and the bulk loaders and writers (seed data is not a list; a batch save's series is its new ids). */
const ALLOWED = [
  'packages/server/src/platform/list-page.ts',
  'packages/server/src/platform/list-totals.ts',
  'packages/server/src/platform/records-write.ts',
  'packages/server/src/db/',
];
const isSeed = (path: string) => /\/seed[^/]*\.ts$/.test(path);

/**
 * The page finder's and the estimator's tools: a planner fence (`offset 0`), a merge of walks over a series, a
 * block sample, the planner's row counts or estimates, a walk under a statement timeout.
 */
const PLANNER =
  /\boffset\s+0\b|generate_series\s*\(|\btablesample\b|\breltuples\b|\bstatement_timeout\b|\bexplain\s*\(|\bpg_class\b/i;
const TUNING = /export\s+(const|let)\s+\w*tuning\b/i;

function offending(pattern: RegExp): string[] {
  return sourceFiles(SERVER).flatMap((file) => {
    const path = relative(ROOT, file);
    if (ALLOWED.some((a) => path.startsWith(a)) || isSeed(path)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('the list engine', () => {
  it('the patterns find the planner tools and tuning exports', () => {
    for (const text of [
      'from (select id from t where x offset 0) f',
      'generate_series(lo, hi) b',
      'from orders TABLESAMPLE system (1)',
      'select reltuples from pg_class',
      "set_config('statement_timeout', '40', true)",
      'explain (format json) select 1',
    ])
      expect(PLANNER.test(text), text).toBe(true);
    for (const text of ['limit 50 offset 10', 'offset $1', 'series of steps', 'explained'])
      expect(PLANNER.test(text), text).toBe(false);
    expect(TUNING.test('export const listTuning = { walkRows: 1 }')).toBe(true);
    expect(TUNING.test('export let poSearchTuning = {}')).toBe(true);
    expect(TUNING.test('const LIMITS = { walkRows: 1 }')).toBe(false);
  });

  it('finds pages and estimates totals only in platform/list-page.ts and list-totals.ts', () => {
    const found = offending(PLANNER);
    expect(found, `Planner code outside the list engine (declare a PagePlan instead):\n${found.join('\n')}`).toEqual(
      [],
    );
  });

  it('exports no tuning object', () => {
    const found = offending(TUNING);
    expect(found, `Tuning objects (the engine's limits are its own):\n${found.join('\n')}`).toEqual([]);
  });
});
