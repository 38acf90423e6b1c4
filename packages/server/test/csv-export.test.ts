// Issue 9 item 12: CSV export of what a list's filters select.
import { DEALER_SORTS, dealerListQuery } from '@bpm/contract/dealers';
import { eventListQuery } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { ORDER_SORTS, orderListQuery } from '@bpm/contract/order-reads';
import { QUOTATION_SORTS, quotationListQuery } from '@bpm/contract/quotations';
import type { Role } from '@bpm/contract/roles';
import { SUPPLIER_SORTS, supplierListQuery } from '@bpm/contract/suppliers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportDealers } from '../src/modules/dealers/service';
import { exportEvents } from '../src/modules/events/service';
import {
  exportOrders,
  exportShippingOrders,
  ORDER_EXPORT_COLUMNS,
  SHIPPING_EXPORT_COLUMNS,
} from '../src/modules/sales-docs/export';
import { exportQuotations } from '../src/modules/sales-docs/quotation-list';
import { exportSuppliers } from '../src/modules/suppliers/service';
import { CSV_CHUNK, csvStream, neutraliseCell } from '../src/platform/csv-export';
import { makeSupplier } from './factories/purchasing';
import { createDealer, createOrder, createQuotation, DEALER, pickProducts } from './factories/sales';
import { uniq } from './factories/uniq';
import { createTestApp, DAY, get, postForm, type TestApp } from './helpers';

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

async function text(r: NodeJS.ReadableStream) {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts).toString('utf8');
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

describe('csv stream', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180) after a BOM and the header', async () => {
    const rows = [{ id: 1, note: 'a, "b"\nc', date: 0 }];
    const out = await text(csvStream(async (_l, after) => ({ rows: after ? [] : rows, next: 1 })));
    expect(out).toBe('\uFEFFid,note,date\n1,"a, ""b""\nc",1970-01-01\n');
  });

  it('reads every chunk in order from where the last one ended, each row once, and stops after a short chunk', async () => {
    const total = CSV_CHUNK * 2 + 3;
    const starts: unknown[] = [];
    const out = await text(
      csvStream(async (limit, after) => {
        starts.push(after);
        const from = after === undefined ? 0 : (after as number) + 1;
        const rows = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({ n: from + i }));
        return { rows, next: rows.at(-1)?.n };
      }),
    );
    const lines = out
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('n');
    expect(lines.slice(1).map(Number)).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(starts).toEqual([undefined, CSV_CHUNK - 1, CSV_CHUNK * 2 - 1]);
  });

  it('ends the answer with an error when a chunk fails (no truncated file that looks complete)', async () => {
    const stream = csvStream(async (_l, after) => {
      if (after) throw new Error('db down');
      return { rows: Array.from({ length: CSV_CHUNK }, (_, i) => ({ n: i })), next: 1 };
    });
    await expect(text(stream)).rejects.toThrow();
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

describe('export filters', () => {
  it('refuses an integer filter of 2^31 with the list’s own 400 (was a 500 after the CSV headers)', async () => {
    // A dealer id of 2^31 is out of the integer column's range (a database data exception, 400);
    // a sales window from 2^31 ends before it starts (the products service's 400).
    for (const [base, filter] of [
      ['/api/orders', 'dealer=2147483648'],
      ['/api/quotations', 'dealer=2147483648'],
      ['/api/suppliers', 'SupplierId=2147483648'],
      ['/api/products', 'StartDate=2147483648'],
      ['/api/admin/products', 'StartDate=2147483648'],
    ]) {
      const list = await get(t, 'administrator', `${base}?${filter}`);
      const csv = await get(t, 'administrator', `${base}/export.csv?${filter}`);
      expect(list.statusCode, base).toBe(400);
      expect(csv.statusCode, `${base} ${csv.body}`).toBe(400);
      expect(csv.headers['content-type']).toMatch(/^application\/json/);
      expect(csv.headers['content-disposition']).toBeUndefined();
      expect(csv.json()).toEqual(list.json());
      expect(csv.json().message).toBe(MSG.validation);
    }
  });

  it('answers every filter of 2^31 and 2^53 exactly as its list does', async () => {
    const exports = t.app.routeTable.filter((r) => r.url.endsWith('/export.csv'));
    expect(exports.length).toBeGreaterThanOrEqual(8);
    for (const r of exports) {
      const base = r.url.slice(0, -'/export.csv'.length);
      const role = r.roles.includes('administrator') ? 'administrator' : r.roles[0]!;
      const query = t.app.routeDocs.get(`GET ${r.url}`)?.query;
      const keys = query instanceof z.ZodObject ? Object.keys(query.shape) : [];
      expect(keys, r.url).toContain('limit');
      for (const key of keys)
        for (const v of ['2147483648', '9007199254740993']) {
          const list = await get(t, role as Role, `${base}?${key}=${v}`);
          const csv = await get(t, role as Role, `${r.url}?${key}=${v}${key === 'limit' ? '' : '&limit=1'}`);
          const label = `${r.url}?${key}=${v}`;
          expect(csv.statusCode, `${label} ${csv.body.slice(0, 200)}`).toBeLessThan(500);
          if (list.statusCode === 200) expect(csv.statusCode, label).toBe(200);
          else {
            expect(csv.statusCode, label).toBe(list.statusCode);
            expect(csv.json(), label).toEqual(list.json());
          }
        }
    }
  });
});

describe('orders CSV bytes', () => {
  // Pins columns, formatting, BOM and formula escaping, so that speeding up the export cannot change the file.
  it('answers exactly these bytes', async () => {
    const dealer = await createDealer(t, { name: '=Pin, "Dealer"', credit_limit: 0 });
    const P = await pickProducts(t);
    const day = Math.floor(t.clock.now() / 1000 / DAY) * DAY;
    const save = async (fields: Record<string, unknown>) => {
      const res = await postForm(t, 'sale', '/api/orders/save', { dealer: dealer.id, ...fields });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const a = await save({
      date: day - 3 * DAY,
      oc_ref: '+OC-1',
      invoice: 'INV 1',
      quote_ref: 'Q-1',
      customer_ref: '@cust',
      note: 'line one\r\nline "two", end',
      value: 0,
      shipping_cost: 12.5,
      actual_shipping_cost: 9.99,
      shipping_status: 'done',
      shipping_awb: '-AWB',
      shipping_date_expected: day - 2 * DAY,
      shipping_date: day - DAY,
      payment_status: 'paid',
      payment_due_date: day + 30 * DAY,
      payment_date: day,
      products: [
        { product_id: P.a.id, quantity: 3, msrp: 100.1, discount: 5 },
        { product_id: P.shipping.id, quantity: 1, msrp: 12.5, discount: 0 },
      ],
    });
    const b = await save({
      date: day,
      oc_ref: 'OC-2',
      note: '\tTab – Müller',
      customer_ref: '-12.5',
      value: 1234.56,
      payment_advance: 100,
      shipping_for_today: 1,
    });
    const d = `${dealer.id},"'=Pin, ""Dealer""",Germany`;
    const res = await get(t, 'sale', `/api/orders/export.csv?dealer=${dealer.id}`);
    expect(res.statusCode).toBe(200);
    const expected =
      '\uFEFFid,date,dealer,dealer_name,dealer_country,quote_ref,oc_ref,invoice,note,customer_ref,value,shipping_cost,' +
      'sales,actual_shipping_cost,shipping_status,shipping_for_today,shipping_date_expected,shipping_date,' +
      'shipping_awb,payment_status,payment_due_date,payment_date,payment_received,outstanding,outstanding_shipped,' +
      'request_to_delete,test_status,revision\n' +
      `${b},2026-11-22,${d},,OC-2,,Tab – Müller,-12.5,1234.56,0,1234.56,0,wait,1,,,,not paid,,,100,1134.56,0,0,pending,0\n` +
      `${a},2026-11-19,${d},Q-1,'+OC-1,INV 1,"line one\r\nline ""two"", end",'@cust,297.78,12.5,285.28,9.99,done,0,` +
      `2026-11-20,2026-11-21,'-AWB,paid,2026-12-22,2026-11-22,297.78,0,0,0,pending,0\n`;
    expect(res.body).toBe(expected);
    expect(res.rawPayload.equals(Buffer.from(expected, 'utf8'))).toBe(true);

    // The shipping variant: its own columns, no money.
    const ship = await get(t, 'shipping', `/api/shipping/orders/export.csv?dealer=${dealer.id}`);
    const name = `"'=Pin, ""Dealer"""`;
    expect(ship.body).toBe(
      '\uFEFFid,date,oc_ref,invoice,note,shipping_awb,shipping_status,shipping_for_today,shipping_date_expected,dealer_name\n' +
        `${b},2026-11-22,OC-2,,Tab – Müller,,wait,1,,${name}\n` +
        `${a},2026-11-19,'+OC-1,INV 1,"line one\r\nline ""two"", end",'-AWB,done,0,2026-11-20,${name}\n`,
    );
  });
});

describe('orders export by keyset', () => {
  it('answers every selected order exactly once, in the list’s order, across chunk boundaries, for every sort', async () => {
    const a = await createDealer(t, { credit_limit: 0 });
    const b = await createDealer(t, { credit_limit: 0 });
    const now = Math.floor(t.clock.now() / 1000);
    const token = 'kszq';
    // Ties everywhere: same values, dates, notes (and notes equal in their first 64 characters, the
    // note sort's key), statuses; NULL shipping dates among the rest.
    const long = `${token} ${'x'.repeat(70)}`;
    const variants = [
      { value: 100, note: `${token} same`, shipping_cost: 0 },
      { value: 100, note: `${token} same`, shipping_cost: 20, shipping_date: now - DAY },
      { value: 250, note: `${long}1`, shipping_status: 'done', shipping_awb: 'AWB-1', shipping_date: now - DAY },
      { value: 100, note: `${long}2`, payment_status: 'paid', shipping_date_expected: now + DAY },
      { value: 250, note: `${token} other`, shipping_date_expected: now + DAY, oc_ref: '' },
      { value: 75.5, note: `${token} same`, shipping_for_today: 1, shipping_status: 'ship' },
      { value: 100, note: `${token} same`, shipping_date_expected: now + 2 * DAY, shipping_date: now },
    ];
    for (let i = 0; i < 15; i++) {
      const v = variants[i % variants.length]!;
      await createOrder(t, { date: now - (i % 4) * DAY, oc_ref: `OC-KS-${i % 3}`, ...v }, i % 3 ? a.id : b.id);
    }
    const ids = (csv: string) =>
      parse(csv)
        .slice(1)
        .map((r) => Number(r[0]));
    for (const filter of [{ dealer: String(a.id) }, { search: token }] as Record<string, string>[])
      for (const sort of ORDER_SORTS)
        for (const order of ['asc', 'desc'] as const) {
          const params = { ...filter, sort, order };
          const what = JSON.stringify(params);
          const list = (await get(t, 'sale', `/api/orders?limit=100&${new URLSearchParams(params)}`)).json();
          expect(list.data.length).toBe(list.total);
          // The list's rows, written by the same CSV writer: the export must answer exactly this.
          const want = await text(csvStream(async () => ({ rows: list.data }), ORDER_EXPORT_COLUMNS));
          const q = orderListQuery.parse(params);
          const got = await text(
            csvStream((n, after) => exportOrders(t.database.db, q, now, n, after), ORDER_EXPORT_COLUMNS, 4),
          );
          expect(ids(got), what).toEqual(ids(want));
          expect(got, what).toBe(want);
          const ship = await text(
            csvStream((n, after) => exportShippingOrders(t.database.db, q, now, n, after), SHIPPING_EXPORT_COLUMNS, 3),
          );
          expect(ids(ship), `shipping ${what}`).toEqual(ids(want));
        }
  });
});

describe('quotations and events exports by keyset', () => {
  const ids = (csv: string) =>
    parse(csv)
      .slice(1)
      .map((r) => Number(r[0]));

  it('answers every selected quotation once, in the list’s order, across 2-row chunks, for every sort', async () => {
    const dealer = await createDealer(t, { credit_limit: 0 });
    const now = Math.floor(t.clock.now() / 1000);
    for (let i = 0; i < 7; i++)
      await createQuotation(
        t,
        { date: now - (i % 2) * DAY, value: [10, 10, 20][i % 3], quote_ref: `Q-KS-${i % 2}`, oc_ref: '' },
        dealer.id,
      );
    for (const sort of QUOTATION_SORTS)
      for (const order of ['asc', 'desc'] as const) {
        const params = { dealer: String(dealer.id), sort, order };
        const list = (await get(t, 'sale', `/api/quotations?limit=100&${new URLSearchParams(params)}`)).json();
        const want = (list.data as { id: number }[]).map((r) => r.id);
        expect(want).toHaveLength(7);
        const q = quotationListQuery.parse(params);
        const got = await text(csvStream((n, after) => exportQuotations(t.database.db, q, n, after), undefined, 2));
        expect(ids(got), JSON.stringify(params)).toEqual(want);
      }
  });

  it('answers every event once, newest first, across 3-row chunks (events of one second included)', async () => {
    // Saving one dealer several times writes several events, some within one second.
    const dealer = await createDealer(t, { credit_limit: 0 });
    for (let i = 0; i < 5; i++) {
      const res = await postForm(t, 'sale', '/api/dealers/save', {
        ...DEALER,
        name: dealer.name,
        id: dealer.id,
        discount: i,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const params = { type: 'dealer' };
    const list = (await get(t, 'administrator', `/api/events?limit=100&${new URLSearchParams(params)}`)).json();
    const want = (list.data as { id: number }[]).map((r) => r.id);
    expect(want.length).toBe(list.total);
    expect(want.length).toBeGreaterThan(5);
    const q = eventListQuery.parse(params);
    const got = await text(
      csvStream(
        (n, after) => exportEvents(t.database.db, { user_id: 1, user_role: 'administrator' }, q, n, after),
        undefined,
        3,
      ),
    );
    expect(ids(got)).toEqual(want);
  });
});

describe('dealers and suppliers exports by keyset (sort key one way, id the other)', () => {
  const ids = (csv: string) =>
    parse(csv)
      .slice(1)
      .map((r) => Number(r[0]));

  it('answers every selected dealer and supplier once, in the list’s order, across 2-row chunks', async () => {
    const token = uniq('ksdl').toLowerCase();
    for (let i = 0; i < 5; i++)
      await createDealer(t, { name: `${token} ${i % 2}`, email: `${token}@x.example`, credit_limit: 0 });
    for (const sort of [...DEALER_SORTS, undefined])
      for (const order of ['asc', 'desc'] as const) {
        const params: Record<string, string> = { search: token, order, ...(sort ? { sort } : {}) };
        const list = (await get(t, 'sale', `/api/dealers?limit=100&${new URLSearchParams(params)}`)).json();
        const want = (list.data as { id: number }[]).map((r) => r.id);
        expect(want).toHaveLength(5);
        const q = dealerListQuery.parse(params);
        const got = await text(csvStream((n, after) => exportDealers(t.database.db, q, n, after), undefined, 2));
        expect(ids(got), JSON.stringify(params)).toEqual(want);
      }
    for (let i = 0; i < 5; i++) await makeSupplier(t, { name: `${token} ${i}`, contact_person: `${token} ${i % 2}` });
    for (const sort of [...SUPPLIER_SORTS, undefined])
      for (const order of ['asc', 'desc'] as const) {
        const params: Record<string, string> = { search: token, order, ...(sort ? { sort } : {}) };
        const list = (await get(t, 'administrator', `/api/suppliers?limit=100&${new URLSearchParams(params)}`)).json();
        const want = (list.data as { id: number }[]).map((r) => r.id);
        expect(want).toHaveLength(5);
        const q = supplierListQuery.parse(params);
        const got = await text(csvStream((n, after) => exportSuppliers(t.database.db, q, n, after), undefined, 2));
        expect(ids(got), JSON.stringify(params)).toEqual(want);
      }
  });
});
