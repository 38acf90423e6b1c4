import { encodeTimezone } from '@bpm/contract/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../src/platform/pdf';
import { makePart, makeProduct, makeSaleProduct } from './factories/products';
import { type Json, makeSupplier, poBody } from './factories/purchasing';
import { createDealer, createOrder, makeOrder } from './factories/sales';
import { call, createTestApp, get, pdfText, type TestApp } from './helpers';

const TURKISH = 'Anatolia Takip A.Ş.';
const POLISH_CJK = 'Łódź Elektronik 深圳 Co.';
const GREEK = 'Ελληνικά Ltd';
const CYRILLIC = 'ООО Пример';
const CZECH = 'Příliš žluťoučký kůň';
const ALL = [TURKISH, POLISH_CJK, GREEK, CYRILLIC, CZECH];

let t: TestApp;
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** The text pdftotext reads from the PDF (helpers' pdfText), after checking it is a PDF at all. */
function textOf(pdf: Buffer): string {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(pdf);
}

const expectNames = (text: string, names: string[]) => {
  for (const n of names) expect(text, n).toContain(n);
};

describe('names in every script', () => {
  it('prints them on the generated OC and invoice of an order', async () => {
    const dealer = await createDealer(t, { name: TURKISH, billing_address: CZECH });
    const product = await makeSaleProduct(t, { desc: GREEK, msrp: 100 });
    const order = await createOrder(
      t,
      {
        billing_company: TURKISH,
        billing_address: CZECH,
        shipping_company: POLISH_CJK,
        shipping_address: CYRILLIC,
        invoice_note: `${CYRILLIC} / ${POLISH_CJK}`,
        products: [{ product_id: product.id, quantity: 2, msrp: 100, discount: 0, bom_cost: 0 }],
      },
      dealer.id,
    );
    for (const which of ['oc', 'invoice'] as const) {
      const gen = await call(t, 'sale', 'POST', `/orders/${order.id}/generate/${which}`);
      expect(gen.statusCode, gen.body).toBe(200);
      const file = await get(t, 'sale', `/api/files/orders/${which}_pdf/${order.id}`);
      expect(file.statusCode).toBe(200);
      expectNames(textOf(file.rawPayload), ALL);
    }
  });

  it('prints them on a purchase order for such a supplier', async () => {
    const supplier = await makeSupplier(t, { name: POLISH_CJK, contact_person: CZECH, address: CYRILLIC });
    const part = (await makePart(t)) as Json;
    const body = poBody({ supplier, parts: [part, part] }, { purpose: TURKISH, department: GREEK });
    for (const line of body.parts) line.part_name = GREEK;
    const saved = await call(t, 'purchase', 'POST', '/purchaseorders/save', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const id = (saved.json().data as Json).id;
    // Approved without a stored PDF (as an imported PO): the first download renders it.
    await t.database.db.execute(sql`update purchase_orders set status = 'approved' where id = ${id}`);
    const pdf = await call(t, 'qa', 'GET', `/files/purchase_order/po_pdf/${id}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expectNames(textOf(pdf.rawPayload), [POLISH_CJK, CZECH, CYRILLIC, TURKISH, GREEK]);
  });

  it('prints them on a packing list', async () => {
    const product = await makeProduct(t, { desc: GREEK, plSerialCount: 1 });
    const orderId = await makeOrder(t, [{ product_id: product.id, quantity: 1 }]);
    const order = (await call(t, 'shipping', 'GET', `/shipping/packinglists/order/${orderId}`)).json().data;
    const saved = await call(t, 'shipping', 'POST', '/shipping/packinglists/save', {
      order_id: orderId,
      customer: TURKISH,
      country: 'Germany',
      po_number: CYRILLIC,
      shipping_date: utc(2026, 11, 1),
      show_logo: 1,
      products: order.products.map((l: Json) => ({ ...l, pl_name: POLISH_CJK, pl_serial: CZECH })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pdf = await call(t, 'shipping', 'GET', `/files/packing_list/packing_list_pdf/${saved.json().data.id}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expectNames(textOf(pdf.rawPayload), [TURKISH, CYRILLIC, POLISH_CJK, CZECH]);
  });

  it('prints them in the Overdue Invoices and Top Dealers reports', async () => {
    const product = await makeSaleProduct(t, { desc: 'Unicode report product', msrp: 100 });
    for (const [i, name] of ALL.entries()) {
      const d = await createDealer(t, { name });
      await createOrder(
        t,
        {
          date: utc(2009, 6, 10),
          // Overdue Invoices lists invoiced orders only.
          invoice: `INV-UNI-${i}`,
          products: [{ product_id: product.id, quantity: 1, msrp: 100, discount: 0, bom_cost: 0 }],
          payment_status: 'not paid',
          payment_due_date: utc(2009, 7, 10),
        },
        d.id,
      );
    }
    const overdue = await get(t, 'sale', '/api/sale/reports/overdueInvoices/pdf');
    expect(overdue.statusCode, overdue.body).toBe(200);
    expectNames(textOf(overdue.rawPayload), ALL);
    const tz = encodeURIComponent(encodeTimezone('UTC'));
    const top = await get(
      t,
      'sale',
      `/api/shipping/reports/topDealers/pdf/${utc(2009, 6, 1)}/${utc(2009, 7, 1) - 1}/${tz}`,
    );
    expect(top.statusCode, top.body).toBe(200);
    expectNames(textOf(top.rawPayload), ALL);
  });
});

describe('one document does not change the next one’s text', () => {
  it('reads back a dotless ı after a document that drew it under a caron (ǐ)', async () => {
    // The parsed fonts are shared; each document keeps its own glyphs (platform/pdf.ts, perDocument).
    await renderPdf({ content: ['Pinyin: ǐ í'] });
    const text = pdfText(await renderPdf({ content: ['Bank: Ziraat Bankası'] }));
    expect(text).toContain('Bank: Ziraat Bankası');
  });
});
