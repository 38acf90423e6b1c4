// Issue 9 item 12: CSV export of what a list's filters select.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseCell } from '../src/platform/csv-export';
import { createDealer, pickProducts } from './factories/sales';
import { createTestApp, get, postForm, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Parses a simple CSV answer (quoted cells, no newlines inside cells). */
function parse(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => {
      const cells: string[] = [];
      for (const m of `${line},`.matchAll(/("(?:[^"]|"")*"|[^,]*),/g)) {
        const c = m[1]!;
        cells.push(c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c);
      }
      return cells;
    });
}

describe('cell neutraliser', () => {
  it('prefixes formula starts with an apostrophe and leaves other text and numbers alone', () => {
    for (const s of ['=1+1', '+SUM(A1)', '-cmd', '@A1', '\tx', '\rx', '=HYPERLINK("http://x")'])
      expect(neutraliseCell(s), s).toBe(`'${s}`);
    expect(neutraliseCell('Plain text')).toBe('Plain text');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell(-12.5)).toBe('-12.5');
    expect(neutraliseCell('-12.5')).toBe('-12.5');
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(['x'])).toBe('["x"]');
  });
});

describe('export routes', () => {
  it('exports the filtered orders: BOM, header row, one row per order, formulas neutralised', async () => {
    const dealer = await createDealer(t, { name: 'Export Dealer', credit_limit: 0 });
    const P = await pickProducts(t);
    const now = Math.floor(t.clock.now() / 1000);
    for (const note of ['=1+1', 'plain', '@evil']) {
      const res = await postForm(t, 'sale', '/api/orders/save', {
        dealer: dealer.id,
        date: now,
        value: 0,
        note,
        products: [{ product_id: P.a.id, quantity: 1, msrp: 10, discount: 0 }],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await get(t, 'sale', `/api/orders/export.csv?dealer=${dealer.id}&sort=note&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parse(res.body);
    expect(header).toContain('oc_ref');
    expect(header).toContain('outstanding');
    expect(rows).toHaveLength(3);
    const notes = rows.map((r) => r[header!.indexOf('note')]);
    expect(notes.sort()).toEqual(["'=1+1", "'@evil", 'plain']);
    const date = rows[0]![header!.indexOf('date')];
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Search narrows the export exactly like the list.
    const one = parse((await get(t, 'sale', `/api/orders/export.csv?dealer=${dealer.id}&search=plain`)).body);
    expect(one).toHaveLength(2);
  });

  it("exports every matching order: as many rows as the list's total", async () => {
    const list = (await get(t, 'administrator', '/api/orders?limit=1')).json();
    const csv = parse((await get(t, 'administrator', '/api/orders/export.csv')).body);
    expect(csv.length - 1).toBe(list.total);
  });

  it('keeps each list’s permissions and answers every list', async () => {
    expect((await get(t, 'tester', '/api/orders/export.csv')).statusCode).toBe(403);
    expect((await get(t, 'shipping', '/api/orders/export.csv')).statusCode).toBe(403);
    for (const [role, url] of [
      ['shipping', '/api/shipping/orders/export.csv'],
      ['production', '/api/production/orders/export.csv'],
      ['sale', '/api/quotations/export.csv'],
      ['shipping', '/api/shipping/quotations/export.csv'],
      ['sale', '/api/dealers/export.csv'],
      ['sale', '/api/products/export.csv'],
      ['administrator', '/api/partComponents/export.csv'],
      ['administrator', '/api/suppliers/export.csv'],
      ['administrator', '/api/events/export.csv'],
    ] as const) {
      const res = await get(t, role, url);
      expect(res.statusCode, url).toBe(200);
      expect(parse(res.body).length, url).toBeGreaterThan(1);
    }
    const shippingQ = parse((await get(t, 'shipping', '/api/shipping/quotations/export.csv')).body)[0]!;
    expect(shippingQ).not.toContain('value');
  });
});
