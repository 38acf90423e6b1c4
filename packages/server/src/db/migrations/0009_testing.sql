CREATE TABLE "packing_list_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"packing_list_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"pl_name" text DEFAULT '' NOT NULL,
	"pl_serial" text DEFAULT '' NOT NULL,
	"pl_box" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"warranty" integer DEFAULT 0 NOT NULL,
	"pl_serial_count" integer DEFAULT 0 NOT NULL,
	"has_modem" smallint DEFAULT 0 NOT NULL,
	"serials_from_test_checklist" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packing_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"po_number" text DEFAULT '' NOT NULL,
	"shipping_date" bigint,
	"customer" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"show_logo" smallint DEFAULT 1 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"serial_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_checklist_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"checklist_id" integer NOT NULL,
	"si_number" integer NOT NULL,
	"test_desc" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_checklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" integer,
	"test_by" integer,
	"qa_by" integer,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"changed_after_sign" smallint DEFAULT 0 NOT NULL,
	"rev" text DEFAULT '' NOT NULL,
	"serials" text[] DEFAULT '{}'::text[] NOT NULL,
	"test_date" bigint,
	"qa_date" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"checklist_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"serial" text NOT NULL,
	"test_result" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packing_list_lines" ADD CONSTRAINT "packing_list_lines_packing_list_id_packing_lists_id_fk" FOREIGN KEY ("packing_list_id") REFERENCES "public"."packing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_list_lines" ADD CONSTRAINT "packing_list_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_lists" ADD CONSTRAINT "packing_lists_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checklist_steps" ADD CONSTRAINT "test_checklist_steps_checklist_id_test_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."test_checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checklists" ADD CONSTRAINT "test_checklists_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checklists" ADD CONSTRAINT "test_checklists_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checklists" ADD CONSTRAINT "test_checklists_test_by_users_id_fk" FOREIGN KEY ("test_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checklists" ADD CONSTRAINT "test_checklists_qa_by_users_id_fk" FOREIGN KEY ("qa_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_checklist_id_test_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."test_checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_step_id_test_checklist_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."test_checklist_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packing_list_lines_list_idx" ON "packing_list_lines" USING btree ("packing_list_id","position");--> statement-breakpoint
CREATE INDEX "packing_lists_order_idx" ON "packing_lists" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "packing_lists_created_idx" ON "packing_lists" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "packing_lists_serial_trgm" ON "packing_lists" USING gin ("serial_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "test_checklist_steps_checklist_idx" ON "test_checklist_steps" USING btree ("checklist_id","si_number");--> statement-breakpoint
CREATE INDEX "test_checklists_order_idx" ON "test_checklists" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "test_checklists_stock_idx" ON "test_checklists" USING btree ("product_id") WHERE order_id is null;--> statement-breakpoint
CREATE INDEX "test_checklists_serials_idx" ON "test_checklists" USING gin ("serials");--> statement-breakpoint
CREATE UNIQUE INDEX "test_results_step_item_uq" ON "test_results" USING btree ("step_id","item_id");--> statement-breakpoint
CREATE INDEX "test_results_checklist_idx" ON "test_results" USING btree ("checklist_id");