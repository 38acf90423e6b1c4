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
  // Colours read mid-transition (a button turning enabled, a dialog fading in) are not the screen's.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 2000)),
    ]),
  );
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

/** The three viewports of issue 9: desktop, tablet, phone. */
export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

/** Fails the journey, naming the screen, if the page as it is now has a serious or critical violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const found = await axeViolations(page);
  if (found.length) throw new Error(`axe on ${where} (${viewportName(page)}):\n  ${found.join('\n  ')}`);
}

/**
 * The same check at each of the three viewports (the layout changes: phone cards, drawers), then
 * back to the journey's own viewport.
 */
export async function expectAccessibleAtViewports(page: Page, where: string): Promise<void> {
  const own = page.viewportSize();
  try {
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      // Let the resize listeners and media queries re-render before checking.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.waitForTimeout(150);
      await expectAccessible(page, where);
    }
  } finally {
    if (own) await page.setViewportSize(own);
  }
}

/**
 * The focused element shows a visible focus ring when reached from the keyboard (issue 9): a solid
 * outline at least 2 px wide, not transparent, or a box shadow. A key press first, so the browser
 * treats the focus as keyboard focus (:focus-visible).
 */
export async function expectFocusRing(page: Page, where: string): Promise<void> {
  await page.keyboard.press('Shift');
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, why: 'nothing is focused' };
    const ringed = (e: Element) => {
      const s = getComputedStyle(e);
      const outline =
        s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 2 && !/rgba\(.*, 0\)$/.test(s.outlineColor);
      return outline || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    // A list row link draws its ring around the whole row (the link covers the row).
    const row = el.closest('tr, [role="row"]');
    // A text field shows focus as its outline thickening to 2 px (MUI's focused notched outline).
    const notch = el.closest('.MuiInputBase-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    const field = !!notch && Number.parseFloat(getComputedStyle(notch).borderTopWidth) >= 2;
    const s = getComputedStyle(el);
    return {
      ok:
        field ||
        (el.matches(':focus-visible') && (ringed(el) || (!!row && el.hasAttribute('data-row-link') && ringed(row)))),
      why: `${el.tagName.toLowerCase()} focus-visible=${el.matches(':focus-visible')} outline=${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} shadow=${s.boxShadow}`,
    };
  });
  if (!ring.ok) throw new Error(`no visible focus ring on ${where}: ${ring.why}`);
}

const viewportName = (page: Page) => {
  const v = page.viewportSize();
  return v ? `${v.width}×${v.height}` : 'default viewport';
};
