// An order's test_status (document 1 section 4.4): the checklists compute it, the orders' owner writes it.

import type { TestStatus } from '@bpm/contract/orders';
import { type LineUnits, orderTestStatus } from '@bpm/contract/test-checklists';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fixedSql } from '../../db/fixed-read';
import { products } from '../../db/schema/products';
import { orderLines, orders } from '../../db/schema/sales';
import { testChecklists } from '../../db/schema/testing';
import { lockWhere } from '../../platform/records';

/**
 * The id of the order line a checklist (alias `c`) was added on: the line_no-th line of its product in the order
 * (a line row may hold another product after a save, so the occurrence names the line; docs/decisions.md,
 * Test checklists).
 */
export const checklistLine = (c: SQL) => sql`(select l.id from ${orderLines} l
    where l.order_id = ${c}.order_id and l.product_id = ${c}.product_id
    order by l.position, l.id offset greatest(coalesce(${c}.line_no, 1) - 1, 0) limit 1)`;

/**
 * Sets an order's test_status, and whether it has something to test when given, where either differs (no version
 * bump, no event: the status follows its checklists, whose own events record the change).
 */
async function setOrderTestStatus(tx: Db, orderId: number, status: TestStatus, testable?: 0 | 1): Promise<void> {
  const differs =
    testable === undefined
      ? sql`${orders.testStatus} <> ${status}`
      : sql`(${orders.testStatus} <> ${status} or ${orders.testable} <> ${testable})`;
  await tx
    .update(orders)
    .set({ testStatus: status, ...(testable === undefined ? {} : { testable }) })
    .where(sql`${orders.id} = ${orderId} and ${differs}`);
}

/** An order (alias `o`) with a line whose product needs a test and is not a shipping-cost line. */
const hasTestableLine = sql`exists (select 1 from ${orderLines} l join ${products} p on p.id = l.product_id
  where l.order_id = o.id and p.is_test_required = 1 and l.is_shipping_cost = 0)`;

/** The orders (their id as `id`) with a line of one of the products. */
const withLinesOf = (id: SQL, productIds: number[]) =>
  sql`${id} in (select ${orderLines.docId} from ${orderLines} where ${inArray(orderLines.productId, productIds)})`;

/**
 * Recomputes orders.testable where `which` (a condition on the orders as `o`; every order when undefined): after
 * bulk loads, and after products' 'test required' changed (refreshTestableOf).
 */
export async function refreshTestable(db: Db, which?: SQL): Promise<void> {
  await db.execute(sql`update ${orders} o set testable = case when ${hasTestableLine} then 1 else 0 end
    where ${which ?? sql`true`} and testable <> case when ${hasTestableLine} then 1 else 0 end`);
}

/**
 * Before products' 'test required' changes (the products' save, before it locks them): locks the orders with a line
 * of them. An order save locks its order before it reads its products' requirement, so it either finishes first
 * (refreshTestableOf then sees its lines) or waits and reads the new requirement; a line that newly names such a
 * product waits on the product's own lock (its foreign-key check). orders-testable.test.ts.
 */
export async function lockOrdersOf(tx: Db, productIds: number[]): Promise<void> {
  await lockWhere(tx, orders, withLinesOf(sql`${orders.id}`, productIds), { id: orders.id });
}

/** After products' 'test required' changed: whether their orders have something to test, in the same transaction. */
export const refreshTestableOf = (tx: Db, productIds: number[]) =>
  refreshTestable(tx, withLinesOf(sql`o.id`, productIds));

/** An order's lines with their checklists' quantities and statuses, one statement by id (db/fixed-read.ts). */
const lineUnitsRead = fixedSql<{ quantity: number; testable: boolean; checklists: unknown }>(
  'order_line_units',
  sql`select l.quantity, (p.is_test_required = 1 and l.is_shipping_cost = 0) as testable,
        (select coalesce(json_agg(json_build_object('quantity', c.quantity, 'status', c.status)), '[]'::json)
           from ${testChecklists} c where c.order_id = l.order_id and ${checklistLine(sql`c`)} = l.id) as checklists
      from ${orderLines} l join ${products} p on p.id = l.product_id
      where l.order_id = ${sql.placeholder('order')} order by l.position, l.id`,
);

/**
 * The testable lines of an order (a product that needs a test, not a shipping-cost line) with their ordered
 * units and the checklists added on each (a checklist whose line was removed counts nowhere).
 */
export async function orderLineUnits(tx: Db, orderId: number): Promise<LineUnits[]> {
  const rows = await lineUnitsRead(tx).execute({ order: orderId });
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
 * The order's test_status from every testable unit it ordered (after a checklist or a line changes); after a line
 * change (`lines`, the order locked by its save) also whether it has something to test. Only then: a checklist's
 * save does not hold the order's lock, so it could write a requirement it read before a product's change of it
 * (lockOrdersOf).
 */
export async function refreshOrderStatus(tx: Db, orderId: number, opts: { lines?: boolean } = {}): Promise<void> {
  const lines = await orderLineUnits(tx, orderId);
  await setOrderTestStatus(tx, orderId, orderTestStatus(lines), opts.lines ? (lines.length > 0 ? 1 : 0) : undefined);
}
