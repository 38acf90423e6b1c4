/**
 * The test order list as plain SQL over the lines themselves, for the tests that page the list's plans against it
 * (list-plans, list-queries): `orders.testable` must say what these conditions say.
 */
import { sql } from 'drizzle-orm';

/** An order (alias `o`) with a line whose product needs a test and is not a shipping-cost line. */
export const plainTestable = sql`exists (select 1 from order_lines l join products p on p.id = l.product_id
  where l.order_id = o.id and p.is_test_required = 1 and l.is_shipping_cost = 0)`;

/** The list's sort keys over `o` (the date sorts by `o.date`). */
export const TEST_ORDER_SORTS: Record<string, string> = {
  oc_ref: 'o.oc_ref',
  dealer_name: 'lower(o.dealer_name)',
  test_status: 'o.test_status',
};
