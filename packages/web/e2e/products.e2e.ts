import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PASSWORD, signIn } from './api';
import { dragAnnouncement, expectAccessible, expectAccessibleAtViewports, expectFocusRing } from './axe';

/** Calls the API as `username` (its own token, outside the page's session). */
async function apiAs(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  assert.equal(res.status(), 200, `login ${username}`);
  const { access_token } = (await res.json()) as { access_token: string };
  // The page signs in through the form: drop the refresh cookie this call set.
  await page.context().clearCookies();
  return async <T>(path: string): Promise<T> => {
    const r = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${access_token}` } });
    assert.equal(r.status(), 200, `GET ${path}`);
    return ((await r.json()) as { data: T }).data;
  };
}

/** Polls `check` until it answers true (browser-side predicates would need tsx's __name helper). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const money = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

/** Purchase imports a BOM CSV through the file chooser and sees the counts and the rolled-up cost change. */
export async function purchaseImportsBomCsv({ page }: { page: Page }) {
  const get = await apiAs(page, 'purchase');
  const list = await get<Array<{ id: number; product_code: string; bom_cost: number }>>(
    '/purchase/products?limit=10&status=active&sort=product_code&order=asc',
  );
  const product = list.find((p) => p.bom_cost > 0);
  assert.ok(product, 'a demo product with a BOM');
  const lines = await get<Array<{ part_id: number }>>(`/boms/product/${product.id}`);
  const inBom = new Set(lines.map((l) => l.part_id));
  const parts = await get<Array<{ id: number; manuf_part_number: string }>>(
    '/partComponents?status=active&limit=100&sort=manuf_part_number',
  );
  // Parts not yet in the BOM, and whose numbers are unique among the fetched ones.
  const fresh = parts.filter(
    (p) => !inBom.has(p.id) && parts.filter((q) => q.manuf_part_number === p.manuf_part_number).length === 1,
  );
  assert.ok(fresh.length >= 2, 'two parts outside the BOM');
  const [a, b] = fresh as [(typeof fresh)[0], (typeof fresh)[0]];

  const dir = mkdtempSync(join(tmpdir(), 'bpm-bom-'));
  const file = join(dir, 'bom.csv');
  // UTF-8 BOM, CRLF, quoted fields and one unknown part number.
  writeFileSync(
    file,
    `\uFEFFpart_number,quantity,ref,remark\r\n"${a.manuf_part_number}",25,"R1, R2",e2e\r\n${b.manuf_part_number},40,U9,\r\nNO-SUCH-PART-E2E,1,,\r\n`,
  );

  await signIn(page, 'purchase');
  await page.goto(`/products/edit/${product.id}`);
  await page.getByTestId('tab-bom').click();
  await page.getByTestId('bom-row').first().waitFor();
  await expectAccessibleAtViewports(page, 'product BOM tab');
  const before = money((await page.getByTestId('bom-cost').textContent()) ?? '');
  assert.equal(before.toFixed(2), product.bom_cost.toFixed(2));
  const rowsBefore = await page.getByTestId('bom-row').count();

  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('bom-import-button').click();
  await (await chooser).setFiles(file);

  const result = page.getByTestId('bom-import-result');
  await result.waitFor();
  const text = (await result.textContent()) ?? '';
  assert.match(text, /Imported: 2 · Updated: 0 · Deleted: 0 ·\s*Errors: 1/);
  assert.match(text, /Row 4: Unknown part number 'NO-SUCH-PART-E2E'/);
  await expectAccessible(page, 'product BOM import result');

  // The table and the BOM cost follow the re-read product.
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="bom-row"]').length === n, rowsBefore + 2);
  const after = await get<{ bom_cost: number }>(`/purchase/products/${product.id}`);
  assert.ok(after.bom_cost > product.bom_cost, 'the BOM cost grew');
  await page
    .getByTestId('bom-cost')
    .filter({ hasText: after.bom_cost.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 }) })
    .waitFor();
  await page.getByTestId('bom-row').filter({ hasText: a.manuf_part_number }).filter({ hasText: 'R1, R2' }).waitFor();

  // Purchase reads but never saves the product form.
  await page.getByTestId('tab-info').click();
  assert.equal(await page.getByTestId('product-save').count(), 0);
}

/** Production adds two test steps and moves the second above the first; SI numbers follow the order. */
export async function productionReordersTestSteps({ page }: { page: Page }) {
  const get = await apiAs(page, 'production');
  const [product] = await get<Array<{ id: number }>>('/production/products?limit=1&sort=product_code&order=desc');
  assert.ok(product);
  const existing = await get<Array<{ si_number: number }>>(`/productTestChecklist/byProduct/${product.id}`);
  const n = existing.reduce((m, s) => Math.max(m, s.si_number), 0);
  const tag = Date.now().toString(36);
  const first = `E2E first ${tag}`;
  const second = `E2E second ${tag}`;

  await signIn(page, 'production');
  await page.goto(`/products/edit/${product.id}`);
  assert.equal(await page.getByTestId('tab-bom').count(), 0, 'production has no BOM tab');
  await page.getByTestId('tab-checklist').click();
  await page.getByTestId('steps-list').waitFor();
  await page.waitForFunction(
    (k) => document.querySelectorAll('[data-testid="step-row"]').length === k,
    existing.length,
  );
  await expectAccessibleAtViewports(page, 'product test checklist tab');

  for (const [desc, si] of [
    [first, n + 1],
    [second, n + 2],
  ] as const) {
    await page.getByTestId('step-add').click();
    const dialog = page.getByTestId('step-dialog');
    assert.equal(await dialog.getByTestId('field-si_number').inputValue(), String(si));
    // Empty description is refused with the spec's message.
    await dialog.getByTestId('dialog-save').click();
    await dialog.getByText('Test Description is required').waitFor();
    if (si === n + 1) await expectAccessibleAtViewports(page, 'Add Test Step dialog with its error');
    await dialog.getByTestId('field-test_desc').fill(desc);
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('step-row').filter({ hasText: desc }).waitFor();
  }
  const siOf = (desc: string) =>
    page.getByTestId('step-row').filter({ hasText: desc }).getByTestId('step-si').textContent();
  assert.equal(await siOf(first), String(n + 1));
  assert.equal(await siOf(second), String(n + 2));

  // Keyboard sorting (dnd-kit KeyboardSensor): pick up, one place up, drop.
  const handle = page.getByTestId('step-row').filter({ hasText: second }).getByTestId('step-handle');
  // The handle shows a focus ring, and the screen-reader announcement names the step.
  await handle.focus();
  await expectFocusRing(page, 'test step handle');
  const said = await dragAnnouncement(page, handle);
  assert.ok(said.includes(`step ${n + 2}: ${second}`), `announcement: ${said}`);
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');

  await until('SI numbers after the keyboard move', async () => {
    return (await siOf(second)) === String(n + 1) && (await siOf(first)) === String(n + 2);
  });
  const descs = await page.getByTestId('step-desc').allTextContents();
  assert.ok(descs.indexOf(second) < descs.indexOf(first), 'second now above first');
  const saved = await get<Array<{ si_number: number; test_desc: string }>>(
    `/productTestChecklist/byProduct/${product.id}`,
  );
  assert.equal(saved.find((s) => s.test_desc === second)?.si_number, n + 1);
  assert.equal(saved.find((s) => s.test_desc === first)?.si_number, n + 2);

  // Mouse drag: move the first step back above the second.
  const src = page.getByTestId('step-row').filter({ hasText: first }).getByTestId('step-handle');
  const dst = page.getByTestId('step-row').filter({ hasText: second });
  const s = (await src.boundingBox())!;
  const d = (await dst.boundingBox())!;
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2 - 10, { steps: 5 });
  await page.mouse.move(s.x + s.width / 2, d.y + 4, { steps: 15 });
  await page.mouse.up();
  await until('SI numbers after the mouse drag', async () => (await siOf(first)) === String(n + 1));
  assert.equal(await siOf(second), String(n + 2));
}

/** Shipping sees the list without 'New Product' and a product read-only (no statistics, image, tabs). */
export async function shippingSeesProductsReadOnly({ page }: { page: Page }) {
  await signIn(page, 'shipping');
  await page.goto('/products');
  await page.getByTestId('products-table-row').first().waitFor();
  await expectAccessibleAtViewports(page, 'products list (shipping)');
  assert.equal(await page.getByText('New Product').count(), 0);
  assert.equal(await page.getByTestId('product-add').count(), 0);

  await page.getByTestId('products-table-row').first().click();
  await page.waitForURL(/\/products\/edit\/\d+$/);
  await page.getByTestId('product-readonly').waitFor();
  await expectAccessibleAtViewports(page, 'read-only product');
  assert.equal(await page.getByTestId('field-product_code').getAttribute('readonly'), '');
  assert.equal(await page.getByTestId('field-desc').getAttribute('readonly'), '');
  assert.ok(await page.getByTestId('field-has_modem').isDisabled());
  for (const id of [
    'product-save',
    'product-duplicate',
    'product-statistics-open',
    'product-image-input',
    'product-disable',
    'product-enable',
    'tab-bom',
    'tab-checklist',
  ]) {
    assert.equal(await page.getByTestId(id).count(), 0, `${id} hidden for shipping`);
  }
}
