// An order's test_status (document 1 section 4.4): the checklists compute it, the orders' owner writes it.

import type { TestStatus } from '@bpm/contract/orders';
import { type LineUnits, orderTestStatus } from '@bpm/contract/test-checklists';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { products } from '../../db/schema/products';
import { orderLines, orders } from '../../db/schema/sales';
import { testChecklists } from '../../db/schema/testing';

/**
 * The id of the order line a checklist (alias `c`) was added on: the line_no-th line of its product in the order
 * (a line row may hold another product after a save, so the occurrence names the line; docs/decisions.md,
 * Test checklists).
 */
export const checklistLine = (c: SQL) => sql`(select l.id from ${orderLines} l
    where l.order_id = ${c}.order_id and l.product_id = ${c}.product_id
    order by l.position, l.id offset greatest(coalesce(${c}.line_no, 1) - 1, 0) limit 1)`;

/**
 * Sets an order's test_status and whether it has something to test when either differs (no version bump, no
 * event: the status follows its checklists, whose own events record the change).
 */
async function setOrderTestStatus(tx: Db, orderId: number, status: TestStatus, testable: 0 | 1): Promise<void> {
  await tx
    .update(orders)
    .set({ testStatus: status, testable })
    .where(sql`${orders.id} = ${orderId} and (${orders.testStatus} <> ${status} or ${orders.testable} <> ${testable})`);
}

/** An order (alias `o`) with a line whose product needs a test and is not a shipping-cost line. */
const hasTestableLine = sql`exists (select 1 from ${orderLines} l join ${products} p on p.id = l.product_id
  where l.order_id = o.id and p.is_test_required = 1 and l.is_shipping_cost = 0)`;

/**
 * Recomputes orders.testable where `which` (a condition on the orders as `o`; every order when undefined): after a
 * product's 'test required' changed (the orders with a line of it), and after bulk loads.
 */
export async function refreshTestable(db: Db, which?: SQL): Promise<void> {
  await db.execute(sql`update ${orders} o set testable = case when ${hasTestableLine} then 1 else 0 end
    where ${which ?? sql`true`} and testable <> case when ${hasTestableLine} then 1 else 0 end`);
}

/**
 * The testable lines of an order (a product that needs a test, not a shipping-cost line) with their ordered
 * units and the checklists added on each (a checklist whose line was removed counts nowhere).
 */
export async function orderLineUnits(tx: Db, orderId: number): Promise<LineUnits[]> {
  const rows = await queryRows<{ quantity: number; testable: boolean; checklists: unknown }>(
    tx,
    sql`select l.quantity, (p.is_test_required = 1 and l.is_shipping_cost = 0) as testable,
          (select coalesce(json_agg(json_build_object('quantity', c.quantity, 'status', c.status)), '[]'::json)
             from ${testChecklists} c where c.order_id = l.order_id and ${checklistLine(sql`c`)} = l.id) as checklists
        from ${orderLines} l join ${products} p on p.id = l.product_id
        where l.order_id = ${orderId} order by l.position, l.id`,
  );
  return rows
    .filter((r) => r.testable)
    .map((r) => ({
      quantity: Number(r.quantity),
      checklists: (typeof r.checklists === 'string'
        ? JSON.parse(r.checklists)
        : r.checklists) as LineUnits['checklists'],
    }));
}

/**
 * The order's test_status from every testable unit it ordered, and whether it has any (after a checklist or a line
 * changes).
 */
export async function refreshOrderStatus(tx: Db, orderId: number): Promise<void> {
  const lines = await orderLineUnits(tx, orderId);
  await setOrderTestStatus(tx, orderId, orderTestStatus(lines), lines.length > 0 ? 1 : 0);
}
