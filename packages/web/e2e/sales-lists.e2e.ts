/**
 * Sales lists and dashboards (document 1 sections 2.5–2.7, 2.10, 4.3): production filters its
 * orders list, sale creates a dealer, the administrator rejects a delete request on the dashboard.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { become, PASSWORD, signIn } from './api';
import { expectAccessible, expectAccessibleAtViewports } from './axe';

interface Ctx {
  browser: Browser;
  page: Page;
  baseURL: string;
}

/** An API client signed in through POST /api/auth/login. */
async function apiAs(baseURL: string, username: string) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  assert.equal(res.status, 200, `login ${username}`);
  const { access_token } = (await res.json()) as { access_token: string };
  return async <T>(path: string, method = 'GET'): Promise<T> => {
    const r = await fetch(`${baseURL}/api${path}`, { method, headers: { authorization: `Bearer ${access_token}` } });
    assert.ok(r.ok, `${method} ${path}: ${r.status}`);
    return (await r.json()) as T;
  };
}

/** The IDs (first column) of the table's rows. */
const rowIds = async (page: Page, testId: string) =>
  (await page.getByTestId(`${testId}-row`).locator('td:first-child').allInnerTexts()).map((t) => Number(t.trim()));

async function waitForIds(page: Page, testId: string, expected: number[]) {
  const until = Date.now() + 15_000;
  let seen: number[] = [];
  while (Date.now() < until) {
    seen = await rowIds(page, testId);
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await page.waitForTimeout(200);
  }
  assert.deepEqual(seen, expected);
}

export async function productionFiltersItsOrdersList({ page, baseURL }: Ctx) {
  const api = await apiAs(baseURL, 'production');
  await signIn(page, 'production');
  await page.goto('/orders');
  const all = await api<{ data: Array<{ id: number }> }>('/production/orders?limit=50');
  await waitForIds(
    page,
    'orders-table',
    all.data.map((r) => r.id),
  );
  await expectAccessibleAtViewports(page, 'production orders list');

  // Uncheck Done and pick the dealer of a listed order that is not done.
  await page.getByTestId('orders-statuses').getByLabel('Done').uncheck();
  const open = await api<{ data: Array<{ dealer_name: string }> }>(
    '/production/orders?limit=1&shipping_status=wait;ship;cancel',
  );
  const dealers = await api<{ data: Array<{ id: number; name: string }> }>('/dealers/autocomplete');
  const dealer = dealers.data.find((d) => d.name === open.data[0]!.dealer_name)!;
  await page.getByTestId('orders-dealer').fill(dealer.name);
  await page.getByRole('option', { name: `${dealer.name} [${dealer.id}]` }).click();

  const expected = await api<{ data: Array<{ id: number; dealer_name: string; shipping_status: string }> }>(
    `/production/orders?limit=50&dealer=${dealer.id}&shipping_status=wait;ship;cancel`,
  );
  assert.ok(expected.data.length > 0);
  assert.ok(expected.data.every((r) => r.dealer_name === dealer.name && r.shipping_status !== 'done'));
  await waitForIds(
    page,
    'orders-table',
    expected.data.map((r) => r.id),
  );
  const statuses = await page.getByTestId('orders-table-row').getByTestId('order-status').allInnerTexts();
  assert.ok(statuses.every((s) => s.toLowerCase() !== 'done'));
  await expectAccessible(page, 'production orders list, filtered');
}

export async function saleCreatesADealer({ page }: Ctx) {
  const name = `E2E Dealer ${Date.now()}`;
  await signIn(page, 'sale');
  await page.goto('/dealers');
  await page.getByTestId('dealers-table-row').first().waitFor();
  await expectAccessibleAtViewports(page, 'dealers list');
  await page.getByTestId('dealer-add').click();
  await page.waitForURL((u) => u.pathname === '/dealers/add');
  await expectAccessibleAtViewports(page, 'dealer form');
  assert.equal(await page.getByTestId('field-country').inputValue(), 'United States');
  // The form refuses a bad e-mail before calling the server.
  await page.getByTestId('field-name').fill(name);
  await page.getByTestId('field-billing_address').fill('1 Test Street, Springfield');
  await page.getByTestId('field-email').fill('not-an-email');
  await page.getByTestId('dealer-save').click();
  await page.getByText('Please enter a valid email address').waitFor();
  await expectAccessible(page, 'dealer form with an error');
  await page.getByTestId('field-email').fill('orders@e2e-dealer.example');
  await page.getByTestId('field-same_address').check();
  assert.equal(await page.getByTestId('field-shipping_address').inputValue(), '1 Test Street, Springfield');
  await page.getByRole('combobox', { name: 'Payment Terms' }).click();
  await page.getByRole('option', { name: '100% 30 days' }).waitFor();
  await expectAccessible(page, 'dealer form, Payment Terms open');
  await page.getByRole('option', { name: '100% 30 days' }).click();
  await page.getByTestId('dealer-save').click();
  await page.waitForURL((u) => u.pathname === '/dealers');
  await page.getByTestId('dealers-search').fill(name);
  await page.getByTestId('dealers-table-row').filter({ hasText: name }).waitFor();
  await expectAccessible(page, 'dealers list, searched');
}

export async function adminRejectsADeleteRequestFromTheDashboard({ page, baseURL }: Ctx) {
  const sale = await apiAs(baseURL, 'sale');
  const list = await sale<{ data: Array<{ id: number; request_to_delete: number }> }>(
    '/orders?limit=50&shipping_status=wait;ship',
  );
  const order = list.data.find((o) => !o.request_to_delete)!;
  await sale(`/sale/orders/delete/${order.id}`, 'PUT');

  await signIn(page, 'admin');
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  const row = page.locator(`[data-testid="delete-request-row"][data-order-id="${order.id}"]`);
  await row.waitFor();
  await expectAccessibleAtViewports(page, 'administrator dashboard');
  await row.getByTestId('delete-reject').click();
  await row.waitFor({ state: 'detached' });
  const admin = await apiAs(baseURL, 'admin');
  const after = await admin<{ data: { request_to_delete: number } }>(`/orders/${order.id}`);
  assert.equal(after.data.request_to_delete, 0);
}

/**
 * Nothing in a card lies past the card's edge, where the card would cut it off (a table too wide for it scrolls
 * in its own region instead); the names of what sticks out, for the failure message.
 */
async function cutOffInCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>('.MuiCard-root')) {
      const edge = card.getBoundingClientRect().right + 0.5;
      for (const e of card.querySelectorAll<HTMLElement>('*')) {
        if (e.closest('[role="region"]') && card.contains(e.closest('[role="region"]'))) continue;
        if (e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > edge)
          out.push(
            `${card.dataset.testid ?? card.className}: ${e.tagName.toLowerCase()} "${e.innerText?.slice(0, 30)}"`,
          );
      }
    }
    return out.slice(0, 5);
  });
}

/** Issue 24 item 26: on a phone (390×844) the sales, production and administrator dashboards' cards show all they hold. */
export async function dashboardCardsFitAPhone({ browser, baseURL }: Ctx) {
  const ctx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  for (const [user, card] of [
    ['sale', 'sales-summary'],
    ['production', 'shipments-today'],
  ] as const) {
    await become(page, user);
    await page.goto('/dashboard');
    await page.getByTestId(card).waitFor();
    await page.getByTestId(card).getByRole('progressbar').waitFor({ state: 'detached' });
    // The sales chart comes once the page is idle after its figures: it too fits the card.
    if (user === 'sale') await page.getByTestId('sales-chart').locator('svg').first().waitFor();
    assert.deepEqual(await cutOffInCards(page), [], `${user}'s dashboard cards on a phone`);
    // Nor hidden in a sideways scroller: each shipment's status chip is in the window.
    const chips = await page
      .getByTestId(card)
      .locator('.MuiChip-root')
      .evaluateAll((es) => es.map((e) => e.getBoundingClientRect().right));
    assert.ok(
      chips.every((right) => right <= 390),
      `${card} chips inside the window: ${chips}`,
    );
    await expectAccessible(page, `${user}'s dashboard on a phone`);
  }
  // The administrator's delete requests: Approve and Reject inside the window, no sideways scrolling to reach them.
  await become(page, 'admin');
  await page.goto('/dashboard');
  await page.getByTestId('delete-approve').first().waitFor();
  for (const id of ['delete-approve', 'delete-reject']) {
    const boxes = await page.getByTestId(id).evaluateAll((es) => es.map((e) => e.getBoundingClientRect().right));
    assert.ok(boxes.length > 0 && boxes.every((right) => right <= 390), `${id} inside the 390px window: ${boxes}`);
  }
  assert.deepEqual(await cutOffInCards(page), [], "the administrator's dashboard cards on a phone");
  await expectAccessible(page, "the administrator's dashboard on a phone");
  await ctx.close();
}
