CREATE TABLE "part_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"manuf_part_number" text NOT NULL,
	"manufacturer" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(18, 6) DEFAULT '0' NOT NULL,
	"local_price" numeric(18, 6),
	"local_currency" text DEFAULT 'USD' NOT NULL,
	"unit" text DEFAULT 'pcs' NOT NULL,
	"image_file_id" integer,
	"active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_person" text NOT NULL,
	"supplier2303" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank_details" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bom_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"alt_parts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_test_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"si_number" integer NOT NULL,
	"test_desc" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_code_idx";--> statement-breakpoint
ALTER TABLE "part_components" ADD CONSTRAINT "part_components_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_part_id_part_components_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."part_components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_test_steps" ADD CONSTRAINT "product_test_steps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "part_components_mpn_uq" ON "part_components" USING btree (lower("manufacturer"),lower("manuf_part_number"));--> statement-breakpoint
CREATE INDEX "part_components_mpn_idx" ON "part_components" USING btree (lower("manuf_part_number"));--> statement-breakpoint
CREATE INDEX "part_components_search_trgm" ON "part_components" USING gin ((lower("manuf_part_number" || ' ' || "manufacturer" || ' ' || "description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "part_components_created_idx" ON "part_components" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_uq" ON "suppliers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm" ON "suppliers" USING gin ((lower("name" || ' ' || "contact_person" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bom_lines_product_part_uq" ON "bom_lines" USING btree ("product_id","part_id");--> statement-breakpoint
CREATE INDEX "bom_lines_part_idx" ON "bom_lines" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "product_test_steps_product_idx" ON "product_test_steps" USING btree ("product_id","si_number");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_uq" ON "products" USING btree (lower("product_code"));--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);