import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signIn } from './api';
import { expectAccessible, expectAccessibleAtViewports } from './axe';

async function chooseReport(page: Page, label: string) {
  await page.getByTestId('report-select').locator('[role="combobox"]').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Clicks a download button and answers the saved file's name and bytes. */
async function download(page: Page, testId: string) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await dl.path();
  assert.ok(path, 'download saved');
  return { name: dl.suggestedFilename(), data: readFileSync(path) };
}

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Sale downloads the Monthly Sales CSV and a dealer statement PDF; buttons wait for the inputs. */
export async function saleDownloadsMonthlySalesAndStatement({ page }: { page: Page }) {
  await signIn(page, 'sale');
  await page.goto('/reports');
  await chooseReport(page, 'Monthly Sales');
  await expectAccessibleAtViewports(page, 'reports, Monthly Sales');
  assert.equal(await page.getByTestId('report-csv').isDisabled(), true, 'CSV disabled without a month');
  const now = new Date();
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  await page.getByTestId('report-month').fill(month);
  assert.equal(await page.getByTestId('report-csv').isEnabled(), true);
  const csv = await download(page, 'report-csv');
  assert.equal(csv.name, `Monthly_Sales_${month}.csv`);
  // The one CSV writer of lists and reports: BOM, LF line ends.
  const header = csv.data
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\n')[0];
  assert.equal(header, 'Date,OC Ref,Invoice,Dealer,Shipping Status,Payment Status,Value,Shipping Cost,Sales');

  await chooseReport(page, 'Dealer statement of accounts');
  assert.equal(await page.getByTestId('report-pdf').isDisabled(), true, 'PDF disabled without inputs');
  await page.getByTestId('report-dealer').click();
  await page.getByRole('option').first().click();
  const from = new Date(now.getFullYear() - 1, now.getMonth(), 1);
  await page.getByTestId('report-dates-from').fill(ymd(from));
  assert.equal(await page.getByTestId('report-pdf').isDisabled(), true, 'PDF disabled with one date');
  await expectAccessibleAtViewports(page, 'reports, dealer statement');
  await page.getByTestId('report-dates-to').fill(ymd(now));
  const pdf = await download(page, 'report-pdf');
  assert.match(pdf.name, /^Dealer_Statement_[A-Za-z0-9._-]+\.pdf$/);
  assert.equal(pdf.data.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.equal(await page.getByTestId('report-error').count(), 0);
}

/** Shipping sees exactly one report, Shipping Cost, and downloads it. */
export async function shippingSeesOnlyShippingCost({ page }: { page: Page }) {
  await signIn(page, 'shipping');
  await page.goto('/reports');
  await page.getByTestId('report-form').getByText('Shipping Cost').waitFor();
  await page.getByTestId('report-select').locator('[role="combobox"]').click();
  const options = await page.getByRole('option').allTextContents();
  await expectAccessible(page, 'reports, report list open');
  assert.deepEqual(options, ['Shipping Cost']);
  await page.keyboard.press('Escape');
  const now = new Date();
  await page.getByTestId('report-dates-from').fill(ymd(new Date(now.getFullYear(), now.getMonth() - 3, 1)));
  await page.getByTestId('report-dates-to').fill(ymd(now));
  const csv = await download(page, 'report-csv');
  assert.match(csv.name, /^Shipping_Cost_All_.*\.csv$/);
}

/** Sale generates a license, copies it, and finds it in the registry by MAC. */
export async function saleGeneratesCopiesAndFindsLicense({ page }: { page: Page }) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'sale');
  await page.goto('/genlic');
  const mac = page.getByTestId('license-mac');
  assert.equal(await mac.getAttribute('placeholder'), '00-0B-DC-XX-XX-XX');
  await mac.fill('02:e2:e0:ab:cd:ef');
  assert.equal(await mac.inputValue(), '02:E2:E0:AB:CD:EF');
  // No option chosen: the red message.
  await page.getByTestId('license-generate').click();
  assert.equal(await page.getByTestId('license-error').textContent(), 'Please select at least one option.');
  await expectAccessibleAtViewports(page, 'license generator with its error');
  await page.getByTestId('license-pro').check();
  await page.getByTestId('license-sensors').fill('255');
  await page.getByTestId('license-generate').click();
  const keyBox = page.getByTestId('license-key');
  await keyBox.waitFor();
  const key = await keyBox.inputValue();
  assert.match(key, /^[0-9A-HJKMNP-TV-Z-]{100,}$/);
  await page.getByTestId('license-copy').click();
  const copied = await page.evaluate('navigator.clipboard.readText()');
  assert.equal(copied, key);
  await page.getByTestId('license-registry-search').fill('02-E2-E0-AB-CD-EF');
  await page.keyboard.press('Enter');
  const row = page.getByTestId('license-registry-row').filter({ hasText: key });
  await row.waitFor();
  // The list keeps its previous rows until the search's answer arrives: wait for the filtered list.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="license-registry-row"]').length === 1);
  assert.match((await row.textContent()) ?? '', /02-E2-E0-AB-CD-EF/);
  await expectAccessibleAtViewports(page, 'license generator with key and registry');
}
