CREATE TABLE "order_day_totals" (
	"day" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"shipping_status" text DEFAULT '' NOT NULL,
	"payment_status" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"shipping_cost" numeric(16, 2) DEFAULT '0' NOT NULL,
	"actual_shipping_cost" numeric(16, 2) DEFAULT '0' NOT NULL,
	"payment_received" numeric(16, 2) DEFAULT '0' NOT NULL,
	"outstanding" numeric(16, 2) DEFAULT '0' NOT NULL,
	"outstanding_shipped" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_day_totals_day_dealer_id_shipping_status_payment_status_pk" PRIMARY KEY("day","dealer_id","shipping_status","payment_status")
);
--> statement-breakpoint
ALTER TABLE "order_day_totals" ADD CONSTRAINT "order_day_totals_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_day_totals_dealer_idx" ON "order_day_totals" USING btree ("dealer_id","day");--> statement-breakpoint
INSERT INTO "order_day_totals" ("day", "dealer_id", "shipping_status", "payment_status", "n", "value", "shipping_cost",
  "actual_shipping_cost", "payment_received", "outstanding", "outstanding_shipped")
SELECT floor("date" / 86400.0)::int, "dealer_id", "shipping_status", "payment_status", count(*), sum("value"),
  sum("shipping_cost"), sum("actual_shipping_cost"), sum("payment_received"), sum("outstanding"), sum("outstanding_shipped")
FROM "orders" WHERE "deleted" = 0 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE INDEX "orders_note_sort_idx" ON "orders" USING btree (left("note", 64),"id") WHERE deleted = 0;
