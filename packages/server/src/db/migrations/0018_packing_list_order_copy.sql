-- Packing lists carry a copy of their order's OC ref, dealer and company (issue 14 item 2, docs/decisions.md
-- 'Packing lists: the order's columns copied'): the list filters and sorts by them on packing_lists alone,
-- through its own indexes, instead of joining 1M orders. Triggers keep the copies equal to the order's on
-- every write path (order save, dealer rename, seeds, bulk loads, SQL by hand).
ALTER TABLE "packing_lists" ADD COLUMN "oc_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packing_lists" ADD COLUMN "dealer_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packing_lists" ADD COLUMN "dealer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The backfill rewrites the table once (ALTER COLUMN … TYPE with USING), which also rebuilds its indexes from the
-- new rows alone: an UPDATE would leave a dead version of every row in the same transaction, and indexes built
-- after it carry both versions (the serial trigram index 97 MB instead of 58 MB at 1M rows, its search 5× slower).
-- The indexes changed below are dropped first, so that each is built once.
DROP INDEX IF EXISTS "packing_lists_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_shipping_date_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_shipping_date_desc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_po_number_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packing_lists_customer_sort_idx";--> statement-breakpoint
CREATE FUNCTION "packing_list_backfill_oc_ref"(integer) RETURNS text LANGUAGE sql STABLE AS $$ SELECT "oc_ref" FROM "orders" WHERE "id" = $1 $$;
--> statement-breakpoint
CREATE FUNCTION "packing_list_backfill_dealer_id"(integer) RETURNS integer LANGUAGE sql STABLE AS $$ SELECT "dealer_id" FROM "orders" WHERE "id" = $1 $$;
--> statement-breakpoint
CREATE FUNCTION "packing_list_backfill_dealer_name"(integer) RETURNS text LANGUAGE sql STABLE AS $$ SELECT "dealer_name" FROM "orders" WHERE "id" = $1 $$;
--> statement-breakpoint
ALTER TABLE "packing_lists"
  ALTER COLUMN "oc_ref" TYPE text USING coalesce("packing_list_backfill_oc_ref"("order_id"), ''),
  ALTER COLUMN "dealer_id" TYPE integer USING coalesce("packing_list_backfill_dealer_id"("order_id"), 0),
  ALTER COLUMN "dealer_name" TYPE text USING coalesce("packing_list_backfill_dealer_name"("order_id"), '');--> statement-breakpoint
DROP FUNCTION "packing_list_backfill_oc_ref"(integer);--> statement-breakpoint
DROP FUNCTION "packing_list_backfill_dealer_id"(integer);--> statement-breakpoint
DROP FUNCTION "packing_list_backfill_dealer_name"(integer);--> statement-breakpoint
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
-- Sort indexes covering the filters (dealer, date; the expression ones also their column, so that they are read
-- index-only): a filtered page is an index-only walk.
CREATE INDEX "packing_lists_created_idx" ON "packing_lists" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("dealer_id");--> statement-breakpoint
CREATE INDEX "packing_lists_shipping_date_sort_idx" ON "packing_lists" USING btree ("shipping_date","id") INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_shipping_date_desc_idx" ON "packing_lists" USING btree ("shipping_date" DESC NULLS LAST,"id" DESC) INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_po_number_sort_idx" ON "packing_lists" USING btree ("po_number","id") INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_customer_sort_idx" ON "packing_lists" USING btree (lower("customer"),"id") INCLUDE ("dealer_id","created_at","customer");--> statement-breakpoint
CREATE INDEX "packing_lists_oc_ref_sort_idx" ON "packing_lists" USING btree ("oc_ref","id") INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_dealer_name_sort_idx" ON "packing_lists" USING btree (lower("dealer_name"),"id") INCLUDE ("dealer_id","created_at","dealer_name");--> statement-breakpoint
-- One dealer sorted by its company or by customer: its rows sit together in those orders (a dealer's name, customers
-- mostly its own company), so walking the whole table's index would cross most of it first.
CREATE INDEX "packing_lists_dealer_dealer_name_idx" ON "packing_lists" USING btree ("dealer_id",lower("dealer_name"),"id") INCLUDE ("created_at","dealer_name");--> statement-breakpoint
CREATE INDEX "packing_lists_dealer_customer_idx" ON "packing_lists" USING btree ("dealer_id",lower("customer"),"id") INCLUDE ("created_at","customer");--> statement-breakpoint
-- A date range sorted by shipping date: shipping follows creation, so the walk of the shipping date index would
-- cross every packing list shipped before (or after) the range first. Per 7-day bucket of the creation date, the
-- page is merged from one short walk each (docs/decisions.md).
CREATE INDEX "packing_lists_week_shipping_idx" ON "packing_lists" USING btree (("created_at" / 604800),"shipping_date","id") INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_week_shipping_desc_idx" ON "packing_lists" USING btree (("created_at" / 604800),"shipping_date" DESC NULLS LAST,"id" DESC) INCLUDE ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "packing_lists_oc_dealer_trgm" ON "packing_lists" USING gin ((lower("oc_ref" || ' ' || "dealer_name")) gin_trgm_ops);--> statement-breakpoint
-- Statistics of the new columns for the planner (a rewritten table keeps none). VACUUM cannot run in the migration's
-- transaction: on a large database, `vacuum analyze packing_lists` afterwards lets the walks run index-only.
ANALYZE "packing_lists";
