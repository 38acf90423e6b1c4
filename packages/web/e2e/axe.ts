/**
 * Accessibility check for journeys (issue 9 item 13): injects axe-core into the page and returns
 * one line per serious or critical violation (rule, impact, first nodes), so a journey can collect
 * them across screens and assert none at the end.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

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
    // A list row link draws its ring around the whole row (the link covers the row).
    const row = el.hasAttribute('data-row-link') ? el.closest('tr, [role="row"]') : null;
    // (No named helper functions in here: tsx would wrap them in a helper the page does not have.)
    let ringed = false;
    for (const e of row ? [el, row] : [el]) {
      const c = getComputedStyle(e);
      const outline =
        c.outlineStyle !== 'none' && Number.parseFloat(c.outlineWidth) >= 2 && !/rgba\(.*, 0\)$/.test(c.outlineColor);
      if (outline || (c.boxShadow !== 'none' && c.boxShadow !== '')) ringed = true;
    }
    // A text field shows focus as its outline thickening to 2 px (MUI's focused notched outline).
    const notch = el.closest('.MuiInputBase-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    const field = !!notch && Number.parseFloat(getComputedStyle(notch).borderTopWidth) >= 2;
    const s = getComputedStyle(el);
    return {
      ok: field || (el.matches(':focus-visible') && ringed),
      why: `${el.tagName.toLowerCase()} focus-visible=${el.matches(':focus-visible')} outline=${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} shadow=${s.boxShadow}`,
    };
  });
  if (!ring.ok) throw new Error(`no visible focus ring on ${where}: ${ring.why}`);
}

const viewportName = (page: Page) => {
  const v = page.viewportSize();
  return v ? `${v.width}×${v.height}` : 'default viewport';
};

/**
 * Picks up a drag handle from the keyboard (Space) and answers what dnd-kit's live region says,
 * then cancels the drag (Escape): the announcement must name the line, not an internal id.
 */
export async function dragAnnouncement(page: Page, handle: Locator): Promise<string> {
  await handle.focus();
  await page.keyboard.press('Space');
  const region = page.locator('[id^="DndLiveRegion"]');
  await page.waitForFunction(() => !!document.querySelector('[id^="DndLiveRegion"]')?.textContent?.trim());
  const text = (await region.first().textContent())?.trim() ?? '';
  await page.keyboard.press('Escape');
  return text;
}
