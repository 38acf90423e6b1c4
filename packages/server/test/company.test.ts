// Company settings (issue 24 item 3): the administrator's one record, printed on every document.
import { COMPANY_MSG } from '@bpm/contract/company';
import { MSG } from '@bpm/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { makeProduct } from './factories/products';
import { createDealer, createOrder, makeOrder } from './factories/sales';
import { makeChecklist, makeTestedOrder } from './factories/testing';
import { uniq } from './factories/uniq';
import { call, createTestApp, DAY, get, pdfText, postForm, rolesExcept, SAMPLE, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BANK = {
  bank_name: 'Ziraat Bankası',
  bank_account_holder: 'BPM Hardware Inc.',
  bank_account: 'DE89 3704 0044 0532 0130 00',
  bank_swift: 'COBADEFFXXX',
};

async function settings() {
  const res = await get(t, 'admin', '/api/admin/company');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function save(fields: Record<string, string | number>, uploads: Parameters<typeof postForm>[4] = []) {
  return postForm(t, 'admin', '/api/admin/company/save', fields, uploads);
}

/** Saves the settings as they are with `changes`; answers the saved record. */
async function saveWith(changes: Record<string, string | number>, uploads: Parameters<typeof postForm>[4] = []) {
  const { logo: _logo, ...current } = await settings();
  const res = await save({ ...current, ...changes }, uploads);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('company settings', () => {
  it('start from the defaults documents printed before, and are the administrator’s only', async () => {
    const s = await settings();
    expect(s).toMatchObject({ name: 'BPM Hardware Inc.', version: 1, logo: null, bank_name: '' });
    expect(s.address.split('\n')).toEqual(['100 Industrial Way', 'San Jose, CA 95110', 'United States']);
    for (const role of rolesExcept(['administrator'])) {
      expect((await get(t, role, '/api/admin/company')).statusCode, role).toBe(403);
      expect((await postForm(t, role, '/api/admin/company/save', { name: 'x', address: 'y' })).statusCode).toBe(403);
    }
  });

  it('save through the shared save: a new version, a history event with the changes, a stale save refused', async () => {
    const before = await settings();
    const name = uniq('Nordwind Teknik A.Ş.');
    const after = await saveWith({ name, ...BANK });
    expect(after).toMatchObject({ name, ...BANK, version: before.version + 1 });
    const ev = await call(t, 'admin', 'GET', '/events?type=company&limit=5');
    expect(ev.statusCode, ev.body).toBe(200);
    const row = ev.json().data.find((e: { event: string }) => e.event === 'company_settings_updated');
    expect(row.data.changes.name).toEqual({ old: before.name, new: name });
    expect(row.data.changes.bank_swift).toEqual({ old: '', new: BANK.bank_swift });

    const stale = await save({ ...before, logo: '', version: before.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_version');
  });

  it('require a name and an address with the spec’s words', async () => {
    const res = await save({ name: ' ', address: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause).toMatchObject({ name: MSG.required, address: MSG.required });
  });

  it('take a PNG logo, checked by content, and give it back byte for byte', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const [data, type] of [
      [gif, 'image/png'],
      [SAMPLE.text, 'image/png'],
      [SAMPLE.pdf, 'image/jpeg'],
    ] as const) {
      const { logo: _l, ...current } = await settings();
      const bad = await save(current, [{ field: 'logo', name: 'logo.png', type, data }]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().cause).toEqual({ logo: COMPANY_MSG.logoType });
    }
    const saved = await saveWith({}, [{ field: 'logo', name: 'logo.png', type: 'image/png', data: SAMPLE.png }]);
    expect(saved.logo).toBe('logo.png');
    const file = await get(t, 'admin', '/api/files/company/logo/1');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, SAMPLE.png)).toBe(0);
    expect((await get(t, 'sale', '/api/files/company/logo/1')).statusCode).toBe(403);
    // Saving without a file keeps it; remove_logo takes it away.
    expect((await saveWith({})).logo).toBe('logo.png');
    expect((await saveWith({ remove_logo: 1 })).logo).toBeNull();
  });
});

describe('documents print the stored settings', () => {
  it('the OC and the invoice: company, payment terms, expected ship date, bank details, the OC/Invoice note', async () => {
    const name = uniq('Kraków Sprzęt Sp. z o.o.');
    await saveWith({ name, address: 'ul. Długa 5\n31-147 Kraków\nPoland', contact: 'biuro@example.pl', ...BANK });
    const dealer = await createDealer(t, { payment_terms: '100% 45 days' });
    const ship = Math.floor(t.clock.now() / 1000 / DAY) * DAY + 10 * DAY;
    const order = await createOrder(
      t,
      { shipping_date_expected: ship, invoice_note: 'Deliver to gate 3, Çanakkale' },
      dealer.id,
    );
    for (const which of ['oc', 'invoice'] as const) {
      const gen = await call(t, 'sale', 'POST', `/orders/${order.id}/generate/${which}`);
      expect(gen.statusCode, gen.body).toBe(200);
      const file = await get(t, 'sale', `/api/files/orders/${which}_pdf/${order.id}`);
      const text = pdfText(file.rawPayload);
      expect(text).toContain(name);
      expect(text).toContain('ul. Długa 5 31-147 Kraków Poland');
      expect(text).not.toContain('BPM Hardware Inc. 100 Industrial Way');
      expect(text).toContain('Payment terms: 100% 45 days');
      expect(text).toContain(`Expected ship date: ${new Date(ship * 1000).toISOString().slice(0, 10)}`);
      expect(text).toContain('Bank Details');
      expect(text).toContain(`Bank: ${BANK.bank_name}`);
      expect(text).toContain(`IBAN / Account: ${BANK.bank_account}`);
      expect(text).toContain(`SWIFT / BIC: ${BANK.bank_swift}`);
      expect(text).toContain('OC/Invoice Note Deliver to gate 3, Çanakkale');
    }
  });

  it('a report prints the stored company', async () => {
    const name = uniq('Report Co');
    await saveWith({ name });
    const res = await get(t, 'sale', '/api/sale/reports/overdueInvoices/pdf');
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain(name);
  });

  it('with a logo: the OC draws it; the PO, the packing list and the checklist print the stored company', async () => {
    const name = uniq('Logo Company Ltd');
    await saveWith({ name }, [{ field: 'logo', name: 'logo.png', type: 'image/png', data: SAMPLE.png }]);
    const hasImage = (pdf: Buffer) => /\/Subtype\s*\/Image/.test(pdf.toString('latin1'));

    const order = await createOrder(t, {});
    await call(t, 'sale', 'POST', `/orders/${order.id}/generate/oc`);
    const oc = (await get(t, 'sale', `/api/files/orders/oc_pdf/${order.id}`)).rawPayload;
    expect(hasImage(oc)).toBe(true);
    expect(pdfText(oc)).toContain(name);

    // An approved PO without its stored PDF (as an imported one): the first download renders it now.
    const [approved] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from purchase_orders where status = 'approved' order by id limit 1`,
    );
    const poId = approved!.id;
    await t.database.db.execute(sql`update purchase_orders set po_pdf_file_id = null where id = ${poId}`);
    const po = await call(t, 'qa', 'GET', `/files/purchase_order/po_pdf/${poId}`);
    expect(po.statusCode, po.body).toBe(200);
    expect(hasImage(po.rawPayload)).toBe(true);
    expect(pdfText(po.rawPayload)).toContain(name);

    const product = await makeProduct(t, { plSerialCount: 1 });
    const orderId = await makeOrder(t, [{ product_id: product.id, quantity: 1 }]);
    const plOrder = (await call(t, 'shipping', 'GET', `/shipping/packinglists/order/${orderId}`)).json().data;
    const pl = await call(t, 'shipping', 'POST', '/shipping/packinglists/save', {
      order_id: orderId,
      customer: 'Customer',
      country: 'Germany',
      po_number: 'PO-LOGO-1',
      show_logo: 1,
      products: plOrder.products.map((l: Record<string, unknown>) => ({ ...l, pl_serial: uniq('SN-LOGO') })),
    });
    expect(pl.statusCode, pl.body).toBe(200);
    const plPdf = await call(t, 'shipping', 'GET', `/files/packing_list/packing_list_pdf/${pl.json().data.id}`);
    expect(plPdf.statusCode).toBe(200);
    expect(hasImage(plPdf.rawPayload)).toBe(true);
    expect(pdfText(plPdf.rawPayload)).toContain(name);

    const tested = await makeTestedOrder(t);
    const [tester] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from users where username = 'tester'`,
    );
    const checklist = await makeChecklist(t, tested.line.id, tester!.id);
    const tc = await call(t, 'sale', 'GET', `/files/test_checklist/test_checklist_pdf/${checklist.id}`);
    expect(tc.statusCode, tc.body).toBe(200);
    expect(pdfText(tc.rawPayload)).toContain(name);
  });
});
