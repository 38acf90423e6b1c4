import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG } from '@bpm/contract/messages';
import { encodeTimezone, reportFileName } from '@bpm/contract/reports';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseCell } from '../src/platform/csv-export';
import { createDealer, pickProducts } from './factories/sales';
import { createTestApp, get, postForm, type TestApp } from './helpers';

// A fixed data set in March–April 2010 (no demo order is that old), with hand-computed figures.
let t: TestApp;
let dA: { id: number; name: string };
let dB: { id: number; name: string };
let P: Awaited<ReturnType<typeof pickProducts>>;
const utc = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h, mi) / 1000;
const MAR1 = utc(2010, 3, 1);
const MAR31_END = utc(2010, 4, 1) - 1;
const APR30_END = utc(2010, 5, 1) - 1;

async function order(fields: Record<string, unknown>) {
  const res = await postForm(t, 'sale', '/api/orders/save', { value: 0, ...fields } as unknown as Record<
    string,
    string
  >);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as { id: number };
}

beforeAll(async () => {
  t = await createTestApp();
  dA = await createDealer(t, { name: 'Report Dealer A', discount: 0, credit_limit: 5000 });
  dB = await createDealer(t, { name: '=HYPERLINK("http://x")', discount: 0, credit_limit: 0 });
  P = await pickProducts(t);
  const ship = (msrp: number) => ({ product_id: P.shipping.id, quantity: 1, msrp, discount: 0, bom_cost: 0 });
  // o1: A, 5 Mar, value 1000 (900 goods + 100 shipping), invoiced, not paid, 200 received, due 4 Apr, DHL.
  await order({
    dealer: dA.id,
    invoice: 'INV-R-1',
    date: utc(2010, 3, 5, 10),
    products: [{ product_id: P.a.id, quantity: 2, msrp: 450, discount: 0, bom_cost: 150 }, ship(100)],
    payment_status: 'not paid',
    payment_received: 200,
    payment_due_date: utc(2010, 4, 4),
    shipping_awb: 'DHL 1234567890',
    shipping_date: utc(2010, 3, 6),
    actual_shipping_cost: 80,
  });
  // o2: A, 20 Mar, value 500.50, paid, FedEx, actual cost 30.25.
  await order({
    dealer: dA.id,
    date: utc(2010, 3, 20, 9),
    products: [{ product_id: P.b.id, quantity: 1, msrp: 500.5, discount: 0, bom_cost: 120.25 }],
    payment_status: 'paid',
    payment_received: 500.5,
    shipping_awb: 'FedEx 222',
    shipping_date: utc(2010, 3, 21),
    actual_shipping_cost: 30.25,
  });
  // o3: A, 25 Mar, cancelled: counts nowhere.
  await order({
    dealer: dA.id,
    date: utc(2010, 3, 25),
    shipping_status: 'cancel',
    products: [{ product_id: P.a.id, quantity: 5, msrp: 100, discount: 0, bom_cost: 150 }],
  });
  // o4: B, 31 Mar 23:30 UTC (1 April in Berlin), value 250 (200 + 50 shipping), invoiced, not paid, due 30 Apr,
  // Aramex.
  await order({
    dealer: dB.id,
    invoice: 'INV-R-4',
    date: utc(2010, 3, 31, 23, 30),
    products: [{ product_id: P.a.id, quantity: 1, msrp: 250, discount: 20, bom_cost: 150 }, ship(50)],
    payment_status: 'not paid',
    payment_due_date: utc(2010, 4, 30),
    shipping_awb: 'Aramex 333',
    shipping_date: utc(2010, 4, 1),
  });
  // o5: A, 10 Apr, 2000, not paid, no due date.
  await order({ dealer: dA.id, date: utc(2010, 4, 10), value: 2000, products: [], payment_status: 'not paid' });
});
afterAll(() => t.close());

const csv = (body: string) => Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true }).data;
function pdfText(buf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'bpm-pdf-'));
  const file = join(dir, 'r.pdf');
  writeFileSync(file, buf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
const B64 = (tz: string) => encodeURIComponent(encodeTimezone(tz));

describe('Monthly Sales', () => {
  it('lists the month’s orders (cancelled excluded) with exact figures, in UTC by default', async () => {
    const res = await get(t, 'sale', '/api/sale/reports/monthlySales/csv/2010/3');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('filename="Monthly_Sales_2010-03.csv"');
    // The one CSV writer of lists and reports: BOM, labels as header row, LF line ends.
    expect(res.body.startsWith('\uFEFFDate,OC Ref,Invoice,Dealer,')).toBe(true);
    expect(res.body).not.toContain('\r\n');
    const rows = csv(res.body);
    expect(Object.keys(rows[0]!)).toEqual([
      'Date',
      'OC Ref',
      'Invoice',
      'Dealer',
      'Shipping Status',
      'Payment Status',
      'Value',
      'Shipping Cost',
      'Sales',
    ]);
    expect(rows.map((r) => [r.Date, r.Value, r['Shipping Cost'], r.Sales])).toEqual([
      ['2010-03-05', '1000.00', '100.00', '900.00'],
      ['2010-03-20', '500.50', '0.00', '500.50'],
      ['2010-03-31', '250.00', '50.00', '200.00'],
    ]);
    // The formula-like dealer name is neutralised.
    expect(rows[2]!.Dealer).toBe('\'=HYPERLINK("http://x")');
  });

  it('cuts the month in the caller’s time zone', async () => {
    const res = await get(t, 'sale', `/api/sale/reports/monthlySales/csv/2010/3?timezone=${B64('Europe/Berlin')}`);
    expect(csv(res.body).map((r) => r.Value)).toEqual(['1000.00', '500.50']);
    const apr = await get(t, 'sale', `/api/sale/reports/monthlySales/csv/2010/4?timezone=${B64('Europe/Berlin')}`);
    expect(csv(apr.body).map((r) => [r.Date, r.Value])).toEqual([
      ['2010-04-01', '250.00'],
      ['2010-04-10', '2000.00'],
    ]);
  });

  it('prints a PDF with the company header, the month, totals and page numbers', async () => {
    const res = await get(t, 'administrator', '/api/sale/reports/monthlySales/pdf/2010/3');
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('BPM Hardware Inc.');
    expect(text).toContain('Monthly Sales');
    expect(text).toContain('2010-03 (UTC)');
    expect(text).toMatch(/Total \(3 orders\)\s+US\$1,750\.50\s+US\$150\.00\s+US\$1,600\.50/);
    expect(text).toContain('Page 1 of 1');
  });

  it('refuses future months, bad months and formats other than pdf/csv', async () => {
    // The fake clock is 22 Nov 2026.
    const future = await get(t, 'sale', '/api/sale/reports/monthlySales/csv/2026/12');
    expect(future.statusCode).toBe(400);
    expect(future.json().cause.month).toBe(MSG.reportFutureMonth);
    expect((await get(t, 'sale', '/api/sale/reports/monthlySales/csv/2026/11')).statusCode).toBe(200);
    expect((await get(t, 'sale', '/api/sale/reports/monthlySales/csv/2010/13')).statusCode).toBe(400);
    const xls = await get(t, 'sale', '/api/sale/reports/monthlySales/xlsx/2010/3');
    expect(xls.statusCode).toBe(400);
    expect(xls.json().cause.format).toBe(MSG.reportFormatInvalid);
  });
});

describe('streaming', () => {
  it('reads past the chunk size by keyset without losing or repeating rows (ties on date)', async () => {
    const n = 2345;
    const feb = utc(2011, 2, 1);
    await t.database.db.execute(
      sql`insert into orders (dealer_id, dealer_name, date, value, created_at, updated_at)
        select ${dA.id}, 'Bulk', ${feb} + (i % 100) * 3600, i, 0, 0 from generate_series(1, ${n}) i`,
    );
    const res = await get(t, 'sale', '/api/sale/reports/monthlySales/csv/2011/2');
    const rows = csv(res.body);
    expect(rows).toHaveLength(n);
    expect(rows.reduce((s, r) => s + Number(r.Value), 0)).toBe((n * (n + 1)) / 2);
    expect(new Set(rows.map((r) => r.Value)).size).toBe(n);
  });
});

describe('Dealer statement of accounts', () => {
  // The full statement (opening balance, payments, ageing, PDF) is tested in reports-statement.test.ts.
  it('sets the dealer’s invoices and payments of the period against each other, with the credit', async () => {
    const url = `/api/sale/reports/dealerStatementOfAccounts/csv/${dA.id}/${MAR1}/${MAR31_END}`;
    const res = await get(t, 'sale', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="Dealer_Statement_Report_Dealer_A_2010-03-01_2010-03-31.csv"',
    );
    // Terms '100% 30 days' (the factory's): o1 is due 30 days after 5 Mar; o2 (paid, no invoice) pays on account.
    expect(csv(res.body).map((r) => [r.Date, r.Type, r['Due Date'], r.Debit, r.Credit, r.Balance])).toEqual([
      ['2010-03-01', 'Opening balance', '', '', '', '0.00'],
      ['2010-03-05', 'Invoice', '2010-04-04', '1000.00', '', '1000.00'],
      ['2010-03-05', 'Payment', '', '', '200.00', '800.00'],
      ['2010-03-20', 'Payment', '', '', '500.50', '299.50'],
      ['2010-03-31', 'Closing balance', '', '1000.00', '700.50', '299.50'],
    ]);
    const pdf = pdfText((await get(t, 'sale', url.replace('/csv/', '/pdf/'))).rawPayload);
    expect(pdf).toContain('Report Dealer A');
    expect(pdf).toContain('2010-03-01 to 2010-03-31 (UTC)');
    // Credit today: o1 800 + o5 2000 unpaid; limit 5000.
    expect(pdf).toMatch(/Credit limit\s+US\$5,000\.00/);
    expect(pdf).toMatch(/Credit used \(today\)\s+US\$2,800\.00/);
    expect(pdf).toMatch(/Credit available\s+US\$2,200\.00/);
  });

  it('refuses reversed dates and an unknown dealer', async () => {
    const rev = await get(t, 'sale', `/api/sale/reports/dealerStatementOfAccounts/pdf/${dA.id}/${MAR31_END}/${MAR1}`);
    expect(rev.statusCode).toBe(400);
    expect(rev.json().cause.endDate).toBe(MSG.reportDatesReversed);
    const unknown = await get(t, 'sale', `/api/sale/reports/dealerStatementOfAccounts/pdf/999999/${MAR1}/${MAR31_END}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.dealerNotFound);
  });
});

describe('Overdue Invoices', () => {
  it('lists unpaid invoices whose due date has passed, with days overdue and balance', async () => {
    const res = await get(t, 'sale', '/api/sale/reports/overdueInvoices/csv');
    expect(res.statusCode).toBe(200);
    const mine = csv(res.body).filter((r) => r.Dealer === dA.name || r.Dealer === `'${dB.name}`);
    const today = utc(2026, 11, 22);
    // o5 (no due date) and o2 (paid) are not overdue.
    expect(mine.map((r) => [r.Invoice, r['Due Date'], r['Days Overdue'], r.Balance])).toEqual([
      ['INV-R-1', '2010-04-04', String((today - utc(2010, 4, 4)) / 86400), '800.00'],
      ['INV-R-4', '2010-04-30', String((today - utc(2010, 4, 30)) / 86400), '250.00'],
    ]);
  });

  it('counts calendar days in the report’s time zone: due yesterday is 1 day overdue; only invoiced orders', async () => {
    // The clock is 22 Nov 2026 12:00 UTC (04:00 in Los Angeles).
    // Terms 'None': the due day is the order's own (statementDueDay).
    const d = await createDealer(t, { name: 'Overdue Count Dealer', credit_limit: 0, payment_terms: 'None' });
    const due = async (invoice: string, at: number) =>
      order({ dealer: d.id, date: utc(2026, 10, 1), value: 100, products: [], invoice, payment_due_date: at });
    await due('INV-OD-YESTERDAY', utc(2026, 11, 21, 15)); // 21 Nov 15:00 UTC (07:00 in Los Angeles)
    await due('INV-OD-TODAY', utc(2026, 11, 22, 6)); // 22 Nov in UTC, 21 Nov 22:00 in Los Angeles
    await due('INV-OD-WEEK', utc(2026, 11, 15, 23, 59));
    await due('', utc(2026, 10, 1)); // no invoice number: not an invoice
    const rows = async (tz?: string) =>
      csv((await get(t, 'sale', `/api/sale/reports/overdueInvoices/csv${tz ? `?timezone=${B64(tz)}` : ''}`)).body)
        .filter((r) => r.Dealer === d.name)
        .map((r) => [r.Invoice, r['Days Overdue']]);
    expect(await rows()).toEqual([
      ['INV-OD-WEEK', '7'],
      ['INV-OD-YESTERDAY', '1'],
    ]);
    expect(await rows('America/Los_Angeles')).toEqual([
      ['INV-OD-WEEK', '7'],
      ['INV-OD-YESTERDAY', '1'],
      ['INV-OD-TODAY', '1'],
    ]);
    const pdf = pdfText((await get(t, 'sale', '/api/sale/reports/overdueInvoices/pdf')).rawPayload);
    expect(pdf).toMatch(/INV-OD-YESTERDAY\s+2026-10-01\s+2026-11-21\s+1\s+US\$100\.00/);
  });

  it("takes the due day from the dealer's payment terms, as the statement does", async () => {
    const d = await createDealer(t, { name: 'Overdue Terms Dealer', credit_limit: 0, payment_terms: '100% 45 days' });
    // Ordered 1 Oct with a stored due date 30 days on: the terms give 45 days, due 15 Nov, 7 days overdue on 22 Nov.
    await order({
      dealer: d.id,
      date: utc(2026, 10, 1),
      value: 100,
      products: [],
      invoice: 'INV-OD-TERMS',
      payment_due_date: utc(2026, 10, 31),
    });
    const rows = csv((await get(t, 'sale', '/api/sale/reports/overdueInvoices/csv')).body).filter(
      (r) => r.Dealer === d.name,
    );
    expect(rows.map((r) => [r.Invoice, r['Due Date'], r['Days Overdue']])).toEqual([
      ['INV-OD-TERMS', '2026-11-15', '7'],
    ]);
  });
});

describe('Shipping Cost', () => {
  const url = (company: string, f = 'csv') =>
    `/api/shipping/reports/shippingCost/${f}/${encodeURIComponent(company)}/${MAR1}/${APR30_END}`;
  it('lists shipped orders by company with charged and actual cost', async () => {
    const all = csv((await get(t, 'shipping', url('all'))).body);
    expect(all.map((r) => [r.Company, r['Shipping Cost'], r['Actual Shipping Cost'], r.Difference])).toEqual([
      ['DHL', '100.00', '80.00', '20.00'],
      ['FedEx', '0.00', '30.25', '-30.25'],
      ['Other', '50.00', '0.00', '50.00'],
    ]);
    expect(csv((await get(t, 'shipping', url('DHL'))).body)).toHaveLength(1);
    expect(csv((await get(t, 'shipping', url('FedEx'))).body)[0]!.AWB).toBe('FedEx 222');
    expect(csv((await get(t, 'shipping', url('UPS'))).body)).toHaveLength(0);
    expect(csv((await get(t, 'shipping', url('other:'))).body).map((r) => r.AWB)).toEqual(['Aramex 333']);
    expect(csv((await get(t, 'shipping', url('other:aramex,dpd'))).body).map((r) => r.AWB)).toEqual(['Aramex 333']);
    const pdf = pdfText((await get(t, 'administrator', url('all', 'pdf'))).rawPayload);
    expect(pdf).toMatch(/Total \(3 shipments\)\s+US\$150\.00\s+US\$110\.25\s+US\$39\.75/);
    expect((await get(t, 'shipping', url('Pigeon'))).statusCode).toBe(400);
  });
});

describe('Top Dealers', () => {
  it('ranks dealers by sales with their share, in the base64 time zone', async () => {
    const res = await get(t, 'sale', `/api/shipping/reports/topDealers/csv/${MAR1}/${MAR31_END}/${B64('UTC')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(csv(res.body).map((r) => [r.Rank, r.Orders, r.Sales, r['Share of Sales (%)']])).toEqual([
      ['1', '2', '1400.50', '87.50'],
      ['2', '1', '200.00', '12.50'],
    ]);
    const bad = await get(
      t,
      'sale',
      `/api/shipping/reports/topDealers/csv/${MAR1}/${MAR31_END}/${B64('Mars/Olympus')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().cause.timezone).toBe(MSG.reportTimezoneInvalid);
  });
});

describe('Product Sales & Profitability', () => {
  const post = async (body: unknown, f = 'csv', role: 'sale' | 'shipping' = 'sale') =>
    t.app.inject({
      method: 'POST',
      url: `/api/sale/reports/salesBomCost/${f}`,
      headers: await t.as(role),
      payload: body as object,
    });
  it('sets revenue against BOM cost per product, all products or the chosen ones', async () => {
    const all = await post({ productIds: [], startDate: MAR1, endDate: APR30_END });
    expect(all.statusCode, all.body).toBe(200);
    const rows = csv(all.body);
    expect(rows.map((r) => [r['Quantity Sold'], r.Revenue, r['BOM Cost'], r.Profit, r['Margin (%)']])).toEqual([
      ['3', '1100.00', '450.00', '650.00', '59.09'],
      ['1', '500.50', '120.25', '380.25', '75.97'],
    ]);
    expect(rows[0]!['Product Code']).toBe(P.a.product_code);
    const one = csv((await post({ productIds: [P.b.id], startDate: MAR1, endDate: APR30_END })).body);
    expect(one.map((r) => r['Product Code'])).toEqual([P.b.product_code]);
    const pdf = pdfText((await post({ productIds: ['all'], startDate: MAR1, endDate: APR30_END }, 'pdf')).rawPayload);
    expect(pdf).toContain('All Products');
    expect(pdf).toMatch(/Total\s+4\s+US\$1,600\.50\s+US\$570\.25\s+US\$1,030\.25\s+64\.4%/);
  });

  it('refuses unknown products, reversed dates, and the shipping role', async () => {
    expect((await post({ productIds: [999999], startDate: MAR1, endDate: APR30_END })).json().cause.productIds).toBe(
      MSG.productUnknown,
    );
    expect((await post({ startDate: APR30_END, endDate: MAR1 })).statusCode).toBe(400);
    expect((await post({ startDate: MAR1, endDate: APR30_END }, 'csv', 'shipping')).statusCode).toBe(403);
  });
});

describe('report roles and files', () => {
  it('admin all six; sale all but Shipping Cost; shipping only Shipping Cost; others none', async () => {
    const urls = {
      statement: `/api/sale/reports/dealerStatementOfAccounts/csv/${dA.id}/${MAR1}/${MAR31_END}`,
      overdue: '/api/sale/reports/overdueInvoices/csv',
      shipping: `/api/shipping/reports/shippingCost/csv/all/${MAR1}/${MAR31_END}`,
      monthly: '/api/sale/reports/monthlySales/csv/2010/3',
      top: `/api/shipping/reports/topDealers/csv/${MAR1}/${MAR31_END}/${B64('UTC')}`,
    };
    const codes = async (role: Parameters<typeof get>[1]) =>
      Object.fromEntries(
        await Promise.all(Object.entries(urls).map(async ([k, u]) => [k, (await get(t, role, u)).statusCode])),
      );
    expect(await codes('administrator')).toEqual({
      statement: 200,
      overdue: 200,
      shipping: 200,
      monthly: 200,
      top: 200,
    });
    expect(await codes('sale')).toEqual({ statement: 200, overdue: 200, shipping: 403, monthly: 200, top: 200 });
    expect(await codes('shipping')).toEqual({ statement: 403, overdue: 403, shipping: 200, monthly: 403, top: 403 });
    for (const role of ['production', 'purchase', 'qa', 'poapproval', 'tester'] as const)
      expect(Object.values(await codes(role)).every((c) => c === 403)).toBe(true);
  });

  it('records each download as an event', async () => {
    const ev = (await get(t, 'administrator', '/api/events?search=report_downloaded&limit=100')).json();
    expect(ev.total).toBeGreaterThan(5);
  });

  it('neutralises formula cells by the list exports’ rule and sanitises file names', () => {
    for (const v of ['=1+1', '+1', '-cmd', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(v)).toBe(`'${v}`);
    expect(neutraliseCell('plain')).toBe('plain');
    expect(neutraliseCell('-1')).toBe('-1');
    expect(reportFileName(['Dealer Statement', 'Ünïcode / "Evil"\n<x>', '2010-03-01'], 'pdf')).toBe(
      'Dealer_Statement_Unicode_Evil_x_2010-03-01.pdf',
    );
  });
});
