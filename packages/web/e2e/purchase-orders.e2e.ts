/**
 * Purchase order Duplicate and Cancel from the PO screen, and what shipping sees on a PO with a supplier quote
 * (document 2 sections 2, 4, 6 and 9; issue 24). Set-up goes through the API; each journey makes its own POs.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import type { Browser, Page } from 'playwright-core';
import { type Api, apiAs, PASSWORD, signIn } from './api';
import { expectAccessible } from './axe';

/** A token no other record has (search by it finds this journey's PO only). */
const tag = () => `E2E-${randomBytes(4).toString('hex')}`;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A bearer header of `username` for the calls Api lacks (PUT, a file, a refused read); the cookie is dropped. */
async function bearerOf(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  assert.equal(res.status(), 200, `login ${username}`);
  const { access_token } = (await res.json()) as { access_token: string };
  await page.context().clearCookies();
  return { Authorization: `Bearer ${access_token}` };
}

interface Line {
  part_name: string;
  price_UI: number;
  quantity: number;
  unit: string;
  remarks: string;
}

/** A draft PO of the first supplier with these lines, saved by purchase. */
async function draftPo(api: Api, purpose: string, parts: Line[], currency = { currency: 'USD', currency_rate: 1 }) {
  const supplier = (await api.get<Array<{ id: number; name: string }>>('/autocomplete/suppliers?limit=1'))[0]!;
  const today = Math.floor(Date.now() / 1000);
  return api.post<PurchaseOrder>('/purchaseorders/save', {
    supplier: supplier.id,
    supplier_name: supplier.name,
    supplier_contact_person: 'E2E Contact',
    supplier_address: '1 E2E Street',
    requisitioner: 'E2E Requisitioner',
    po_date: today,
    due_date: today + 7 * 86_400,
    purpose,
    department: 'Engineering',
    terms: 'NET 30',
    local_po: 0,
    ...currency,
    parts,
  });
}

/** Attaches a supplier quote PDF to a draft or waiting PO as purchase (POST purchaseorders/quote/{id}). */
async function attachQuote(page: Page, id: number) {
  const headers = await bearerOf(page, 'purchase');
  const res = await page.request.post(`/api/purchaseorders/quote/${id}`, {
    headers,
    multipart: { supplier_quote_pdf: { name: 'quote.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  assert.equal(res.status(), 200, `supplier quote upload: ${await res.text()}`);
}

/** The PO number in the form's header. */
async function headerNumber(page: Page) {
  const text = (await page.locator('h1').textContent()) ?? '';
  const number = text.match(/PO-\d{4}-\d+(-R\d+)?/)?.[0];
  assert.ok(number, `PO number in the header: ${text}`);
  return number;
}

const lineOf = (l: PurchaseOrder['parts'][number]) => ({
  part_name: l.part_name,
  price_UI: l.price_UI,
  quantity: l.quantity,
  unit: l.unit,
  remarks: l.remarks,
});

/**
 * Duplicate (section 4: any saved, non-cancelled PO; a new PO): purchase duplicates an approved EUR PO with two
 * lines and a supplier quote from its screen. The copy opens as its own document — a new PO number, Draft, no
 * approver, the lines and currency copied, no files — and the original is unchanged.
 */
export async function purchaseOrderDuplicate({ page }: { page: Page }) {
  const api = await apiAs(page, 'purchase');
  const t = tag();
  const lines: Line[] = [
    { part_name: `${t} bracket`, price_UI: 12.5, quantity: 4, unit: 'pcs', remarks: 'zinc plated' },
    { part_name: `${t} cable`, price_UI: 3.2, quantity: 10, unit: 'm', remarks: '' },
  ];
  const draft = await draftPo(api, `${t} duplicate source`, lines, { currency: 'EUR', currency_rate: 1.1 });
  await attachQuote(page, draft.id);
  const approvers = await api.get<Array<{ id: number; user_role: string }>>('/purchaseorders/users/poapproval');
  await api.post(`/purchaseorders/requestapproval/${draft.id}`, {
    emailTo: [approvers.find((a) => a.user_role === 'poapproval')!.id],
  });
  const approve = await page.request.put(`/api/poapproval/purchaseorders/approve/${draft.id}`, {
    headers: await bearerOf(page, 'poapproval'),
  });
  assert.equal(approve.status(), 200, `approve: ${await approve.text()}`);
  const before = await api.get<PurchaseOrder>(`/purchaseorders/${draft.id}`);
  assert.equal(before.status, 'approved');
  assert.ok(before.approved_by_name && before.supplier_quote_pdf, 'the original is signed off and has its quote');

  await signIn(page, 'purchase');
  await page.goto(`/purchaseorders/edit/${draft.id}`);
  await page.getByTestId('po-status-chip').filter({ hasText: 'Approved' }).waitFor();
  assert.equal(await headerNumber(page), before.po_number);
  await page.getByTestId('po-quote-view').waitFor();
  await page.getByTestId('po-duplicate').click();
  // No question first (the spec has none): the new PO is saved and opened.
  await page.getByText('Duplicate successfully').first().waitFor();
  await page.waitForURL((u) => /\/purchaseorders\/edit\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${draft.id}`));
  const copyId = Number(page.url().split('/').pop());
  await page.getByTestId('po-status-chip').filter({ hasText: 'Draft' }).waitFor();
  const copyNumber = await headerNumber(page);
  assert.notEqual(copyNumber, before.po_number, 'a new PO number');
  assert.equal(await page.getByRole('textbox', { name: 'Status' }).inputValue(), 'Draft');
  assert.equal(await page.getByTestId('field-approved_by').inputValue(), '', 'no approver on the copy');
  assert.equal(await page.getByTestId('po-part-row').count(), 2);
  for (const [i, l] of lines.entries()) {
    assert.equal(await page.getByTestId(`line-${i}-part_name`).inputValue(), l.part_name);
    assert.equal(Number(await page.getByTestId(`line-${i}-quantity`).inputValue()), l.quantity);
    assert.equal(Number(await page.getByTestId(`line-${i}-price`).inputValue()), l.price_UI);
  }
  // 4 × 12.50 + 10 × 3.20 = 82.00 EUR, 90.20 USD at 1.1.
  assert.equal((await page.getByTestId('po-lines-total').textContent())?.trim(), 'EUR 82.00');
  assert.equal((await page.getByTestId('po-lines-total-usd').textContent())?.trim(), 'US$ 90.20');
  // A draft again: Save and Request Approval, no PDF, no supplier quote of its own (upload offered instead).
  await page.getByTestId('po-request-approval').waitFor();
  assert.equal(await page.getByTestId('po-save').count(), 1);
  assert.equal(await page.getByTestId('po-download').count(), 0);
  await page.getByTestId('quote-input').waitFor({ state: 'attached' });
  assert.equal(await page.getByTestId('po-quote-view').count(), 0, 'the copy has no files');
  await expectAccessible(page, 'duplicated purchase order');

  const copy = await api.get<PurchaseOrder>(`/purchaseorders/${copyId}`);
  assert.equal(copy.po_number, copyNumber);
  assert.equal(copy.status, 'draft');
  assert.equal(copy.approved_by_name, '');
  assert.equal(copy.supplier_quote_pdf, null);
  assert.equal(copy.po_pdf, null);
  assert.equal(copy.paid, 0);
  assert.equal(copy.purpose, before.purpose);
  assert.equal(copy.currency, 'EUR');
  assert.equal(copy.currency_rate, 1.1);
  assert.deepEqual(copy.parts.map(lineOf), before.parts.map(lineOf));
  assert.deepEqual(await api.get<PurchaseOrder>(`/purchaseorders/${draft.id}`), before, 'the original is unchanged');
}

/**
 * Cancel PO (section 4: a reason is required; cancelled POs are read-only; Duplicate only for non-cancelled): purchase
 * cancels a draft from its screen. The chip reads Cancelled with the reason on hover, the PO's actions are gone, and
 * the list's total row no longer counts it.
 */
export async function purchaseOrderCancel({ page }: { page: Page }) {
  const api = await apiAs(page, 'purchase');
  const t = tag();
  const po = await draftPo(api, `${t} to cancel`, [
    { part_name: `${t} relay`, price_UI: 7.25, quantity: 8, unit: 'pcs', remarks: '' },
  ]);
  await signIn(page, 'purchase');

  // The list, searched for this PO: counted in the total row.
  await page.goto('/purchaseorders');
  await page.getByTestId('po-search').fill(t);
  const count = page.getByTestId('po-total-count');
  await count.filter({ hasText: 'Total (1 purchase orders, cancelled excluded)' }).waitFor();
  assert.equal((await page.getByTestId('po-total').textContent())?.trim(), 'US$58.00');

  await page.goto(`/purchaseorders/edit/${po.id}`);
  await page.getByTestId('po-status-chip').filter({ hasText: 'Draft' }).waitFor();
  for (const b of ['po-save', 'po-request-approval', 'po-duplicate', 'po-cancel'])
    assert.equal(await page.getByTestId(b).count(), 1, `${b} on the draft`);
  await page.getByTestId('po-cancel').click();
  const dialog = page.getByTestId('cancel-po-dialog');
  await dialog.getByRole('heading', { name: 'Cancel Purchase Order' }).waitFor();
  // A blank reason is refused (trimmed).
  await page.getByTestId('cancel-reason').fill('   ');
  await page.getByTestId('cancel-po-save').click();
  await dialog.getByText('Reason is required').waitFor();
  const reason = `${t}: supplier discontinued the part`;
  await page.getByTestId('cancel-reason').fill(reason);
  await expectAccessible(page, 'Cancel Purchase Order dialog');
  await page.getByTestId('cancel-po-save').click();
  await page.getByText('Purchase order has been cancelled successfully').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });

  const chip = page.getByTestId('po-status-chip');
  await chip.filter({ hasText: 'Cancelled' }).waitFor();
  await chip.hover();
  await page.getByRole('tooltip').filter({ hasText: reason }).waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Status' }).inputValue(), 'Cancelled');
  // Read-only and nothing to do but go back.
  for (const b of [
    'po-save',
    'po-request-approval',
    'po-approve',
    'po-reject',
    'po-receive',
    'po-revise',
    'po-duplicate',
    'po-cancel',
    'po-download',
    'po-add-part',
    'po-save-shipping',
    'po-save-awb',
    'po-upload-quote',
  ])
    assert.equal(await page.getByTestId(b).count(), 0, `${b} on a cancelled PO`);
  assert.ok(await page.getByTestId('line-0-part_name').isDisabled(), 'its lines are read-only');
  assert.ok(await page.getByRole('textbox', { name: 'Requisitioner' }).isDisabled(), 'its fields are read-only');
  await page.getByTestId('po-back').waitFor();
  await expectAccessible(page, 'cancelled purchase order');
  const stored = await api.get<PurchaseOrder>(`/purchaseorders/${po.id}`);
  assert.equal(stored.status, 'cancelled');
  assert.equal(stored.cancelled_reason, reason);

  // Back on the list (the search is kept): still listed, no longer counted.
  await page.getByTestId('po-back').click();
  await page.waitForURL(/\/purchaseorders$/);
  assert.equal(await page.getByTestId('po-search').inputValue(), t);
  await count.filter({ hasText: 'Total (0 purchase orders, cancelled excluded)' }).waitFor();
  assert.equal((await page.getByTestId('po-total').textContent())?.trim(), 'US$0.00');
  await page.getByTestId('po-table').getByText(po.po_number).waitFor();
}

/**
 * The supplier quote file is for administrator, purchase, qa and poapproval (FILE_TYPE_ROLES): purchase uploads it
 * and sees 'View supplier quote'; shipping, who may open POs, sees the same PO without it, and the file answers 403.
 */
export async function supplierQuoteNotForShipping({ browser, baseURL }: { browser: Browser; baseURL: string }) {
  const ctx = await browser.newContext({ baseURL, acceptDownloads: true });
  let page = await ctx.newPage();
  const api = await apiAs(page, 'purchase');
  const t = tag();
  const po = await draftPo(api, `${t} quoted`, [
    { part_name: `${t} sensor`, price_UI: 40, quantity: 2, unit: 'pcs', remarks: '' },
  ]);

  // Purchase uploads the quote from the PO screen, then opens it.
  await signIn(page, 'purchase');
  await page.goto(`/purchaseorders/edit/${po.id}`);
  await page.getByText('Supplier Quote', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('po-quote-view').count(), 0, 'no quote yet');
  await page.getByTestId('po-upload-quote').click();
  await page.getByText('Supplier quote PDF is required').waitFor();
  await page.getByTestId('quote-input').setInputFiles({ name: 'quote.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('po-upload-quote').click();
  await page.getByText('Supplier quote has been uploaded successfully').first().waitFor();
  const view = page.getByTestId('po-quote-view');
  await view.waitFor();
  assert.equal((await view.textContent())?.trim(), 'View supplier quote');
  const download = page.waitForEvent('download');
  await view.click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of file) chunks.push(c as Buffer);
  assert.equal(Buffer.concat(chunks).subarray(0, 5).toString(), '%PDF-', 'the quote downloads');
  await ctx.close();

  // Shipping opens the same PO: its form and sections, but no quote button and no upload.
  const shipCtx = await browser.newContext({ baseURL });
  page = await shipCtx.newPage();
  const shipping = await bearerOf(page, 'shipping');
  await signIn(page, 'shipping');
  await page.goto(`/purchaseorders/edit/${po.id}`);
  await page.getByTestId('po-status-chip').filter({ hasText: 'Draft' }).waitFor();
  await page.getByText('Supplier Quote', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('line-0-part_name').inputValue(), `${t} sensor`);
  assert.equal(await page.getByRole('button', { name: 'View supplier quote' }).count(), 0);
  assert.equal(await page.getByTestId('po-quote-view').count(), 0);
  assert.equal(await page.getByTestId('po-upload-quote').count(), 0);
  await expectAccessible(page, 'purchase order as shipping');

  // The server agrees: the file is refused to shipping, served to purchase.
  const path = `/api/files/purchase_order/supplier_quote_pdf/${po.id}`;
  assert.equal((await page.request.get(path, { headers: shipping })).status(), 403, 'shipping may not read the quote');
  const purchase = await bearerOf(page, 'purchase');
  assert.equal((await page.request.get(path, { headers: purchase })).status(), 200, 'purchase may');
  await shipCtx.close();
}
