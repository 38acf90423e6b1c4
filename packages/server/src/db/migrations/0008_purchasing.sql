CREATE TABLE "po_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "po_price_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "po_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"po_id" integer NOT NULL,
	"date" bigint NOT NULL,
	"action" text NOT NULL,
	"po_number" text NOT NULL,
	"po_date" bigint NOT NULL,
	"supplier_name" text NOT NULL,
	"requisitioner" text NOT NULL,
	"purpose" text NOT NULL,
	"department" text NOT NULL,
	"due_date" bigint NOT NULL,
	"status" text NOT NULL,
	"cancelled_reason" text DEFAULT '' NOT NULL,
	"amount" numeric(24, 6) NOT NULL,
	"paid" smallint NOT NULL,
	"proof_payment_file_id" integer,
	"supplier_quote_file_id" integer,
	"po_pdf_file_id" integer,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"po_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"part_id" integer,
	"manuf_part_number" text DEFAULT '' NOT NULL,
	"part_name" text NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"unit" text DEFAULT 'pcs' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"po_number" text DEFAULT '' NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_contact_person" text DEFAULT '' NOT NULL,
	"supplier_2303" text DEFAULT '' NOT NULL,
	"supplier_address" text DEFAULT '' NOT NULL,
	"supplier_email" text DEFAULT '' NOT NULL,
	"supplier_phone" text DEFAULT '' NOT NULL,
	"requisitioner" text DEFAULT '' NOT NULL,
	"po_date" bigint NOT NULL,
	"due_date" bigint NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"ship_to" text DEFAULT '' NOT NULL,
	"price_quote" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"currency_rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"local_po" smallint DEFAULT 0 NOT NULL,
	"paid" smallint DEFAULT 0 NOT NULL,
	"shipping_cost" numeric(20, 6) DEFAULT '0' NOT NULL,
	"awb_number" text DEFAULT '' NOT NULL,
	"prepared_by_id" integer,
	"prepared_by_name" text DEFAULT '' NOT NULL,
	"prepared_by_position" text DEFAULT '' NOT NULL,
	"approved_by_id" integer,
	"approved_by_name" text DEFAULT '' NOT NULL,
	"approved_by_position" text DEFAULT '' NOT NULL,
	"supplier_quote_file_id" integer,
	"proof_payment_file_id" integer,
	"po_pdf_file_id" integer,
	"cancelled_reason" text DEFAULT '' NOT NULL,
	"amount" numeric(24, 6) DEFAULT '0' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_order_history" ADD CONSTRAINT "purchase_order_history_po_id_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_history" ADD CONSTRAINT "purchase_order_history_proof_payment_file_id_files_id_fk" FOREIGN KEY ("proof_payment_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_history" ADD CONSTRAINT "purchase_order_history_supplier_quote_file_id_files_id_fk" FOREIGN KEY ("supplier_quote_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_history" ADD CONSTRAINT "purchase_order_history_po_pdf_file_id_files_id_fk" FOREIGN KEY ("po_pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_po_id_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_part_id_part_components_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."part_components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_prepared_by_id_users_id_fk" FOREIGN KEY ("prepared_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_quote_file_id_files_id_fk" FOREIGN KEY ("supplier_quote_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_proof_payment_file_id_files_id_fk" FOREIGN KEY ("proof_payment_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_po_pdf_file_id_files_id_fk" FOREIGN KEY ("po_pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "po_departments_name_uq" ON "po_departments" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "po_price_quotes_name_uq" ON "po_price_quotes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "po_terms_name_uq" ON "po_terms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "purchase_order_history_po_idx" ON "purchase_order_history" USING btree ("po_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_order_lines_po_idx" ON "purchase_order_lines" USING btree ("po_id","line_no");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_part_idx" ON "purchase_order_lines" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_date_idx" ON "purchase_orders" USING btree ("po_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","po_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id","po_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_search_trgm" ON "purchase_orders" USING gin ((lower("po_number" || ' ' || "supplier_name" || ' ' || "requisitioner" || ' ' || "purpose" || ' ' || "department")) gin_trgm_ops);--> statement-breakpoint
CREATE TABLE "po_rollup" (
	"supplier_id" integer NOT NULL,
	"status" text NOT NULL,
	"paid" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount" numeric(24, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "po_rollup_supplier_id_status_paid_pk" PRIMARY KEY("supplier_id","status","paid")
);
