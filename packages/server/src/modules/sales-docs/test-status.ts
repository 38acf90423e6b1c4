// An order's test_status (document 1 section 4.4): the checklists compute it, the orders' owner writes it.
import type { TestStatus } from '@bpm/contract/orders';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/sales';

/**
 * Sets an order's test_status when it differs (no version bump, no event: the status follows its
 * checklists, whose own events record the change).
 */
export async function setOrderTestStatus(tx: Db, orderId: number, status: TestStatus): Promise<void> {
  await tx
    .update(orders)
    .set({ testStatus: status })
    .where(sql`${orders.id} = ${orderId} and ${orders.testStatus} <> ${status}`);
}
