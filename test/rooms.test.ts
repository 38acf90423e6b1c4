/**
 * Rooms a person can hold in their head (issue 22 item 10): no source file over 450 lines, no function
 * over 150. The functions still over it are listed here, with their length; the list only shrinks —
 * a function that grows past its entry, or a new one past 150 lines, fails.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const ROOT = resolve(import.meta.dirname, '..');
const MAX_FUNCTION = 150;
const MAX_FILE = 450;
/** Generated or data files: seeds, migrations, the country list. */
const EXEMPT = /seed|migrations|countries/;

/** `path › name` → lines, of the functions still longer than MAX_FUNCTION (to split, then delete here). */
const KNOWN_LONG: Record<string, number> = {};

const files = ['packages/server/src', 'packages/web/src', 'packages/contract/src']
  .flatMap((dir) => sourceFiles(join(ROOT, dir)))
  .filter((f) => !EXEMPT.test(f) && !/\.test\.tsx?$/.test(f));

/** Every function, arrow function and method longer than MAX_FUNCTION lines, as `path › name` → lines. */
function longFunctions(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const file of files) {
    const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const lines =
          src.getLineAndCharacterOfPosition(node.getEnd()).line -
          src.getLineAndCharacterOfPosition(node.getStart()).line +
          1;
        if (lines > MAX_FUNCTION) {
          const named = (node as { name?: ts.Node }).name;
          const name = named
            ? named.getText(src)
            : ts.isVariableDeclaration(node.parent)
              ? node.parent.name.getText(src)
              : `(line ${src.getLineAndCharacterOfPosition(node.getStart()).line + 1})`;
          out[`${relative(ROOT, file)} › ${name}`] = lines;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  return out;
}

describe('rooms a person can hold in their head', () => {
  it(`no source file over ${MAX_FILE} lines`, () => {
    const big = files
      .map((f) => ({ f: relative(ROOT, f), n: readFileSync(f, 'utf8').split('\n').length }))
      .filter(({ n }) => n > MAX_FILE);
    expect(big).toEqual([]);
  });

  // Parsing every source file takes seconds on a loaded machine: once for both tests, with time to do it.
  let parsed: ReturnType<typeof longFunctions> | undefined;
  const found = () => {
    parsed ??= longFunctions();
    return parsed;
  };

  it(`no function over ${MAX_FUNCTION} lines beyond the known ones, and none of those grew`, {
    timeout: 120_000,
  }, () => {
    const long = found();
    const grown = Object.entries(long).filter(([k, n]) => n > (KNOWN_LONG[k] ?? MAX_FUNCTION));
    expect(grown, 'split these functions').toEqual([]);
  });

  it('the known long functions only shrink off the list', { timeout: 120_000 }, () => {
    const all = found();
    const gone = Object.keys(KNOWN_LONG).filter((k) => !(k in all));
    expect(gone, 'these are short now: delete them from KNOWN_LONG').toEqual([]);
  });
});
