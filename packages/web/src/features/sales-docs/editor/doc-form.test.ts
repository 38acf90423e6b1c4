import { describe, expect, it } from 'vitest';
import {
  chosenDiscount,
  type DocForm,
  dealerCopy,
  duplicateFields,
  emptyForm,
  formFromDoc,
  formPaymentFigures,
  type LineForm,
  linesForDealer,
  linesTotals,
  saveFields,
  shippingAfterChange,
  testExcess,
  variantInfo,
} from './doc-form';

const line = (p: Partial<LineForm>): LineForm => ({
  product_id: 1,
  product_code: 'P1',
  desc: '',
  name: 'Product',
  quantity: '1',
  msrp: '100',
  discount: '0',
  is_shipping_cost: 0,
  bom_cost: '',
  active: 1,
  warning: '',
  product_discount: null,
  ...p,
});

describe('order editor form rules', () => {
  it('totals: value is every line, shipping cost the flagged lines', () => {
    const t = linesTotals([
      line({ quantity: '2', msrp: '100', discount: '10' }),
      line({ quantity: '1', msrp: '50', is_shipping_cost: 1 }),
    ]);
    expect(t).toEqual({ value: 230, shipping_cost: 50, sales: 180 });
  });

  it('an AWB forces done and clears shipments for today', () => {
    expect(shippingAfterChange({ shipping_status: 'ship', shipping_awb: 'AWB1', shipping_for_today: 1 })).toEqual({
      shipping_status: 'done',
      shipping_for_today: 0,
    });
    expect(shippingAfterChange({ shipping_status: 'ship', shipping_awb: ' ', shipping_for_today: 1 })).toEqual({
      shipping_status: 'ship',
      shipping_for_today: 1,
    });
  });

  it('a dealer change copies its details and the lines take its discount', () => {
    const copy = dealerCopy({
      name: 'Acme',
      country: 'Germany',
      same_address: 1,
      billing_address: 'Street 1',
      billing_vat: 'DE1',
      billing_email: '',
      email: 'a@acme.test',
      order_notes: 'Call first',
    } as never);
    expect(copy).toMatchObject({
      billing_company: 'Acme',
      shipping_address: 'Street 1',
      billing_email: 'a@acme.test',
      note: 'Call first',
    });
    const lines = linesForDealer([line({}), line({ is_shipping_cost: 1 }), line({ product_discount: 5 })], {
      discount: 20,
    });
    expect(lines.map((l) => l.discount)).toEqual(['20', '0', '5']);
  });

  it('save fields: variant fields only, dates cleared as empty, lines as JSON', () => {
    const v = { ...emptyForm(), id: 7, version: 3, dealer: 2, oc_ref: 'OC1', products: [line({})] };
    const sales = saveFields(v, variantInfo('order', 'sales'));
    expect(sales.shipping_date).toBe('');
    expect(JSON.parse(sales.products as string)[0]).toMatchObject({ product_id: 1, quantity: '1' });
    const shipping = saveFields({ ...v, shipping_status: 'wait' }, variantInfo('order', 'shipping'));
    expect(Object.keys(shipping)).not.toContain('products');
    expect(shipping.shipping_status).toBeUndefined();
    expect(duplicateFields(sales)).not.toHaveProperty('oc_ref');
    expect(duplicateFields(sales)).not.toHaveProperty('version');
    // The source's id goes along with the duplicate flag: the server saves a new record started afresh.
    expect(duplicateFields(sales)).toMatchObject({ id: 7, duplicate: 1 });
  });

  it('loads a document into form values', () => {
    const f = formFromDoc({
      id: 1,
      version: 2,
      dealer: 3,
      dealer_name: 'X',
      date: 100,
      value: 12.5,
      shipping_date: null,
      products: [],
    } as never);
    expect(f).toMatchObject({
      id: 1,
      dealer: 3,
      date: 100,
      value: '12.5',
      shipping_date: null,
      shipping_status: 'wait',
    });
  });

  it('a dealer change on a saved document keeps the discount its product carries (issue 24 item 9)', () => {
    const docLine = (p: Record<string, unknown>) => ({
      id: 1,
      product_id: 1,
      product_code: 'P',
      name: 'P',
      quantity: 1,
      msrp: 100,
      discount: 12,
      amount: 88,
      bom_cost: 0,
      is_shipping_cost: 0,
      active: 1,
      warning: '',
      product_discount: 0,
      ...p,
    });
    const saved = formFromDoc({
      id: 1,
      version: 1,
      dealer: 3,
      dealer_name: 'Old dealer',
      date: 100,
      products: [
        docLine({ product_code: 'SEN-CO2', product_discount: 15, discount: 15 }),
        docLine({ product_code: 'PLAIN' }),
        docLine({ product_code: 'FREIGHT', is_shipping_cost: 1, discount: 0 }),
      ],
    } as never);
    expect(saved.products.map((l) => l.product_discount)).toEqual([15, 0, 0]);
    const after = linesForDealer(saved.products, { discount: 20 });
    // SEN-CO2 keeps its 15 %, the plain product takes the new dealer's 20 %, shipping stays 0.
    expect(after.map((l) => l.discount)).toEqual(['15', '20', '0']);
    expect(linesTotals(after).value).toBe(85 + 80 + 100);
  });

  it('test excess per line', () => {
    expect(testExcess(line({ quantity: '2', test_count: 3 }))).toBe(1);
    expect(testExcess(line({ quantity: '2' }))).toBe(0);
  });
});

describe('chosenDiscount (add-product dialog, issue 9 item 5)', () => {
  const dealer = { discount: 15 };
  it('keeps an entered 0 as 0', () => {
    expect(chosenDiscount('0', { discount: null }, dealer)).toBe(0);
    expect(chosenDiscount(0, { discount: 20 }, dealer)).toBe(0);
  });
  it('keeps any entered value', () => {
    expect(chosenDiscount(' 7.5 ', { discount: 20 }, dealer)).toBe(7.5);
  });
  it('applies the default rule only to an empty field', () => {
    expect(chosenDiscount('', { discount: null }, dealer)).toBe(15);
    expect(chosenDiscount('  ', { discount: 20 }, dealer)).toBe(20);
    expect(chosenDiscount(undefined, { discount: null, is_shipping_cost: 1 }, dealer)).toBe(0);
  });
});

describe('payment figures on the form (issue 24 item 12)', () => {
  const pay = (p: Partial<DocForm>) => ({
    value: '308.97',
    payment_status: 'not paid' as const,
    shipping_status: 'wait' as const,
    payment_advance: '',
    payment_received: '',
    ...p,
  });
  it('shows what the save stores: a paid order has received its value whatever was typed', () => {
    expect(formPaymentFigures(pay({ payment_status: 'paid', payment_received: '5' }), 'order')).toEqual({
      payment_advance: 0,
      payment_received: 308.97,
      outstanding: 0,
      outstanding_shipped: 0,
    });
  });
  it('outstanding is value − received while unpaid; outstanding shipped once done; received at least the advance', () => {
    expect(formPaymentFigures(pay({ payment_received: '5' }), 'order')).toMatchObject({
      outstanding: 303.97,
      outstanding_shipped: 0,
    });
    expect(formPaymentFigures(pay({ payment_received: '5', shipping_status: 'done' }), 'order')).toMatchObject({
      outstanding: 303.97,
      outstanding_shipped: 303.97,
    });
    expect(formPaymentFigures(pay({ payment_advance: '100', payment_received: '20' }), 'order')).toMatchObject({
      payment_received: 100,
      outstanding: 208.97,
    });
    expect(formPaymentFigures(pay({ shipping_status: 'cancel' }), 'order').outstanding).toBe(0);
    expect(formPaymentFigures(pay({}), 'quotation')).toMatchObject({ outstanding: 0, outstanding_shipped: 0 });
  });
});
