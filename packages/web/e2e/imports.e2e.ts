// Spreadsheet import (issue 26 item 2): the administrator previews a CSV, sees a bad row, fixes it, confirms.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signIn, toastShown } from './api';
import { expectAccessible } from './axe';

/** Import › Suppliers: a semicolon file with a BOM and a bad row; Confirm only once the file is clean. */
export async function adminImportsSuppliersFromCsv({ page }: { page: Page }) {
  await signIn(page, 'admin');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-import').click();
  await page.getByRole('heading', { name: 'Import' }).waitFor();
  await page.getByTestId('import-kind').click();
  await page.getByRole('option', { name: 'Suppliers' }).click();
  const name = `E2E Supplier ${Date.now()}`;
  const file = (rows: string) => ({
    name: 'suppliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFFname;contact_person;address;email\n${rows}`),
  });
  await page.getByTestId('import-file').setInputFiles(file(`${name};Ann;Street 1;not-an-email\n`));
  await page.getByTestId('import-preview').click();
  await page.getByText('0 to create, 0 to update, 1 with errors').waitFor();
  await page.getByText('email: Please enter a valid email address').waitFor();
  assert.equal(await page.getByTestId('import-confirm').isDisabled(), true);
  await expectAccessible(page, 'import preview');
  await page.getByTestId('import-file').setInputFiles(file(`${name};Ann;Street 1;ann@supplier.example\n`));
  await page.getByTestId('import-preview').click();
  await page.getByText('1 to create, 0 to update, 0 with errors').waitFor();
  await page.getByTestId('import-confirm').click();
  await toastShown(page, 'Import complete: 1 created, 0 updated');
}
