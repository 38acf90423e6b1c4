import { describe, expect, it } from 'vitest';
import { isCsvFile, parseBomCsv } from './bom-csv';

describe('isCsvFile', () => {
  it('accepts .csv names in any case and CSV MIME types without an extension', () => {
    expect(isCsvFile({ name: 'bom.csv', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'BOM.CSV', type: 'application/octet-stream' })).toBe(true);
    expect(isCsvFile({ name: 'bom', type: 'text/csv' })).toBe(true);
  });
  it('refuses other files', () => {
    expect(isCsvFile({ name: 'bom.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
    expect(isCsvFile({ name: 'bom.txt', type: 'text/plain' })).toBe(false);
    expect(isCsvFile({ name: 'bom', type: 'text/plain' })).toBe(false);
  });
});

describe('parseBomCsv', () => {
  it('reads rows with a UTF-8 BOM, CRLF line ends, padded headers and quoted fields', () => {
    const text = '\uFEFF part_number , quantity ,ref,remark\r\n"ABC-1",2,"R1, R2","say ""hi"""\r\nXYZ,0.5,,\r\n';
    const r = parseBomCsv(text);
    expect(r).toEqual({
      ok: true,
      rows: [
        { part_number: 'ABC-1', quantity: '2', ref: 'R1, R2', remark: 'say "hi"' },
        { part_number: 'XYZ', quantity: '0.5', ref: '', remark: '' },
      ],
    });
  });

  it('keeps blank lines as empty rows, so row i is spreadsheet line i + 2 (the server skips them)', () => {
    const r = parseBomCsv('part_number,quantity\n\nA,1\n,\n  \nB,2\n\n');
    expect(r.ok && r.rows).toEqual([
      {},
      { part_number: 'A', quantity: '1' },
      {},
      {},
      { part_number: 'B', quantity: '2' },
    ]);
  });

  it('accepts header spellings the server normalises (case, spaces)', () => {
    const r = parseBomCsv('Part Number,Quantity\nA,1\n');
    expect(r.ok).toBe(true);
  });

  it('lists the missing required headers', () => {
    expect(parseBomCsv('part,qty\nA,1\n')).toEqual({
      ok: false,
      error: 'Missing required headers: part_number, quantity',
    });
    expect(parseBomCsv('part_number,ref\nA,R1\n')).toEqual({ ok: false, error: 'Missing required headers: quantity' });
  });

  it('answers No data to import for an empty file or a header without rows', () => {
    expect(parseBomCsv('')).toEqual({ ok: false, error: 'No data to import' });
    expect(parseBomCsv('\uFEFF')).toEqual({ ok: false, error: 'No data to import' });
    expect(parseBomCsv('part_number,quantity\r\n')).toEqual({ ok: false, error: 'No data to import' });
    expect(parseBomCsv('part_number,quantity\n,\n')).toEqual({ ok: false, error: 'No data to import' });
  });

  it('drops surplus cells of a row', () => {
    const r = parseBomCsv('part_number,quantity\nA,1,extra\n');
    expect(r).toEqual({ ok: true, rows: [{ part_number: 'A', quantity: '1' }] });
  });
});

describe('parseBomCsv errors', () => {
  it('reports broken quoting as a parse error', () => {
    const r = parseBomCsv('part_number,quantity\n"A,1\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^Error parsing CSV file: /);
  });
});
