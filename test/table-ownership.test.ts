/**
 * A module writes only its own tables (issue 22, item 8): a checklist that changes an order's test
 * status calls the sales-document service, it does not `update orders` itself.
 *
 * A table belongs to the module(s) OWNERS names for the schema file that declares it
 * (packages/server/src/db/schema/*.ts). The scan parses every file under packages/server/src/modules
 * with the TypeScript parser (no type checker: well under a few seconds) and finds its writes:
 * - drizzle's `.insert(T)`, `.update(T)` and `.delete(T)`;
 * - the platform's record helpers that write the table they are given (WRITERS below);
 * - `insert into T`, `update T … set` and `delete from T` in sql`` templates, T a literal table name
 *   or an interpolated `${table}`.
 * T is resolved to schema tables by following the source: imports, `const` aliases, destructuring,
 * property and index access into object literals (`KINDS[kind].t`), conditionals, nested sql``
 * fragments, and a non-exported function's parameter to the arguments of its calls in the same file.
 * A write whose table cannot be resolved fails too: it must be made resolvable (or the area's own
 * service called), never guessed.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER = join(ROOT, 'packages/server/src');
const SCHEMA = join(SERVER, 'db/schema');
const MODULES = join(SERVER, 'modules');

/**
 * Who may write the tables of each schema file: module folder names under modules/. A list covers every
 * table of the file; a map splits a file whose tables belong to different modules (by SQL table name).
 * An empty list: platform tables, written only through packages/server/src/platform/ (recordEvent,
 * storeUpload, the mail outbox, the data generation), never by a module directly.
 * - sales.ts: the orders/ and quotations/ modules are routes; sales-docs/ is the service that writes
 *   both kinds, their lines and the totals kept with them.
 */
const OWNERS: Record<string, string[] | Record<string, string[]>> = {
  'dashboard.ts': ['dashboard'],
  'company.ts': ['company'],
  'licenses.ts': ['license'],
  'parts.ts': { part_components: ['part-components'], suppliers: ['suppliers'] },
  'platform.ts': [],
  'products.ts': ['products'],
  'purchasing.ts': ['purchase-orders'],
  'sales.ts': {
    dealers: ['dealers'],
    orders: ['sales-docs'],
    quotations: ['sales-docs'],
    order_lines: ['sales-docs'],
    quotation_lines: ['sales-docs'],
    order_rollup: ['sales-docs'],
    order_day_totals: ['sales-docs'],
    order_day_status_totals: ['sales-docs'],
  },
  'testing.ts': {
    test_checklists: ['test-checklists'],
    test_checklist_steps: ['test-checklists'],
    test_results: ['test-checklists'],
    units: ['test-checklists'],
    unit_serials: ['test-checklists'],
    packing_lists: ['packing-lists'],
    packing_list_lines: ['packing-lists'],
    packing_list_units: ['packing-lists'],
  },
  'users.ts': { users: ['users'], refresh_tokens: ['session'], login_attempts: ['session'] },
  'work.ts': {
    projects: ['projects'],
    project_members: ['projects'],
    retired_record_viewers: ['projects'],
    tasks: ['tasks'],
    task_notes: ['tasks'],
    task_attachments: ['tasks'],
  },
};

/**
 * Files exempt from the ownership rule, with the reason. Seeds (`seed*.ts`) load the demo and test data
 * of several areas at once before any request is served (run by db/seed.ts and db/seed-large.ts): bulk
 * inserts of rows the areas' services would create one by one with events; the services' invariants are
 * checked by the tests over the seeded data.
 */
const EXEMPT = (path: string) => /^seed[^/]*\.ts$/.test(basename(path));

/** Platform functions that write the table of their argument: argument index and the property holding it. */
const WRITERS: Record<string, { arg: number; path: string[] }> = {
  updateVersioned: { arg: 1, path: [] },
  saveRecord: { arg: 1, path: ['table'] },
  saveRecords: { arg: 1, path: ['table'] },
  setActive: { arg: 1, path: ['table'] },
  detachFile: { arg: 1, path: ['table'] },
};

/** Receivers of `.insert/.update/.delete` that are database handles even when the argument is unresolved. */
const DB_HANDLE = /^(db|tx|trx)$/;

interface Table {
  name: string; // SQL name
  file: string; // schema file name
}

// --- parsing ---------------------------------------------------------------------------------------

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, sf);
  }
  return sf;
}

/** Exported schema tables: `export const x = pgTable('name', …)` (or a helper called with the name first). */
function schemaTables(): Map<string, Map<string, Table>> {
  const out = new Map<string, Map<string, Table>>();
  for (const file of sourceFiles(SCHEMA)) {
    const tables = new Map<string, Table>();
    for (const st of parse(file).statements) {
      if (!ts.isVariableStatement(st) || !st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (!ts.isIdentifier(d.name) || !init || !ts.isCallExpression(init)) continue;
        const first = init.arguments[0];
        if (first && ts.isStringLiteral(first)) tables.set(d.name.text, { name: first.text, file: basename(file) });
      }
    }
    out.set(file, tables);
  }
  return out;
}

const SCHEMA_TABLES = schemaTables();
const BY_SQL_NAME = new Map([...SCHEMA_TABLES.values()].flatMap((m) => [...m.values()]).map((t) => [t.name, t]));

function owners(t: Table): string[] {
  const o = OWNERS[t.file];
  if (!o) return [];
  return Array.isArray(o) ? o : (o[t.name] ?? []);
}

// --- resolving an expression to the tables it may be ---------------------------------------------------

interface Resolved {
  tables: Set<string>; // SQL names
  unresolved: string[]; // why, for the message
}
const none = (): Resolved => ({ tables: new Set(), unresolved: [] });
const merge = (a: Resolved, b: Resolved): Resolved => ({
  tables: new Set([...a.tables, ...b.tables]),
  unresolved: [...a.unresolved, ...b.unresolved],
});
const at = (node: ts.Node) => {
  const sf = node.getSourceFile();
  return `${relative(ROOT, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};
const unresolved = (node: ts.Node, why: string): Resolved => ({
  tables: new Set(),
  unresolved: [`${at(node)}: ${why}`],
});

type Binding =
  | { kind: 'import'; file: string; name: string }
  | { kind: 'var'; decl: ts.VariableDeclaration; path: string[] }
  | { kind: 'param'; param: ts.ParameterDeclaration; fn: ts.SignatureDeclaration; path: string[] }
  | { kind: 'function'; decl: ts.FunctionDeclaration };

/** Where a binding pattern introduces `name`: the property path from the pattern's value to it. */
function inPattern(name: ts.BindingName, wanted: string, path: string[] = []): string[] | undefined {
  if (ts.isIdentifier(name)) return name.text === wanted ? path : undefined;
  for (const el of name.elements) {
    if (ts.isOmittedExpression(el)) continue;
    const key = ts.isObjectBindingPattern(name)
      ? el.propertyName
        ? el.propertyName.getText()
        : (el.name as ts.Identifier).getText()
      : '*';
    const p = inPattern(el.name, wanted, [...path, key]);
    if (p) return p;
  }
  return undefined;
}

function moduleFile(from: ts.SourceFile, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from.fileName), spec).replace(/\.(js|ts)$/, '');
  for (const f of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      readFileSync(f);
      return f;
    } catch {}
  }
  return undefined;
}

/** The declaration `name` refers to at `node`: the innermost scope first. */
function bindingOf(name: string, node: ts.Node): Binding | undefined {
  for (let scope: ts.Node | undefined = node; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      for (const param of scope.parameters) {
        const path = inPattern(param.name, name);
        if (path) return { kind: 'param', param, fn: scope, path };
      }
    }
    const statements =
      ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope) || ts.isCaseClause(scope)
        ? scope.statements
        : undefined;
    if (ts.isForOfStatement(scope) || ts.isForInStatement(scope) || ts.isForStatement(scope)) {
      const init = scope.initializer;
      if (init && ts.isVariableDeclarationList(init))
        for (const decl of init.declarations) {
          const path = inPattern(decl.name, name);
          if (path) return { kind: 'var', decl, path: ts.isForStatement(scope) ? path : ['*', ...path] };
        }
    }
    for (const st of statements ?? []) {
      if (ts.isVariableStatement(st))
        for (const decl of st.declarationList.declarations) {
          const path = inPattern(decl.name, name);
          if (path) return { kind: 'var', decl, path };
        }
      if (ts.isFunctionDeclaration(st) && st.name?.text === name) return { kind: 'function', decl: st };
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
        const clause = st.importClause;
        const named =
          clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
        for (const el of named?.elements ?? []) {
          if (el.name.text !== name) continue;
          const file = moduleFile(node.getSourceFile(), st.moduleSpecifier.text);
          if (file) return { kind: 'import', file, name: (el.propertyName ?? el.name).text };
        }
      }
    }
  }
  return undefined;
}

/** The tables `expr` may be, reading `path` (property names, `*` for any) into its value. */
function tablesOf(expr: ts.Expression, path: string[] = [], seen = new Set<ts.Node>()): Resolved {
  if (seen.has(expr)) return none();
  seen.add(expr);
  if (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isSatisfiesExpression(expr) ||
    ts.isNonNullExpression(expr) ||
    ts.isTypeAssertionExpression(expr)
  )
    return tablesOf(expr.expression, path, seen);
  if (ts.isConditionalExpression(expr))
    return merge(tablesOf(expr.whenTrue, path, seen), tablesOf(expr.whenFalse, path, seen));
  if (ts.isBinaryExpression(expr) && /^(\?\?|\|\||&&)$/.test(expr.operatorToken.getText()))
    return merge(tablesOf(expr.left, path, seen), tablesOf(expr.right, path, seen));
  if (ts.isPropertyAccessExpression(expr)) return tablesOf(expr.expression, [expr.name.text, ...path], seen);
  if (ts.isElementAccessExpression(expr)) {
    const key = expr.argumentExpression;
    return tablesOf(expr.expression, [ts.isStringLiteral(key) ? key.text : '*', ...path], seen);
  }
  if (ts.isTaggedTemplateExpression(expr)) {
    // sql`${table}`: the fragment stands for what it interpolates.
    if (!ts.isTemplateExpression(expr.template)) return none();
    return expr.template.templateSpans.reduce((acc, s) => merge(acc, tablesOf(s.expression, path, seen)), none());
  }
  if (ts.isObjectLiteralExpression(expr)) {
    if (path.length === 0) return none();
    const [key, ...rest] = path;
    let out = none();
    for (const p of expr.properties) {
      if (ts.isSpreadAssignment(p)) {
        out = merge(out, tablesOf(p.expression, path, seen));
        continue;
      }
      const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
      if (key !== '*' && name !== key) continue;
      if (ts.isPropertyAssignment(p)) out = merge(out, tablesOf(p.initializer, rest, seen));
      else if (ts.isShorthandPropertyAssignment(p)) out = merge(out, tablesOf(p.name, rest, seen));
    }
    return out;
  }
  if (ts.isArrayLiteralExpression(expr)) {
    const [, ...rest] = path;
    return expr.elements.reduce((acc, e) => merge(acc, tablesOf(e as ts.Expression, rest, seen)), none());
  }
  if (ts.isIdentifier(expr)) return identifierTables(expr, path, seen);
  if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) {
    // A call of a function of this file or an imported one: what its returns may be.
    const fn = functionOf(expr.expression);
    if (fn) return returnsOf(fn).reduce((acc, r) => merge(acc, tablesOf(r, path, seen)), none());
  }
  if (ts.isStringLiteral(expr) || ts.isNumericLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return none();
  return unresolved(expr, `cannot follow \`${expr.getText().slice(0, 60)}\``);
}

function exportedDeclaration(file: string, name: string): ts.Expression | ts.FunctionDeclaration | undefined {
  for (const st of parse(file).statements) {
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name) return d.initializer;
    if (ts.isFunctionDeclaration(st) && st.name?.text === name) return st;
  }
  return undefined;
}

type Fn = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;
const isFn = (n: ts.Node | undefined): n is Fn =>
  !!n && (ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n));

/** The function an identifier names: declared in this file, or exported by the file it is imported from. */
function functionOf(id: ts.Identifier): Fn | undefined {
  const b = bindingOf(id.text, id);
  if (b?.kind === 'function') return b.decl;
  if (b?.kind === 'var' && b.path.length === 0) return isFn(b.decl.initializer) ? b.decl.initializer : undefined;
  if (b?.kind === 'import') {
    const decl = exportedDeclaration(b.file, b.name);
    return isFn(decl) ? decl : undefined;
  }
  return undefined;
}

/** The expressions a function returns (an arrow's expression body, or its own `return`s). */
function returnsOf(fn: Fn): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    if (!ts.isFunctionLike(n)) n.forEachChild(visit);
  };
  fn.body.forEachChild(visit);
  return out;
}

function identifierTables(id: ts.Identifier, path: string[], seen: Set<ts.Node>): Resolved {
  const b = bindingOf(id.text, id);
  if (!b) return unresolved(id, `no declaration of \`${id.text}\` found`);
  switch (b.kind) {
    case 'import': {
      const table = SCHEMA_TABLES.get(b.file)?.get(b.name);
      if (table) return path.length === 0 ? { tables: new Set([table.name]), unresolved: [] } : none(); // a column
      if (b.file.startsWith(SCHEMA)) return none();
      const decl = exportedDeclaration(b.file, b.name);
      if (!decl || ts.isFunctionDeclaration(decl)) return none();
      return tablesOf(decl, path, seen);
    }
    case 'var':
      if (!b.decl.initializer) return unresolved(id, `\`${id.text}\` has no initializer`);
      return tablesOf(b.decl.initializer, [...b.path, ...path], seen);
    case 'function':
      return none();
    case 'param': {
      if (b.param.initializer) return tablesOf(b.param.initializer, [...b.path, ...path], seen);
      // A function's parameter is what its callers pass: followable when the function is not exported
      // (all its callers are in this file) and has a name to call it by.
      const fn = b.fn;
      const index = fn.parameters.indexOf(b.param);
      const name =
        ts.isFunctionDeclaration(fn) && fn.name
          ? fn.name.text
          : ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)
            ? ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
              ? fn.parent.name.text
              : undefined
            : undefined;
      const holder = ts.isFunctionDeclaration(fn) ? fn : fn.parent?.parent?.parent;
      const exported =
        holder &&
        ts.canHaveModifiers(holder) &&
        ts.getModifiers(holder)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!name || exported) return unresolved(id, `\`${id.text}\` is a parameter its callers elsewhere fill`);
      const calls: ts.CallExpression[] = [];
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name) calls.push(n);
        n.forEachChild(visit);
      };
      visit(id.getSourceFile());
      if (calls.length === 0)
        return unresolved(id, `\`${name}\` is passed around, its parameter \`${id.text}\` unknown`);
      return calls.reduce((acc, c) => {
        const arg = c.arguments[index];
        return arg ? merge(acc, tablesOf(arg, [...b.path, ...path], seen)) : acc;
      }, none());
    }
  }
}

// --- the writes of a file --------------------------------------------------------------------------

interface Write {
  at: string;
  how: string;
  resolved: Resolved;
}

/** `insert into T`, `delete from T`, `update T [[as] a] set`; T a name or a `${…}` placeholder. */
const SQL_WRITE =
  /\b(insert\s+into|delete\s+from|update)\s+(?:only\s+)?("?[a-z_][a-z0-9_]*"?|⟦\d+⟧)((?:\s+(?:as\s+)?(?!set\b)[a-z_]\w*)?\s+set\b)?/gi;

function writesIn(sf: ts.SourceFile): Write[] {
  const out: Write[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        /^(insert|update|delete)$/.test(callee.name.text) &&
        n.arguments.length === 1
      ) {
        const resolved = tablesOf(n.arguments[0]!);
        const receiver = callee.expression;
        const handle = ts.isIdentifier(receiver) && DB_HANDLE.test(receiver.text);
        if (resolved.tables.size > 0 || handle)
          out.push({ at: at(n.arguments[0]!), how: `.${callee.name.text}()`, resolved });
      }
      const fn = ts.isIdentifier(callee) ? callee.text : undefined;
      const writer = fn ? WRITERS[fn] : undefined;
      const arg = writer && n.arguments[writer.arg];
      if (writer && arg) out.push({ at: at(arg), how: `${fn}()`, resolved: tablesOf(arg, writer.path) });
    }
    if (ts.isTaggedTemplateExpression(n) && n.tag.getText() === 'sql') {
      const t = n.template;
      const spans = ts.isTemplateExpression(t) ? t.templateSpans : [];
      const text = ts.isTemplateExpression(t)
        ? t.head.text + spans.map((s, i) => `⟦${i}⟧${s.literal.text}`).join('')
        : t.text;
      for (const m of text.matchAll(SQL_WRITE)) {
        const target = m[2]!;
        const how = m[1]!.toLowerCase().replace(/\s+/, ' ');
        if (how === 'update' && (!m[3] || /^set$/i.test(target))) continue; // not `update T set` (e.g. `do update set`)
        const placeholder = /^⟦(\d+)⟧$/.exec(target);
        if (placeholder) {
          const expr = spans[Number(placeholder[1])]!.expression;
          out.push({ at: at(expr), how: `sql ${how}`, resolved: tablesOf(expr) });
        } else {
          const table = BY_SQL_NAME.get(target.replace(/"/g, '').toLowerCase());
          if (table)
            out.push({ at: at(n), how: `sql ${how}`, resolved: { tables: new Set([table.name]), unresolved: [] } });
        }
      }
    }
    n.forEachChild(visit);
  };
  visit(sf);
  return out;
}

/** `area/file` of a modules file, or undefined. */
const areaOf = (file: string) => relative(MODULES, file).split('/')[0]!;

function violations(files: string[]): string[] {
  return files.flatMap((file) => {
    if (EXEMPT(file)) return [];
    const area = areaOf(file);
    return writesIn(parse(file)).flatMap((w) => [
      ...w.resolved.unresolved.map((u) => `${w.at}: ${w.how} of an unresolved table (${u})`),
      ...[...w.resolved.tables]
        .filter((name) => !owners(BY_SQL_NAME.get(name)!).includes(area))
        .map((name) => {
          const o = owners(BY_SQL_NAME.get(name)!);
          return `${w.at}: ${w.how} writes ${name}, owned by ${o.length ? o.join(', ') : 'platform/'}`;
        }),
    ]);
  });
}

/** Parses `text` as a file of modules/<area>/ (it is not written to disk). */
function virtual(area: string, text: string): string {
  const file = join(MODULES, area, '__probe__.ts');
  parsed.set(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return file;
}

const moduleFiles = sourceFiles(MODULES);

describe('table ownership', () => {
  it('every schema table has an owner entry, naming modules that exist', () => {
    const areas = new Set(moduleFiles.map(areaOf));
    const problems: string[] = [];
    for (const [file, tables] of SCHEMA_TABLES) {
      const o = OWNERS[basename(file)];
      if (!o) problems.push(`${basename(file)}: not in OWNERS`);
      else if (!Array.isArray(o))
        for (const t of tables.values()) if (!o[t.name]) problems.push(`${basename(file)}: ${t.name} has no owner`);
      for (const m of Array.isArray(o) ? o : Object.values(o ?? {}).flat())
        if (!areas.has(m)) problems.push(`${basename(file)}: no module ${m}`);
    }
    expect(problems).toEqual([]);
    expect(BY_SQL_NAME.size).toBeGreaterThan(30);
  });

  it('the platform writers exist in platform/records.ts', () => {
    const text = readFileSync(join(SERVER, 'platform/records.ts'), 'utf8');
    for (const name of Object.keys(WRITERS)) expect(text).toMatch(new RegExp(`export async function ${name}\\b`));
  });

  it('the scan finds every spelling of a write (guards against a broken resolver)', () => {
    const header = `import { sql } from 'drizzle-orm';
      import { orders, orderLines, quotations } from '../../db/schema/sales';
      import { events } from '../../db/schema/platform';
      import { saveRecord, updateVersioned } from '../../platform/records';
      import { KINDS } from '../sales-docs/kinds';
      const O = orders;
      const BY = { a: { t: orders }, b: { t: quotations } } as const;
    `;
    const cases: Array<[string, string[]]> = [
      ['await tx.insert(orders).values({});', ['orders']],
      ['await db.update(O).set({});', ['orders']],
      ['const { lines: lt } = KINDS[kind]; await tx.delete(lt);', ['order_lines', 'quotation_lines']],
      ['await tx.update(BY[k].t).set({});', ['orders', 'quotations']],
      ['await tx.update(x ? orders : orderLines).set({});', ['orders', 'order_lines']],
      ['await updateVersioned(tx, orders, 1, {}, 0);', ['orders']],
      [
        'const ev = (k) => ({ entityType: k, get: () => null }); await saveRecord(tx, { table: orders, ...ev(k) }, {}, {}, a, 0);',
        ['orders'],
      ],
      [`await tx.execute(sql\`update orders set test_status = 1 where id = \${id}\`);`, ['orders']],
      ['await tx.execute(sql`UPDATE "orders" o SET x = 1`);', ['orders']],
      [`await tx.execute(sql\`delete from order_lines where doc_id = \${id}\`);`, ['order_lines']],
      [`await tx.execute(sql\`insert into \${events} (a) values (1)\`);`, ['events']],
      [
        `const bump = (tx, table) => tx.execute(sql\`update \${table} set n = 1\`); await bump(tx, sql\`\${quotations}\`);`,
        ['quotations'],
      ],
    ];
    for (const [code, tables] of cases) {
      const file = virtual('test-checklists', `${header}\nasync function f(tx, db, id, x, k, kind) { ${code} }`);
      const found = writesIn(parse(file)).flatMap((w) => [...w.resolved.tables]);
      expect(new Set(found), code).toEqual(new Set(tables));
      expect(violations([file]).length, code).toBeGreaterThan(0);
    }
    // Not writes: a hash's update, a map's delete, an upsert's `do update set`, reads.
    for (const code of [
      "createHash('sha256').update(name).digest('hex');",
      'counts.delete(id);',
      `await tx.execute(sql\`insert into \${orders} as r (id) values (1) on conflict (id) do update set n = r.n + 1\`);`,
      'await tx.execute(sql`select * from orders where updated_at > 0`);',
    ]) {
      const file = virtual('sales-docs', `${header}\nasync function f(tx, db, id, name, counts) { ${code} }`);
      expect(violations([file]), code).toEqual([]);
    }
    // A write to a table it cannot resolve fails.
    expect(
      violations([virtual('sales-docs', `${header}\nexport async function f(tx, t) { await tx.insert(t); }`)]),
    ).toHaveLength(1);
  });

  it('the scan sees the modules’ writes (guards against a broken pattern)', () => {
    const writes = moduleFiles.filter((f) => !EXEMPT(f)).flatMap((f) => writesIn(parse(f)));
    expect(writes.length).toBeGreaterThan(100);
    for (const how of [
      '.insert()',
      '.update()',
      '.delete()',
      'saveRecord()',
      'sql insert into',
      'sql update',
      'sql delete from',
    ])
      expect(
        writes.some((w) => w.how === how),
        how,
      ).toBe(true);
  });

  it('modules write only the tables they own (call the owning module’s service otherwise)', () => {
    const found = violations(moduleFiles);
    expect(found, `Writes to another module's or the platform's tables:\n${found.join('\n')}`).toEqual([]);
  });
});

/**
 * Queries name tables and columns through drizzle (`${orders}`, `${orders.value}`): a renamed column or
 * table then fails tsc instead of a request. This ratchet counts the table names still written as text
 * after `from`, `join`, `into` or `update` in sql`` templates and sql.raw() strings of the modules
 * (seeds exempt: bulk loads, see EXEMPT). A file's count may only go down: KNOWN lists today's.
 */
const TABLE_TEXT = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Text of the sql`` templates and sql.raw(…) strings of a file, placeholders blanked. */
function sqlTexts(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isTaggedTemplateExpression(n) && n.tag.getText() === 'sql') {
      const t = n.template;
      out.push(
        ts.isTemplateExpression(t) ? t.head.text + t.templateSpans.map((s) => ` ? ${s.literal.text}`).join('') : t.text,
      );
    }
    if (ts.isCallExpression(n) && n.expression.getText() === 'sql.raw')
      for (const a of n.arguments) {
        if (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a)) out.push(a.text);
        else if (ts.isTemplateExpression(a))
          out.push(a.head.text + a.templateSpans.map((s) => ` ? ${s.literal.text}`).join(''));
      }
    n.forEachChild(visit);
  };
  visit(sf);
  return out;
}

function tableTextCounts(files: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of files) {
    if (EXEMPT(file)) continue;
    const n = sqlTexts(parse(file))
      .flatMap((text) => [...text.matchAll(TABLE_TEXT)])
      .filter((m) => BY_SQL_NAME.has(m[1]!.toLowerCase())).length;
    if (n) counts[relative(ROOT, file)] = n;
  }
  return counts;
}

/** Table names written as text per file today: may only shrink (delete a line when its file reaches 0). */
const KNOWN: Record<string, number> = {};

describe('table names in SQL text (ratchet)', () => {
  it('the count finds a literal table name (guards against a broken pattern)', () => {
    const file = virtual(
      'reports',
      `const a = sql\`select o.id from orders o join order_lines l on l.order_id = o.id\`; const b = sql.raw('update dealers set x = 1'); const c = sql\`select 1 from \${orders}\`;`,
    );
    expect(tableTextCounts([file])).toEqual({ [relative(ROOT, file)]: 3 });
  });

  it('no file names more tables as text than it did (name them through drizzle: the table, table.column)', () => {
    const counts = tableTextCounts(moduleFiles);
    const grown = Object.entries(counts)
      .filter(([f, n]) => n > (KNOWN[f] ?? 0))
      .map(([f, n]) => `${f}: ${n} (known ${KNOWN[f] ?? 0})`);
    expect(grown, 'table names written as text in SQL').toEqual([]);
  });

  it('KNOWN only shrinks: lower a count when a file names fewer tables as text', () => {
    const counts = tableTextCounts(moduleFiles);
    const shrunk = Object.entries(KNOWN)
      .filter(([f, n]) => (counts[f] ?? 0) < n)
      .map(([f, n]) => `${f}: ${counts[f] ?? 0} (known ${n})`);
    expect(shrunk).toEqual([]);
  });
});
