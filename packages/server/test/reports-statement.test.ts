// Issue 24 item 1: the dealer statement of accounts an accountant accepts — opening balance, dated invoice and
// payment lines with a running balance, closing balance, ageing; CSV with the same lines; the PDF read back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeTimezone } from '@bpm/contract/reports';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, createOrder } from './factories/sales';
import { createTestApp, get, type TestApp } from './helpers';

const NAME = 'Łódź Ödeme Şirketi 深圳贸易 Sp. z o.o.';
const utc = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h, mi) / 1000;
const START = utc(2009, 3, 1);
const END = utc(2009, 4, 1) - 1;

let t: TestApp;
let dealer: { id: number; name: string };
const refs: Record<string, string> = {};

/** An order of the dealer dated `date` (10:00 UTC), `value` as a bare value (no lines), OC ref OC-ST-{key}. */
async function order(key: string, date: number, value: number, fields: Record<string, string | number> = {}) {
  refs[key] = `OC-ST-${key}`;
  await createOrder(t, { date, value, products: [], oc_ref: `OC-ST-${key}`, ...fields }, dealer.id);
}

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t, { name: NAME, payment_terms: '100% 45 days', credit_limit: 10000, discount: 0 });
  // Before the period: H (due 2008-11-15), G (due 2009-01-15), A (due 2009-02-24, 400 paid 15 Feb), J (due 18 Mar),
  // B (paid in the period).
  await order('H', utc(2008, 10, 1, 10), 100, { invoice: 'INV-ST-H' });
  await order('G', utc(2008, 12, 1, 10), 250, { invoice: 'INV-ST-G' });
  await order('A', utc(2009, 1, 10, 10), 1000, {
    invoice: 'INV-ST-A',
    payment_received: 400,
    payment_date: utc(2009, 2, 15, 15),
    // The order's own due date is not the statement's: the terms (45 days) decide.
    payment_due_date: utc(2009, 2, 9),
  });
  await order('J', utc(2009, 2, 1, 10), 120, { invoice: 'INV-ST-J' });
  await order('B', utc(2009, 2, 20, 10), 300, {
    invoice: 'INV-ST-B',
    payment_status: 'paid',
    payment_date: utc(2009, 3, 10, 9),
  });
  // In the period: C invoiced with an advance (on the order date) and the rest paid 20 Mar; D paid in advance,
  // not yet invoiced; E cancelled (owes and pays nothing).
  await order('C', utc(2009, 3, 5, 10), 2000, {
    invoice: 'INV-ST-C',
    payment_advance: 500,
    payment_received: 1500,
    payment_date: utc(2009, 3, 20, 12),
  });
  await order('D', utc(2009, 3, 12, 10), 800, { payment_advance: 800 });
  await order('E', utc(2009, 3, 15, 10), 700, {
    invoice: 'INV-ST-E',
    shipping_status: 'cancel',
    payment_received: 100,
    payment_date: utc(2009, 3, 16),
  });
  // After the period: F.
  await order('F', utc(2009, 4, 5, 10), 900, { invoice: 'INV-ST-F' });
}, 120_000);
afterAll(() => t.close());

const url = (f: 'csv' | 'pdf', start = START, end = END) =>
  `/api/sale/reports/dealerStatementOfAccounts/${f}/${dealer.id}/${start}/${end}`;
const csv = (body: string) => Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

/** pdftotext -layout: each printed line stays one line, columns spaced. */
function layoutText(pdf: Buffer): string {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const dir = mkdtempSync(join(tmpdir(), 'bpm-stmt-'));
  try {
    writeFileSync(join(dir, 's.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Dealer statement of accounts', () => {
  it('CSV: opening balance, dated invoice and payment lines with a running balance, closing balance', async () => {
    const res = await get(t, 'sale', url('csv'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csv(res.body);
    expect(header).toEqual(['Date', 'Type', 'OC Ref', 'Invoice', 'Due Date', 'Debit', 'Credit', 'Balance']);
    // Opening: invoiced before 1 Mar (100 + 250 + 1000 + 120 + 300 = 1770) less paid before it (400).
    expect(rows).toEqual([
      ['2009-03-01', 'Opening balance', '', '', '', '', '', '1370.00'],
      ['2009-03-05', 'Invoice', refs.C, 'INV-ST-C', '2009-04-19', '2000.00', '', '3370.00'],
      ['2009-03-05', 'Advance payment', refs.C, 'INV-ST-C', '', '', '500.00', '2870.00'],
      ['2009-03-10', 'Payment', refs.B, 'INV-ST-B', '', '', '300.00', '2570.00'],
      ['2009-03-12', 'Payment', refs.D, '', '', '', '800.00', '1770.00'],
      ['2009-03-20', 'Payment', refs.C, 'INV-ST-C', '', '', '1000.00', '770.00'],
      ['2009-03-31', 'Closing balance', '', '', '', '2000.00', '2600.00', '770.00'],
    ]);
  });

  it('the next period opens at the closing balance; due dates follow the terms (45 days), not 30', async () => {
    const rows = csv((await get(t, 'sale', url('csv', END + 1, utc(2009, 5, 1) - 1))).body).slice(1);
    expect(rows).toEqual([
      ['2009-04-01', 'Opening balance', '', '', '', '', '', '770.00'],
      ['2009-04-05', 'Invoice', refs.F, 'INV-ST-F', '2009-05-20', '900.00', '', '1670.00'],
      ['2009-04-30', 'Closing balance', '', '', '', '900.00', '0.00', '1670.00'],
    ]);
    // Over the whole history: the opening is 0 and every invoice is due 45 days after its date.
    const all = csv((await get(t, 'sale', url('csv', 0, END))).body).slice(1);
    expect(all[0]).toEqual(['1970-01-01', 'Opening balance', '', '', '', '', '', '0.00']);
    expect(all.filter((r) => r[1] === 'Invoice').map((r) => [r[3], r[0], r[4]])).toEqual([
      ['INV-ST-H', '2008-10-01', '2008-11-15'],
      ['INV-ST-G', '2008-12-01', '2009-01-15'],
      ['INV-ST-A', '2009-01-10', '2009-02-24'],
      ['INV-ST-J', '2009-02-01', '2009-03-18'],
      ['INV-ST-B', '2009-02-20', '2009-04-06'],
      ['INV-ST-C', '2009-03-05', '2009-04-19'],
    ]);
    expect(all.at(-1)).toEqual(['2009-03-31', 'Closing balance', '', '', '', '3770.00', '3000.00', '770.00']);
  });

  it('cuts days in the caller’s time zone', async () => {
    // 10:00 UTC on 5 Mar is still 5 Mar in Tokyo (19:00); the period 1–31 Mar Tokyo starts 28 Feb 15:00 UTC.
    const tz = encodeURIComponent(encodeTimezone('Asia/Tokyo'));
    const start = utc(2009, 2, 28, 15);
    const end = utc(2009, 3, 31, 15) - 1;
    const rows = csv((await get(t, 'sale', `${url('csv', start, end)}?timezone=${tz}`)).body).slice(1);
    expect(rows[0]).toEqual(['2009-03-01', 'Opening balance', '', '', '', '', '', '1370.00']);
    expect(rows.at(-1)).toEqual(['2009-03-31', 'Closing balance', '', '', '', '2000.00', '2600.00', '770.00']);
  });

  it('PDF: the dealer’s name in any alphabet, references on one line, balances and the ageing at the end day', async () => {
    const res = await get(t, 'sale', url('pdf'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = layoutText(res.rawPayload);
    expect(text).toContain(NAME);
    expect(text).toContain('100% 45 days (due 45 days after the invoice date)');
    expect(text).toContain('2009-03-01 to 2009-03-31 (UTC)');
    expect(text).toMatch(/2009-03-01\s+Opening balance\s+US\$1,370\.00/);
    // The invoice line: date, OC ref and invoice ref on one line with its due date, debit and running balance.
    expect(text).toMatch(
      new RegExp(`2009-03-05\\s+Invoice\\s+${refs.C}\\s+INV-ST-C\\s+2009-04-19\\s+US\\$2,000\\.00\\s+US\\$3,370\\.00`),
    );
    expect(text).toMatch(new RegExp(`2009-03-12\\s+Payment\\s+${refs.D}\\s+US\\$800\\.00\\s+US\\$1,770\\.00`));
    expect(text).toMatch(/2009-03-31\s+Closing balance\s+US\$2,000\.00\s+US\$2,600\.00\s+US\$770\.00/);
    // Open at 31 Mar: C 500 not yet due; J 120 13 days past due; A 600 35 days; G 250 75 days; H 100 136 days;
    // D's 800 paid before it is invoiced is unapplied: 500 + 120 + 600 + 250 + 100 − 800 = 770.
    expect(text).toContain('Ageing at 2009-03-31');
    expect(text).toMatch(
      /Current \(not yet due\)\s+1–30 days past due\s+31–60 days past due\s+61–90 days past due\s+Over 90 days past due\s+Unapplied payments\s+Total \(closing balance\)\n\s*US\$500\.00\s+US\$120\.00\s+US\$600\.00\s+US\$250\.00\s+US\$100\.00\s+-US\$800\.00\s+US\$770\.00\n/,
    );
    // The dealer's credit today: every unpaid balance (A 600, G 250, H 100, J 120, C 500, F 900).
    expect(text).toMatch(/Credit used \(today\)\s+US\$2,470\.00/);
    // The cancelled order is nowhere.
    expect(text).not.toContain('INV-ST-E');
  });
});

describe('Dealer statement of accounts, streamed', () => {
  it('reads past the chunk size by keyset: every line once, the running balance carried across chunks', async () => {
    const d = await createDealer(t, { name: 'Statement Bulk Dealer', payment_terms: '100% 30 days', credit_limit: 0 });
    const n = 1500;
    const day1 = utc(2011, 2, 1);
    // n invoices of i dollars (ties on the date), every third paid in full 10 days later: 2,000 lines.
    await t.database.db.execute(
      sql`insert into orders (dealer_id, dealer_name, date, invoice, value, payment_status, payment_received,
          payment_date, created_at, updated_at)
        select ${d.id}, 'Bulk', ${day1} + (i % 20) * 3600, 'INV-BULK-' || i, i,
          case when i % 3 = 0 then 'paid' else 'not paid' end, case when i % 3 = 0 then i else 0 end,
          case when i % 3 = 0 then ${day1} + 10 * 86400 end, 0, 0
        from generate_series(1, ${n}) i`,
    );
    const url = `/api/sale/reports/dealerStatementOfAccounts/csv/${d.id}/${day1}/${utc(2011, 3, 1) - 1}`;
    const rows = csv((await get(t, 'sale', url)).body).slice(1);
    const body = rows.slice(1, -1);
    expect(body).toHaveLength(n + n / 3);
    expect(new Set(body.filter((r) => r[1] === 'Invoice').map((r) => r[3])).size).toBe(n);
    const cents = (s: string | undefined) => Math.round(Number(s || 0) * 100);
    let balance = 0;
    for (const r of body) {
      balance += cents(r[5]) - cents(r[6]);
      expect(cents(r[7])).toBe(balance);
    }
    const paid = ((n / 3) * (3 + n)) / 2; // 3 + 6 + … + n
    expect(rows.at(-1)).toEqual([
      '2011-02-28',
      'Closing balance',
      '',
      '',
      '',
      `${(n * (n + 1)) / 2}.00`,
      `${paid}.00`,
      `${(n * (n + 1)) / 2 - paid}.00`,
    ]);
  });
});
