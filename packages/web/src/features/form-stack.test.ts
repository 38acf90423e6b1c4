/**
 * One form stack (issue 22 item 4): a form validates with react-hook-form and the contract's zod schema
 * (zodResolver, or a resolver built on it), never by calling a schema by hand. This scans `src/features` for
 * schema parse calls; the few that remain are resolvers, listed with their reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = resolve(import.meta.dirname);

/** `path` (under src/features) → why it may call a schema by hand. */
const ALLOWED: Record<string, string> = {
  'purchase-orders/po-form.ts':
    "poResolver, the PO form's react-hook-form resolver: the contract's poSave plus the form-only rules (terms; a local PO's price quote)",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** zod's parse calls (`schema.safeParse(`, `.parse(`, their async forms), not JSON.parse; and walks of zod issues. */
const HAND_VALIDATION = [
  /(?<!\bJSON)\.(safeParse|parse|safeParseAsync|parseAsync|spa)\s*\(/g,
  /\.error\.issues\b|\bissues\.(map|forEach)\b|\bfor\s*\(\s*const\s+\w+\s+of\s+[\w.]*\.issues\b/g,
];

function handValidation(text: string): { line: number; text: string }[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:])\/\/.*$/gm, '$1');
  const lines = text.split('\n');
  return HAND_VALIDATION.flatMap((re) =>
    [...code.matchAll(re)].map((m) => {
      const line = code.slice(0, m.index).split('\n').length;
      return { line, text: (lines[line - 1] ?? '').trim() };
    }),
  );
}

describe('one form stack', () => {
  it('finds a form validated by hand', () => {
    // The license generator before it moved onto react-hook-form.
    const oldGenLic = `
      const check = (withoutMac: boolean) => {
        const schema = withoutMac ? licenseForm.omit({ mac: true }) : licenseForm;
        const parsed = schema.safeParse({ mac, license_type: type, ...flags, ...counts });
        const fe: Record<string, string> = {};
        if (!parsed.success) for (const issue of parsed.error.issues) fe[String(issue.path[0])] ??= issue.message;
      };`;
    expect(handValidation(oldGenLic).length).toBeGreaterThan(0);
    expect(handValidation('const v = orderSave.parse(values);').length).toBe(1);
    expect(handValidation('const r = await schema.safeParseAsync(body);').length).toBe(1);
  });

  it('lets JSON.parse and comments through', () => {
    expect(handValidation('const v = JSON.parse(raw);')).toEqual([]);
    expect(handValidation('// we never call schema.safeParse(x) here')).toEqual([]);
  });

  it('src/features validates forms with react-hook-form and the contract’s schema only', () => {
    const found = sourceFiles(FEATURES).flatMap((f) => {
      const rel = relative(FEATURES, f);
      if (rel in ALLOWED) return [];
      return handValidation(readFileSync(f, 'utf8')).map((h) => `${rel}:${h.line} ${h.text}`);
    });
    expect(
      found,
      `use useForm with zodResolver(<contract schema>) (FormPage / FormDialog):\n${found.join('\n')}`,
    ).toEqual([]);
  });

  it('the allowed files still need their exception', () => {
    const stale = Object.keys(ALLOWED).filter(
      (rel) => !handValidation(readFileSync(join(FEATURES, rel), 'utf8')).length,
    );
    expect(stale, 'no hand validation left: delete from ALLOWED').toEqual([]);
  });
});
