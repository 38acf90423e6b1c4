-- Uncached purchase order pages at 1M (issue 25 item 3, docs/performance.md 'Uncached list pages at 1M'): the
-- supplier name, requisitioner and department sort indexes INCLUDE their own column beside lower(column), so a walk
-- of them under the filters reads index entries only (PostgreSQL reads an index only when it holds every column a
-- query names; an expression's column counts apart). A month of POs by requisitioner at offset 1,800 walked 45k
-- table rows, 90 ms.
DROP INDEX IF EXISTS "purchase_orders_supplier_name_sort_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_name_sort_idx" ON "purchase_orders" USING btree (lower("supplier_name"),"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid","supplier_name");--> statement-breakpoint
DROP INDEX IF EXISTS "purchase_orders_supplier_name_desc_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_name_desc_idx" ON "purchase_orders" USING btree (lower("supplier_name") DESC,"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid","supplier_name");--> statement-breakpoint
DROP INDEX IF EXISTS "purchase_orders_requisitioner_sort_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_requisitioner_sort_idx" ON "purchase_orders" USING btree (lower("requisitioner"),"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid","requisitioner");--> statement-breakpoint
DROP INDEX IF EXISTS "purchase_orders_requisitioner_desc_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_requisitioner_desc_idx" ON "purchase_orders" USING btree (lower("requisitioner") DESC,"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid","requisitioner");--> statement-breakpoint
DROP INDEX IF EXISTS "purchase_orders_department_sort_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_department_sort_idx" ON "purchase_orders" USING btree (lower("department"),"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid","department");--> statement-breakpoint
DROP INDEX IF EXISTS "purchase_orders_department_desc_idx";--> statement-breakpoint
CREATE INDEX "purchase_orders_department_desc_idx" ON "purchase_orders" USING btree (lower("department") DESC,"id" DESC NULLS LAST) INCLUDE ("supplier_id","po_date","status","paid","department");
