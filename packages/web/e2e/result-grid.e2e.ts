import assert from 'node:assert/strict';
import { TC_MSG } from '@bpm/contract/test-checklists';
import type { Page } from 'playwright-core';
import { apiAs, become } from './api';
import { dragAnnouncement, expectAccessible, expectAccessibleAtViewports, expectFocusRing } from './axe';

const STEPS = 10;
const UNITS = 5;

/** The chip of a status, waited for by its value (data-status carries the raw status). */
const statusChip = (page: Page, status: string) =>
  page.locator(`[data-testid="checklist-status"][data-status="${status}"]`);

/** Result cell `item` (1-based) of step row `row` (0-based). */
const cellAt = (page: Page, row: number, item: number) =>
  page.getByTestId('step-row').nth(row).locator(`[data-testid="result-cell"][data-item="${item}"]`);

/** The focused element's name and test id. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    label: document.activeElement?.getAttribute('aria-label') ?? '',
    testId: document.activeElement?.getAttribute('data-testid') ?? '',
    inGrid: !!document.activeElement?.closest('[role="grid"]'),
  }));

/** page.keyboard, counting every key sent (a typed text counts one per character). */
function countingKeyboard(page: Page) {
  const keys = {
    count: 0,
    press: async (key: string) => {
      keys.count++;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      keys.count += [...text].length;
      await page.keyboard.type(text);
    },
  };
  return keys;
}

/** A product with STEPS test steps and one serial per unit, ordered UNITS times, assigned to the tester. */
async function setUp(page: Page) {
  const stamp = Date.now();
  const admin = await apiAs(page, 'admin');
  const product = await admin.form<{ id: number }>('/products/save', {
    product_code: `E2E-GRID-${stamp}`,
    desc: `E2E grid unit ${stamp}`,
    msrp: 100,
    warranty: 365,
    pl_serial_count: 1,
    has_modem: 0,
    is_test_required: 1,
  });
  for (let i = 1; i <= STEPS; i++)
    await admin.post('/productTestChecklist/save', { product_id: product.id, test_desc: `Grid check ${i} ${stamp}` });
  const sale = await apiAs(page, 'sale');
  const [dealer] = await sale.get<Array<{ id: number }>>('/dealers?limit=1');
  assert.ok(dealer, 'a dealer to sell to');
  const order = await sale.form<{ id: number }>('/orders/save', {
    dealer: dealer.id,
    date: Math.floor(stamp / 1000),
    value: 0,
    oc_ref: `OC-GRID-${stamp}`,
    products: [{ product_id: product.id, name: `E2E grid unit ${stamp}`, quantity: UNITS, msrp: 100 }],
  });
  const tester = await apiAs(page, 'tester');
  const production = await apiAs(page, 'production');
  const overview = await production.get<{ products: Array<{ id: number; product_id: number }> }>(
    `/testChecklist/order/${order.id}`,
  );
  const line = overview.products.find((p) => p.product_id === product.id);
  assert.ok(line, 'the order line of the product');
  const checklist = await production.post<{ id: number; product_max_serials: number }>(
    '/production/testChecklist/add',
    { test_by: tester.userId, quantity: UNITS, order_product_id: line.id },
  );
  assert.equal(checklist.product_max_serials, UNITS, 'one result column per unit');
  return { stamp, checklistId: checklist.id };
}

/** The tester scans the serials: each one typed then Enter, as a scanner does; the focus never leaves the box. */
async function scanSerials(page: Page, serials: string[]) {
  await page.getByTestId('tab-serials').click();
  const box = page.getByTestId('serials-input');
  await box.click();
  for (const serial of serials) {
    await page.keyboard.type(serial);
    await page.keyboard.press('Enter');
    assert.equal((await focused(page)).testId, 'serials-input', `the focus stays in the box after ${serial}`);
  }
  assert.deepEqual(
    (await box.inputValue()).split('\n').filter(Boolean),
    serials,
    'one serial a line, nothing submitted early',
  );
  await page.getByTestId('serials-save').click();
  // A confirmation, if the save asks one (serial changes that touch results), is answered yes.
  const saved = page.getByText(TC_MSG.serialsSaved);
  const confirm = page.getByTestId('confirm-yes');
  await saved.or(confirm).first().waitFor();
  if (await confirm.isVisible()) await confirm.click();
  await saved.first().waitFor();
}

/**
 * Issue 23 item 8's journey: a tester scans five serials, then passes 10 steps × 5 units from the keyboard alone
 * (Tab into the grid, Shift+P per row: one saveResults call a row) within 60 keys; F fails a cell, Delete clears
 * it, P passes it again, a typed letter starts a custom result, Alt+P passes a column; Tab leaves the grid; the
 * grid passes axe and shows a result column on a phone and a tablet.
 */
export async function resultGridByKeyboard({ page }: { page: Page }) {
  const { stamp, checklistId } = await setUp(page);
  const serials = Array.from({ length: UNITS }, (_, i) => `SEC5E-${stamp}-${i + 1}`);

  await become(page, 'tester');
  await page.goto(`/testchecklists/test/${checklistId}`);
  await statusChip(page, 'pending').waitFor();
  await scanSerials(page, serials);

  await page.getByTestId('tab-steps').click();
  await page
    .getByTestId('serial-col')
    .filter({ hasText: serials[UNITS - 1]! })
    .waitFor();
  assert.deepEqual(await page.getByTestId('serial-col').allTextContents(), serials);
  assert.equal(await page.getByTestId('step-row').count(), STEPS);
  assert.equal(await page.getByTestId('pass-row').count(), STEPS, 'a Pass row button on every step');
  assert.equal(await page.getByTestId('pass-column').count(), UNITS, 'a Pass column button on every serial');
  assert.match((await page.getByTestId('grid-help').textContent()) ?? '', /Shift\+P.*Alt\+P/);

  // --- every cell passed from the keyboard, the keys counted ---------------------------------------------------
  let saves = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/saveResults/')) saves++;
  });
  const keys = countingKeyboard(page);
  await keys.press('Tab');
  const first = await focused(page);
  assert.equal(first.label, `Step 1, serial ${serials[0]}: no result`, 'Tab lands on the first result cell');
  await expectFocusRing(page, 'a result cell');
  for (let row = 0; row < STEPS; row++) await keys.press('Shift+P');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="result-cell"][data-result="passed"]').length === n,
    STEPS * UNITS,
  );
  await statusChip(page, 'passed').waitFor();
  console.log(`    keystrokes to pass ${STEPS} × ${UNITS} cells: ${keys.count}; saveResults calls: ${saves}`);
  assert.ok(keys.count <= 60, `${keys.count} keys to pass every cell`);
  assert.equal(saves, STEPS, 'one saveResults call a row');
  assert.equal(await page.locator('[data-testid="result-cell"]:not([data-result="passed"])').count(), 0);

  await singleCellKeys(page, serials);
  await failedSave(page, serials);
  await leavesAndAxe(page);
}

/** F fails, Delete clears, P passes again; a typed letter starts a custom result; Alt+P passes a column. */
async function singleCellKeys(page: Page, serials: string[]) {
  // The focus is on the last step (the last row holds it); up two steps, right one column: step 8, unit 2.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  assert.equal((await focused(page)).label, `Step 8, serial ${serials[1]}: passed`);
  await page.keyboard.press('f');
  await cellAt(page, 7, 2).and(page.locator('[data-result="failed"]')).waitFor();
  await statusChip(page, 'failed').waitFor();
  assert.equal((await focused(page)).label, `Step 9, serial ${serials[1]}: passed`, 'a result moves down');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Delete');
  await cellAt(page, 7, 2).and(page.locator('[data-result=""]')).waitFor();
  await statusChip(page, 'in progress').waitFor();
  assert.equal((await focused(page)).label, `Step 8, serial ${serials[1]}: no result`, 'a clear stays');
  await page.keyboard.press('p');
  await cellAt(page, 7, 2).and(page.locator('[data-result="passed"]')).waitFor();
  await statusChip(page, 'passed').waitFor();

  // A letter starts a custom result in the result dialog; Enter saves it.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('Scratched lid');
  const dialog = page.getByTestId('result-dialog');
  await dialog.waitFor();
  assert.equal(await dialog.getByTestId('result-custom').inputValue(), 'Scratched lid');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await cellAt(page, 6, 2).and(page.locator('[data-result="Scratched lid"]')).waitFor();
  // Back in the grid, one step down, once the dialog has let the focus go.
  const next = `Step 8, serial ${serials[1]}: passed`;
  await page.waitForFunction((l) => document.activeElement?.getAttribute('aria-label') === l, next).catch(() => {});
  assert.equal((await focused(page)).label, next, 'back in the grid, one down');

  // Alt+P passes the column's empty cells in one call: clear two, pass the column.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Delete');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Delete');
  await cellAt(page, 6, 3).and(page.locator('[data-result=""]')).waitFor();
  await cellAt(page, 7, 3).and(page.locator('[data-result=""]')).waitFor();
  await page.keyboard.press('Alt+P');
  await cellAt(page, 6, 3).and(page.locator('[data-result="passed"]')).waitFor();
  await cellAt(page, 7, 3).and(page.locator('[data-result="passed"]')).waitFor();
  // The custom result stays a custom result; P passes it again.
  assert.equal(await cellAt(page, 6, 2).getAttribute('data-result'), 'Scratched lid');
  await cellAt(page, 6, 2).focus();
  await page.keyboard.press('p');
  await cellAt(page, 6, 2).and(page.locator('[data-result="passed"]')).waitFor();
  await statusChip(page, 'passed').waitFor();

  // Pointer and touch: a click on a cell opens the result dialog (the spec), Pass row fills the row.
  await cellAt(page, 0, 4).click();
  await dialog.waitFor();
  await dialog.getByTestId('result-fail').click();
  await dialog.waitFor({ state: 'hidden' });
  await cellAt(page, 0, 4).and(page.locator('[data-result="failed"]')).waitFor();
  await cellAt(page, 0, 4).focus();
  await page.keyboard.press('Backspace');
  await cellAt(page, 0, 4).and(page.locator('[data-result=""]')).waitFor();
  await page.getByTestId('step-row').first().getByTestId('pass-row').click();
  await cellAt(page, 0, 4).and(page.locator('[data-result="passed"]')).waitFor();
  await statusChip(page, 'passed').waitFor();
}

/** A save that fails says so, leaves the cell as it was and brings the focus back to it. */
async function failedSave(page: Page, serials: string[]) {
  await page.route('**/saveResults/**', (r) => r.fulfill({ status: 500, json: { message: 'E2E: refused' } }), {
    times: 1,
  });
  await cellAt(page, 4, 5).focus();
  await page.keyboard.press('f');
  await page.getByText('Failed to save test result').first().waitFor();
  const back = `Step 5, serial ${serials[4]}: passed`;
  await page.waitForFunction((l) => document.activeElement?.getAttribute('aria-label') === l, back).catch(() => {});
  assert.equal((await focused(page)).label, back, 'the focus is back on the cell');
  assert.equal(await cellAt(page, 4, 5).getAttribute('data-result'), 'passed');
}

/** Tab leaves the grid (one tab stop), Shift+Tab comes back to it; axe at three sizes; a result column on a phone. */
async function leavesAndAxe(page: Page) {
  await cellAt(page, 2, 1).focus();
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).inGrid, false, 'Tab leaves the grid');
  await page.keyboard.press('Shift+Tab');
  assert.match((await focused(page)).label, /^Step 3, serial .*-1: passed$/, 'Shift+Tab comes back to the same cell');
  assert.equal(await page.locator('[role="grid"] [tabindex="0"]').count(), 1, 'one tab stop in the grid');

  await expectAccessible(page, 'the result grid');
  await expectAccessibleAtViewports(page, 'the result grid');
  for (const size of [
    { width: 390, height: 844 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const box = await cellAt(page, 0, 1).boundingBox();
    assert.ok(box, 'the first result cell is laid out');
    assert.ok(box.x >= 0 && box.x + box.width <= size.width, `a result cell within ${size.width} px: ${box.x}`);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= size.width, `no sideways page scroll at ${size.width} px (${pageWidth})`);
  }
}

/**
 * The grid for a step editor (production, not the tester): the handle is a cell of the grid (Home reaches it), a
 * keyboard drag (Space, ArrowDown, Space) reorders the steps while the grid leaves the arrows to it; no result keys.
 */
export async function resultGridStepsByKeyboard({ page }: { page: Page }) {
  const { stamp, checklistId } = await setUp(page);
  await become(page, 'production');
  await page.goto(`/testchecklists/test/${checklistId}`);
  await page
    .getByTestId('step-desc')
    .filter({ hasText: `Grid check ${STEPS} ${stamp}` })
    .waitFor();
  assert.equal(await page.getByTestId('pass-row').count(), 0, 'no result entry for production here');
  assert.equal(await page.getByTestId('grid-help').count(), 0);
  assert.equal(await page.locator('[role="grid"][aria-readonly="true"]').count(), 1);

  await page.getByTestId('tab-steps').click();
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).testId, 'step-add', 'Add Step comes first');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).label, 'Step 1, column 1: no serial number assigned');
  // No serials yet: a result key only warns (production does not enter results: nothing happens at all).
  await page.keyboard.press('p');
  assert.equal(await cellAt(page, 0, 1).getAttribute('data-result'), '');
  await page.keyboard.press('Home');
  assert.equal((await focused(page)).label, 'Move step 1');
  await expectFocusRing(page, 'the step handle in the grid');
  assert.match(await dragAnnouncement(page, page.getByTestId('step-handle').first()), /step 1: Grid check 1/);

  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await page
    .getByTestId('step-desc')
    .first()
    .filter({ hasText: `Grid check 2 ${stamp}` })
    .waitFor();
  assert.equal((await page.getByTestId('step-desc').nth(1).textContent())?.trim(), `Grid check 1 ${stamp}`);
  assert.equal((await focused(page)).testId, 'step-handle', 'the moved step keeps the focus');
  // The grid's arrows work again after the drop: right to the SI, then the description (the row header).
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal((await focused(page)).testId, 'step-desc');
  assert.equal(await page.locator('[role="grid"] [tabindex="0"]').count(), 1, 'one tab stop in the grid');
  await expectAccessible(page, 'the result grid of a step editor');

  // A mouse drag by the handle still reorders: step 1 back above step 2.
  const src = page.getByTestId('step-row').nth(1).getByTestId('step-handle');
  const s = (await src.boundingBox())!;
  const d = (await page.getByTestId('step-row').first().boundingBox())!;
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2 - 10, { steps: 5 });
  await page.mouse.move(s.x + s.width / 2, d.y + 4, { steps: 15 });
  await page.mouse.up();
  await page
    .getByTestId('step-desc')
    .first()
    .filter({ hasText: `Grid check 1 ${stamp}` })
    .waitFor();
}
