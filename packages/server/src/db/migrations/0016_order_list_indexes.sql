-- Orders list at 1M orders (issue 14 item 2, docs/performance.md): indexes chosen from EXPLAIN per filter × sort.
-- Three single-column indexes duplicated the (column, id) sort indexes: the sort indexes answer the same lookups.
DROP INDEX IF EXISTS "orders_oc_ref_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_invoice_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_expected_idx";--> statement-breakpoint
-- Open orders (wait, ship: the shipping screens' sets and 'Expected Shipping Date is before Today'): by expected
-- date, covering every sort key but the note and the summary's figures, so a filter of open orders counts, sums
-- and sorts index-only over the open orders alone.
CREATE INDEX "orders_open_list_idx" ON "orders" USING btree ("shipping_date_expected","id") INCLUDE ("date","dealer_id","shipping_status","payment_status","shipping_for_today","value","shipping_cost","actual_shipping_cost","payment_received","outstanding","outstanding_shipped","shipping_date","oc_ref","invoice","quote_ref","shipping_awb","dealer_name") WHERE deleted = 0 and shipping_status in ('wait', 'ship');--> statement-breakpoint
-- 'Not paid' / 'Paid' sorted by received or outstanding: the payment status decides both figures.
CREATE INDEX "orders_payment_received_idx" ON "orders" USING btree ("payment_status","payment_received","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_payment_outstanding_idx" ON "orders" USING btree ("payment_status","outstanding","id") WHERE deleted = 0;--> statement-breakpoint
-- One dealer: the same key, now covering the filters and the sort keys (its orders sort index-only).
DROP INDEX IF EXISTS "orders_dealer_date_idx";--> statement-breakpoint
CREATE INDEX "orders_dealer_date_idx" ON "orders" USING btree ("dealer_id","date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("shipping_status","payment_status","shipping_for_today","shipping_date_expected","value","shipping_cost","payment_received","outstanding","shipping_date","oc_ref","invoice","quote_ref","shipping_awb") WHERE deleted = 0;
--> statement-breakpoint
-- Shipments for today: the same key, now covering like the open orders' index (count, sums and sorts index-only).
DROP INDEX IF EXISTS "orders_today_idx";--> statement-breakpoint
CREATE INDEX "orders_today_idx" ON "orders" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("dealer_id","shipping_status","payment_status","shipping_date_expected","value","shipping_cost","actual_shipping_cost","payment_received","outstanding","outstanding_shipped","shipping_date","oc_ref","invoice","quote_ref","shipping_awb","dealer_name") WHERE deleted = 0 and shipping_for_today = 1;--> statement-breakpoint
-- The date order: the same key, now covering the filters, the summary's figures and the numeric sort keys, so
-- the two cut edge days of a date-range total, and a date range sorted by a key the walk cannot find (the
-- expected date, ascending), are read index-only.
DROP INDEX IF EXISTS "orders_date_idx";--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("dealer_id","shipping_status","payment_status","shipping_for_today","shipping_date_expected","shipping_date","value","shipping_cost","actual_shipping_cost","payment_received","outstanding","outstanding_shipped") WHERE deleted = 0;
