CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"oem" smallint DEFAULT 0 NOT NULL,
	"country" text NOT NULL,
	"same_address" smallint DEFAULT 0 NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"shipping_address" text DEFAULT '' NOT NULL,
	"billing_vat" text DEFAULT '' NOT NULL,
	"shipping_vat" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"shipping_email" text DEFAULT '' NOT NULL,
	"billing_phone" text DEFAULT '' NOT NULL,
	"shipping_phone" text DEFAULT '' NOT NULL,
	"billing_mobile" text DEFAULT '' NOT NULL,
	"shipping_mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"email2" text DEFAULT '' NOT NULL,
	"email3" text DEFAULT '' NOT NULL,
	"email4" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"cellphone" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"payment_terms" text DEFAULT 'None' NOT NULL,
	"credit_limit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"order_notes" text DEFAULT '' NOT NULL,
	"agreement_file_id" integer,
	"active" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"msrp" numeric(14, 2) NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"bom_cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"is_shipping_cost" smallint DEFAULT 0 NOT NULL,
	"active" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_rollup" (
	"dealer_id" integer PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"shipping_cost" numeric(16, 2) DEFAULT '0' NOT NULL,
	"actual_shipping_cost" numeric(16, 2) DEFAULT '0' NOT NULL,
	"payment_received" numeric(16, 2) DEFAULT '0' NOT NULL,
	"outstanding" numeric(16, 2) DEFAULT '0' NOT NULL,
	"outstanding_shipped" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unpaid_received" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"dealer_name" text NOT NULL,
	"date" bigint NOT NULL,
	"quote_ref" text DEFAULT '' NOT NULL,
	"oc_ref" text DEFAULT '' NOT NULL,
	"invoice" text DEFAULT '' NOT NULL,
	"oc_file_id" integer,
	"invoice_file_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"invoice_note" text DEFAULT '' NOT NULL,
	"customer_ref" text DEFAULT '' NOT NULL,
	"hide_discount" smallint DEFAULT 0 NOT NULL,
	"sale" text DEFAULT '' NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"shipping_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"actual_shipping_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"shipping_status" text DEFAULT 'wait' NOT NULL,
	"shipping_for_today" smallint DEFAULT 0 NOT NULL,
	"distributor_shipments" smallint DEFAULT 0 NOT NULL,
	"shipping_date_expected" bigint,
	"shipping_date" bigint,
	"shipping_awb" text DEFAULT '' NOT NULL,
	"shipping_weight" text DEFAULT '' NOT NULL,
	"shipping_invoice_file_id" integer,
	"shipping_packing_list_file_id" integer,
	"payment_status" text DEFAULT 'not paid' NOT NULL,
	"payment_due_date" bigint,
	"payment_date" bigint,
	"payment_advance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_full" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_received" numeric(14, 2) DEFAULT '0' NOT NULL,
	"outstanding" numeric(14, 2) DEFAULT '0' NOT NULL,
	"outstanding_shipped" numeric(14, 2) DEFAULT '0' NOT NULL,
	"request_to_delete" smallint DEFAULT 0 NOT NULL,
	"test_status" text DEFAULT 'pending' NOT NULL,
	"billing_country" text DEFAULT '' NOT NULL,
	"billing_company" text DEFAULT '' NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"billing_vat" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"billing_phone" text DEFAULT '' NOT NULL,
	"billing_mobile" text DEFAULT '' NOT NULL,
	"shipping_country" text DEFAULT '' NOT NULL,
	"shipping_company" text DEFAULT '' NOT NULL,
	"shipping_address" text DEFAULT '' NOT NULL,
	"shipping_vat" text DEFAULT '' NOT NULL,
	"shipping_email" text DEFAULT '' NOT NULL,
	"shipping_phone" text DEFAULT '' NOT NULL,
	"shipping_mobile" text DEFAULT '' NOT NULL,
	"quotation_id" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"msrp" numeric(14, 2) NOT NULL,
	"discount" numeric(5, 2) DEFAULT '0' NOT NULL,
	"bom_cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"is_shipping_cost" smallint DEFAULT 0 NOT NULL,
	"active" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"dealer_name" text NOT NULL,
	"date" bigint NOT NULL,
	"quote_ref" text DEFAULT '' NOT NULL,
	"oc_ref" text DEFAULT '' NOT NULL,
	"invoice" text DEFAULT '' NOT NULL,
	"oc_file_id" integer,
	"invoice_file_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"invoice_note" text DEFAULT '' NOT NULL,
	"customer_ref" text DEFAULT '' NOT NULL,
	"hide_discount" smallint DEFAULT 0 NOT NULL,
	"sale" text DEFAULT '' NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"shipping_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"actual_shipping_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"shipping_status" text DEFAULT 'wait' NOT NULL,
	"shipping_for_today" smallint DEFAULT 0 NOT NULL,
	"distributor_shipments" smallint DEFAULT 0 NOT NULL,
	"shipping_date_expected" bigint,
	"shipping_date" bigint,
	"shipping_awb" text DEFAULT '' NOT NULL,
	"shipping_weight" text DEFAULT '' NOT NULL,
	"shipping_invoice_file_id" integer,
	"shipping_packing_list_file_id" integer,
	"payment_status" text DEFAULT 'not paid' NOT NULL,
	"payment_due_date" bigint,
	"payment_date" bigint,
	"payment_advance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_full" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_received" numeric(14, 2) DEFAULT '0' NOT NULL,
	"outstanding" numeric(14, 2) DEFAULT '0' NOT NULL,
	"outstanding_shipped" numeric(14, 2) DEFAULT '0' NOT NULL,
	"request_to_delete" smallint DEFAULT 0 NOT NULL,
	"test_status" text DEFAULT 'pending' NOT NULL,
	"billing_country" text DEFAULT '' NOT NULL,
	"billing_company" text DEFAULT '' NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"billing_vat" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"billing_phone" text DEFAULT '' NOT NULL,
	"billing_mobile" text DEFAULT '' NOT NULL,
	"shipping_country" text DEFAULT '' NOT NULL,
	"shipping_company" text DEFAULT '' NOT NULL,
	"shipping_address" text DEFAULT '' NOT NULL,
	"shipping_vat" text DEFAULT '' NOT NULL,
	"shipping_email" text DEFAULT '' NOT NULL,
	"shipping_phone" text DEFAULT '' NOT NULL,
	"shipping_mobile" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"deleted" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_agreement_file_id_files_id_fk" FOREIGN KEY ("agreement_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rollup" ADD CONSTRAINT "order_rollup_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_oc_file_id_files_id_fk" FOREIGN KEY ("oc_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_file_id_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_invoice_file_id_files_id_fk" FOREIGN KEY ("shipping_invoice_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_packing_list_file_id_files_id_fk" FOREIGN KEY ("shipping_packing_list_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_oc_file_id_files_id_fk" FOREIGN KEY ("oc_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_invoice_file_id_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_shipping_invoice_file_id_files_id_fk" FOREIGN KEY ("shipping_invoice_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_shipping_packing_list_file_id_files_id_fk" FOREIGN KEY ("shipping_packing_list_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealers_name_idx" ON "dealers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "dealers_search_trgm" ON "dealers" USING gin ((lower("name" || ' ' || "prefix" || ' ' || "country" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_doc_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_dealer_date_idx" ON "orders" USING btree ("dealer_id","date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("shipping_status","date" DESC NULLS LAST) WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_payment_date_idx" ON "orders" USING btree ("payment_status","date" DESC NULLS LAST) WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_today_idx" ON "orders" USING btree ("date" DESC NULLS LAST) WHERE deleted = 0 and shipping_for_today = 1;--> statement-breakpoint
CREATE INDEX "orders_expected_idx" ON "orders" USING btree ("shipping_date_expected") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_delete_request_idx" ON "orders" USING btree ("id") WHERE deleted = 0 and request_to_delete = 1;--> statement-breakpoint
CREATE INDEX "orders_oc_ref_idx" ON "orders" USING btree ("oc_ref") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_invoice_idx" ON "orders" USING btree ("invoice") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_dealer_name_idx" ON "orders" USING btree ("dealer_name","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_value_idx" ON "orders" USING btree ("value","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_search_trgm" ON "orders" USING gin ((lower("oc_ref" || ' ' || "invoice" || ' ' || "note" || ' ' || "shipping_awb")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotation_lines_doc_idx" ON "quotation_lines" USING btree ("quotation_id","position");--> statement-breakpoint
CREATE INDEX "quotation_lines_product_idx" ON "quotation_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "quotations_date_idx" ON "quotations" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_dealer_date_idx" ON "quotations" USING btree ("dealer_id","date" DESC NULLS LAST) WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "quotations_search_trgm" ON "quotations" USING gin ((lower("quote_ref" || ' ' || "oc_ref" || ' ' || "invoice" || ' ' || "note")) gin_trgm_ops);