import { MSG } from '@bpm/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from './factories/sales';
import { createTestApp, get, multipart, postForm, type TestApp } from './helpers';

// Issue 8 items 7 (statistics in the product list), 8 (BOM CSV import) and 9 (add-product discount).
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
});
afterAll(() => t.close());

async function form(url: string, fields: Record<string, string>) {
  const mp = multipart(fields);
  const res = await t.app.inject({ method: 'POST', url, payload: mp.payload, headers: { ...admin, ...mp.headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}
const newProduct = (code: string) =>
  form('/api/products/save', { product_code: code, desc: `Intact ${code}`, msrp: '10' });
const newPart = (mpn: string, manufacturer = 'Intact Semi') =>
  form('/api/partComponents/save', { manufacturer, manuf_part_number: mpn, price: '1.5' });
const send = (method: 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: admin, payload });
const bom = async (productId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/boms/product/${productId}`, headers: admin })).json().data as Array<{
    part_id: number;
    quantity: number;
    ref: string;
    remark: string;
  }>;

describe('BOM CSV import keeps data intact', () => {
  it('updates a line without blanking ref and remark when the file has no such columns', async () => {
    const p = await newProduct('INTACT-REF');
    const part = await newPart('INTACT-REF-PART');
    const saved = await send('POST', '/api/boms/save', {
      product_id: p.id,
      part_id: part.id,
      quantity: 1,
      ref: 'R1, R2',
      remark: 'keep me',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await send('POST', '/api/boms/import', {
      productId: p.id,
      bomData: [{ part_number: 'INTACT-REF-PART', quantity: '3' }],
      replaceAll: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated_count).toBe(1);
    expect(await bom(p.id)).toEqual([
      expect.objectContaining({ part_id: part.id, quantity: 3, ref: 'R1, R2', remark: 'keep me' }),
    ]);
    // A file with the columns does set them (empty cells included).
    await send('POST', '/api/boms/import', {
      productId: p.id,
      bomData: [{ part_number: 'INTACT-REF-PART', quantity: '3', ref: 'R9', remark: '' }],
      replaceAll: false,
    });
    expect((await bom(p.id))[0]).toMatchObject({ ref: 'R9', remark: '' });
  });

  it('replace-all keeps an existing line whose row was ambiguous', async () => {
    const p = await newProduct('INTACT-AMB');
    const one = await newPart('INTACT-AMB-1', 'Amb One');
    await newPart('INTACT-AMB-1', 'Amb Two');
    const other = await newPart('INTACT-AMB-OTHER');
    await send('POST', '/api/boms/save', { product_id: p.id, part_id: one.id, quantity: 2 });
    const res = await send('POST', '/api/boms/import', {
      productId: p.id,
      bomData: [
        { part_number: 'INTACT-AMB-1', quantity: '5' },
        { part_number: 'INTACT-AMB-OTHER', quantity: '1' },
      ],
      replaceAll: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ imported_count: 1, deleted_count: 0, error_count: 1 });
    expect(res.json().data.errors).toEqual([{ row: 2, message: MSG.importAmbiguousPart('INTACT-AMB-1') }]);
    const lines = await bom(p.id);
    expect(lines.map((l) => l.part_id).sort()).toEqual([one.id, other.id].sort());
    expect(lines.find((l) => l.part_id === one.id)!.quantity).toBe(2);
  });

  it("reports the spreadsheet's line when blank lines come before the row", async () => {
    const p = await newProduct('INTACT-LINES');
    const res = await send('POST', '/api/boms/import', {
      productId: p.id,
      // Line 1 is the header; lines 2 and 4 are blank.
      bomData: [
        {},
        { part_number: 'INTACT-NO-SUCH', quantity: '1' },
        {},
        { part_number: 'INTACT-NO-2', quantity: '1' },
      ],
      replaceAll: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.errors.map((e: { row: number }) => e.row)).toEqual([3, 5]);
  });
});

describe('add-product dialog of an order', () => {
  it("saves the new product with its own discount (0), not the dealer's line discount", async () => {
    const dealer = await createDealer(t, { name: 'Discount Intact Dealer', discount: 25 });
    const res = await postForm(t, 'sale', '/api/orders/save', {
      dealer: dealer.id,
      date: Math.floor(t.clock.now() / 1000),
      value: 75,
      products: [
        {
          product_id: null,
          product_code: 'INTACT-DIALOG-1',
          desc: 'From the dialog',
          quantity: 1,
          msrp: 100,
          discount: 25,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().data.products[0] as { product_id: number; discount: number };
    expect(line.discount).toBe(25);
    const product = (await get(t, 'administrator', `/api/products/${line.product_id}`)).json().data;
    expect(product.discount).toBe(0);
  });
});

describe('generated OC and invoice events', () => {
  it('record a change each time, also when the file name stays the same', async () => {
    const dealer = await createDealer(t, { name: 'Generated Docs Dealer' });
    const saved = await postForm(t, 'sale', '/api/orders/save', {
      dealer: dealer.id,
      date: Math.floor(t.clock.now() / 1000),
      value: 10,
      products: [{ product_id: null, product_code: 'INTACT-GEN-1', desc: 'Gen', quantity: 1, msrp: 10 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    for (const which of ['oc', 'oc', 'invoice'] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/generate/${which}`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
    }
    const events = (await get(t, 'administrator', `/api/events/order/${id}`)).json().data as Array<{
      event: string;
      data: { changes: Record<string, unknown> };
    }>;
    const generated = events.filter((e) => e.event.endsWith('_generated'));
    expect(generated).toHaveLength(3);
    for (const e of generated) expect(Object.keys(e.data.changes).length, e.event).toBeGreaterThan(0);
  });
});

describe('polyglot uploads', () => {
  it('refuses GIF89a<script> as a signature image and HTML with %PDF- as an order PDF', async () => {
    const mp = multipart(
      {
        username: 'polyglot1',
        password: 'secret1',
        confirmPassword: 'secret1',
        user_role: 'sale',
        first_name: 'Poly',
        last_name: 'Glot',
        email: 'poly@glot.example',
      },
      [{ field: 'signature_img', name: 'sig.gif', type: 'image/gif', data: Buffer.from('GIF89a<script>x</script>') }],
    );
    const sig = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/save',
      headers: { ...admin, ...mp.headers },
      payload: mp.payload,
    });
    expect(sig.statusCode).toBe(415);
    expect(sig.json().message).toBe(MSG.imageOnly);
    const dealer = await createDealer(t, { name: 'Polyglot Dealer' });
    const html = Buffer.from('<html>\n%PDF-1.4\n<script>alert(1)</script>\n%%EOF\n');
    const pdf = await postForm(
      t,
      'sale',
      '/api/orders/save',
      { dealer: dealer.id, date: Math.floor(t.clock.now() / 1000), value: 0 },
      [{ field: 'oc_pdf', name: 'OC-1.pdf', data: html }],
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(MSG.pdfOnly);
  });
});

describe('product list statistics', () => {
  it('carries units_sold and revenue only to roles with statistics', async () => {
    const sale = (await get(t, 'sale', '/api/products?limit=5')).json().data[0];
    expect(sale).toHaveProperty('units_sold');
    expect(sale).toHaveProperty('revenue');
    for (const role of ['shipping', 'purchase'] as const) {
      const res = await get(t, role, '/api/products?limit=5');
      expect(res.statusCode, role).toBe(200);
      const row = res.json().data[0];
      expect(row, role).not.toHaveProperty('units_sold');
      expect(row, role).not.toHaveProperty('revenue');
    }
  });
});
