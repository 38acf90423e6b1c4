// The payment figures of an order, computed by the server on every save (docs/decisions.md: payments).

export interface PaymentInput {
  kind: 'order' | 'quotation';
  /** Σ lines (goods and shipping), as saved. */
  value: number;
  payment_status: 'paid' | 'not paid' | string;
  shipping_status: 'wait' | 'ship' | 'done' | 'cancel' | string;
  payment_advance: number;
  payment_received: number;
}

export interface PaymentFigures {
  payment_advance: number;
  payment_received: number;
  outstanding: number;
  outstanding_shipped: number;
}

const round2 = (n: number) => Math.round((Number.isFinite(n) ? n : 0) * 100) / 100;

/**
 * - advance: the part paid before shipping, as entered (never negative); it is money received.
 * - received: as entered but at least the advance; a 'paid' order has received at least its value.
 * - outstanding: value − received (never negative) of an unpaid, uncancelled order; else 0.
 *   A quotation owes nothing: 0.
 * - outstanding shipped: the outstanding of an order already shipped (status done); else 0.
 */
export function paymentFigures(v: PaymentInput): PaymentFigures {
  const value = round2(v.value);
  const advance = round2(Math.max(0, v.payment_advance));
  let received = round2(Math.max(0, v.payment_received, advance));
  if (v.payment_status === 'paid' && v.kind === 'order') received = Math.max(received, value);
  const owes = v.kind === 'order' && v.payment_status !== 'paid' && v.shipping_status !== 'cancel';
  const outstanding = owes ? round2(Math.max(0, value - received)) : 0;
  return {
    payment_advance: advance,
    payment_received: received,
    outstanding,
    outstanding_shipped: v.shipping_status === 'done' ? outstanding : 0,
  };
}

/** The payment rule in the editor's words, beside the figures it computes (docs/decisions.md: payments). */
export const PAYMENT_HINTS = {
  advance: 'Received before shipping; counts as received',
  received: 'At least the advance; a paid order has received its whole value',
  savedAs: (amount: string) => `Saved as ${amount}`,
  outstanding: 'Computed: value − received, while the order is unpaid and not cancelled',
  outstandingShipped: 'Computed: the outstanding of an order whose status is done',
  quotation: 'Computed: a quotation owes nothing',
} as const;
