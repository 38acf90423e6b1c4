-- Issue 14: every filter and sort of the quotations, purchase orders, test orders, packing lists, tasks and
-- events lists at 1M rows (docs/performance.md). Sort indexes carry the filter columns (INCLUDE), so a page
-- under a filter is an index-only walk; the page's rows are then read by id.
CREATE INDEX "quotations_id_sort_idx" ON "quotations" USING btree ("id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_quote_ref_sort_idx" ON "quotations" USING btree ("quote_ref","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_oc_ref_sort_idx" ON "quotations" USING btree ("oc_ref","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_dealer_name_sort_idx" ON "quotations" USING btree ("dealer_name","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_dealer_name_by_dealer_idx" ON "quotations" USING btree ("dealer_id","dealer_name","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_value_sort_idx" ON "quotations" USING btree ("value","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_status_sort_idx" ON "quotations" USING btree ("shipping_status","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "purchase_orders_date_cover_idx" ON "purchase_orders" USING btree ("po_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("supplier_id","status","paid","amount");--> statement-breakpoint
DROP INDEX "purchase_orders_date_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_po_number_sort_idx" ON "purchase_orders" USING btree ("po_number","id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_name_sort_idx" ON "purchase_orders" USING btree (lower("supplier_name"),"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_name_desc_idx" ON "purchase_orders" USING btree (lower("supplier_name") DESC,"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_requisitioner_sort_idx" ON "purchase_orders" USING btree (lower("requisitioner"),"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_requisitioner_desc_idx" ON "purchase_orders" USING btree (lower("requisitioner") DESC,"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_department_sort_idx" ON "purchase_orders" USING btree (lower("department"),"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_department_desc_idx" ON "purchase_orders" USING btree (lower("department") DESC,"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_due_date_sort_idx" ON "purchase_orders" USING btree ("due_date","id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_sort_idx" ON "purchase_orders" USING btree ("status","id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_desc_idx" ON "purchase_orders" USING btree ("status" DESC,"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_amount_sort_idx" ON "purchase_orders" USING btree ("amount","id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_paid_sort_idx" ON "purchase_orders" USING btree ("paid","id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_paid_desc_idx" ON "purchase_orders" USING btree ("paid" DESC,"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status");--> statement-breakpoint
CREATE INDEX "orders_test_status_date_idx" ON "orders" USING btree ("test_status","date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_test_status_sort_idx" ON "orders" USING btree ("test_status","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_test_oc_ref_sort_idx" ON "orders" USING btree ("oc_ref","id") INCLUDE ("dealer_id","date","test_status") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_test_dealer_name_sort_idx" ON "orders" USING btree (lower("dealer_name"),"id") INCLUDE ("dealer_id","date","test_status") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_test_dealer_dealer_name_idx" ON "orders" USING btree ("dealer_id",lower("dealer_name"),"id") INCLUDE ("date","test_status") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_test_search_trgm" ON "orders" USING gin ((lower("oc_ref" || ' ' || "dealer_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packing_lists_po_customer_trgm" ON "packing_lists" USING gin ((lower("po_number" || ' ' || "customer")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packing_lists_shipping_date_sort_idx" ON "packing_lists" USING btree ("shipping_date","id");--> statement-breakpoint
CREATE INDEX "packing_lists_shipping_date_desc_idx" ON "packing_lists" USING btree ("shipping_date" DESC NULLS LAST,"id" DESC);--> statement-breakpoint
CREATE INDEX "packing_lists_po_number_sort_idx" ON "packing_lists" USING btree ("po_number","id");--> statement-breakpoint
CREATE INDEX "packing_lists_customer_sort_idx" ON "packing_lists" USING btree (lower("customer"),"id");--> statement-breakpoint
CREATE INDEX "events_time_cover_idx" ON "events" USING btree ("time" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("entity_type","event");--> statement-breakpoint
DROP INDEX "events_time_idx";--> statement-breakpoint
CREATE INDEX "tasks_project_cover_idx" ON "tasks" USING btree ("project_id","id" DESC NULLS LAST) INCLUDE ("parent_id","status","priority","due_date","date_added","assigned_to","added_by");--> statement-breakpoint
DROP INDEX "tasks_project_idx";--> statement-breakpoint
CREATE INDEX "order_lines_testable_idx" ON "order_lines" USING btree ("order_id","product_id") WHERE is_shipping_cost = 0;--> statement-breakpoint
CREATE INDEX "events_username_trgm" ON "events" USING gin ((lower("username")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_person_trgm" ON "events" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE TABLE "po_day_totals" (
	"day" integer NOT NULL,
	"status" text NOT NULL,
	"paid" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "po_day_totals_day_status_paid_pk" PRIMARY KEY("day","status","paid")
);--> statement-breakpoint
INSERT INTO "po_day_totals" ("day", "status", "paid", "n", "amount")
SELECT floor("po_date" / 86400.0)::int, "status", "paid", count(*), sum("amount") FROM "purchase_orders" GROUP BY 1, 2, 3;
