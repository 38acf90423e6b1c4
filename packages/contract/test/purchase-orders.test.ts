import { describe, expect, it } from 'vitest';
import { can } from '../src/permissions';
import {
  decimalSum,
  formatAmount,
  formatPrice,
  linesTotal,
  poNumber,
  roundPrice,
  toDisplay,
  toUsd,
} from '../src/purchase-orders';

describe('purchase order money (document 2 section 9)', () => {
  it('stores entered × rate and shows stored ÷ rate, rounded to 6 decimals', () => {
    expect(toUsd(50, 1.1)).toBe(55);
    expect(toDisplay(55, 1.1)).toBe(50);
    expect(toUsd(10.123457, 1.08)).toBe(10.933334);
    expect(roundPrice(0.1 + 0.2)).toBe(0.3);
    expect(
      linesTotal([
        { price: 2.5, quantity: 10 },
        { price: 1.125, quantity: 4 },
      ]),
    ).toBe(29.5);
  });

  it('shows prices with 2 to 6 decimals and amounts with 2', () => {
    expect(formatPrice(2)).toBe('2.00');
    expect(formatPrice(0.1234567)).toBe('0.123457');
    expect(formatAmount(1234.5)).toBe('1,234.50');
  });
});

describe('po_number', () => {
  it('is PO-{year}-{id 5 digits}, -R{n} for revisions', () => {
    const created = Date.UTC(2026, 10, 24) / 1000;
    expect(poNumber(42, created, 0)).toBe('PO-2026-00042');
    expect(poNumber(42, created, 2)).toBe('PO-2026-00042-R2');
  });
});

describe('purchase order state rules (document 2 section 6)', () => {
  it('cancel after approval is for the administrator only', () => {
    expect(can('purchase', 'purchaseOrders.cancel', { state: 'draft' })).toBe(true);
    expect(can('purchase', 'purchaseOrders.cancel', { state: 'approved' })).toBe(false);
    expect(can('administrator', 'purchaseOrders.cancel', { state: 'received' })).toBe(true);
    expect(can('administrator', 'purchaseOrders.cancel', { state: 'cancelled' })).toBe(false);
  });

  it('shipping enters the shipping cost and qa the AWB only once approved or received', () => {
    expect(can('shipping', 'purchaseOrders.shippingCost', { state: 'draft' })).toBe(false);
    expect(can('shipping', 'purchaseOrders.shippingCost', { state: 'approved' })).toBe(true);
    expect(can('qa', 'purchaseOrders.awb', { state: 'waitingapproval' })).toBe(false);
    expect(can('qa', 'purchaseOrders.awb', { state: 'received' })).toBe(true);
    expect(can('purchase', 'purchaseOrders.awb', { state: 'draft' })).toBe(true);
  });

  it('the PO PDF is for approved or received POs', () => {
    for (const s of ['draft', 'waitingapproval', 'rejected', 'cancelled'])
      expect(can('purchase', 'purchaseOrders.pdf', { state: s })).toBe(false);
    expect(can('qa', 'purchaseOrders.pdf', { state: 'approved' })).toBe(true);
  });
});

describe('exact PO money (issue 24 item 5)', () => {
  it('sums price × quantity in decimals, rounded half up to 6 places', () => {
    expect(linesTotal([{ price: 1111.11, quantity: 1000 }])).toBe(1_111_110);
    expect(linesTotal([{ price: 0.1, quantity: 3 }])).toBe(0.3);
    expect(linesTotal([{ price: 12.34, quantity: 3 }])).toBe(37.02);
    expect(decimalSum([[0.000001, 0.5]])).toBe(0.000001); // 5e-7 rounds up
    expect(decimalSum([[0.000001, 0.4]])).toBe(0);
    expect(decimalSum([[-1.5, 2]])).toBe(-3);
  });

  it('derives USD × rate to 6 decimals', () => {
    expect(toUsd(1111.11, 0.00073)).toBe(0.81111);
    expect(toUsd(35000, 0.0067)).toBe(234.5);
    expect(toUsd(12.34, 0.138)).toBe(1.70292);
  });
});
