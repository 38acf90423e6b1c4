/**
 * Migration 0043 (orders.testable) on a database with orders, applied as the migrator applies pending migrations:
 * in one transaction. Each order gets whether it has something to test from its lines and their products; the
 * indexes are built after the backfill (an UPDATE backfill failed here: PostgreSQL builds no index on a table with
 * the deferred generation trigger's events pending in the transaction).
 */
import { describe, expect, it } from 'vitest';
import { migratedBefore, statementsOf } from './migration-files';

describe('migration 0043: orders.testable', () => {
  it('marks the orders with a line to test, in the migrations’ one transaction', async () => {
    const { db, rest } = await migratedBefore('0043');

    // A tested product, one that needs no test, a shipping-cost line of the tested product.
    await db.exec(`
      insert into dealers (id, name, country, created_at, updated_at) values (1, 'Dealer', 'Türkiye', 0, 0);
      insert into products (id, product_code, "desc", is_test_required, created_at, updated_at)
        values (1, 'TST', 'Tested', 1, 0, 0), (2, 'PLN', 'Plain', 0, 0, 0);
      insert into orders (id, dealer_id, dealer_name, date, created_at, updated_at)
        values (10, 1, 'Dealer', 0, 0, 0), (11, 1, 'Dealer', 0, 0, 0), (12, 1, 'Dealer', 0, 0, 0),
               (13, 1, 'Dealer', 0, 0, 0);
      insert into order_lines (order_id, position, product_id, quantity, msrp, is_shipping_cost)
        values (10, 1, 1, 1, 10, 0), (10, 2, 2, 1, 10, 0), (11, 1, 2, 1, 10, 0), (12, 1, 1, 1, 10, 1);
    `);
    // The sum of its rows, as the app reads it (one row before 0045, sixteen after).
    const generation = async () =>
      Number((await db.query<{ n: number }>('select sum(n) as n from data_generation')).rows[0]?.n);
    const before = await generation();
    await db.exec('begin');
    for (const f of rest) for (const s of statementsOf(f)) await db.exec(s);
    await db.exec('commit');

    const rows = await db.query<{ id: number; testable: number }>('select id, testable from orders order by id');
    expect(rows.rows).toEqual([
      { id: 10, testable: 1 },
      { id: 11, testable: 0 },
      { id: 12, testable: 0 },
      { id: 13, testable: 0 },
    ]);
    // The answer caches see a new generation, and the orders' writes still bump it.
    expect(await generation()).toBeGreaterThan(before);
    await db.exec(`update orders set note = 'x' where id = 13`);
    expect(await generation()).toBeGreaterThan(before + 1);
    await db.close();
  });
});
