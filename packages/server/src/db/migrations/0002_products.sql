CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"hs_code" text DEFAULT '' NOT NULL,
	"desc" text NOT NULL,
	"msrp" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"warranty" integer DEFAULT 0 NOT NULL,
	"pl_serial_count" integer DEFAULT 0 NOT NULL,
	"has_modem" smallint DEFAULT 0 NOT NULL,
	"is_test_required" smallint DEFAULT 1 NOT NULL,
	"is_shipping_cost" smallint DEFAULT 0 NOT NULL,
	"exclude_pl_item_count" smallint DEFAULT 0 NOT NULL,
	"image_file_id" integer,
	"warning" text DEFAULT '' NOT NULL,
	"active" smallint DEFAULT 1 NOT NULL,
	"bom_cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"bom_rev" text DEFAULT '' NOT NULL,
	"test_checklist_rev" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_code_idx" ON "products" USING btree (lower("product_code"));--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ((lower("product_code" || ' ' || "hs_code" || ' ' || "desc")) gin_trgm_ops);