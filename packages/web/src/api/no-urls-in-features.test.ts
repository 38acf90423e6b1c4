/**
 * Every API path lives in `src/api/<area>.ts` (docs/web.md): components call that area's functions and hooks and
 * never build a URL. This scans `src/features` for API calls and for literals that look like API paths.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ROUTES } from '@bpm/contract/roles';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..');
const FEATURES = join(SRC, 'features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The client route patterns (any role), split into segments; `:x` matches any one segment. */
const APP_ROUTES = [...new Set(Object.values(ROUTES).flat()), '/', '/login'].map((r) => r.split('/').slice(1));

/**
 * Whether the static start of a literal (up to its first `${`) can begin a client route: every whole segment
 * matches a route's segment, and a segment cut by an interpolation or a query string starts one.
 */
function startsAppRoute(literal: string): boolean {
  const cut = literal.search(/\$\{|[?#]/);
  const head = cut >= 0 ? literal.slice(0, cut) : literal;
  const open = cut >= 0; // the last segment continues past the static text
  const segs = head.split('/').slice(1);
  return APP_ROUTES.some((route) => {
    if (segs.length > route.length) return route.length === 0 && segs.length === 1 && segs[0] === '';
    return segs.every((s, i) => {
      const r = route[i] as string;
      const last = i === segs.length - 1;
      if (r.startsWith(':')) return true;
      if (last && open) return r.startsWith(s);
      if (last && s === '') return true; // '/x/' then an interpolation or nothing
      return r === s;
    });
  });
}

interface Rule {
  why: string;
  re: RegExp;
  /** Extra filter on the match (e.g. literals that are client routes pass). */
  keep?: (m: RegExpExecArray) => boolean;
}

const RULES: Rule[] = [
  { why: 'calls the API client', re: /\bapi\s*\.\s*(get|post|put|delete|list|upload|download)\s*(<[^>]*>)?\s*\(/g },
  {
    why: 'imports the API client',
    re: /import\s*\{[^}]*\b(api|apiFetch)\b[^}]*\}\s*from\s*['"][^'"]*api\/client['"]/g,
  },
  { why: 'calls fetch', re: /(^|[^.\w])(apiFetch|fetch)\s*\(/gm },
  { why: 'a literal /api path', re: /['"`]\/api(\/|['"`])/g },
  { why: 'passes a path', re: /(\bpath\s*:\s*['"`]|\spath=)/g },
  {
    why: 'a path that is no client route',
    re: /(['"`])(\/[A-Za-z][^'"`\s]*)\1|`(\/[A-Za-z][^`]*)`/g,
    keep: (m) => !startsAppRoute(m[2] ?? m[3] ?? ''),
  },
  { why: 'joins an API base', re: /`\$\{\s*\w+\.(base|steps)\s*\}/g },
];

function findUrls(text: string): { line: number; why: string; text: string }[] {
  const hits: { line: number; why: string; text: string }[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:])\/\/.*$/gm, '$1');
  for (const rule of RULES) {
    for (const m of code.matchAll(rule.re)) {
      if (rule.keep && !rule.keep(m as RegExpExecArray)) continue;
      const line = code.slice(0, m.index).split('\n').length;
      hits.push({ line, why: rule.why, text: (text.split('\n')[line - 1] ?? '').trim() });
    }
  }
  return hits;
}

/** Samples below write `#{` for `${` (a `${` in a plain string reads as a slip to the linter). */
const code = (sample: string) => sample.replaceAll('#{', '${');

describe('no API paths in features', () => {
  it('finds them when they are there', () => {
    expect(findUrls(code('const x = api.post(`/x/#{id}`, {});')).length).toBeGreaterThan(0);
    expect(findUrls(code("fetch('/api/dealers')")).length).toBeGreaterThan(0);
    expect(findUrls(code('<ExportCsvButton path="/dealers" params={p} />')).length).toBeGreaterThan(0);
    expect(findUrls(code("run('PUT', `/admin/purchaseorders/receive/#{id}`)")).length).toBeGreaterThan(0);
    expect(findUrls(code('m.mutate(`#{p.base}/delete/#{id}`)')).length).toBeGreaterThan(0);
    expect(findUrls(code("import { api } from '../../api/client';")).length).toBeGreaterThan(0);
  });

  it('lets client routes through', () => {
    for (const r of [
      "navigate('/suppliers')",
      'navigate(`/purchaseorders/edit/#{id}?page=dashboard`)',
      'to={`/testchecklists/#{id}`}',
      "navigate(id ? `/dashboard/#{id}` : '/dashboard')",
      "navigate('/')",
      'to={`/events/#{kind}/#{id}`}',
    ])
      expect(findUrls(code(r)), r).toEqual([]);
  });

  it('src/features builds no URLs', () => {
    const found = sourceFiles(FEATURES).flatMap((f) =>
      findUrls(readFileSync(f, 'utf8')).map((h) => `${relative(SRC, f)}:${h.line} ${h.why}: ${h.text}`),
    );
    expect(found, `API paths belong in src/api/<area>.ts:\n${found.join('\n')}`).toEqual([]);
  });
});
