/**
 * Routes are HTTP only (docs/decisions.md): a packages/server/src/modules/<area>/routes.ts parses, authorises
 * and makes one service call. It runs no query — `db.select`, `.insert(`, `.update(`, `.delete(`,
 * `.execute(`, `queryRows`, sql`…`, a transaction handle `tx` — and renders no PDF (the PDF renderer of
 * platform/pdf.ts or pdfmake, `renderPdf(`): the area's service (or its pdf.ts) does, through `deps`.
 * Every finding is listed by file and line.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const ROOT = resolve(import.meta.dirname, '..');
const MODULES = join(ROOT, 'packages/server/src/modules');

/** A query in a route. */
const QUERY = /\bdb\.select\b|\.(insert|update|delete|execute)\s*\(|\bqueryRows\b|\bsql\s*`|\btx\b/;
/** A PDF rendered in a route: the renderer imported, or called. */
const PDF = /from\s+['"](pdfmake[^'"]*|(\.\.\/)+platform\/pdf)['"]|\brenderPdf\s*\(/;

/** `path:line: text` of every query or PDF rendering in a routes.ts. */
function routeWork(): string[] {
  return sourceFiles(MODULES)
    .filter((file) => file.endsWith('/routes.ts'))
    .flatMap((file) => {
      const path = relative(ROOT, file);
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const what = QUERY.test(line) ? 'query' : PDF.test(line) ? 'PDF' : '';
          return what ? [`${path}:${i + 1}: ${what}: ${line.trim()}`] : [];
        });
    });
}

describe('routes are HTTP only', () => {
  it('the patterns find every spelling', () => {
    for (const text of [
      'await deps.db.select({ id: t.id }).from(t)',
      'await db.insert(files).values(v)',
      'tx.update(orders).set(s)',
      '.delete (t)',
      'await deps.db.execute(sql`select 1`)',
      'queryRows<R>(db, q)',
      'const store = async (tx: Db) => 1',
    ])
      expect(QUERY.test(text), text).toBe(true);
    for (const text of [
      "import { renderPdf } from '../../platform/pdf';",
      'await renderPdf(def)',
      `import { x } from '${'pdf'}make';`,
    ])
      expect(PDF.test(text), text).toBe(true);
    for (const text of [
      "url: '/orders/update'",
      'handler: ({ deps }) => service.updateThing(deps.db, 1)',
      "import { packingListPdfFile } from './pdf';",
      "registerFileType(app, 'x/po_pdf', poPdfFile)",
      'const context = 1',
    ]) {
      expect(QUERY.test(text), text).toBe(false);
      expect(PDF.test(text), text).toBe(false);
    }
  });

  it('no routes.ts runs a query or renders a PDF', () => {
    const found = routeWork();
    expect(found, `Routes doing a service's work (move it into the area's service):\n${found.join('\n')}`).toEqual([]);
  });
});
