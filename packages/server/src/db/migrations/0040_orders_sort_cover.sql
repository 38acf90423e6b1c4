-- Uncached orders list pages at 1M orders (issue 25 item 3, docs/performance.md 'Uncached list pages at 1M'):
-- every sort's (column, id) index INCLUDEs the filters' columns (dealer, date, shipping and payment status,
-- shipments for today, expected date), so the bounded walk of a filtered sort checks the filter in the index and
-- reads no table row ('not paid' by quote ref at offset 1,050: a filter first of 112k rows, 194–318 ms, becomes a
-- walk of the index). The status-, payment- and dealer-leading date indexes INCLUDE every sort key and the
-- summary's figures, so a filter first and the capped summary over them are index-only too. An expression's
-- columns are INCLUDEd beside it (PostgreSQL reads an index only when it holds every column a query names).
DROP INDEX IF EXISTS "orders_oc_ref_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_oc_ref_sort_idx" ON "orders" USING btree ("oc_ref","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_invoice_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_invoice_sort_idx" ON "orders" USING btree ("invoice","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_quote_ref_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_quote_ref_sort_idx" ON "orders" USING btree ("quote_ref","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_note_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_note_sort_idx" ON "orders" USING btree ("note_key","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_value_idx";--> statement-breakpoint
CREATE INDEX "orders_value_idx" ON "orders" USING btree ("value","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_shipping_cost_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_shipping_cost_sort_idx" ON "orders" USING btree ("shipping_cost","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_sales_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_sales_sort_idx" ON "orders" USING btree (("value" - "shipping_cost"),"id") INCLUDE ("value","shipping_cost","dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_received_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_received_sort_idx" ON "orders" USING btree ("payment_received","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_outstanding_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_outstanding_sort_idx" ON "orders" USING btree ("outstanding","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_shipping_date_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_shipping_date_sort_idx" ON "orders" USING btree ("shipping_date","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_awb_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_awb_sort_idx" ON "orders" USING btree ("shipping_awb","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_expected_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_expected_sort_idx" ON "orders" USING btree ("shipping_date_expected","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_status_sort_idx" ON "orders" USING btree ("shipping_status","id") INCLUDE ("dealer_id","date","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_payment_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_payment_sort_idx" ON "orders" USING btree ("payment_status","id") INCLUDE ("dealer_id","date","shipping_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_today_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_today_sort_idx" ON "orders" USING btree ("shipping_for_today","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_test_dealer_name_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_test_dealer_name_sort_idx" ON "orders" USING btree (lower("dealer_name"),"id") INCLUDE ("dealer_name","dealer_id","date","test_status","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_date_idx";--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("shipping_status","date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("dealer_id","payment_status","shipping_date_expected","shipping_for_today","value","shipping_cost","payment_received","outstanding","shipping_date","oc_ref","invoice","quote_ref","shipping_awb","note_key","dealer_name","actual_shipping_cost","outstanding_shipped") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_payment_date_idx";--> statement-breakpoint
CREATE INDEX "orders_payment_date_idx" ON "orders" USING btree ("payment_status","date" DESC NULLS LAST) INCLUDE ("id","dealer_id","shipping_status","shipping_date_expected","shipping_for_today","value","shipping_cost","payment_received","outstanding","shipping_date","oc_ref","invoice","quote_ref","shipping_awb","note_key","dealer_name","actual_shipping_cost","outstanding_shipped") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_dealer_date_idx";--> statement-breakpoint
CREATE INDEX "orders_dealer_date_idx" ON "orders" USING btree ("dealer_id","date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("shipping_status","payment_status","shipping_for_today","shipping_date_expected","value","shipping_cost","payment_received","outstanding","shipping_date","oc_ref","invoice","quote_ref","shipping_awb","note_key","dealer_name","actual_shipping_cost","outstanding_shipped") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_open_shipping_awb_idx";--> statement-breakpoint
CREATE INDEX "orders_open_shipping_awb_idx" ON "orders" USING btree ("shipping_awb","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0 and shipping_status in ('wait', 'ship');--> statement-breakpoint
DROP INDEX IF EXISTS "orders_open_payment_received_idx";--> statement-breakpoint
CREATE INDEX "orders_open_payment_received_idx" ON "orders" USING btree ("payment_received","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0 and shipping_status in ('wait', 'ship');--> statement-breakpoint
DROP INDEX IF EXISTS "orders_open_outstanding_idx";--> statement-breakpoint
CREATE INDEX "orders_open_outstanding_idx" ON "orders" USING btree ("outstanding","id") INCLUDE ("dealer_id","date","shipping_status","payment_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0 and shipping_status in ('wait', 'ship');--> statement-breakpoint
DROP INDEX IF EXISTS "orders_open_payment_status_idx";--> statement-breakpoint
CREATE INDEX "orders_open_payment_status_idx" ON "orders" USING btree ("payment_status","id") INCLUDE ("dealer_id","date","shipping_status","shipping_for_today","shipping_date_expected") WHERE deleted = 0 and shipping_status in ('wait', 'ship');
