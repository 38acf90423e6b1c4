import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';

async function login(page: Page, username: string) {
  await page.goto('/');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('bpm-demo');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('menu-button').waitFor();
}

/** Sale licenses a packing list's device in one go: MAC per serial, results listed and in the registry. */
export async function saleLicensesPackingListDevices({ page }: { page: Page }) {
  await login(page, 'sale');
  await page.goto('/packinglists');
  await page.locator('tbody a').first().click();
  await page.getByTestId('packing-license').click();
  await page.waitForURL(/\/genlic\?packing_list_id=\d+$/);
  const devices = page.getByTestId('packing-devices');
  await devices.waitFor();
  const firstMac = page.getByTestId('device-mac-0');
  await firstMac.waitFor();
  // No option chosen: the form's message, nothing generated.
  await firstMac.fill('02:e2:e0:12:34:56');
  await page.getByTestId('devices-generate').click();
  assert.equal(await page.getByTestId('license-error').textContent(), 'Please select at least one option.');
  await page.getByTestId('license-pro').check();
  // A malformed MAC is shown on its row.
  await firstMac.fill('02:E2');
  await page.getByTestId('devices-generate').click();
  await page.getByTestId('devices-error').waitFor();
  assert.ok(await devices.locator('.Mui-error').count(), 'the bad MAC is marked on its row');
  await firstMac.fill('02:e2:e0:12:34:56');
  await page.getByTestId('devices-generate').click();
  const results = page.getByTestId('devices-results');
  await results.waitFor();
  assert.equal(await results.locator('tbody tr').count(), 1);
  const key = (await results.locator('tbody tr td').nth(2).textContent()) ?? '';
  assert.match(key, /^[0-9A-HJKMNP-TV-Z-]{60,}$/);
  assert.deepEqual(await axeViolations(page), []);
  await page.getByTestId('license-registry-search').fill('02E2E0123456');
  await page.keyboard.press('Enter');
  await page.getByTestId('license-registry-row').filter({ hasText: key }).waitFor();
}
