-- The test order list's orders (issue 25, docs/performance.md 'Mixed workload'): orders.testable is 1 when an
-- order has a line whose product needs a test and is not a shipping-cost line. The list tested that per order
-- (order_lines × products for every order walked or counted: its capped counts were a tenth of the database's
-- time in the mixed bench); now it is a column its indexes hold.
ALTER TABLE "orders" ADD COLUMN "testable" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The backfill rewrites the table once (ALTER COLUMN … TYPE with USING, docs/decisions.md 'Backfilling a large
-- table'), which rebuilds its indexes from the new rows alone and fires no row trigger (an UPDATE would queue an
-- event of the deferred generation trigger per row, and no index can be built on a table with events pending in
-- the transaction). The indexes changed below are dropped first, so that each is built once.
DROP INDEX IF EXISTS "orders_test_status_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_test_oc_ref_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_test_dealer_name_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_test_dealer_dealer_name_idx";--> statement-breakpoint
CREATE FUNCTION "orders_backfill_testable"(integer) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM "order_lines" l JOIN "products" p ON p."id" = l."product_id"
    WHERE l."order_id" = $1 AND p."is_test_required" = 1 AND l."is_shipping_cost" = 0) THEN 1 ELSE 0 END::smallint $$;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "testable" TYPE smallint USING "orders_backfill_testable"("id");--> statement-breakpoint
DROP FUNCTION "orders_backfill_testable"(integer);--> statement-breakpoint
-- The answer caches see new data (the rewrite fires no trigger).
UPDATE "data_generation" SET "n" = "n" + 1 WHERE "id" = 1;--> statement-breakpoint
CREATE INDEX "orders_testable_date_idx" ON "orders" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("dealer_id","test_status","oc_ref","dealer_name") WHERE deleted = 0 and testable = 1;--> statement-breakpoint
CREATE INDEX "orders_testable_status_idx" ON "orders" USING btree ("test_status","date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("dealer_id","oc_ref","dealer_name") WHERE deleted = 0 and testable = 1;--> statement-breakpoint
CREATE INDEX "orders_test_status_sort_idx" ON "orders" USING btree ("test_status","id") INCLUDE ("dealer_id","date","testable") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_test_oc_ref_sort_idx" ON "orders" USING btree ("oc_ref","id") INCLUDE ("dealer_id","date","test_status","testable") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_test_dealer_name_sort_idx" ON "orders" USING btree (lower("dealer_name"),"id") INCLUDE ("dealer_name","dealer_id","date","test_status","shipping_status","payment_status","shipping_for_today","shipping_date_expected","testable") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_test_dealer_dealer_name_idx" ON "orders" USING btree ("dealer_id",lower("dealer_name"),"id") INCLUDE ("dealer_name","date","test_status","testable") WHERE deleted = 0;--> statement-breakpoint
ANALYZE "orders";
