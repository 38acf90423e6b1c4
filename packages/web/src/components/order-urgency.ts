/**
 * Overdue at a glance (issue 9 item 7, thresholds of document 1 section 4.6): an unpaid order
 * near or past its payment due date, a not-done order near or past its expected shipping date.
 * Dates are the user's local midnights (as the date pickers store them), so a date is overdue
 * once its day has passed, not at its first second.
 */
import { SOON_DAYS, URGENT_DAYS } from '@bpm/contract/tasks';

export type Urgency = 'overdue' | 'urgent' | 'soon';

export const URGENCY_LABELS: Record<Urgency, string> = { overdue: 'Overdue', urgent: 'Urgent', soon: 'Soon' };

/** The local midnight of `nowMs`, in unix seconds. */
export function localDayStart(nowMs: number): number {
  const d = new Date(nowMs);
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/** Overdue before today; urgent within 3 days; soon within 7; otherwise nothing. */
export function dateUrgency(date: number | '' | null | undefined, nowMs: number): Urgency | null {
  if (date === '' || date == null) return null;
  const today = localDayStart(nowMs);
  if (date < today) return 'overdue';
  // Rounded: a DST change makes a local day 23 or 25 hours long.
  const days = Math.round((date - today) / 86400);
  if (days <= URGENT_DAYS) return 'urgent';
  if (days <= SOON_DAYS) return 'soon';
  return null;
}

/** Sales: by payment due date; never on a paid or cancelled order. */
export function paymentUrgency(
  o: { payment_status: string; payment_due_date: number | null; shipping_status?: string },
  nowMs = Date.now(),
): Urgency | null {
  if (o.payment_status === 'paid' || o.shipping_status === 'cancel') return null;
  return dateUrgency(o.payment_due_date, nowMs);
}

/** Shipping: by expected shipping date; never on a done or cancelled order. */
export function shippingUrgency(
  o: { shipping_status: string; shipping_date_expected: number | '' | null },
  nowMs = Date.now(),
): Urgency | null {
  if (o.shipping_status === 'done' || o.shipping_status === 'cancel') return null;
  return dateUrgency(o.shipping_date_expected, nowMs);
}
