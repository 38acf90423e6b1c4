// Company settings and sending documents by e-mail (issue 24 items 2 and 3).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiAs, signIn, toastShown } from './api';
import { expectAccessible } from './axe';

/** The administrator opens Settings from the side menu, changes the company and its bank, and saves. */
export async function adminEditsCompanySettings({ page }: { page: Page }) {
  await signIn(page, 'admin');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-settings').click();
  await page.getByRole('heading', { name: 'Company Settings' }).waitFor();
  const name = page.getByLabel('Company Name');
  assert.equal(await name.inputValue(), 'BPM Hardware Inc.');
  await expectAccessible(page, 'company settings');
  await name.fill('BPM Hardware Europe GmbH');
  await page.getByLabel('Bank Name').fill('Deutsche Bank');
  await page.getByLabel('IBAN / Account Number').fill('DE89 3704 0044 0532 0130 00');
  await page.getByTestId('company-save').click();
  await toastShown(page, 'Company settings saved');
  await page.reload();
  await page.getByRole('heading', { name: 'Company Settings' }).waitFor();
  assert.equal(await page.getByLabel('Company Name').inputValue(), 'BPM Hardware Europe GmbH');
  assert.equal(await page.getByLabel('Bank Name').inputValue(), 'Deutsche Bank');
}

/** Sale generates an order's OC and sends it to the dealer from the order: the dialog offers the dealer's addresses. */
export async function saleSendsOcByEmail({ page }: { page: Page }) {
  const sale = await apiAs(page, 'sale');
  const dealer = await sale.form<{ id: number }>('/dealers/save', {
    name: `Mail Dealer ${Date.now()}`,
    country: 'Germany',
    billing_address: 'Hauptstraße 1, Berlin',
    email: 'orders@mail-dealer.example',
    email2: 'accounts@mail-dealer.example',
  });
  const order = await sale.form<{ id: number }>('/orders/save', {
    dealer: dealer.id,
    date: Math.floor(Date.now() / 1000),
    value: 0,
    oc_ref: `OC-MAIL-${Date.now()}`,
  });
  await sale.post(`/orders/${order.id}/generate/oc`, {});
  await signIn(page, 'sale');
  await page.goto(`/orders/edit/${order.id}`);
  await page.getByTestId('send-email-oc').click();
  await page.getByTestId('send-email-attachment').waitFor();
  assert.equal(await page.getByTestId('send-email-to-orders@mail-dealer.example').isChecked(), true);
  await page.getByTestId('send-email-to-accounts@mail-dealer.example').check();
  await page.getByLabel('Message').fill('Please find our order confirmation attached.');
  await expectAccessible(page, 'send by e-mail dialog');
  await page.getByTestId('send-email-save').click();
  await toastShown(page, 'E-mail sent to orders@mail-dealer.example, accounts@mail-dealer.example');
  const history = await sale.get<Array<{ event: string }>>(`/events/order/${order.id}`);
  assert.ok(history.some((e) => e.event === 'order_oc_sent'));
}
