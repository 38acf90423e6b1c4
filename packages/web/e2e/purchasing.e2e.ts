import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { signIn } from './api';
import { expectAccessible, expectAccessibleAtViewports } from './axe';

async function asUser(browser: Browser, baseURL: string, username: string) {
  const ctx = await browser.newContext({ baseURL, acceptDownloads: true });
  const page = await ctx.newPage();
  await signIn(page, username);
  return { page, close: () => ctx.close() };
}

/** Picks the first option an autocomplete offers for `text`. */
async function pick(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(text);
  const option = page.getByRole('option').first();
  await option.waitFor();
  await option.click();
}

/** The text of a PDF as pdftotext reads it (the PDFs embed their fonts: strings are glyph ids). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'bpm-pdf-'));
  try {
    writeFileSync(join(dir, 'd.pdf'), bytes);
    return execFileSync('pdftotext', [join(dir, 'd.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Purchase creates a EUR PO with three parts and asks one approver; poapproval approves it from the
 * inbox; the administrator marks it received; purchase uploads a proof of payment as Partial Paid;
 * qa saves the AWB; the PO PDF downloads and shows the PO number and the total.
 */
export async function purchaseOrderEndToEnd({ browser, baseURL }: { browser: Browser; baseURL: string }) {
  // --- purchase creates the PO ------------------------------------------------------------------
  const purchase = await asUser(browser, baseURL, 'purchase');
  let page = purchase.page;
  await page.goto('/purchaseorders');
  await page.getByTestId('po-add').waitFor();
  await expectAccessibleAtViewports(page, 'purchase orders list');
  await page.getByTestId('po-add').click();
  await page.waitForURL('**/purchaseorders/add');
  await expectAccessibleAtViewports(page, 'new purchase order');
  await pick(page, 'field-supplier', 'a');
  assert.ok((await page.getByTestId('field-supplier_name').inputValue()).length > 0, 'supplier copied');
  await page.getByTestId('field-currency').locator('..').click();
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await page.getByTestId('field-currency_rate').fill('1.1');
  for (const [i, qty, price] of [
    [0, '10', '2.5'],
    [1, '4', '1.25'],
    [2, '100', '0.1'],
  ] as const) {
    await page.getByTestId('po-add-part').click();
    const dialog = page.getByTestId('add-part-dialog');
    await dialog.waitFor();
    await pick(page, 'add-part-part', ['ti', 'st', 'mu'][i]!);
    await page.getByTestId('add-part-quantity').fill(qty);
    await page.getByTestId('add-part-price').fill(price);
    if (i === 0) {
      await expectAccessibleAtViewports(page, 'Add Part dialog');
      // Escape on a changed dialog asks before throwing the typing away; Stay keeps it.
      await page.keyboard.press('Escape');
      await page.getByTestId('discard-dialog').waitFor();
      await expectAccessible(page, 'discard question');
      await page.getByTestId('confirm-no').click();
      await page.getByTestId('discard-dialog').waitFor({ state: 'hidden' });
      assert.equal(await page.getByTestId('add-part-price').inputValue(), price);
    }
    await page.getByTestId('add-part-save').click();
    await dialog.waitFor({ state: 'hidden' });
  }
  assert.equal(await page.getByTestId('po-part-row').count(), 3);
  await page.getByTestId('field-requisitioner').fill('E2E Requisitioner');
  await page.getByTestId('field-purpose').fill('E2E journey purchase');
  await pick(page, 'field-dept', 'Eng');
  await pick(page, 'field-term', 'NET');
  await page.getByTestId('po-save').click();
  await page.waitForURL(/\/purchaseorders\/edit\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await page.getByTestId('po-request-approval').click();
  await page.getByTestId('approver-search').fill('Olivia');
  await page.getByTestId('approver-option').first().waitFor();
  await expectAccessible(page, 'Request Approval dialog');
  await page.getByTestId('approver-option').first().click();
  await page.getByTestId('request-approval-send').click();
  await page.getByText('Waiting Approval').first().waitFor();
  await expectAccessibleAtViewports(page, 'purchase order editor');
  await purchase.close();

  // --- poapproval approves from the inbox -------------------------------------------------------------
  const approver = await asUser(browser, baseURL, 'poapproval');
  page = approver.page;
  await page.waitForURL('**/purchaseorders');
  const row = page.locator(`[data-testid="approval-inbox-row"][data-po-id="${id}"]`);
  await row.waitFor();
  await expectAccessibleAtViewports(page, 'approval inbox');
  await row.getByTestId('approval-inbox-approve').click();
  await row.waitFor({ state: 'detached' });
  await approver.close();

  // --- the administrator marks it received ---------------------------------------------------------
  const admin = await asUser(browser, baseURL, 'admin');
  page = admin.page;
  await page.goto(`/purchaseorders/edit/${id}`);
  await page.getByTestId('po-receive').click();
  await page.getByTestId('po-status-chip').filter({ hasText: 'Received' }).waitFor();
  await expectAccessible(page, 'received purchase order');
  await admin.close();

  // --- purchase uploads a proof of payment as Partial Paid ----------------------------------------------
  const purchase2 = await asUser(browser, baseURL, 'purchase');
  page = purchase2.page;
  await page.goto(`/purchaseorders/edit/${id}`);
  await page.getByTestId('field-payment_status').locator('..').click();
  await page.getByRole('option', { name: 'Partial Paid' }).click();
  const dir = mkdtempSync(join(tmpdir(), 'bpm-po-'));
  const proof = join(dir, 'proof.pdf');
  writeFileSync(proof, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await page.getByTestId('proof-input').setInputFiles(proof);
  await page.getByTestId('po-upload-proof').click();
  await page.getByTestId('po-paid').filter({ hasText: 'Partial Paid' }).waitFor();
  await expectAccessible(page, 'purchase order, Partial Paid');

  // --- the PO PDF shows its number and total ----------------------------------------------------------
  const poNumber = ((await page.locator('h1').textContent()) ?? '').match(/PO-\d{4}-\d+/)?.[0];
  assert.ok(poNumber, 'PO number in the header');
  const download = page.waitForEvent('download');
  await page.getByTestId('po-download').click();
  const file = await (await download).path();
  const text = pdfText(readFileSync(file));
  assert.ok(text.includes(poNumber), `PDF shows ${poNumber}`);
  // 10 × 2.5 + 4 × 1.25 + 100 × 0.1 = 40.00 EUR
  assert.ok(text.includes('40.00'), `PDF shows the total: ${text.slice(0, 400)}`);
  await purchase2.close();

  // --- qa saves the AWB --------------------------------------------------------------------------------
  const qa = await asUser(browser, baseURL, 'qa');
  page = qa.page;
  await page.goto(`/purchaseorders/edit/${id}`);
  await page.getByTestId('field-awb_number').fill('AWB-E2E-1');
  await page.getByTestId('po-save-awb').click();
  await page.getByText('Save successfully').waitFor();
  await expectAccessibleAtViewports(page, 'qa purchase order view');
  await qa.close();
}
