-- Issue 14 item 2, the remaining slow list combinations (docs/decisions.md, 'Purchase order, task, event and
-- test order lists: the remaining slow combinations'). The status and supplier indexes cover every sort column, so
-- a status- or supplier-filtered page is found index-only by running the filter first; a status filter's due-date
-- order is walked in order; the due-date lag bounds a due-date walk under a PO date range; a PO date range by PO
-- number merges one walk per 30-day bucket of PO dates. The test order list's status-by-date index and the
-- quotations' dealer-name index carry the other filter columns (INCLUDE): their walks under the remaining filters
-- are index-only.
CREATE INDEX "purchase_orders_status_cover_idx" ON "purchase_orders" USING btree ("status","po_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("supplier_id","paid","due_date","amount","po_number","supplier_name","requisitioner","department");--> statement-breakpoint
DROP INDEX "purchase_orders_status_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_cover_idx" ON "purchase_orders" USING btree ("supplier_id","po_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","paid","due_date","amount","po_number","supplier_name","requisitioner","department");--> statement-breakpoint
DROP INDEX "purchase_orders_supplier_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_due_lag_idx" ON "purchase_orders" USING btree (("due_date" - "po_date"));--> statement-breakpoint
CREATE INDEX "purchase_orders_month_number_idx" ON "purchase_orders" USING btree (("po_date" / 2592000),"po_number","id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_due_idx" ON "purchase_orders" USING btree ("status","due_date","id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","paid");--> statement-breakpoint
DROP INDEX "orders_test_status_date_idx";--> statement-breakpoint
CREATE INDEX "orders_test_status_date_idx" ON "orders" USING btree ("test_status","date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("dealer_id","oc_ref","dealer_name") WHERE deleted = 0;--> statement-breakpoint
DROP INDEX "quotations_dealer_name_by_dealer_idx";--> statement-breakpoint
CREATE INDEX "quotations_dealer_name_by_dealer_idx" ON "quotations" USING btree ("dealer_id","dealer_name","id") INCLUDE ("date") WHERE deleted = 0;
