/**
 * Spreadsheet import (issue 26 item 2): preview, then commit of the same file; UTF-8 with or without
 * BOM, comma or semicolon; rows in the save's words; all or nothing; one event per record.
 */
import { IMPORT_KINDS, IMPORT_MSG, type ImportKind } from '@bpm/contract/imports';
import { MSG } from '@bpm/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { getDealer } from '../src/modules/dealers/service';
import { cellValue, decodeCsv, parseCsv } from '../src/modules/imports/csv';
import { KINDS } from '../src/modules/imports/kinds';
import { getPart } from '../src/modules/part-components/service';
import { getProduct } from '../src/modules/products/service';
import { getSupplier } from '../src/modules/suppliers/service';
import { invalid } from '../src/platform/errors';
import { SaveRowError } from '../src/platform/records';
import { makePart, makeProduct } from './factories/products';
import { makeSupplier } from './factories/purchasing';
import { createDealer } from './factories/sales';
import { uniq } from './factories/uniq';
import { type AnyJson, call, countRows, createTestApp, type TestApp, upload } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const csv = (text: string) => Buffer.from(text, 'utf8');
const send = (url: string, kind: ImportKind, data: Buffer, token?: string) =>
  upload(t, 'administrator', url, { kind, ...(token ? { token } : {}) }, [
    { field: 'file', name: 'import.csv', type: 'text/csv', data },
  ]);
const preview = (kind: ImportKind, data: Buffer) => send('/imports/preview', kind, data);
const commit = (kind: ImportKind, data: Buffer, token: string) => send('/imports/commit', kind, data, token);

const events = async (event: string) => {
  const [r] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from events where event = ${event}`,
  );
  return r!.n;
};

describe('the batch save reads stored records as the single save does', () => {
  // The batch save and the import diff a record's form against its area's read of many (`getMany`); a field read
  // differently there (a numeric as text, a file name missing) would show as a change, or hide one.
  it('answers each record exactly as its single read, for every importable kind', async () => {
    const reads: Record<ImportKind, { one: (id: number) => Promise<unknown>; ids: () => Promise<number[]> }> = {
      dealers: {
        one: (id) => getDealer(t.database.db, id),
        ids: async () => [
          (await createDealer(t, { discount: 12.5, credit_limit: 1500.25, notes: 'Łódź 深圳' })).id,
          (await createDealer(t, { same_address: 0, shipping_address: 'Elsewhere 2' })).id,
        ],
      },
      products: {
        one: (id) => getProduct(t.database.db, id),
        ids: async () => [(await makeProduct(t, { msrp: '12.34', discount: '5' })).id, (await makeProduct(t)).id],
      },
      partComponents: {
        one: (id) => getPart(t.database.db, id),
        ids: async () => [(await makePart(t, { price: '0.1234' })).id, (await makePart(t)).id],
      },
      suppliers: {
        one: (id) => getSupplier(t.database.db, id),
        ids: async () => [(await makeSupplier(t)).id, (await makeSupplier(t, { bank_details: 'IBAN PL61 1090' })).id],
      },
    };
    for (const kind of IMPORT_KINDS) {
      const ids = await reads[kind].ids();
      const many = await KINDS[kind].stored(t.database.db, ids);
      expect(many.map((r) => r.id).sort(), kind).toEqual([...ids].sort());
      for (const id of ids)
        expect(
          many.find((r) => r.id === id),
          `${kind} ${id}`,
        ).toEqual(await reads[kind].one(id));
    }
  });
});

describe('import preview and commit', () => {
  it('dealers: a semicolon file with a BOM — creates, updates by name, and nothing before Confirm', async () => {
    const existing = await createDealer(t, { email: 'old@dealer.example' });
    const a = uniq('Imported Dealer');
    const b = uniq('Imported Dealer');
    const file = csv(
      `\uFEFFname;country;email;billing_address;discount;payment_terms;credit_limit\r\n` +
        `${a};Germany;a@dealer.example;"Street 1; Berlin";5;100% 30 days;1000\r\n` +
        `${existing.name.toUpperCase()};Germany;new@dealer.example;Hauptstraße 1;10;;\r\n` +
        `${b};France;b@dealer.example;"Rue ""Haute"" 2";0;None;0\r\n`,
    );
    const dealersBefore = await countRows(t, 'dealers');
    const res = await preview('dealers', file);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ create: 2, update: 1, errors: 0, ignored_columns: [] });
    expect(p.rows.map((r: AnyJson) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'create'],
    ]);
    expect(await countRows(t, 'dealers')).toBe(dealersBefore);

    const created = await events('dealer_created');
    const updated = await events('dealer_updated');
    const done = await commit('dealers', file, p.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ created: 2, updated: 1 });
    expect(await countRows(t, 'dealers')).toBe(dealersBefore + 2);
    // One audit event per record, the same as a manual save.
    expect(await events('dealer_created')).toBe(created + 2);
    expect(await events('dealer_updated')).toBe(updated + 1);
    const [row] = await queryRows<AnyJson>(
      t.database.db,
      sql`select billing_address, email from dealers where name = ${b}`,
    );
    expect(row).toEqual({ billing_address: 'Rue "Haute" 2', email: 'b@dealer.example' });
    const after = (await call(t, 'administrator', 'GET', `/dealers/${existing.id}`)).json().data;
    // The update changed the file's columns and kept the rest (its billing address came from the file).
    expect(after).toMatchObject({ email: 'new@dealer.example', discount: 10, payment_terms: 'None', credit_limit: 0 });
    expect(after.name).toBe(existing.name.toUpperCase());
  });

  it('the history search finds each imported record by its values at once; its event lists every field', async () => {
    const name = uniq('Searched Dealer');
    const email = `${uniq('found').toLowerCase().replace(/\W/g, '')}@dealer.example`;
    const file = csv(`name,country,email,billing_address\n${name},Austria,${email},Ringstraße 9\n`);
    const p = (await preview('dealers', file)).json().data;
    expect((await commit('dealers', file, p.token)).statusCode).toBe(200);
    const found = async (search: string) =>
      (await call(t, 'administrator', 'GET', `/events?limit=10&search=${encodeURIComponent(search)}`)).json();
    for (const search of [
      name,
      email,
      'RINGSTRASSE 9'.replace('SS', 'ß'),
      `"name":"${name}"`,
      `"email":{"old":null,"new":"${email}"}`,
    ]) {
      const res = await found(search);
      expect(
        res.data.map((e: AnyJson) => e.event),
        search,
      ).toContain('dealer_created');
    }
    const [event] = (await found(email)).data;
    // The event keeps the fields created empty; only the search text leaves them out.
    expect(event.data.changes.billing_vat).toEqual({ old: null, new: '' });
    expect(event.data.changes.country).toEqual({ old: null, new: 'Austria' });
  });

  it('bad rows carry the save’s messages in the spec’s words; commit refuses the file whole', async () => {
    const name = uniq('Supplier');
    const file = csv(
      'name,contact_person,address,email\n' +
        `${name},Ann,Somewhere 1,ann@supplier.example\n` +
        ',Bob,Elsewhere 2,not-an-email\n' +
        `${name.toLowerCase()},Cid,Third 3,\n`,
    );
    const res = await preview('suppliers', file);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p.rows[1]).toMatchObject({ line: 3, action: 'error' });
    expect(p.rows[1].errors.name).toBe(MSG.required);
    expect(p.rows[1].errors.email).toBe(MSG.email);
    expect(p.rows[2]).toMatchObject({ line: 4, action: 'error', errors: { name: IMPORT_MSG.duplicateKey(2) } });
    const before = await countRows(t, 'suppliers');
    const done = await commit('suppliers', file, p.token);
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toBe(IMPORT_MSG.hasErrors);
    expect(done.json().cause['line 3.name']).toBe(MSG.required);
    expect(await countRows(t, 'suppliers')).toBe(before);
  });

  it('all or nothing: a save that fails midway leaves no record and no event behind', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => `${uniq('Batch')},Contact ${i},Address ${i}`);
    const file = csv(`name,contact_person,address\n${rows.join('\n')}\n`);
    const p = (await preview('suppliers', file)).json().data;
    expect(p.create).toBe(5);
    const real = KINDS.suppliers.save;
    // The first three rows are written through the area's save, then the disk fills up.
    const spy = vi.spyOn(KINDS.suppliers, 'save').mockImplementation(async (tx, inputs, actor, now) => {
      await real(tx, inputs.slice(0, 3), actor, now);
      throw new Error('disk full');
    });
    const before = await countRows(t, 'suppliers');
    const created = await events('supplier_created');
    try {
      expect((await commit('suppliers', file, p.token)).statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await countRows(t, 'suppliers')).toBe(before);
    expect(await events('supplier_created')).toBe(created);
  });

  it('a row its area’s save refuses is named by its line, and nothing is written', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => `${uniq('Refused')},Contact ${i},Address ${i}`);
    const file = csv(`name,contact_person,address\n${rows.join('\n')}\n`);
    const p = (await preview('suppliers', file)).json().data;
    const real = KINDS.suppliers.save;
    // The save writes the set, then refuses its second row (as a name taken meanwhile would be).
    const spy = vi.spyOn(KINDS.suppliers, 'save').mockImplementation(async (tx, inputs, actor, now) => {
      await real(tx, inputs, actor, now);
      throw new SaveRowError(1, invalid({ name: MSG.supplierNameTaken }));
    });
    const before = await countRows(t, 'suppliers');
    try {
      const res = await commit('suppliers', file, p.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IMPORT_MSG.rowFailed(3, MSG.validation));
      expect(res.json().cause).toEqual({ 'line 3.name': MSG.supplierNameTaken });
    } finally {
      spy.mockRestore();
    }
    expect(await countRows(t, 'suppliers')).toBe(before);
  });

  it('part components: updates and creates in one commit; a new price re-costs the BOMs using the part', async () => {
    const used = await makePart(t, { manufacturer: 'Batch Maker', price: '1' });
    const other = await makePart(t, { manufacturer: 'Batch Maker', price: '3' });
    const product = await makeProduct(t);
    const line = await call(t, 'purchase', 'POST', '/boms/save', {
      product_id: product.id,
      part_id: used.id,
      quantity: 4,
    });
    expect(line.statusCode, line.body).toBe(200);
    const fresh = uniq('NEW');
    const file = csv(
      'manufacturer,manuf_part_number,price\n' +
        `batch maker,${used.manuf_part_number.toLowerCase()},2.5\n` +
        `Batch Maker,${other.manuf_part_number},3\n` +
        `Batch Maker,${fresh},7\n`,
    );
    const p = (await preview('partComponents', file)).json().data;
    expect(p).toMatchObject({ create: 1, update: 2, errors: 0 });
    const updated = await events('part_component_updated');
    const created = await events('part_component_created');
    const done = await commit('partComponents', file, p.token);
    expect(done.statusCode, done.body).toBe(200);
    // The unchanged part writes no event; the repriced one and the new one do.
    expect(await events('part_component_updated')).toBe(updated + 1);
    expect(await events('part_component_created')).toBe(created + 1);
    expect((await call(t, 'administrator', 'GET', `/partComponents/${other.id}`)).json().data.version).toBe(
      other.version,
    );
    expect((await call(t, 'administrator', 'GET', `/products/${product.id}`)).json().data.bom_cost).toBeCloseTo(10, 6);
  });

  it('the commit must send the previewed file', async () => {
    const file = csv(`name,contact_person,address\n${uniq('S')},A,B\n`);
    const p = (await preview('suppliers', file)).json().data;
    const other = csv(`name,contact_person,address\n${uniq('S')},A,B\n`);
    const res = await commit('suppliers', other, p.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().cause.file).toBe(IMPORT_MSG.changed);
  });

  it('files it cannot read: missing key column, no rows, not UTF-8, unclosed quote', async () => {
    const cause = async (kind: ImportKind, data: Buffer) => {
      const res = await preview(kind, data);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().cause.file;
    };
    expect(await cause('partComponents', csv('manufacturer,price\nACME,1\n'))).toBe(
      MSG.missingHeaders(['manuf_part_number']),
    );
    expect(await cause('products', csv('product_code,desc\n'))).toBe(MSG.noDataToImport);
    expect(await cause('suppliers', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x0a]))).toBe(
      IMPORT_MSG.parseError('the file is not UTF-8 text'),
    );
    expect(await cause('suppliers', csv('name,contact_person,address\n"Open,A,B\n'))).toBe(
      IMPORT_MSG.parseError('a quoted value starting on line 2 is not closed'),
    );
  });

  it('only the administrator imports', async () => {
    for (const role of ['sale', 'purchase'] as const) {
      const res = await upload(t, role, '/imports/preview', { kind: 'suppliers' }, [
        { field: 'file', name: 'a.csv', type: 'text/csv', data: csv('name\nx\n') },
      ]);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('the export’s columns come back in', () => {
  const exportUrl: Record<ImportKind, string> = {
    dealers: '/dealers/export.csv',
    products: '/products/export.csv',
    partComponents: '/partComponents/export.csv',
    suppliers: '/suppliers/export.csv',
  };
  const listUrl = (kind: ImportKind) => exportUrl[kind].replace('/export.csv', '');
  for (const kind of IMPORT_KINDS) {
    it(`${kind}: the export's header is the import's list, and its file imports as updates only`, async () => {
      if (kind === 'suppliers') await makeSupplier(t);
      const res = await call(t, 'administrator', 'GET', `${exportUrl[kind]}?limit=10`);
      expect(res.statusCode, res.body).toBe(200);
      const [header, first] = parseCsv(decodeCsv(res.rawPayload));
      expect(header!.cells).toEqual([...KINDS[kind].exportColumns]);
      // Under each column, the value the list answers for that record (same query, same order): a column the
      // rows do not hold would come out empty.
      const [row] = (await call(t, 'administrator', 'GET', `${listUrl(kind)}?limit=1`)).json().data;
      for (const c of header!.cells) expect(row, c).toHaveProperty(c);
      const text = (v: unknown) => (v === null ? '' : String(v));
      expect(Object.fromEntries(header!.cells.map((c, i) => [c, cellValue(first!.cells[i] ?? '')]))).toEqual(
        Object.fromEntries(header!.cells.map((c) => [c, text(row[c])])),
      );
      const p = (await preview(kind, res.rawPayload)).json().data;
      expect(p.rows.filter((r: AnyJson) => r.action === 'error')).toEqual([]);
      expect(p.create).toBe(0);
      expect(p.update).toBeGreaterThan(0);
    });
  }
});

/** Rows of the timed import: 200 in the suite; IMPORT_BENCH_ROWS=10000 for the figure. */
const BENCH_ROWS = Number(process.env.IMPORT_BENCH_ROWS || 200);

describe('a bulk import of dealers', () => {
  it(`${BENCH_ROWS} dealers: preview and commit (prints the time)`, { timeout: 900_000 }, async () => {
    const tag = uniq('Bulk');
    const lines = Array.from(
      { length: BENCH_ROWS },
      (_, i) => `${tag} ${i},Germany,d${i}@bulk.example,Street ${i},${i % 50},100% 30 days,${i * 10}`,
    );
    const file = csv(`name,country,email,billing_address,discount,payment_terms,credit_limit\n${lines.join('\n')}\n`);
    const started = performance.now();
    const p = (await preview('dealers', file)).json().data;
    const previewed = performance.now();
    expect(p.create).toBe(BENCH_ROWS);
    const done = await commit('dealers', file, p.token);
    const committed = performance.now();
    expect(done.statusCode, done.body).toBe(200);
    console.log(
      `import of ${BENCH_ROWS} dealers (${t.database.kind}): preview ${Math.round(previewed - started)} ms, ` +
        `commit ${Math.round(committed - previewed)} ms (${((committed - previewed) / BENCH_ROWS).toFixed(2)} ms a row)`,
    );
  });
});
