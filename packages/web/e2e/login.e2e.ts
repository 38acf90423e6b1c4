import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** Smoke journey: the login page renders, admin signs in and opens the side menu. */
export async function adminLogsInAndSeesTheMenu({ page }: { page: Page }) {
  await page.goto('/');
  await page.getByText('BPM').first().waitFor();
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('bpm-demo');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('menu-button').click();
  await page.getByText('What would you like to do?').waitFor();
  assert.equal(await page.getByTestId('menu-users').isVisible(), true);
}

export async function wrongPasswordShowsTheMessage({ page }: { page: Page }) {
  await page.goto('/');
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await page.getByText('Invalid username or password').first().waitFor();
}
