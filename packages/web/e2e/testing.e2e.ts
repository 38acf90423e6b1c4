import assert from 'node:assert/strict';
import { PL_MSG } from '@bpm/contract/packing-lists';
import { TC_MSG } from '@bpm/contract/test-checklists';
import type { Page } from 'playwright-core';
import { apiAs, become, toastShown } from './api';
import { axeViolations } from './axe';

/** The chip of a status, waited for by its value (data-status carries the raw status). */
const statusChip = (page: Page, status: string) =>
  page.locator(`[data-testid="checklist-status"][data-status="${status}"]`);

/**
 * Issue 11's journey. Set-up (through the API, nothing taken from the demo data by name): a product
 * with two test steps and one serial per unit, a modem product without a test, and an order with two
 * units of the first and one of the modem. Then: production assigns the tester to the order line
 * (two units, so product_max_serials 2); the tester enters two serials and every result; qa signs off;
 * production edits a step so the checklist waits for approval; sale approves; shipping creates the
 * packing list, whose serials come from the checklist; the modem line without its IMEI shows the hint.
 * axe runs on the test order overview, the checklist page and the packing list editor.
 */
export async function testingChecklistToPackingList({ page }: { page: Page }) {
  // --- set-up -------------------------------------------------------------------------------------
  const stamp = Date.now();
  const admin = await apiAs(page, 'admin');
  const tested = await admin.form<{ id: number }>('/products/save', {
    product_code: `E2E-TST-${stamp}`,
    desc: `E2E tested unit ${stamp}`,
    msrp: 100,
    warranty: 365,
    pl_serial_count: 1,
    has_modem: 0,
    is_test_required: 1,
  });
  for (const test_desc of ['Power on', 'Check LEDs'])
    await admin.post('/productTestChecklist/save', { product_id: tested.id, test_desc });
  const modem = await admin.form<{ id: number }>('/products/save', {
    product_code: `E2E-MDM-${stamp}`,
    desc: `E2E modem unit ${stamp}`,
    msrp: 200,
    warranty: 365,
    pl_serial_count: 1,
    has_modem: 1,
    is_test_required: 0,
  });
  const sale = await apiAs(page, 'sale');
  const [dealer] = await sale.get<Array<{ id: number }>>('/dealers?limit=1');
  assert.ok(dealer, 'a dealer to sell to');
  const ocRef = `OC-E2E-${stamp}`;
  const testedName = `E2E tested unit ${stamp}`;
  const modemName = `E2E modem unit ${stamp}`;
  const order = await sale.form<{ id: number }>('/orders/save', {
    dealer: dealer.id,
    date: Math.floor(stamp / 1000),
    value: 0,
    oc_ref: ocRef,
    products: [
      { product_id: tested.id, name: testedName, quantity: 2, msrp: 100 },
      { product_id: modem.id, name: modemName, quantity: 1, msrp: 200 },
    ],
  });
  const tester = await apiAs(page, 'tester');

  // --- production assigns the tester to the order line -------------------------------------------------
  await become(page, 'production');
  // The stock list's first radio group is captioned as the spec names it (document 3 §4).
  await page.goto('/stocktestchecklists');
  await page.getByRole('radiogroup', { name: 'Product Status' }).waitFor();
  await page.goto(`/testchecklists/${order.id}`);
  const card = page.getByTestId('test-product').filter({ hasText: testedName });
  await card.getByTestId('add-test').click();
  const dialog = page.getByTestId('checklist-dialog');
  await dialog.waitFor();
  // Saving without a tester: the spec's message, nothing created.
  await dialog.getByTestId('checklist-save').click();
  await dialog.getByText(TC_MSG.testerRequired).waitFor();
  await page.getByTestId('checklist-tester-select').click();
  await page.locator(`li[role="option"][data-value="${tester.userId}"]`).click();
  await dialog.getByTestId('checklist-quantity').fill('2');
  await dialog.getByTestId('checklist-save').click();
  await dialog.waitFor({ state: 'hidden' });
  const row = card.getByTestId('checklist-row');
  await row.getByTestId('checklist-status').and(page.locator('[data-status="pending"]')).waitFor();
  const checklistId = Number(await row.getAttribute('data-id'));
  assert.ok(checklistId > 0, 'the new checklist row');
  assert.match((await card.getByTestId('quantity-summary').textContent()) ?? '', /Test Assigned: 2.*Test Remaining: 0/);
  assert.deepEqual(await axeViolations(page), [], 'axe on the test order overview');

  // --- the tester starts from their own work: the new checklist is assigned to them ---------------------------
  await become(page, 'tester');
  await page.goto('/testchecklists');
  await page.getByTestId('view-mine').and(page.locator('[aria-selected="true"]')).waitFor();
  await page.getByTestId('queue-mine-search').fill(ocRef);
  await page.getByTestId('queue-mine').locator('tbody tr').filter({ hasText: ocRef }).waitFor();
  await page.getByTestId('menu-button').click();
  const count = page.getByTestId('menu-queue-count').locator('[aria-hidden="true"]');
  assert.ok(Number(await count.textContent()) > 0, 'a count beside the menu entry');
  await page.keyboard.press('Escape');
  assert.deepEqual(await axeViolations(page), [], "axe on the tester's queue");

  // --- the tester enters two serials and every result ---------------------------------------------------
  await page.goto(`/testchecklists/${order.id}`);
  const start = page.locator(`[data-testid="checklist-row"][data-id="${checklistId}"]`).getByTestId('start-test');
  assert.equal(await start.textContent(), 'Start Test');
  await start.click();
  await page.waitForURL(`**/testchecklists/test/${checklistId}`);
  await page.getByText(TC_MSG.assignSerials).waitFor();
  assert.equal(await page.getByTestId('serial-col').count(), 2, 'one result column per product_max_serials');
  // A cell of a column without its serial only warns.
  await page.getByTestId('result-cell').first().click();
  await page.getByText(TC_MSG.noSerialForColumn).waitFor();
  assert.equal(await page.getByTestId('result-dialog').count(), 0);

  await page.getByTestId('tab-serials').click();
  const serialsBox = page.getByTestId('serials-input');
  // More serials than the checklist holds: the spec's message, nothing saved.
  await serialsBox.fill(`SN-${stamp}-1\nSN-${stamp}-2\nSN-${stamp}-3`);
  await page.getByTestId('serials-save').click();
  assert.equal(await page.getByTestId('serials-error').textContent(), TC_MSG.serialsTooMany(2, false, 3));
  // Blank lines and spaces around a scan are dropped.
  await serialsBox.fill(`  SN-${stamp}-1 \n\nSN-${stamp}-2\n`);
  await page.getByTestId('serials-save').click();
  await page.getByText(TC_MSG.serialsSaved).waitFor();

  await page.getByTestId('tab-steps').click();
  const serials = page.getByTestId('serial-col');
  await serials.filter({ hasText: `SN-${stamp}-2` }).waitFor();
  assert.deepEqual(await serials.allTextContents(), [`SN-${stamp}-1`, `SN-${stamp}-2`]);
  const steps = page.getByTestId('step-row');
  assert.equal(await steps.count(), 2, "the product's two steps were copied");
  for (let s = 0; s < 2; s++)
    for (const item of [1, 2]) {
      const cell = steps.nth(s).locator(`[data-testid="result-cell"][data-item="${item}"]`);
      await cell.click();
      const result = page.getByTestId('result-dialog');
      await result.getByTestId('result-pass').click();
      await result.waitFor({ state: 'hidden' });
      await steps.nth(s).locator(`[data-testid="result-cell"][data-item="${item}"][data-result="passed"]`).waitFor();
      // Some but not all results: in progress until the last one.
      if (s + item < 3) await statusChip(page, 'in progress').waitFor();
    }
  await statusChip(page, 'passed').waitFor();
  assert.equal(await statusChip(page, 'passed').textContent(), 'Passed without QC');
  await page.getByTestId('qa-banner').filter({ hasText: TC_MSG.qaSignRequired }).waitFor();
  assert.equal(await page.getByTestId('sign-qc').count(), 0, 'only qa signs off');
  assert.deepEqual(await axeViolations(page), [], 'axe on the checklist page');

  // --- qa signs off from the order overview ----------------------------------------------------------------
  await become(page, 'qa');
  // qa's list starts on the orders waiting for it (Passed without QC); the order is there.
  await page.goto('/testchecklists');
  assert.equal(
    await page.getByTestId('tests-status').getByRole('radio', { name: 'Passed without QC' }).isChecked(),
    true,
  );
  await page.getByTestId('tests-search').fill(ocRef);
  const listRow = page.getByTestId('tests-table').locator('tbody tr').filter({ hasText: ocRef });
  await listRow.locator('[data-testid="test-status"][data-status="passed"]').waitFor();
  // The row names the products to test (document 3 §3 'products[]'); the modem needs no test.
  const listText = (await listRow.textContent()) ?? '';
  assert.ok(listText.includes(`${testedName} × 2`), listText);
  assert.ok(!listText.includes(modemName), listText);
  await listRow.getByRole('link').first().click();
  await page.waitForURL(`**/testchecklists/${order.id}`);
  const qaRow = page.locator(`[data-testid="checklist-row"][data-id="${checklistId}"]`);
  // A passed checklist can be viewed, and signed from that view.
  await qaRow.getByTestId('view-test').waitFor();
  // Sign QC opens the results; signing asks first, and No changes nothing.
  await qaRow.getByTestId('sign-qc').click();
  await page.waitForURL(`**/testchecklists/test/${checklistId}`);
  await page.locator('[data-testid="result-cell"][data-result="passed"]').first().waitFor();
  await page.getByTestId('sign-qc').click();
  await page.getByTestId('sign-dialog').waitFor();
  await page.getByTestId('confirm-no').click();
  await statusChip(page, 'passed').waitFor();
  // A sign-off the server refuses says so in the spec's words with its reason (document 3 §8).
  await page.route('**/test/signQc/**', (r) =>
    r.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Refused for the test' }),
    }),
  );
  await page.getByTestId('sign-qc').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByText('Failed to sign checklist: Refused for the test', { exact: true }).waitFor();
  await page.unroute('**/test/signQc/**');
  await statusChip(page, 'passed').waitFor();
  await page.getByTestId('sign-qc').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByText(TC_MSG.signed).waitFor();
  await statusChip(page, 'completed').waitFor();
  // Back to the order: it reads completed.
  await page.getByTestId('checklist-back').click();
  await page.waitForURL(`**/testchecklists/${order.id}`);
  await qaRow.locator('[data-testid="checklist-status"][data-status="completed"]').waitFor();
  await page.locator('[data-testid="order-test-status"][data-status="completed"]').waitFor();
  assert.equal(await qaRow.getByTestId('sign-qc').count(), 0);

  // --- production edits a step: the checklist waits for approval ---------------------------------------------
  await become(page, 'production');
  await page.goto(`/testchecklists/test/${checklistId}`);
  await statusChip(page, 'completed').waitFor();
  await page.getByTestId('step-row').first().getByTestId('step-edit').click();
  const stepDialog = page.getByTestId('step-dialog');
  await stepDialog.getByTestId('step-desc-input').fill('Power on and wait 10 s');
  await stepDialog.getByTestId('step-save').click();
  await stepDialog.waitFor({ state: 'hidden' });
  await page.getByTestId('step-desc').filter({ hasText: 'Power on and wait 10 s' }).waitFor();
  await statusChip(page, 'waiting approval').waitFor();
  await page.getByTestId('approval-banner').filter({ hasText: TC_MSG.approvalRequired }).waitFor();
  assert.equal(await page.getByTestId('approve').count(), 0, 'production does not approve');

  // --- the tester tests the edited step again; then sale approves ---------------------------------------------
  await become(page, 'sale');
  await page.goto(`/testchecklists/test/${checklistId}`);
  await page.getByTestId('approval-banner').waitFor();
  // Not yet: the edited step has no results.
  await page.getByTestId('approve').click();
  await page.getByText(`Failed to approve checklist: ${TC_MSG.untestedSteps(2)}`, { exact: true }).waitFor();
  await become(page, 'tester');
  await page.goto(`/testchecklists/test/${checklistId}`);
  const edited = page.getByTestId('step-row').first();
  for (const item of [1, 2]) {
    await edited.locator(`[data-testid="result-cell"][data-item="${item}"]`).click();
    const result = page.getByTestId('result-dialog');
    await result.getByTestId('result-pass').click();
    await result.waitFor({ state: 'hidden' });
    await edited.locator(`[data-testid="result-cell"][data-item="${item}"][data-result="passed"]`).waitFor();
  }
  await become(page, 'sale');
  await page.goto(`/testchecklists/test/${checklistId}`);
  await page.getByTestId('approval-banner').waitFor();
  await page.getByTestId('approve').click();
  await page.getByText(TC_MSG.approved).waitFor();
  await statusChip(page, 'completed').waitFor();
  await page.getByTestId('approval-banner').waitFor({ state: 'detached' });

  // --- shipping creates the packing list; serials come from the checklist ---------------------------------------
  await become(page, 'shipping');
  await page.goto('/packinglists/add');
  const orderBox = page.getByTestId('packing-order');
  await orderBox.fill(ocRef);
  await page.getByRole('option').filter({ hasText: ocRef }).click();
  const testedLine = page.getByTestId('packing-line').filter({ hasText: testedName });
  const modemLine = page.getByTestId('packing-line').filter({ hasText: modemName });
  const testedSerials = testedLine.getByTestId('packing-serials');
  await testedLine.getByText('From the test checklists; add untested units below them').waitFor();
  assert.equal(await testedSerials.inputValue(), `SN-${stamp}-1\nSN-${stamp}-2`);
  assert.equal(await page.getByTestId('test-status-warning').count(), 0, 'the order is completed: no warning');

  // The modem line without its IMEI: 1 serial + 1 IMEI per unit required.
  const modemSerials = modemLine.getByTestId('packing-serials');
  await modemSerials.fill(`MDM-${stamp}-1`);
  await modemLine.getByText(PL_MSG.serialCount(2, 1, true)).waitFor();
  assert.equal(PL_MSG.serialCount(2, 1, true), '2 serials required, 1 found. Check that you enter IMEI.');
  await modemSerials.fill(`MDM-${stamp}-1\nIMEI-${stamp}`);
  await modemLine.getByText(PL_MSG.serialCount(2, 1, true)).waitFor({ state: 'detached' });

  await page.getByLabel('PO Number').fill(`PO-E2E-${stamp}`);
  // One date format: the shipping date typed as the browser writes it reads back as every list shows dates.
  const shippingDate = page.getByTestId('field-shipping_date');
  await shippingDate.fill('12/3/2026');
  await page.keyboard.press('Tab');
  assert.equal(await shippingDate.inputValue(), 'Dec 3, 2026');
  await page.getByTestId('packing-save').click();
  // An earlier save's toast may still be in the page, hidden while it leaves: wait for a shown one.
  await toastShown(page, 'Save successfully');
  await page.waitForURL(/\/packinglists\/edit\/\d+$/);
  // The saved list reads back the same serials.
  await page.reload();
  await page
    .getByTestId('packing-line')
    .filter({ hasText: testedName })
    .getByText('From the test checklists')
    .waitFor();
  assert.equal(
    await page.getByTestId('packing-line').filter({ hasText: testedName }).getByTestId('packing-serials').inputValue(),
    `SN-${stamp}-1\nSN-${stamp}-2`,
  );
  assert.equal(
    await page.getByTestId('packing-line').filter({ hasText: modemName }).getByTestId('packing-serials').inputValue(),
    `MDM-${stamp}-1\nIMEI-${stamp}`,
  );
  assert.equal(await page.getByTestId('field-shipping_date').inputValue(), 'Dec 3, 2026', 'the date was saved');
  // Each serial of a line links to its passport.
  const passports = page.getByTestId('packing-line').filter({ hasText: testedName }).getByTestId('packing-passports');
  assert.deepEqual(await passports.getByRole('link').allTextContents(), [`SN-${stamp}-1`, `SN-${stamp}-2`]);
  const packingUrl = page.url();

  // --- the passport of one of those serials: found from the top bar, it shows all of it ------------------------
  await page.getByTestId('serial-search').fill(`sn-${stamp}-1`);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/serials/sn-${stamp}-1`);
  await page.getByRole('heading', { name: `Serial SN-${stamp}-1` }).waitFor();
  assert.equal(await page.getByTestId('passport-step').count(), 2);
  await page
    .getByTestId('passport-packing')
    .filter({ hasText: `PO-E2E-${stamp}` })
    .waitFor();
  await page.getByText('completed', { exact: true }).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'axe on the passport');
  await page.goto(packingUrl);

  // The hint also shows on a saved list whose modem line lacks its IMEI.
  await page
    .getByTestId('packing-line')
    .filter({ hasText: modemName })
    .getByTestId('packing-serials')
    .fill(`MDM-${stamp}-1`);
  await page.getByText(PL_MSG.serialCount(2, 1, true)).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'axe on the packing list editor');
}

/**
 * Import from Stock and Export to Stock (document 3 §2.1): nothing chosen says so in the dialog; a chosen stock
 * checklist moves into the order line, and back out again to stock.
 */
export async function productionMovesChecklistsBetweenStockAndOrder({ page }: { page: Page }) {
  const stamp = Date.now();
  const admin = await apiAs(page, 'admin');
  const product = await admin.form<{ id: number }>('/products/save', {
    product_code: `E2E-MOVE-${stamp}`,
    desc: `E2E moved unit ${stamp}`,
    msrp: 100,
    warranty: 365,
    pl_serial_count: 1,
    has_modem: 0,
    is_test_required: 1,
  });
  await admin.post('/productTestChecklist/save', { product_id: product.id, test_desc: 'Power on' });
  const tester = await apiAs(page, 'tester');
  const production = await apiAs(page, 'production');
  const stock = await production.post<{ id: number }>('/stockTestChecklist/add', {
    product_id: product.id,
    test_by: tester.userId,
    quantity: 1,
  });
  const sale = await apiAs(page, 'sale');
  const [dealer] = await sale.get<Array<{ id: number }>>('/dealers?limit=1');
  assert.ok(dealer, 'a dealer to sell to');
  const order = await sale.form<{ id: number }>('/orders/save', {
    dealer: dealer.id,
    date: Math.floor(stamp / 1000),
    value: 0,
    oc_ref: `OC-MOVE-${stamp}`,
    products: [{ product_id: product.id, name: `E2E moved unit ${stamp}`, quantity: 1, msrp: 100 }],
  });

  await become(page, 'production');
  await page.goto(`/testchecklists/${order.id}`);
  await page.getByTestId('import-stock').click();
  const importing = page.getByTestId('import-dialog');
  await importing.getByTestId('import-save').click();
  await importing.getByText(TC_MSG.selectImport).waitFor();
  await importing.getByTestId(`pick-${stock.id}`).check();
  assert.deepEqual(await axeViolations(page), [], 'axe on the import dialog');
  await importing.getByTestId('import-save').click();
  await toastShown(page, TC_MSG.imported);
  await page.locator(`[data-testid="checklist-row"][data-id="${stock.id}"]`).waitFor();

  // A second checklist on the one-unit line exceeds it: Export to Stock sends the imported one back.
  await production.post('/testChecklist/add', {
    test_by: tester.userId,
    quantity: 1,
    order_product_id: (await production.get<{ products: Array<{ id: number }> }>(`/testChecklist/order/${order.id}`))
      .products[0]!.id,
  });
  await page.reload();
  await page.getByTestId('export-stock').click();
  const exporting = page.getByTestId('export-dialog');
  await exporting.getByTestId('export-save').click();
  await exporting.getByText(TC_MSG.selectExport).waitFor();
  await exporting.getByTestId(`pick-${stock.id}`).check();
  await exporting.getByTestId('export-save').click();
  await toastShown(page, TC_MSG.exported);
  await page.locator(`[data-testid="checklist-row"][data-id="${stock.id}"]`).waitFor({ state: 'detached' });
}
