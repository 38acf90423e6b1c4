import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { apiAs, become, signIn, toastShown } from './api';
import { dragAnnouncement, expectAccessible, expectAccessibleAtViewports, expectFocusRing } from './axe';

/** Journeys of the order and quotation editor (document 1 sections 2.8, 2.9, 4.1, 4.3, 5). */

interface Ctx {
  page: Page;
  baseURL: string;
  browser: Browser;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A bearer token for API look-ups that set up a journey. */
async function token(page: Page, username: string): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: { username, password: 'bpm-demo' } });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function apiGet<T>(page: Page, username: string, path: string): Promise<T> {
  const res = await page.request.get(`/api${path}`, {
    headers: { Authorization: `Bearer ${await token(page, username)}` },
  });
  assert.equal(res.ok(), true, `GET ${path} → ${res.status()}`);
  return ((await res.json()) as { data: T }).data;
}

async function addProduct(page: Page, search: string, quantity: string, msrp?: string) {
  await page.getByTestId('add-product').click();
  const dialog = page.getByTestId('add-product-dialog');
  await dialog.getByTestId('product-search').fill(search);
  await page.getByRole('option').first().click();
  await dialog.getByTestId('field-quantity').fill(quantity);
  if (msrp !== undefined) await dialog.getByTestId('field-msrp').fill(msrp);
  await dialog.getByTestId('product-select').click();
  await dialog.waitFor({ state: 'hidden' });
}

async function expectSaved(page: Page) {
  // An earlier save's toast may still be in the page, hidden while it leaves: wait for a shown one.
  await toastShown(page, 'Save successfully');
}

/** (a) Sale: quotation with two products and a shipping-cost line → order → OC PDF → delete request. */
export async function saleQuotationToOrder({ page }: Ctx) {
  await signIn(page, 'sale');
  await page.goto('/quotations/add');
  await page.getByTestId('doc-title').getByText('New Quotation').waitFor();
  await expectAccessibleAtViewports(page, 'new quotation');

  await page.getByTestId('field-dealer').click();
  await page.getByTestId('field-dealer').fill('a');
  await page.getByRole('option').first().waitFor();
  await expectAccessible(page, 'quotation, dealer options open');
  await page.getByRole('option').first().click();
  // The dealer's details are copied in.
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="field-billing_company"]') as HTMLInputElement)?.value !== '',
  );

  // The Select button stays disabled while the product code is empty.
  await page.getByTestId('add-product').click();
  assert.equal(await page.getByTestId('product-select').isDisabled(), true);
  await expectAccessibleAtViewports(page, 'Add Product dialog');
  await page.getByTestId('dialog-cancel').click();

  await addProduct(page, 'SEN', '2');
  await addProduct(page, 'SP', '3');
  await addProduct(page, 'SHIPPING-COST', '1', '80');
  assert.equal(await page.getByTestId('line-row').count(), 3);
  assert.equal(await page.getByTestId('line-shipping').nth(2).isChecked(), true);
  // Totals follow the lines: shipping cost is the flagged line.
  assert.equal(await page.getByTestId('field-shipping_cost').inputValue(), '80');
  assert.notEqual(await page.getByTestId('field-value').inputValue(), '0');
  await expectAccessibleAtViewports(page, 'quotation with three lines');

  // Drag and drop from the keyboard: the handle shows a focus ring and the announcement names the line.
  const handle = page.getByRole('button', { name: /^Drag to reorder line 1/ });
  await handle.focus();
  await expectFocusRing(page, 'line drag handle');
  const said = await dragAnnouncement(page, handle);
  assert.match(said, /^(Picked up )?line 1 \([^)]+\)/, `announcement: ${said}`);

  await page.getByTestId('doc-save').click();
  await expectSaved(page);
  await page.waitForURL(/\/quotations\/edit\/\d+$/);
  await page.getByTestId('doc-confirm-order').click();
  await page.getByTestId('confirm-yes').click();
  await page.waitForURL(/\/orders\/edit\/\d+$/);
  await page.getByTestId('doc-title').getByText('Order').waitFor();
  assert.equal(await page.getByTestId('line-row').count(), 3);
  await expectAccessibleAtViewports(page, 'order editor');

  // A non-PDF is refused on choose.
  await page.getByTestId('file-oc_pdf-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await page.getByTestId('file-oc_pdf-error').getByText('Please choose a PDF file.').waitFor();
  await expectAccessible(page, 'order editor, OC PDF refused');

  await page.getByTestId('file-oc_pdf-input').setInputFiles({
    name: 'OC-E2E-4711.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  assert.equal(await page.getByTestId('field-oc_ref').inputValue(), 'OC-E2E-4711');
  await page.getByTestId('doc-save').click();
  await expectSaved(page);
  await page.getByTestId('file-oc_pdf-name').getByText('OC-E2E-4711.pdf').waitFor();
  assert.equal(await page.getByTestId('field-oc_ref').inputValue(), 'OC-E2E-4711');

  // Request to Delete asks first, naming the record, and toasts the result.
  await page.getByTestId('doc-request-delete').click();
  await page.getByTestId('confirm-dialog').getByText('OC-E2E-4711').first().waitFor();
  await expectAccessible(page, 'Request to Delete dialog');
  await page.getByTestId('confirm-yes').click();
  await toastShown(page, 'Delete request sent');
  await page.getByTestId('doc-delete-requested').waitFor();
  await page.getByTestId('doc-cancel-delete').waitFor();
  await expectAccessible(page, 'order with a delete request');
}

/** (b) Shipping: entering an AWB makes the order done and locks the status. */
export async function shippingEntersAwb({ page }: Ctx) {
  await signIn(page, 'shipping');
  const rows = await apiGet<Array<{ id: number; shipping_awb: string }>>(
    page,
    'shipping',
    '/shipping/orders?shipping_status=ship&limit=5',
  );
  const order = rows.find((r) => !r.shipping_awb);
  assert.ok(order, 'a shipping order without AWB');
  await page.goto(`/orders/edit/${order.id}`);
  await page.getByTestId('field-shipping_awb').waitFor();
  // Shipping may not touch money or products.
  assert.equal(await page.getByTestId('add-product').count(), 0);
  assert.equal(await page.getByTestId('field-payment_status').count(), 0);
  await expectAccessibleAtViewports(page, 'shipping order editor');

  await page.getByTestId('field-shipping_awb').fill('AWB-E2E-1');
  await page.getByTestId('status-chip').getByText('done').waitFor();
  assert.equal(await page.getByTestId('field-shipping_status').isDisabled(), true);
  assert.equal(await page.getByTestId('field-shipping_for_today').isDisabled(), true);

  // Shipping needs an OC reference and PDF on the order.
  if ((await page.getByTestId('file-oc_pdf-name').textContent())?.includes('No file')) {
    await page.getByTestId('file-oc_pdf-input').setInputFiles({
      name: `OC-SHIP-${order.id}.pdf`,
      mimeType: 'application/pdf',
      buffer: PDF,
    });
  }
  await page.getByTestId('doc-save').click();
  await expectSaved(page);
  await page.getByTestId('doc-status').getByText('done').waitFor();
  assert.equal(await page.getByTestId('field-shipping_awb').inputValue(), 'AWB-E2E-1');
  assert.equal(await page.getByTestId('field-shipping_status').isDisabled(), true);
  await expectAccessible(page, 'shipping order editor, done');
}

/** (c) Two people edit one order: the second save gets the conflict message and can reload. */
export async function concurrentEditConflict({ page, browser, baseURL }: Ctx) {
  await signIn(page, 'admin');
  const rows = await apiGet<Array<{ id: number }>>(page, 'admin', '/orders?limit=1&sort=id&order=asc');
  const id = rows[0]?.id;
  assert.ok(id);

  const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const sale = await other.newPage();
    await signIn(sale, 'sale');
    await page.goto(`/orders/edit/${id}`);
    await sale.goto(`/orders/edit/${id}`);
    await page.getByTestId('field-note').waitFor();
    await sale.getByTestId('field-note').waitFor();

    await page.getByTestId('field-customer_ref').fill('ADMIN-EDIT');
    await sale.getByTestId('field-customer_ref').fill('SALE-EDIT');
    await page.getByTestId('doc-save').click();
    await expectSaved(page);

    await sale.getByTestId('doc-save').click();
    const banner = sale.getByTestId('doc-conflict');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /This record was changed by .*admin/i);
    await expectAccessible(sale, 'order editor, conflict banner');
    await sale.getByTestId('doc-reload').click();
    await banner.waitFor({ state: 'hidden' });
    assert.equal(await sale.getByTestId('field-customer_ref').inputValue(), 'ADMIN-EDIT');
  } finally {
    await other.close();
  }
}

/** Waits until the editor's lazy parts (pickers, product lines, sections below them) have all arrived. */
async function editorLoaded(page: Page, sections: string[]) {
  await page.getByTestId('field-dealer').waitFor();
  await page.getByTestId('field-billing_country').waitFor();
  await page.getByTestId('field-shipping_country').waitFor();
  await page.getByRole('progressbar').first().waitFor({ state: 'detached' });
  for (const s of sections) await page.getByTestId(`section-${s}`).waitFor();
}

/** (d) The editor's lazily loaded parts arrive without changing the form: Back leaves without the unsaved-changes question. */
export async function lazyPartsLeaveTheFormUnchanged({ page }: Ctx) {
  await signIn(page, 'sale');
  const rows = await apiGet<Array<{ id: number }>>(page, 'sale', '/orders?limit=1&sort=id&order=asc');
  const id = rows[0]?.id;
  assert.ok(id);
  for (const [path, list] of [
    [`/orders/edit/${id}`, '/orders'],
    ['/quotations/add', '/quotations'],
  ] as const) {
    await page.goto(path);
    await editorLoaded(page, ['shipping', 'payment', 'notes', 'files']);
    await page.getByTestId('doc-back').click();
    await page.waitForURL((u) => u.pathname === list);
    assert.equal(await page.getByTestId('leave-dialog').count(), 0, `${path}: no unsaved-changes question`);
  }

  // A shipping clerk's view (no money, the shipping section to edit) too.
  await become(page, 'shipping');
  const shipping = await apiGet<Array<{ id: number }>>(page, 'shipping', '/shipping/orders?limit=1');
  assert.ok(shipping[0]);
  await page.goto(`/orders/edit/${shipping[0].id}`);
  await editorLoaded(page, ['shipping', 'notes', 'files']);
  assert.equal(await page.getByTestId('section-payment').count(), 0);
  await page.getByTestId('doc-back').click();
  await page.waitForURL((u) => u.pathname === '/orders');
  assert.equal(await page.getByTestId('leave-dialog').count(), 0, 'shipping: no unsaved-changes question');
}

/**
 * (e) Issue 24 items 9, 10, 12 on a saved order: a dealer change keeps a product's own discount; a new product
 * whose code is taken shows the error on that line's code and saves once corrected; outstanding shows as computed.
 */
export async function savedOrderDealerChangeNewCodePayments({ page }: Ctx) {
  const sale = await apiAs(page, 'sale');
  type Option = { id: number; product_code: string; discount: number; is_shipping_cost: number; label: string };
  const options = await sale.get<Option[]>('/autocomplete/products?search=SEN&limit=100');
  const own = options.find((p) => p.discount > 0 && !p.is_shipping_cost);
  const plain = options.find((p) => p.discount === 0 && !p.is_shipping_cost);
  assert.ok(own && plain, 'a product with its own discount and one without');
  type DealerRow = { id: number; name: string; discount: number };
  const dealers = (await sale.get<DealerRow[]>('/dealers?limit=100')).filter((d) => d.discount > 0);
  const [from, to] = [dealers[0], dealers.find((d) => d.discount !== own.discount && d.id !== dealers[0]?.id)];
  assert.ok(from && to, 'two dealers');
  const order = await sale.form<{ id: number; value: number }>('/orders/save', {
    dealer: from.id,
    date: Math.floor(Date.now() / 1000),
    value: 0,
    products: [
      { product_id: own.id, quantity: 1, msrp: 100 },
      { product_id: plain.id, quantity: 1, msrp: 100 },
    ],
  });

  await signIn(page, 'sale');
  await page.goto(`/orders/edit/${order.id}`);
  await editorLoaded(page, ['payment']);
  // Item 9: the new dealer's discount goes to the plain line only.
  await page.getByTestId('field-dealer').click();
  await page.getByTestId('field-dealer').fill(to.name);
  await page.getByRole('option', { name: to.name }).first().click();
  await page.waitForFunction(
    (name) => (document.querySelector('[data-testid="field-billing_company"]') as HTMLInputElement)?.value === name,
    to.name,
  );
  assert.equal(await page.getByTestId('field-products.0.discount').inputValue(), String(own.discount));
  assert.equal(await page.getByTestId('field-products.1.discount').inputValue(), String(to.discount));

  // Item 10: a new product whose code is taken.
  await page.getByTestId('add-product').click();
  const dialog = page.getByTestId('add-product-dialog');
  await dialog.getByTestId('field-product_code').fill(plain.product_code.toLowerCase());
  await dialog.getByTestId('field-desc').fill('E2E new product');
  await dialog.getByTestId('field-msrp').fill('10');
  await dialog.getByTestId('product-select').click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('doc-save').click();
  const code = page.getByTestId('field-products.2.product_code');
  await page.getByText('This product code is already in use').waitFor();
  await expectAccessible(page, 'order editor, new product code taken');
  // A second Save without a change keeps the error shown and saves nothing.
  await page.getByTestId('doc-save').click();
  await page.getByText('This product code is already in use').waitFor();
  await code.fill(`E2E-NEW-${Date.now()}`);
  assert.equal(await page.getByText('This product code is already in use').count(), 0);
  await page.getByTestId('doc-save').click();
  await expectSaved(page);
  const saved = await sale.get<{ dealer: number; products: Array<{ discount: number; product_code: string }> }>(
    `/orders/${order.id}`,
  );
  assert.equal(saved.dealer, to.id);
  assert.deepEqual(
    saved.products.map((l) => l.discount),
    [own.discount, to.discount, to.discount],
  );

  // Item 12: outstanding and outstanding shipped are computed, read-only; received at least the advance.
  const outstanding = page.getByTestId('field-outstanding');
  assert.equal(await outstanding.isEditable(), false);
  assert.equal(await page.getByTestId('field-outstanding_shipped').isEditable(), false);
  const value = Number(await page.getByTestId('field-value').inputValue());
  await page.getByTestId('field-payment_received').fill('5');
  assert.equal(await outstanding.inputValue(), (value - 5).toFixed(2));
  await page.getByTestId('field-payment_advance').fill('50');
  assert.equal(await outstanding.inputValue(), (value - 50).toFixed(2));
  await page.getByText('Saved as US$50.00').waitFor();
  await expectAccessible(page, 'order editor, computed payment figures');
}
