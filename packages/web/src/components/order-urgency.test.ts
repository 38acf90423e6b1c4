import { describe, expect, it } from 'vitest';
import { dateUrgency, localDayStart, paymentUrgency, shippingUrgency } from './order-urgency';

// Noon local time, so day arithmetic is unaffected by the machine's timezone.
const NOW = new Date(2026, 5, 10, 12, 0, 0).getTime();
const day = (offset: number) => Math.floor(new Date(2026, 5, 10 + offset).getTime() / 1000);

describe('dateUrgency (document 1 section 4.6 thresholds)', () => {
  it('is overdue once the day has passed, not on the day itself', () => {
    expect(dateUrgency(day(-1), NOW)).toBe('overdue');
    expect(dateUrgency(day(-30), NOW)).toBe('overdue');
    expect(dateUrgency(day(0), NOW)).toBe('urgent');
  });
  it('is urgent within 3 days and soon within 7', () => {
    expect(dateUrgency(day(3), NOW)).toBe('urgent');
    expect(dateUrgency(day(4), NOW)).toBe('soon');
    expect(dateUrgency(day(7), NOW)).toBe('soon');
    expect(dateUrgency(day(8), NOW)).toBeNull();
  });
  it('is nothing without a date', () => {
    expect(dateUrgency(null, NOW)).toBeNull();
    expect(dateUrgency('', NOW)).toBeNull();
  });
  it('localDayStart is the local midnight', () => {
    expect(localDayStart(NOW)).toBe(day(0));
  });
});

describe('paymentUrgency', () => {
  it('flags an unpaid order past its due date', () => {
    expect(paymentUrgency({ payment_status: 'not paid', payment_due_date: day(-2) }, NOW)).toBe('overdue');
  });
  it('never flags a paid or cancelled order', () => {
    expect(paymentUrgency({ payment_status: 'paid', payment_due_date: day(-2) }, NOW)).toBeNull();
    expect(
      paymentUrgency({ payment_status: 'not paid', payment_due_date: day(-2), shipping_status: 'cancel' }, NOW),
    ).toBeNull();
  });
});

describe('shippingUrgency', () => {
  it('flags a not-done order near its expected shipping date', () => {
    expect(shippingUrgency({ shipping_status: 'ship', shipping_date_expected: day(5) }, NOW)).toBe('soon');
    expect(shippingUrgency({ shipping_status: 'wait', shipping_date_expected: day(-1) }, NOW)).toBe('overdue');
  });
  it('never flags a done or cancelled order', () => {
    expect(shippingUrgency({ shipping_status: 'done', shipping_date_expected: day(-1) }, NOW)).toBeNull();
    expect(shippingUrgency({ shipping_status: 'cancel', shipping_date_expected: day(-1) }, NOW)).toBeNull();
    expect(shippingUrgency({ shipping_status: 'ship', shipping_date_expected: '' }, NOW)).toBeNull();
  });
});
