CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mac_hex" text NOT NULL,
	"options" jsonb NOT NULL,
	"key" text NOT NULL,
	"order_id" integer,
	"dealer_id" integer,
	"serial" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licences_mac_idx" ON "licences" USING btree ("mac_hex","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licences_dealer_idx" ON "licences" USING btree ("dealer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licences_created_idx" ON "licences" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licences_mac_trgm" ON "licences" USING gin ("mac_hex" gin_trgm_ops);
