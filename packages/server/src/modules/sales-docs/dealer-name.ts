// Orders and quotations keep a copy of their dealer's name (lists sort and search on it): the documents'
// owner writes it when the dealers module renames a dealer.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, quotations } from '../../db/schema/sales';

/** A renamed dealer's new name follows into every order and quotation of that dealer. */
export async function renameDealerOnDocuments(tx: Db, dealerId: number, name: string): Promise<void> {
  await tx.update(orders).set({ dealerName: name }).where(eq(orders.dealerId, dealerId));
  await tx.update(quotations).set({ dealerName: name }).where(eq(quotations.dealerId, dealerId));
}
