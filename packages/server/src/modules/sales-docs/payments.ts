// Applies the payment rule (contract/payments.ts) to a saved order or quotation, inside its save.
import { paymentFigures } from '@bpm/contract/payments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { KINDS, type Kind, num, str } from './kinds';

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
