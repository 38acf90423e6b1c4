/**
 * One file-name case (docs/decisions.md, 'Foundation & platform'): files and folders are kebab-case
 * (`purchase-orders/list-page.ts`, `packing-lists.test.ts`); a file that holds a React component is named after
 * it (`PoFormPage.tsx`), a hook's file after the hook (`useSalesDocForm.ts`). URLs and API paths keep the spec's
 * spelling (`/api/purchaseOrders`): they are not file names.
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const DIRS = ['packages/contract', 'packages/server', 'packages/web', 'bench', 'scripts', 'test'];
const SKIP = new Set(['node_modules', 'dist', 'meta', '__snapshots__', 'fixtures', 'public']);

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const COMPONENT = /^[A-Z][A-Za-z0-9]*$/;
const HOOK = /^use[A-Z][A-Za-z0-9]*$/;

/** Whether a file or folder name follows the rule (`stem`: the name before its first dot). */
function nameFits(name: string, isDir: boolean): boolean {
  const stem = name.split('.')[0] ?? '';
  if (isDir) return KEBAB.test(name);
  if (name.endsWith('.tsx')) return COMPONENT.test(stem) || HOOK.test(stem) || KEBAB.test(stem);
  return KEBAB.test(stem) || HOOK.test(stem) || /^\d{4}_[a-z0-9_]+$/.test(stem);
}

function offending(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    const own = nameFits(e.name, e.isDirectory()) ? [] : [relative(ROOT, path)];
    return e.isDirectory() ? [...own, ...offending(path)] : own;
  });
}

describe('file names', () => {
  it('the rule', () => {
    for (const [name, dir] of [
      ['purchase-orders', true],
      ['list-page.ts', false],
      ['packing-lists-list.test.ts', false],
      ['PoFormPage.tsx', false],
      ['useSalesDocForm.ts', false],
      ['0031_license_spelling.sql', false],
    ] as const)
      expect(nameFits(name, dir), name).toBe(true);
    for (const [name, dir] of [
      ['purchaseOrders', true],
      ['purchaseOrders.ts', false],
      ['testChecklistsStock.test.ts', false],
      ['List_Page.ts', false],
    ] as const)
      expect(nameFits(name, dir), name).toBe(false);
  });

  it('every source file and folder follows it', () => {
    const found = DIRS.flatMap((d) => offending(join(ROOT, d)));
    expect(found, `Rename (kebab-case; components and hooks by their name):\n${found.join('\n')}`).toEqual([]);
  });
});
