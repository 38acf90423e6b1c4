import { describe, expect, it } from 'vitest';
import { paymentFigures } from '../src/payments';

const order = {
  kind: 'order' as const,
  value: 1000,
  payment_status: 'not paid',
  shipping_status: 'wait',
  payment_advance: 0,
  payment_received: 0,
};

describe('payment figures', () => {
  it('an unpaid order owes its value less what was received', () => {
    expect(paymentFigures(order)).toEqual({
      payment_advance: 0,
      payment_received: 0,
      outstanding: 1000,
      outstanding_shipped: 0,
    });
    expect(paymentFigures({ ...order, payment_received: 250.5 }).outstanding).toBe(749.5);
  });

  it('the advance is money received', () => {
    const f = paymentFigures({ ...order, payment_advance: 300 });
    expect(f.payment_received).toBe(300);
    expect(f.outstanding).toBe(700);
    expect(paymentFigures({ ...order, payment_advance: 300, payment_received: 500 }).outstanding).toBe(500);
  });

  it('a paid order owes nothing and has received at least its value', () => {
    expect(paymentFigures({ ...order, payment_status: 'paid' })).toEqual({
      payment_advance: 0,
      payment_received: 1000,
      outstanding: 0,
      outstanding_shipped: 0,
    });
    expect(paymentFigures({ ...order, payment_status: 'paid', payment_received: 1200 }).payment_received).toBe(1200);
  });

  it('a cancelled order and a quotation owe nothing', () => {
    expect(paymentFigures({ ...order, shipping_status: 'cancel' }).outstanding).toBe(0);
    const q = paymentFigures({ ...order, kind: 'quotation', payment_status: 'paid', shipping_status: 'done' });
    expect(q.outstanding).toBe(0);
    expect(q.outstanding_shipped).toBe(0);
    expect(q.payment_received).toBe(0);
  });

  it('outstanding shipped is the outstanding of a shipped (done) order', () => {
    expect(paymentFigures({ ...order, shipping_status: 'done', payment_received: 400 }).outstanding_shipped).toBe(600);
    expect(paymentFigures({ ...order, shipping_status: 'ship', payment_received: 400 }).outstanding_shipped).toBe(0);
  });

  it('never owes a negative amount and rounds to cents', () => {
    expect(paymentFigures({ ...order, payment_received: 1500 }).outstanding).toBe(0);
    expect(paymentFigures({ ...order, value: 0.1 + 0.2, payment_advance: -5 })).toMatchObject({
      payment_advance: 0,
      outstanding: 0.3,
    });
  });
});
