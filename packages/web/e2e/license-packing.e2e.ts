import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiAs, become } from './api';
import { axeViolations } from './axe';

/**
 * Sale licenses a packing list's devices (issues 13 and 23). Set-up through the API: a product and a modem
 * product, an order and its packing list with two units of the first and one modem unit (serial + IMEI). Then:
 * License Devices lists three devices (the IMEI beside its serial) with their keys so far; no option → the form's
 * message; a malformed MAC is marked on its row; one MAC → one license, listed with its serial, shown on its unit
 * and found in the registry by MAC; the modem product's device alone with other options.
 */
export async function saleLicensesPackingListDevices({ page }: { page: Page }) {
  const stamp = Date.now();
  const admin = await apiAs(page, 'admin');
  const product = await admin.form<{ id: number }>('/products/save', {
    product_code: `E2E-LIC-${stamp}`,
    desc: `E2E licensed unit ${stamp}`,
    msrp: 100,
    warranty: 365,
    pl_serial_count: 1,
    has_modem: 0,
    is_test_required: 0,
  });
  const sensor = await admin.form<{ id: number }>('/products/save', {
    product_code: `E2E-LIC-S-${stamp}`,
    desc: `E2E licensed sensor ${stamp}`,
    msrp: 50,
    warranty: 365,
    pl_serial_count: 1,
    // A modem product: its unit is a serial and an IMEI, one device.
    has_modem: 1,
    is_test_required: 0,
  });
  const sale = await apiAs(page, 'sale');
  const [dealer] = await sale.get<Array<{ id: number }>>('/dealers?limit=1');
  assert.ok(dealer, 'a dealer to sell to');
  const name = `E2E licensed unit ${stamp}`;
  const order = await sale.form<{ id: number }>('/orders/save', {
    dealer: dealer.id,
    date: Math.floor(stamp / 1000),
    value: 0,
    oc_ref: `OC-LIC-${stamp}`,
    products: [
      { product_id: product.id, name, quantity: 2, msrp: 100 },
      { product_id: sensor.id, name: `E2E licensed sensor ${stamp}`, quantity: 1, msrp: 50 },
    ],
  });
  const sensorSerial = `SN-LIC-${stamp}-S`;
  const serials = [`SN-LIC-${stamp}-1`, `SN-LIC-${stamp}-2`];
  const packing = await sale.post<{ id: number; revision: number }>('/packinglists/save', {
    order_id: order.id,
    po_number: `PO-LIC-${stamp}`,
    show_logo: 1,
    products: [
      {
        product_id: product.id,
        pl_name: name,
        pl_serial: serials.join('\n'),
        quantity: 2,
        warranty: 365,
        pl_serial_count: 1,
        has_modem: 0,
        serials_from_test_checklist: 0,
      },
      {
        product_id: sensor.id,
        pl_name: `E2E licensed sensor ${stamp}`,
        pl_serial: `${sensorSerial}\nIMEI-LIC-${stamp}`,
        quantity: 1,
        warranty: 365,
        pl_serial_count: 1,
        has_modem: 1,
        serials_from_test_checklist: 0,
      },
    ],
  });

  await become(page, 'sale');
  await page.goto(`/packinglists/edit/${packing.id}`);
  // The form shows the list's revision (document 2 §5), read-only.
  const revision = page.getByTestId('packing-revision').locator('input');
  assert.equal(await revision.inputValue(), String(packing.revision));
  assert.ok(await revision.isDisabled());
  await page.getByTestId('packing-license').click();
  await page.waitForURL(new RegExp(`/genlic\\?packing_list_id=${packing.id}$`));
  const devices = page.getByTestId('packing-devices');
  await devices.getByText(serials[1]!).waitFor();
  // Three units, three devices: the modem unit's IMEI sits beside its serial, never a device of its own.
  assert.equal(await devices.getByTestId('device-keys').count(), 3);
  await devices.getByText(`IMEI IMEI-LIC-${stamp}`).waitFor();
  const firstKeys = devices.getByTestId('device-keys').first();
  assert.equal(await firstKeys.textContent(), 'None', 'no key yet for the first unit');
  const firstMac = page.getByTestId('device-mac-0');
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
  const rows = results.locator('tbody tr');
  assert.equal(await rows.count(), 1);
  assert.equal(await rows.first().locator('td').first().textContent(), serials[0]);
  const key = (await rows.first().locator('td').nth(2).textContent()) ?? '';
  assert.match(key, /^[0-9A-HJKMNP-TV-Z-]{60,}$/);
  // The unit now shows its key (a key hangs on its device); the second unit still has none.
  await firstKeys.getByText(key).waitFor();
  assert.equal(await devices.getByTestId('device-keys').nth(1).textContent(), 'None');
  assert.deepEqual(await axeViolations(page), []);
  // Options per product: the sensor's device alone, with other options; a MAC typed for the other product waits.
  await page.getByTestId('license-pro').uncheck();
  await page.getByTestId('license-radius').check();
  await page.getByTestId('device-mac-1').fill('02:e2:e0:12:34:57');
  await page.getByTestId('device-mac-2').fill('02:e2:e0:12:34:58');
  await page.getByLabel('Devices of').click();
  await page.getByRole('option', { name: `E2E licensed sensor ${stamp}` }).click();
  await page.getByTestId('devices-generate').click();
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2, 'the earlier key stays listed beside the new one');
  assert.equal(await rows.nth(1).locator('td').first().textContent(), sensorSerial);
  assert.equal(await devices.getByTestId('device-keys').nth(1).textContent(), 'None', 'the other product waits');
  await page.getByTestId('license-registry-search').fill('02E2E0123458');
  await page.keyboard.press('Enter');
  await page.getByTestId('license-registry-row').filter({ hasText: 'RADIUS' }).waitFor();
  await page.getByTestId('license-registry-search').fill('02E2E0123456');
  await page.keyboard.press('Enter');
  await page.getByTestId('license-registry-row').filter({ hasText: key }).waitFor();
}
