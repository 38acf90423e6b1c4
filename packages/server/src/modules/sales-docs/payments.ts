// Applies the payment rule (contract/payments.ts) to a saved order or quotation, inside its save.
import { paymentFigures } from '@bpm/contract/payments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { KINDS, type Kind, num, str } from './kinds';
import type { Doc } from './read';

/** Recomputes advance, received, outstanding and outstanding shipped from the saved row. */
export async function applyPayments(tx: Db, kind: Kind, id: number) {
  const { t } = KINDS[kind];
  const [row] = await tx
    .select({
      value: t.value,
      paymentStatus: t.paymentStatus,
      shippingStatus: t.shippingStatus,
      paymentAdvance: t.paymentAdvance,
      paymentReceived: t.paymentReceived,
    })
    .from(t)
    .where(eq(t.id, id));
  if (!row) return;
  const f = paymentFigures({
    kind,
    value: num(row.value),
    payment_status: row.paymentStatus,
    shipping_status: row.shippingStatus,
    payment_advance: num(row.paymentAdvance),
    payment_received: num(row.paymentReceived),
  });
  await tx
    .update(t)
    .set({
      paymentAdvance: str(f.payment_advance),
      paymentReceived: str(f.payment_received),
      outstanding: str(f.outstanding),
      outstandingShipped: str(f.outstanding_shipped),
    })
    .where(eq(t.id, id));
}

/** A plain amount in cents (as stored by a numeric(…, 2) column unchanged), else undefined. */
function cents(v: unknown): number | undefined {
  if (typeof v !== 'number' && typeof v !== 'string') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && /^-?\d+(\.\d{1,2})?$/.test(String(n)) ? n : undefined;
}

/**
 * The payment figures of a save computed before its write, from the columns it writes over the stored record
 * (`before`), to be written with them — what applyPayments would write after it. Undefined when an input is
 * unknown (a new record's column the save leaves to its default) or not in cents (the column would round it):
 * then applyPayments runs after the write.
 */
export function paymentColumns(kind: Kind, before: Doc | undefined, set: Record<string, unknown>) {
  const input = (col: string, stored: unknown) => (set[col] !== undefined ? set[col] : stored);
  const value = cents(input('value', before?.value));
  const advance = cents(input('paymentAdvance', before?.payment_advance));
  const received = cents(input('paymentReceived', before?.payment_received));
  const paymentStatus = input('paymentStatus', before?.payment_status);
  const shippingStatus = input('shippingStatus', before?.shipping_status);
  if (value === undefined || advance === undefined || received === undefined) return undefined;
  if (typeof paymentStatus !== 'string' || typeof shippingStatus !== 'string') return undefined;
  const f = paymentFigures({
    kind,
    value,
    payment_status: paymentStatus,
    shipping_status: shippingStatus,
    payment_advance: advance,
    payment_received: received,
  });
  return {
    paymentAdvance: str(f.payment_advance),
    paymentReceived: str(f.payment_received),
    outstanding: str(f.outstanding),
    outstandingShipped: str(f.outstanding_shipped),
  };
}
