import { bigint, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { dealers } from './sales';

/**
 * Sales of live orders per dealer and calendar month (UTC), kept in the transaction of every order
 * write beside order_rollup, so the dashboard reads ≤ dealers × 24 rows instead of two years of
 * orders (ARCHITECTURE.md, Measured here). Cancelled and deleted orders are not counted.
 * `month` = year × 12 + (month − 1).
 */
export const orderMonthRollup = pgTable(
  'order_month_rollup',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    month: integer('month').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    /** Σ (value − shipping_cost). */
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.month, t.dealerId] })],
);

/**
 * The same per dealer and UTC day (`day` = unix seconds ÷ 86400), for the dashboard's 30/7-day windows
 * and their previous periods: only the days cut by a window's edge are read from the orders.
 */
export const orderDayRollup = pgTable(
  'order_day_rollup',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    day: integer('day').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    /** Σ (value − shipping_cost). */
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.dealerId] })],
);
