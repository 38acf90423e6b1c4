-- Packing lists carry a copy of their order's OC ref, dealer and company (issue 14 item 2, docs/decisions.md
-- 'Packing lists: the order's columns copied'): the list filters and sorts by them on packing_lists alone,
-- through its own indexes, instead of joining 1M orders. Triggers keep the copies equal to the order's on
-- every write path (order save, dealer rename, seeds, bulk loads, SQL by hand).
ALTER TABLE "packing_lists" ADD COLUMN "oc_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packing_lists" ADD COLUMN "dealer_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packing_lists" ADD COLUMN "dealer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The backfill rewrites every row: the secondary indexes are dropped first and built once after it (at 1M
-- packing lists, updating them row by row costs several times the build).
DROP INDEX IF EXISTS "packing_lists_order_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_serial_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_po_customer_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_shipping_date_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_shipping_date_desc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_po_number_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_customer_sort_idx";--> statement-breakpoint
UPDATE "packing_lists" pl SET "oc_ref" = o."oc_ref", "dealer_id" = o."dealer_id", "dealer_name" = o."dealer_name"
FROM "orders" o WHERE o."id" = pl."order_id";--> statement-breakpoint
-- A new or moved packing list takes its order's values (also when a write names other ones).
CREATE FUNCTION "packing_list_copy_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o."oc_ref", o."dealer_id", o."dealer_name" INTO NEW."oc_ref", NEW."dealer_id", NEW."dealer_name"
    FROM "orders" o WHERE o."id" = NEW."order_id";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'packing list % names no order %', NEW."id", NEW."order_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "packing_lists_copy_order" BEFORE INSERT OR UPDATE OF "order_id", "oc_ref", "dealer_id", "dealer_name" ON "packing_lists" FOR EACH ROW EXECUTE FUNCTION "packing_list_copy_order"();
--> statement-breakpoint
-- An order whose OC ref, dealer or company changed passes them to its packing lists (the order save, a dealer
-- rename cascading to its orders). Only when one of them changed: the WHEN clause costs nothing otherwise.
CREATE FUNCTION "orders_copy_to_packing_lists"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "packing_lists" SET "oc_ref" = NEW."oc_ref", "dealer_id" = NEW."dealer_id", "dealer_name" = NEW."dealer_name"
    WHERE "order_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_copy_to_packing_lists" AFTER UPDATE OF "oc_ref", "dealer_id", "dealer_name" ON "orders" FOR EACH ROW
WHEN (OLD."oc_ref" IS DISTINCT FROM NEW."oc_ref" OR OLD."dealer_id" IS DISTINCT FROM NEW."dealer_id" OR OLD."dealer_name" IS DISTINCT FROM NEW."dealer_name")
EXECUTE FUNCTION "orders_copy_to_packing_lists"();
--> statement-breakpoint
-- The indexes again, the sort indexes covering the filters (dealer, date): a filtered page is an index-only walk.
CREATE INDEX "packing_lists_order_idx" ON "packing_lists" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "packing_lists_created_idx" ON "packing_lists" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("dealer_id");--> statement-breakpoint
CREATE INDEX "packing_lists_serial_trgm" ON "packing_lists" USING gin ("serial_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packing_lists_po_customer_trgm" ON "packing_lists" USING gin ((lower("po_number" || ' ' || "customer")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packing_lists_oc_dealer_trgm" ON "packing_lists" USING gin ((lower("oc_ref" || ' ' || "dealer_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packing_lists_shipping_date_sort_idx" ON "packing_lists" USING btree ("shipping_date","id") INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_shipping_date_desc_idx" ON "packing_lists" USING btree ("shipping_date" DESC NULLS LAST,"id" DESC) INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_po_number_sort_idx" ON "packing_lists" USING btree ("po_number","id") INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_customer_sort_idx" ON "packing_lists" USING btree (lower("customer"),"id") INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_oc_ref_sort_idx" ON "packing_lists" USING btree ("oc_ref","id") INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_dealer_name_sort_idx" ON "packing_lists" USING btree (lower("dealer_name"),"id") INCLUDE ("dealer_id","created_at");
