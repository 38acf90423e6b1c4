import { describe, expect, it } from 'vitest';
import { changeTexts, eventTitle, fieldLabel, recordTypeLabel, valueText } from './event-prose';
import { dateInputToUnix, formatDate, formatDateTime } from './format';

describe('eventTitle (event names as words)', () => {
  it('reads the stored name as a sentence', () => {
    expect(eventTitle('order_deleted')).toBe('Order deleted');
    expect(eventTitle('order_oc_generated')).toBe('Order OC generated');
    expect(eventTitle('purchaseorder_approval_requested')).toBe('Purchase order approval requested');
    expect(eventTitle('packinglist_created')).toBe('Packing list created');
    expect(eventTitle('bom_rev_saved')).toBe('BOM REV saved');
    expect(eventTitle('po_price_quote_deleted')).toBe('PO price quote deleted');
  });
});

describe('fieldLabel and recordTypeLabel', () => {
  it('names fields as the screens do', () => {
    expect(fieldLabel('dealer_id')).toBe('Dealer');
    expect(fieldLabel('payment_due_date')).toBe('Payment due date');
    expect(fieldLabel('invoice_note')).toBe('OC/Invoice Note');
    expect(fieldLabel('oc_ref')).toBe('OC ref');
    expect(fieldLabel('shipping_date_expected')).toBe('Expected shipping date');
  });
  it('names record types', () => {
    expect(recordTypeLabel('purchaseorder')).toBe('Purchase Order');
    expect(recordTypeLabel('partComponent')).toBe('Part Component');
    expect(recordTypeLabel('something_new')).toBe('Something new');
  });
});

describe('valueText (values as a person reads them)', () => {
  it('names a record id the server resolved', () => {
    const labels = { dealer: { '18': 'Northwind Traders' } };
    expect(valueText('dealer', 18, labels)).toBe('Northwind Traders');
    expect(valueText('dealer', '18', labels)).toBe('Northwind Traders');
    expect(valueText('dealer', 19, labels)).toBe('19');
  });
  it('shows codes and people by the text the server gives (issue 24 item 19)', () => {
    const labels = { paid: { '0': 'Unpaid', '1': '100% Paid' }, emailTo: { '7': 'Olivia Chen', '9': 'Ann Lee' } };
    expect(`${valueText('paid', 0, labels)} → ${valueText('paid', 1, labels)}`).toBe('Unpaid → 100% Paid');
    expect(valueText('emailTo', [7, 9], labels)).toBe('Olivia Chen, Ann Lee');
    expect(fieldLabel('emailTo')).toBe('Email to');
    expect(valueText('parts', [{ part: 3, quantity: 2 }], { part: { '3': 'LM317T' } })).toBe(
      'Part: LM317T; Quantity: 2',
    );
  });
  it('shows dates as dates: a midnight as the day, another time with its time', () => {
    const day = dateInputToUnix('2026-11-24')!;
    expect(valueText('payment_due_date', day)).toBe(formatDate(day));
    expect(valueText('date', day)).not.toMatch(/^\d+$/);
    expect(valueText('date_completed', day + 3600 * 15)).toBe(formatDateTime(day + 3600 * 15));
    expect(valueText('created_at', String(day))).toBe(formatDate(day));
    expect(valueText('shipping_date', 0)).toBe('—');
    // Not a date field: the number stays a number.
    expect(valueText('quantity', day)).toBe(String(day));
  });
  it('shows flags as words', () => {
    expect(valueText('active', 1)).toBe('Active');
    expect(valueText('active', 0)).toBe('Inactive');
    expect(valueText('active', false)).toBe('Inactive');
    expect(valueText('hide_discount', 1)).toBe('Yes');
    expect(valueText('is_test_required', '0')).toBe('No');
    expect(valueText('shipping_for_today', true)).toBe('Yes');
    expect(valueText('quantity', 1)).toBe('1');
  });
  it('shows money with 2 decimals and thousands separators', () => {
    expect(valueText('value', 15922)).toBe('15,922.00');
    expect(valueText('outstanding', '1578.25')).toBe('1,578.25');
  });
  it('joins lists and spells nested fields out; empty is a dash', () => {
    expect(valueText('products', ['2 × A', '1 × B'])).toBe('2 × A, 1 × B');
    expect(valueText('products', [])).toBe('—');
    expect(valueText('line', { product_id: 3, active: 1 }, { product_id: { '3': 'X-100' } })).toBe(
      'Product: X-100; Active: Active',
    );
    expect(valueText('note', '')).toBe('—');
    expect(valueText('note', null)).toBe('—');
  });
});

describe('changeTexts (issue 24 item 19)', () => {
  it("a regenerated file under the same name reads 'replaced', not 'X → X'", () => {
    const labels = { oc_pdf: { '7': 'OC-1.pdf', '9': 'OC-1.pdf', '11': 'OC-2.pdf' } };
    expect(changeTexts('oc_pdf', 7, 9, labels)).toEqual(['OC-1.pdf', 'OC-1.pdf (replaced)']);
    expect(changeTexts('oc_pdf', 9, 11, labels)).toEqual(['OC-1.pdf', 'OC-2.pdf']);
    expect(changeTexts('oc_pdf', null, 9, labels)).toEqual(['—', 'OC-1.pdf']);
  });
});
