/**
 * The layering rules of docs/architecture.md, checked by scanning the sources' import statements
 * (no build, no type checker: a few hundred files read in well under a second).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const ROOT = resolve(import.meta.dirname, '..');

interface Edge {
  from: string; // repo-relative path of the importing file
  to: string; // repo-relative path of the imported file (extension-less)
  typeOnly: boolean; // `import type …`: erased at build, so no runtime cycle
}

const IMPORT =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** Relative imports of every source file under `dir`, resolved to repo-relative paths. */
function edges(dir: string): Edge[] {
  return sourceFiles(join(ROOT, dir)).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const out: Edge[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec?.startsWith('.')) continue;
      out.push({
        from: relative(ROOT, file),
        to: relative(ROOT, resolve(dirname(file), spec)).replace(/\.(tsx?|js)$/, ''),
        typeOnly: /^\s*(import|export)\s+type\s/.test(m[0]),
      });
    }
    return out;
  });
}

const WEB = 'packages/web/src';
const SERVER = 'packages/server/src';
const webEdges = edges(WEB);
const serverEdges = edges(SERVER);

/** `features/<area>/…` → area, else undefined. */
const area = (path: string, base: string, kind: string) => {
  const m = new RegExp(`^${base}/${kind}/([^/]+)(/|$)`).exec(path);
  return m?.[1];
};

/** Strongly connected groups of more than one file (Tarjan), each as a sorted list of paths. */
function cycles(list: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of list)
    next.set(e.from.replace(/\.tsx?$/, ''), [...(next.get(e.from.replace(/\.tsx?$/, '')) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return out;
}

const show = (list: Edge[]) => list.map((e) => `${e.from} → ${e.to}`);

/**
 * Violations that exist today and are being removed by the sales-document split (issue 7 item 1).
 * Nothing may be added here; when one disappears, the last test below asks to delete its line.
 */
const KNOWN: string[] = [];

function check(found: Edge[]) {
  const lines = show(found);
  expect(lines.filter((l) => !KNOWN.includes(l))).toEqual([]);
}

describe('import rules', () => {
  it('the scan sees the sources (guards against a broken pattern)', () => {
    expect(webEdges.length).toBeGreaterThan(100);
    expect(serverEdges.length).toBeGreaterThan(100);
  });

  it('web: no feature imports another feature (shared code lives in components/ or api/)', () => {
    check(
      webEdges.filter((e) => {
        const a = area(e.from, WEB, 'features');
        const b = area(e.to, WEB, 'features');
        return a && b && a !== b;
      }),
    );
  });

  it('web: components/, api/ and features/ never import the shell in app/', () => {
    check(
      webEdges.filter(
        (e) => /^packages\/web\/src\/(components|api|features)\//.test(e.from) && e.to.startsWith(`${WEB}/app/`),
      ),
    );
  });

  it('web: api/ and components/ never import features/', () => {
    check(
      webEdges.filter(
        (e) => /^packages\/web\/src\/(components|api)\//.test(e.from) && e.to.startsWith(`${WEB}/features/`),
      ),
    );
  });

  it("server: no module's routes import another module's routes (call its service)", () => {
    const isRoutes = (p: string) => /\/routes(\/|$)/.test(p.replace(/\.ts$/, ''));
    check(
      serverEdges.filter((e) => {
        const a = area(e.from, SERVER, 'modules');
        const b = area(e.to, SERVER, 'modules');
        return a && b && a !== b && isRoutes(e.from) && isRoutes(e.to);
      }),
    );
  });

  it('server: platform/ and db/ never import modules/', () => {
    check(
      serverEdges.filter(
        (e) => /^packages\/server\/src\/(platform|db\/schema)\//.test(e.from) && e.to.startsWith(`${SERVER}/modules/`),
      ),
    );
  });

  it('no barrel index files', () => {
    const barrels = [WEB, SERVER, 'packages/contract/src'].flatMap((d) =>
      sourceFiles(join(ROOT, d))
        .filter((f) => /\/index\.tsx?$/.test(f))
        .map((f) => relative(ROOT, f)),
    );
    expect(barrels).toEqual([]);
  });

  it('no import cycles between files', () => {
    expect(cycles([...webEdges, ...serverEdges].filter((e) => !e.typeOnly))).toEqual([]);
  });

  it('the list of known violations only shrinks', () => {
    const all = new Set(show([...webEdges, ...serverEdges]));
    const gone = KNOWN.filter((k) => !all.has(k));
    expect(gone, 'these no longer occur: delete them from KNOWN').toEqual([]);
  });
});

/**
 * Package specifiers a file loads: import/export … from, import(), require(), require.resolve() and
 * createRequire(…)(…).
 */
const PACKAGE_USE =
  /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+|\brequire\s*\(\s*|\.resolve\s*\(\s*|\)\s*\(\s*)['"]([^'"]+)['"]/gm;
/** The document engines and the CSV library: only the document module may load them. */
const DOCUMENT_LIBS = /^(pdfmake|pdfkit|csv-stringify)(\/|$)|^@foliojs-fork\//;
const DOCUMENT_MODULE = 'packages/server/src/platform/';

describe('one document stack', () => {
  const uses = ['packages/server/src', 'packages/server/test', WEB, 'packages/contract/src', 'test', 'scripts', 'bench']
    .flatMap((d) => sourceFiles(join(ROOT, d)))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(PACKAGE_USE)]
        .map((m) => m[1]!)
        .filter((spec) => DOCUMENT_LIBS.test(spec))
        .map((spec) => `${relative(ROOT, file)} → ${spec}`),
    );

  it('the scan sees the document module load pdfmake (guards against a broken pattern)', () => {
    expect(uses.some((u) => u.startsWith(DOCUMENT_MODULE) && u.endsWith('→ pdfmake/src/printer'))).toBe(true);
  });

  it('no pdfmake, pdfkit, @foliojs-fork/* or csv-stringify outside platform/ (PDFs and CSV go through it)', () => {
    expect(uses.filter((u) => !u.startsWith(DOCUMENT_MODULE))).toEqual([]);
  });
});

describe('permission checks in the web', () => {
  it('features ask can()/useCan() instead of comparing role names (one permission model)', () => {
    const dir = join(ROOT, 'packages/web/src/features');
    const found = sourceFiles(dir)
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(ROOT, f)}:${i + 1}` }))
          .filter(({ line }) => /\buser_role\s*[!=]==|[!=]==\s*user_role\b|\brole\s*[!=]==\s*'/.test(line))
          .map(({ at }) => at),
      );
    expect(found).toEqual([]);
  });
});

describe('one permission model', () => {
  // Role and project-role names compared anywhere but the permission module (contract permissions.ts
  // and roles.ts): such a comparison decides a right by itself. Tables keyed by role are fine.
  const NAMES =
    'administrator|admin|sale|shipping|production|purchase|qa|poapproval|tester|owner|manager|member|viewer';
  const COMPARISON = new RegExp(
    `(===|!==|==|!=) *['"](${NAMES})['"]|['"](${NAMES})['"] *(===|!==|==|!=)|case +['"](${NAMES})['"]`,
  );
  const ALLOWED = /packages\/contract\/src\/(permissions|roles)\.ts$|\/seed[^/]*\.ts$|\/db\/seed/;

  it('no role or project-role literal is compared outside the permission module', () => {
    const found = ['packages/server/src', 'packages/web/src', 'packages/contract/src'].flatMap((dir) =>
      sourceFiles(join(ROOT, dir))
        .filter((f) => !ALLOWED.test(f))
        .flatMap((f) =>
          readFileSync(f, 'utf8')
            .split('\n')
            .map((line, i) => ({ line, at: `${relative(ROOT, f)}:${i + 1}` }))
            .filter(({ line }) => COMPARISON.test(line))
            .map(({ at, line }) => `${at}: ${line.trim()}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
