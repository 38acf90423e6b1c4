/**
 * The form and list behaviour every screen inherits (issue 9 items 1, 3, 4, 5, 6, 8): a failed submit focuses the
 * first error, a changed form warns before it is left, destructive actions ask first and toast, an edited
 * quotation line survives Confirm Order, list rows are real links that open with Enter.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { PASSWORD, signIn } from './api';
import { expectAccessible, expectAccessibleAtViewports, expectFocusRing } from './axe';

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
  return async (path: string, method = 'GET') => {
    const r = await fetch(`${baseURL}/api${path}`, { method, headers: { authorization: `Bearer ${access_token}` } });
    return { status: r.status, body: (await r.json().catch(() => ({}))) as { data: unknown } };
  };
}

async function addProduct(page: Page, search: string, quantity: string, msrp?: string) {
  await page.getByTestId('add-product').click();
  const dialog = page.getByTestId('add-product-dialog');
  await dialog.getByTestId('product-search').fill(search);
  // The option of this search (not one left from the previous search).
  await page.getByRole('option').filter({ hasText: search }).first().click();
  await dialog.getByTestId('field-quantity').fill(quantity);
  await expectAccessible(page, 'Add Product dialog');
  if (msrp !== undefined) await dialog.getByTestId('field-msrp').fill(msrp);
  await dialog.getByTestId('product-select').click();
  await dialog.waitFor({ state: 'hidden' });
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

/** Failed submit focuses the first error: the Name field, marked required, and the toast. */
export async function failedSubmitFocusesTheFirstError({ page }: Ctx) {
  await signIn(page, 'admin');
  await page.goto('/suppliers/add');
  await page.getByTestId('supplier-save').click();
  await page.getByText('Please correct the highlighted fields.').first().waitFor();
  assert.equal(await focusedTestId(page), 'field-name');
  await expectAccessibleAtViewports(page, 'supplier form with errors');
  assert.equal(await page.getByTestId('field-name').getAttribute('aria-invalid'), 'true');
  // Required fields are marked (MUI's asterisk on the label).
  assert.match((await page.locator('label', { hasText: 'Name' }).first().textContent()) ?? '', /\*/);

  // A later field: the first missing one is focused, not the first of the form.
  await page.getByTestId('field-name').fill('E2E focus supplier');
  await page.getByTestId('supplier-save').click();
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'field-contact_person');
}

/** Back or a menu click on a changed form asks first; Stay keeps the edits, Leave goes. */
export async function aChangedFormWarnsBeforeLeaving({ page }: Ctx) {
  await signIn(page, 'admin');
  // In-app navigation (a page load would make Back a new document, which only the browser's prompt can stop).
  await page.goto('/suppliers');
  await page.getByTestId('supplier-add').click();
  await page.waitForURL((u) => u.pathname === '/suppliers/add');
  await page.getByTestId('field-name').fill('Unsaved supplier');
  await page.getByTestId('back-button').click();
  await page.getByTestId('leave-dialog').waitFor();
  await expectAccessible(page, 'leave dialog');
  await page.getByTestId('confirm-no').click();
  await page.getByTestId('leave-dialog').waitFor({ state: 'hidden' });
  assert.equal(new URL(page.url()).pathname, '/suppliers/add');
  assert.equal(await page.getByTestId('field-name').inputValue(), 'Unsaved supplier');

  // A menu click asks too; Leave goes.
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-dealers').click();
  await page.getByTestId('leave-dialog').waitFor();
  await page.getByTestId('confirm-yes').click();
  await page.waitForURL((u) => u.pathname === '/dealers');

  // An unchanged form leaves without a question.
  await page.goto('/suppliers/add');
  await page.getByTestId('field-name').waitFor();
  await page.getByTestId('supplier-cancel').click();
  await page.waitForURL((u) => u.pathname === '/suppliers');
}

/** Quotation with unsaved edits: Confirm Order asks, saves the typed line first, and the order carries it. */
export async function theEditedQuotationLineSurvivesConfirm({ page }: Ctx) {
  await signIn(page, 'sale');
  await page.goto('/quotations/add');
  await page.getByTestId('field-dealer').click();
  await page.getByTestId('field-dealer').fill('a');
  await page.getByRole('option').first().click();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="field-billing_company"]') as HTMLInputElement)?.value !== '',
  );
  await addProduct(page, 'SEN', '2');
  await page.getByTestId('doc-save').click();
  await page.waitForURL(/\/quotations\/edit\/\d+$/);
  const quotationUrl = page.url();
  await page.getByTestId('line-row').first().waitFor();
  await expectAccessibleAtViewports(page, 'quotation editor');

  // The unsaved edit: a shipping line typed after the save.
  await addProduct(page, 'SHIPPING-COST', '1', '80');
  assert.equal(await page.getByTestId('line-row').count(), 2);
  await page.getByTestId('doc-confirm-order').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog
    .getByText(/Quotation/)
    .first()
    .waitFor();
  await expectAccessible(page, 'Confirm Order dialog');
  await page.getByTestId('confirm-yes').click();
  await page.waitForURL(/\/orders\/edit\/\d+$/);
  await page
    .getByText(/confirmed as an order/)
    .first()
    .waitFor();
  await page.getByTestId('doc-title').getByText('Order').waitFor();
  // Both lines (the saved one and the one typed before Confirm); polled while the new order's editor loads.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="line-row"]').length === 2);
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="field-shipping_cost"]') as HTMLInputElement)?.value === '80',
  );
  await expectAccessibleAtViewports(page, 'order editor');

  // A confirmed quotation offers no second Confirm Order.
  await page.goto(quotationUrl);
  await page.getByTestId('doc-confirmed-order').waitFor();
  await expectAccessible(page, 'confirmed quotation');
  assert.equal(await page.getByTestId('doc-confirm-order').count(), 0);
}

/** An entered 0 % discount stays 0 (the dealer's discount applies only to an empty field). */
export async function aTypedZeroDiscountStaysZero({ page }: Ctx) {
  await signIn(page, 'sale');
  await page.goto('/quotations/add');
  await page.getByTestId('field-dealer').click();
  await page.getByTestId('field-dealer').fill('a');
  await page.getByRole('option').first().click();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="field-billing_company"]') as HTMLInputElement)?.value !== '',
  );
  await page.getByTestId('add-product').click();
  const dialog = page.getByTestId('add-product-dialog');
  await dialog.getByTestId('field-product_code').fill('E2E-ZERO-DISC');
  await dialog.getByTestId('field-desc').fill('Zero discount item');
  await dialog.getByTestId('field-msrp').fill('100');
  await dialog.getByTestId('field-discount').fill('0');
  await expectAccessibleAtViewports(page, 'Add Product dialog, free line');
  await dialog.getByTestId('product-select').click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await page.getByTestId('line-row').count(), 1);
  assert.equal(await page.getByTestId('field-value').inputValue(), '100');
}

/** The dashboard's APPROVE of a delete request asks first, naming the record; No keeps it; Yes deletes. */
export async function approveAsksFirst({ page, baseURL }: Ctx) {
  const sale = await apiAs(baseURL, 'sale');
  const list = (await sale('/orders?limit=50&shipping_status=wait;ship')).body.data as Array<{
    id: number;
    oc_ref: string;
    request_to_delete: number;
  }>;
  const order = list.find((o) => !o.request_to_delete && o.oc_ref);
  assert.ok(order, 'an order with an OC ref and no delete request');
  assert.equal((await sale(`/sale/orders/delete/${order.id}`, 'PUT')).status, 200);

  await signIn(page, 'admin');
  await page.waitForURL((u) => u.pathname === '/dashboard');
  const row = page.locator(`[data-testid="delete-request-row"][data-order-id="${order.id}"]`);
  await row.waitFor();
  await row.getByTestId('delete-approve').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByText(order.oc_ref).first().waitFor();
  await expectAccessible(page, 'approve delete request dialog');
  await page.getByTestId('confirm-no').click();
  await dialog.waitFor({ state: 'hidden' });
  const admin = await apiAs(baseURL, 'admin');
  assert.equal((await admin(`/orders/${order.id}`)).status, 200, 'No keeps the order');

  await row.getByTestId('delete-approve').click();
  await page.getByTestId('confirm-yes').click();
  await row.waitFor({ state: 'detached' });
  await page.getByText(`Order ${order.oc_ref}`).first().waitFor();
  assert.equal((await admin(`/orders/${order.id}`)).status, 404);
}

/** The administrator decides quotation delete requests on the dashboard too. */
export async function adminRejectsAQuotationDeleteRequest({ page, baseURL }: Ctx) {
  const sale = await apiAs(baseURL, 'sale');
  const list = (await sale('/quotations?limit=50')).body.data as Array<{ id: number; request_to_delete: number }>;
  const q = list.find((r) => !r.request_to_delete);
  assert.ok(q);
  assert.equal((await sale(`/sale/quotations/delete/${q.id}`, 'PUT')).status, 200);
  await signIn(page, 'admin');
  const row = page.locator(`[data-testid="delete-request-row"][data-quotation-id="${q.id}"]`);
  await row.waitFor();
  await row.getByTestId('delete-reject').click();
  await row.waitFor({ state: 'detached' });
  await page
    .getByText(/Delete request for Quotation .* rejected/)
    .first()
    .waitFor();
  await expectAccessible(page, 'dashboard with a toast');
  const admin = await apiAs(baseURL, 'admin');
  const after = (await admin(`/quotations/${q.id}`)).body.data as { request_to_delete: number };
  assert.equal(after.request_to_delete, 0);
}

/** Every list row is a real link: it has an href, takes keyboard focus, Enter opens it, Ctrl+click a new tab. */
export async function aListRowOpensWithEnter({ page }: Ctx) {
  await signIn(page, 'admin');
  for (const [path, table, edit] of [
    ['/orders', 'orders-table', /\/orders\/edit\/\d+$/],
    ['/quotations', 'quotations-table', /\/quotations\/edit\/\d+$/],
    ['/dealers', 'dealers-table', /\/dealers\/edit\/\d+$/],
    ['/products', 'products-table', /\/products\/edit\/\d+$/],
    ['/partComponents', 'parts-table', /\/partComponents\/edit\/\d+$/],
    ['/suppliers', 'suppliers-table', /\/suppliers\/edit\/\d+$/],
  ] as const) {
    await page.goto(path);
    const link = page.locator('a[data-row-link]').first();
    await link.waitFor();
    assert.match((await link.getAttribute('href')) ?? '', edit, `${path} (${table}) row href`);
    await expectAccessibleAtViewports(page, `${path} list`);
    // Back at the desktop width the phone cards turn into table rows again (a re-render after the
    // resize), and a late answer re-renders them too: focus the table's row once that has settled.
    await page.waitForLoadState('networkidle');
    const rowLink = page.locator('tbody tr a[data-row-link]').first();
    await rowLink.waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await rowLink.focus();
    await expectFocusRing(page, `${path} row link`);
    await page.keyboard.press('Enter');
    await page.waitForURL(edit);
    await expectAccessible(page, `${path} record`);
  }

  // Ctrl+click opens the record in a new tab and leaves the list where it is.
  await page.goto('/orders');
  const link = page.locator('a[data-row-link]').first();
  await link.waitFor();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click({ modifiers: ['Control'] })]);
  await tab.waitForLoadState();
  assert.match(tab.url(), /\/orders\/edit\/\d+$/);
  assert.equal(new URL(page.url()).pathname, '/orders');
  await tab.close();
}

/** Duplicate asks first naming the record, saves a typed edit on the original first, and toasts the spec's text. */
export async function duplicateAsksFirstAndToasts({ page, baseURL }: Ctx) {
  const sale = await apiAs(baseURL, 'sale');
  const list = (await sale('/orders?limit=10&sort=id&order=desc')).body.data as Array<{ id: number }>;
  const id = list[0]?.id;
  assert.ok(id);
  await signIn(page, 'sale');
  await page.goto(`/orders/edit/${id}`);
  await page.getByTestId('field-customer_ref').fill('E2E-DUP-REF');
  await page.getByTestId('doc-duplicate').click();
  await page
    .getByTestId('confirm-dialog')
    .getByText(/Duplicate Order/)
    .waitFor();
  await expectAccessible(page, 'Duplicate dialog');
  await page.getByTestId('confirm-yes').click();
  await page.getByText('Duplicate successfully').first().waitFor();
  await page.waitForURL((u) => /\/orders\/edit\/\d+$/.test(u.pathname) && u.pathname !== `/orders/edit/${id}`);
  assert.equal(await page.getByTestId('field-customer_ref').inputValue(), 'E2E-DUP-REF');
  // The original kept the edit too (saved before duplicating).
  const original = (await sale(`/orders/${id}`)).body.data as { customer_ref: string };
  assert.equal(original.customer_ref, 'E2E-DUP-REF');
}

/** Shipping saves an order that lacks its OC: the OC Ref is focused first, then the OC PDF box, each with the toast. */
export async function shippingSaveWithoutOcFocusesTheMissingOc({ page, baseURL }: Ctx) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'sale', password: PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${access_token}` };
  const dealers = (await (await fetch(`${baseURL}/api/dealers/autocomplete`, { headers: auth })).json()) as {
    data: Array<{ id: number }>;
  };
  const body = new FormData();
  body.set('dealer', String(dealers.data[0]?.id));
  body.set('date', String(Math.floor(Date.now() / 1000)));
  body.set('value', '100');
  body.set('shipping_status', 'ship');
  const res = await fetch(`${baseURL}/api/orders/save`, { method: 'POST', headers: auth, body });
  assert.equal(res.status, 200, `create order: ${res.status}`);
  const id = ((await res.json()) as { data: { id: number } }).data.id;

  await signIn(page, 'shipping');
  await page.goto(`/orders/edit/${id}`);
  await page.getByTestId('field-shipping_awb').fill('AWB-NO-OC');
  await page.getByTestId('doc-save').click();
  await page.getByText('Please correct the highlighted fields.').first().waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'field-oc_ref');
  await expectAccessible(page, 'shipping order editor with errors');

  await page.getByTestId('field-oc_ref').fill('OC-NO-PDF');
  await page.getByTestId('doc-save').click();
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'file-oc_pdf');
  await page.getByTestId('file-oc_pdf-error').getByText('required field').waitFor();
}
