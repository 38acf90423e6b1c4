import { MSG } from '@bpm/contract/messages';
import { PO_MSG } from '@bpm/contract/purchase-orders';
import { describe, expect, it } from 'vitest';
import { lineErrors } from './PartsGrid';
import { emptyForm, flatErrors, lineErrorsOf, type PoForm, poResolver, todayMidnight, validate } from './po-form';

const filled = (over: Partial<PoForm> = {}): PoForm => ({
  ...emptyForm(),
  supplier: 3,
  supplier_name: 'Acme',
  supplier_contact_person: 'Jane',
  supplier_address: '1 Road',
  requisitioner: 'Rita',
  purpose: 'Stock',
  department: 'Engineering',
  terms: 'NET 30',
  parts: [{ part: 1, manuf_part_number: 'X', part_name: 'Part', price_UI: 2, quantity: 3, unit: 'pcs', remarks: '' }],
  ...over,
});

describe('PO form rules (document 2 section 5)', () => {
  it('defaults: USD at rate 1, dates at local midnight today, the company ship-to', () => {
    const f = emptyForm();
    expect(f.currency).toBe('USD');
    expect(f.currency_rate).toBe('1');
    expect(f.po_date).toBe(todayMidnight());
    expect(new Date(f.po_date! * 1000).getHours()).toBe(0);
    expect(f.ship_to).toContain('BPM Hardware Inc.');
  });

  it('a complete form passes', () => {
    expect(validate(filled())).toEqual({});
  });

  it('marks the required fields, terms and (local PO) price quote with the spec message', () => {
    const e = validate({ ...emptyForm(), supplier_name: '   ', local_po: 1 });
    for (const f of ['supplier', 'supplier_name', 'requisitioner', 'purpose', 'department', 'terms', 'price_quote'])
      expect(e[f], f).toBe(MSG.required);
  });

  it('USD must have rate 1', () => {
    expect(validate(filled({ currency_rate: '1.2' })).currency).toBe(PO_MSG.currencyRate);
    expect(validate(filled({ currency: 'EUR', currency_rate: '1.2' }))).toEqual({});
  });

  it('a non-USD currency needs its rate entered (issue 24 items 6, 20)', () => {
    expect(validate(filled({ currency: 'JPY', currency_rate: '' })).currency_rate).toBe(MSG.required);
    expect(validate(filled({ currency: 'JPY', currency_rate: 'x' })).currency_rate).toBe(MSG.number);
    expect(validate(filled({ currency: 'JPY', currency_rate: '0.0067' }))).toEqual({});
  });

  it('per-line errors block saving and land on their line', () => {
    const bad = filled({
      parts: [{ manuf_part_number: 'X', part_name: ' ', price_UI: -1, quantity: 0, unit: 'pcs', remarks: '' }],
    });
    const e = validate(bad);
    expect(lineErrorsOf(e)[0]).toMatchObject({
      part_name: PO_MSG.partName,
      price_UI: PO_MSG.price,
      quantity: PO_MSG.quantity,
    });
    expect(lineErrors(bad.parts)[0]).toEqual({
      part_name: PO_MSG.partName,
      price_UI: PO_MSG.price,
      quantity: PO_MSG.quantity,
    });
  });

  it('the form resolver nests the same errors by path; flatErrors reads them back for the grid', async () => {
    const bad = filled({
      terms: '',
      parts: [{ manuf_part_number: 'X', part_name: ' ', price_UI: 1, quantity: 1, unit: 'pcs', remarks: '' }],
    });
    const r = await poResolver(bad, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(r.values).toEqual({});
    expect(flatErrors(r.errors)).toEqual(validate(bad));
    const ok = await poResolver(filled(), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok).toEqual({ values: filled(), errors: {} });
  });
});
