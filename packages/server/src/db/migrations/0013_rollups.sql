CREATE TABLE "order_day_rollup" (
	"dealer_id" integer NOT NULL,
	"day" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"sales" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_day_rollup_day_dealer_id_pk" PRIMARY KEY("day","dealer_id")
);
--> statement-breakpoint
ALTER TABLE "order_day_rollup" ADD CONSTRAINT "order_day_rollup_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_day_rollup" ("dealer_id", "day", "n", "sales")
SELECT "dealer_id", floor("date" / 86400.0)::int, count(*), sum("value" - "shipping_cost")
FROM "orders" WHERE "deleted" = 0 AND "shipping_status" <> 'cancel' GROUP BY 1, 2;--> statement-breakpoint
CREATE INDEX "orders_live_sales_date_idx" ON "orders" USING btree ("date","dealer_id") INCLUDE ("value","shipping_cost") WHERE deleted = 0 and shipping_status <> 'cancel';
--> statement-breakpoint
CREATE INDEX "orders_dealer_value_idx" ON "orders" USING btree ("dealer_id","value","id") WHERE deleted = 0;
--> statement-breakpoint
CREATE INDEX "orders_today_open_idx" ON "orders" USING btree ("date" DESC,"id" DESC) WHERE deleted = 0 and shipping_for_today = 1 and shipping_status not in ('done', 'cancel');
