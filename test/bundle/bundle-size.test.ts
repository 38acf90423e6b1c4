/**
 * Bytes the browser loads, from the built app (`npm run build`; run by `npm run test:e2e` after
 * the build): the login screen's JavaScript and what each page adds. Figures: docs/performance.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = process.env.BPM_WEB_DIST ?? resolve(import.meta.dirname, '../../packages/web/dist');
const LOGIN_LIMIT = 150_000; // gzip bytes of JavaScript before the login screen is usable
/** What opening one page may add, gzip, beyond the login screen and the signed-in shell (loaded once). */
const ROUTE_LIMIT = 60_000;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const manifestPath = join(DIST, '.vite/manifest.json');
const manifest: Record<string, Chunk> = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
const gz = new Map<string, number>();
const gzipBytes = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gz.get(file)!;
};

/** Files loaded with a chunk: itself and its static imports, transitively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const c = manifest[key];
  if (!c || seen.has(c.file)) return seen;
  seen.add(c.file);
  for (const i of c.imports ?? []) closure(i, seen);
  return seen;
}
const js = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js'));
const bytes = (files: Iterable<string>) => js(files).reduce((n, f) => n + gzipBytes(f), 0);
const minus = (a: Set<string>, ...b: Set<string>[]) => new Set([...a].filter((f) => !b.some((s) => s.has(f))));

describe('built bundle', () => {
  it('exists (run `npm run build` first)', () => {
    expect(Object.keys(manifest).length, `${manifestPath} is missing`).toBeGreaterThan(0);
    expect(signedInKey, 'the signed-in shell is its own chunk').not.toBe('');
  });

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry) ?? '';
  const login = closure(entryKey);
  // The signed-in shell is a chunk of its own (its manifest key is the file, not the source).
  const signedInKey = Object.keys(manifest).find((k) => manifest[k]!.name === 'SignedIn') ?? '';
  const signedIn = minus(closure(signedInKey), login);
  const pages = Object.keys(manifest).filter((k) => /features\/.+Page\.tsx$/.test(k));

  it(`the login screen needs at most ${LOGIN_LIMIT / 1000} kB of gzip JavaScript`, () => {
    const total = bytes(login);
    console.log(`login: ${js(login).length} files, ${total} B gzip; signed-in shell +${bytes(signedIn)} B`);
    expect(total).toBeLessThanOrEqual(LOGIN_LIMIT);
  });

  it('loads no page, router or chart code before sign-in', () => {
    const source = js(login)
      .map((f) => readFileSync(join(DIST, f), 'utf8'))
      .join('\n');
    expect(source).not.toContain('MuiCharts');
    expect(js(login).some((f) => /Page-|SignedIn-/.test(f))).toBe(false);
  });

  it('keeps the charts in the dashboard only (statically or lazily imported)', () => {
    const hasCharts = (f: string) => readFileSync(join(DIST, f), 'utf8').includes('MuiCharts');
    const chartKeys = Object.keys(manifest).filter((k) => hasCharts(manifest[k]!.file));
    expect(chartKeys.length, 'the dashboard chart is in the build').toBeGreaterThan(0);
    const importers = Object.keys(manifest).filter((k) =>
      [...(manifest[k]!.imports ?? []), ...(manifest[k]!.dynamicImports ?? [])].some((i) => chartKeys.includes(i)),
    );
    const outside = importers.filter((k) => !chartKeys.includes(k) && !k.includes('features/dashboard/'));
    expect(outside, 'chunks outside the dashboard that import the charts').toEqual([]);
    const shell = js(signedIn).some(hasCharts);
    expect(shell).toBe(false);
  });

  it(`each page adds at most ${ROUTE_LIMIT / 1000} kB of gzip JavaScript after the signed-in shell`, () => {
    const over = pages
      .map((p) => [p.replace(/.*features\//, ''), bytes(minus(closure(p), login, closure(signedInKey)))] as const)
      .filter(([, b]) => b > ROUTE_LIMIT);
    expect(over, 'pages over their budget (gzip bytes)').toEqual([]);
  });

  it('reports what each page adds after the signed-in shell', () => {
    // Parts a page loads lazily (the dashboard chart, the rich-text editor, dialogs): after it shows, or on use.
    const lazyOf = (p: string) => {
      const own = [...closure(p)].map((f) => Object.keys(manifest).find((k) => manifest[k]!.file === f)!);
      const dyn = own.flatMap((k) => manifest[k]?.dynamicImports ?? []).filter((k) => !pages.includes(k));
      return bytes(minus(new Set(dyn.flatMap((k) => [...closure(k)])), login, closure(signedInKey), closure(p)));
    };
    const rows = pages
      .map(
        (p) =>
          [p.replace(/.*features\//, ''), bytes(minus(closure(p), login, closure(signedInKey))), lazyOf(p)] as const,
      )
      .sort((a, b) => b[1] - a[1]);
    console.log(rows.map(([p, b, l]) => `  +${b} B gzip${l ? ` (+${l} B more on demand)` : ''}  ${p}`).join('\n'));
    expect(rows.length).toBeGreaterThan(5);
  });
});
