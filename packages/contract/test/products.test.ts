import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages';
import { partComponentSave, totalQuantity, weightedAverage } from '../src/part-components';
import { bomImport, bomSave, defaultWindow, normalizeHeader, productSave, testStepSave } from '../src/products';
import { supplierSave } from '../src/suppliers';

const cause = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('productSave', () => {
  it('requires product_code, desc and msrp', () => {
    expect(cause(productSave.safeParse({}))).toMatchObject({
      product_code: MSG.required,
      desc: MSG.required,
      msrp: MSG.required,
    });
  });

  it('parses form strings and leaves absent optional fields undefined (defaults apply on create)', () => {
    const r = productSave.parse({ product_code: ' A1 ', desc: 'd', msrp: '12.5', has_modem: 'true', discount: '' });
    expect(r).toMatchObject({ product_code: 'A1', msrp: 12.5, has_modem: 1 });
    expect(r.discount).toBeUndefined();
    expect(r.is_test_required).toBeUndefined();
  });

  it('checks numbers and ranges', () => {
    const base = { product_code: 'A', desc: 'd', msrp: '1' };
    expect(cause(productSave.safeParse({ ...base, msrp: 'x' })).msrp).toBe(MSG.number);
    expect(cause(productSave.safeParse({ ...base, discount: '101' })).discount).toBe(MSG.range(0, 100));
    expect(cause(productSave.safeParse({ ...base, discount: 'x' })).discount).toBe(MSG.number);
    expect(cause(productSave.safeParse({ ...base, warranty: 10000001 })).warranty).toBe(MSG.range(0, 10000000));
    expect(cause(productSave.safeParse({ ...base, pl_serial_count: 101 })).pl_serial_count).toBe(MSG.range(0, 100));
    expect(productSave.safeParse({ ...base, discount: 0, warranty: 0, pl_serial_count: 0 }).success).toBe(true);
  });
});

describe('bomSave', () => {
  it('uses the BOM messages', () => {
    expect(cause(bomSave.safeParse({ product_id: 1 }))).toMatchObject({
      part_id: MSG.bomPartRequired,
      quantity: MSG.bomQuantityRequired,
    });
    expect(cause(bomSave.safeParse({ product_id: 1, part_id: 2, quantity: 'abc' })).quantity).toBe(
      MSG.bomQuantityNumber,
    );
    expect(bomSave.parse({ product_id: 1, part_id: 2, quantity: '0.000001', alt_parts: '3,4' })).toMatchObject({
      quantity: 0.000001,
      alt_parts: [3, 4],
    });
    expect(bomSave.parse({ product_id: 1, part_id: 2, quantity: 1, alt_parts: '[5]' }).alt_parts).toEqual([5]);
  });
});

describe('bomImport', () => {
  it('accepts productId or product_id and a replaceAll flag', () => {
    expect(bomImport.parse({ product_id: 3, bomData: [], replaceAll: 'true' })).toEqual({
      productId: 3,
      bomData: [],
      replaceAll: true,
    });
    expect(bomImport.safeParse({ bomData: [] }).success).toBe(false);
  });

  it('normalises headers: BOM, case and spaces', () => {
    expect(normalizeHeader('\uFEFFPart Number ')).toBe('part_number');
    expect(normalizeHeader('Quantity')).toBe('quantity');
  });
});

describe('other forms', () => {
  it('test step, part component and supplier messages', () => {
    expect(cause(testStepSave.safeParse({ product_id: 1, test_desc: '  ' })).test_desc).toBe(MSG.testDescRequired);
    expect(partComponentSave.parse({ manufacturer: 'm', manuf_part_number: 'p', price: '1' })).toMatchObject({
      unit: 'pcs',
      local_currency: 'USD',
    });
    expect(
      cause(partComponentSave.safeParse({ manufacturer: 'm', manuf_part_number: 'p', price: '1', unit: '' })).unit,
    ).toBe(MSG.required);
    expect(cause(supplierSave.safeParse({ name: 'n', contact_person: 'c', address: 'a', email: 'x' })).email).toBe(
      MSG.email,
    );
  });

  it('weights the average price by quantity', () => {
    expect(weightedAverage([])).toBeNull();
    expect(
      weightedAverage([
        { price: 1, quantity: 3 },
        { price: 2, quantity: 1 },
      ]),
    ).toBe(1.25);
    expect(totalQuantity([{ quantity: 3 }, { quantity: 1 }])).toBe(4);
  });

  it('defaults the statistics window to one month back until the end of today (UTC)', () => {
    const now = Date.UTC(2026, 2, 31, 15) / 1000;
    const w = defaultWindow(now);
    expect(w.end).toBe(Date.UTC(2026, 3, 1) / 1000 - 1);
    expect(w.start).toBe(Date.UTC(2026, 1, 28) / 1000);
    expect(defaultWindow(Date.UTC(2026, 10, 22, 12) / 1000).start).toBe(Date.UTC(2026, 9, 22) / 1000);
  });
});

describe('spec messages, word for word (document 2 sections 5 and 8)', () => {
  it('products, BOM, test steps and part components', () => {
    expect(MSG.productSaved).toBe('Product has been saved successfully');
    expect(MSG.bomRevSaved).toBe('BOM REV saved successfully');
    expect(MSG.testChecklistRevSaved).toBe('Test Checklist REV saved successfully');
    expect(MSG.componentCreated).toBe('Component created successfully');
    expect(MSG.componentUpdated).toBe('Component updated successfully');
    expect(MSG.bomPartRequired).toBe('Manufacturer Part is required');
    expect(MSG.bomQuantityRequired).toBe('Quantity is required');
    expect(MSG.bomQuantityNumber).toBe('Quantity must be a number');
    expect(MSG.testDescRequired).toBe('Test Description is required');
    expect(MSG.missingHeaders(['part_number', 'quantity'])).toBe('Missing required headers: part_number, quantity');
    expect(MSG.noDataToImport).toBe('No data to import');
  });
});
