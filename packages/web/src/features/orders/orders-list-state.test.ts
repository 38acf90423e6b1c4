import { describe, expect, it } from 'vitest';
import { ORDER_LIST_DEFAULTS, orderListQuery, todayStart } from './orders-list-state';

describe('orderListQuery', () => {
  it('sends nothing for the default filters but sort and page', () => {
    expect(orderListQuery(ORDER_LIST_DEFAULTS, { payment: true })).toEqual({
      search: undefined,
      dealer: undefined,
      start: undefined,
      end: undefined,
      shipping_status: undefined,
      shipping_for_today: undefined,
      expected_before_today: undefined,
      today_start: undefined,
      payment_status: undefined,
      sort: 'date',
      order: 'desc',
      limit: 50,
      offset: 0,
    });
  });
  it('joins statuses by ; in their fixed order and sends ; for none', () => {
    const q = orderListQuery({ ...ORDER_LIST_DEFAULTS, statuses: ['cancel', 'wait'] }, { payment: true });
    expect(q.shipping_status).toBe('wait;cancel');
    expect(orderListQuery({ ...ORDER_LIST_DEFAULTS, statuses: [] }, { payment: true }).shipping_status).toBe(';');
  });
  it('sends local midnight with the before-today filter and the payment filter only where offered', () => {
    const s = { ...ORDER_LIST_DEFAULTS, beforeToday: true, payment: 'paid', page: 2, dealer: 7 };
    const q = orderListQuery(s, { payment: false });
    expect(q.today_start).toBe(todayStart());
    expect(q.payment_status).toBeUndefined();
    expect(q.offset).toBe(100);
    expect(q.dealer).toBe(7);
    expect(orderListQuery(s, { payment: true }).payment_status).toBe('paid');
  });
  it('todayStart is local midnight', () => {
    const d = new Date(2026, 10, 22, 15, 30);
    expect(new Date(todayStart(d) * 1000).getHours()).toBe(0);
    expect(new Date(todayStart(d) * 1000).getDate()).toBe(22);
  });
});
