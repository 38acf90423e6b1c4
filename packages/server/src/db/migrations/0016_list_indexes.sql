-- Issue 14: every filter and sort of the quotations, purchase orders, test orders, packing lists, tasks and
-- events lists at 1M rows (docs/performance.md). Sort indexes carry the filter columns (INCLUDE), so a page
-- under a filter is an index-only walk; the page's rows are then read by id.
CREATE INDEX "quotations_id_sort_idx" ON "quotations" USING btree ("id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_quote_ref_sort_idx" ON "quotations" USING btree ("quote_ref","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_oc_ref_sort_idx" ON "quotations" USING btree ("oc_ref","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_dealer_name_sort_idx" ON "quotations" USING btree ("dealer_name","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_dealer_name_by_dealer_idx" ON "quotations" USING btree ("dealer_id","dealer_name","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_value_sort_idx" ON "quotations" USING btree ("value","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_status_sort_idx" ON "quotations" USING btree ("shipping_status","id") INCLUDE ("dealer_id","date") WHERE deleted = 0;
