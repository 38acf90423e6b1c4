/**
 * Accessibility check for journeys (issue 9 item 13): injects axe-core into the page and returns
 * one line per serious or critical violation (rule, impact, first nodes), so a journey can collect
 * them across screens and assert none at the end.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core');

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious and critical violations on the page as it is now (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  const present = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a script tag: the portal's CSP (script-src 'self') blocks inline scripts.
  if (!present) await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const res = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: AxeResult[] };
    return res.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String) })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
