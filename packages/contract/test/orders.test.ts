import { describe, expect, it } from 'vitest';
import { dealerSave } from '../src/dealers';
import { MSG } from '../src/messages';
import {
  applyShippingRules,
  defaultLineDiscount,
  formatMoney,
  lineAmount,
  localMidnight,
  orderSave,
  orderTotals,
  parseStatusFilter,
  productionOrderSave,
  refFromFileName,
  shippingOrderSave,
} from '../src/orders';
import { LIMITED_ORDER_EDITS, LIMITED_SAVE_META, limitedOrderEditable } from '../src/permissions';

describe('line amount', () => {
  it('is quantity × msrp × (100 − discount) / 100, rounded to cents', () => {
    expect(lineAmount({ quantity: 3, msrp: 100, discount: 12 })).toBe(264);
    expect(lineAmount({ quantity: 1, msrp: 19.99, discount: 0 })).toBe(19.99);
    expect(lineAmount({ quantity: 3, msrp: 0.1, discount: 0 })).toBe(0.3);
    expect(lineAmount({ quantity: 7, msrp: 33.33, discount: 33.3 })).toBe(155.62);
    expect(lineAmount({ quantity: 2, msrp: 50 })).toBe(100);
    expect(lineAmount({ quantity: 5, msrp: 10, discount: 100 })).toBe(0);
  });
});

describe('order totals', () => {
  it('sums every line into value and the shipping-cost lines into shipping cost', () => {
    const t = orderTotals([
      { quantity: 2, msrp: 50, discount: 10 },
      { quantity: 1, msrp: 80, discount: 0, is_shipping_cost: 1 },
      { quantity: 1, msrp: 0.1, discount: 0 },
      { quantity: 1, msrp: 0.2, discount: 0, is_shipping_cost: true },
    ]);
    expect(t).toEqual({ value: 170.3, shipping_cost: 80.2, sales: 90.1 });
    expect(orderTotals([])).toEqual({ value: 0, shipping_cost: 0, sales: 0 });
  });
});

describe('default line discount', () => {
  it("takes the product's discount, else 0 for shipping cost, else the dealer's", () => {
    expect(defaultLineDiscount({ discount: 15, is_shipping_cost: 0 }, { discount: 10 })).toBe(15);
    expect(defaultLineDiscount({ discount: 0, is_shipping_cost: 1 }, { discount: 10 })).toBe(0);
    expect(defaultLineDiscount({ discount: 0, is_shipping_cost: 0 }, { discount: 10 })).toBe(10);
    expect(defaultLineDiscount({ discount: null }, null)).toBe(0);
  });
});

describe('shipping rules', () => {
  it('forces done with an AWB and clears shipping_for_today when done', () => {
    expect(applyShippingRules({ shipping_status: 'ship', shipping_awb: 'X1', shipping_for_today: 1 })).toEqual({
      shipping_status: 'done',
      shipping_for_today: 0,
    });
    expect(applyShippingRules({ shipping_status: 'done', shipping_awb: '', shipping_for_today: 1 })).toEqual({
      shipping_status: 'done',
      shipping_for_today: 0,
    });
    expect(applyShippingRules({ shipping_status: 'ship', shipping_awb: ' ', shipping_for_today: 1 })).toEqual({
      shipping_status: 'ship',
      shipping_for_today: 1,
    });
  });
});

describe('helpers', () => {
  it('parses the status filter, names refs after PDFs, formats money and finds local midnight', () => {
    expect(parseStatusFilter('wait;ship;bogus; DONE ')).toEqual(['wait', 'ship', 'done']);
    expect(parseStatusFilter('')).toEqual([]);
    expect(refFromFileName('OC-1.PDF')).toBe('OC-1');
    expect(refFromFileName('a.pdf.pdf')).toBe('a.pdf');
    expect(formatMoney(1234.5)).toBe('US$1,234.50');
    expect(formatMoney(-3)).toBe('-US$3.00');
    const noonUtc = Date.UTC(2026, 10, 22, 12) / 1000;
    expect(localMidnight(noonUtc, 0)).toBe(Date.UTC(2026, 10, 22) / 1000);
    // UTC+2 (offset −120): local midnight is 22:00 UTC the day before.
    expect(localMidnight(noonUtc, -120)).toBe(Date.UTC(2026, 10, 21, 22) / 1000);
    // UTC−5 at 02:00 UTC is still the 21st locally.
    expect(localMidnight(Date.UTC(2026, 10, 22, 2) / 1000, 300)).toBe(Date.UTC(2026, 10, 21, 5) / 1000);
  });
});

describe('form schemas', () => {
  it('report every order field error at once with the spec messages', () => {
    const r = orderSave.safeParse({ shipping_status: 'done', value: 'x', billing_email: 'bad' });
    expect(r.success).toBe(false);
    const cause = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(cause).toMatchObject({
      dealer: MSG.required,
      date: MSG.required,
      value: MSG.number,
      billing_email: MSG.email,
      shipping_awb: MSG.required,
    });
  });

  it('parses products from a JSON string and validates new-product lines', () => {
    const ok = orderSave.parse({
      dealer: '3',
      date: '1700000000',
      value: '0',
      products: '[{"product_id":5,"quantity":"2","msrp":"9.5"}]',
    });
    expect(ok.products).toEqual([
      { product_id: 5, product_code: '', desc: '', name: '', quantity: 2, msrp: 9.5, active: 1 },
    ]);
    const bad = orderSave.safeParse({
      dealer: 3,
      date: 1,
      value: 0,
      products: [{ product_id: null, quantity: 1, msrp: 1 }],
    });
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'products.0.desc',
      'products.0.product_code',
    ]);
  });

  it('validates dealers: ISO country by name or code, discount range, payment terms', () => {
    const d = dealerSave.parse({ name: 'A', country: 'us', billing_address: 'x', email: 'a@b.co' });
    expect(d).toMatchObject({ country: 'United States', discount: 0, payment_terms: 'None' });
    const bad = dealerSave.safeParse({
      name: 'A',
      country: 'US',
      billing_address: 'x',
      email: 'a@b.co',
      discount: 100.5,
    });
    expect(bad.error!.issues[0]!.message).toBe('Please enter a value between 0 and 100.');
  });
});

describe('what shipping and production may change on an order', () => {
  it('the field rights are exactly the fields of their save schemas', () => {
    const editable = (schema: { shape: object }) =>
      Object.keys(schema.shape)
        .filter((k) => !(LIMITED_SAVE_META as readonly string[]).includes(k))
        .sort();
    expect([...LIMITED_ORDER_EDITS.shipping.fields].sort()).toEqual(editable(shippingOrderSave));
    expect([...LIMITED_ORDER_EDITS.production.fields].sort()).toEqual(editable(productionOrderSave));
  });

  it('are the form fields of each, dealer and date on create only', () => {
    expect([...LIMITED_ORDER_EDITS.shipping.fields].sort()).toEqual(
      [
        'oc_ref',
        'shipping_status',
        'shipping_awb',
        'shipping_weight',
        'shipping_for_today',
        'distributor_shipments',
        'shipping_date_expected',
        'shipping_date',
        'shipping_cost',
        'actual_shipping_cost',
      ].sort(),
    );
    expect([...LIMITED_ORDER_EDITS.production.fields].sort()).toEqual(
      ['oc_ref', 'note', 'shipping_for_today', 'distributor_shipments', 'shipping_date_expected'].sort(),
    );
    expect(limitedOrderEditable('production', 'note', false)).toBe(true);
    expect(limitedOrderEditable('production', 'shipping_awb', false)).toBe(false);
    expect(limitedOrderEditable('shipping', 'dealer', false)).toBe(false);
    expect(limitedOrderEditable('shipping', 'dealer', true)).toBe(true);
    expect(limitedOrderEditable('shipping', 'value', true)).toBe(false);
  });
});
