-- Issue 14 item 2, the remaining slow list combinations (docs/decisions.md, 'Purchase order, task, event and
-- test order lists: the remaining slow combinations'). The status and supplier indexes cover every sort column, so
-- a status- or supplier-filtered page is found index-only by running the filter first; the due-date lag bounds a
-- due-date walk under a PO date range.
CREATE INDEX "purchase_orders_status_cover_idx" ON "purchase_orders" USING btree ("status","po_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("supplier_id","paid","due_date","amount","po_number","supplier_name","requisitioner","department");--> statement-breakpoint
DROP INDEX "purchase_orders_status_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_cover_idx" ON "purchase_orders" USING btree ("supplier_id","po_date" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","paid","due_date","amount","po_number","supplier_name","requisitioner","department");--> statement-breakpoint
DROP INDEX "purchase_orders_supplier_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_due_lag_idx" ON "purchase_orders" USING btree (("due_date" - "po_date"));
