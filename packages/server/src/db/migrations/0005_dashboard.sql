CREATE TABLE "order_month_rollup" (
	"dealer_id" integer NOT NULL,
	"month" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"sales" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_month_rollup_month_dealer_id_pk" PRIMARY KEY("month","dealer_id")
);
--> statement-breakpoint
ALTER TABLE "order_month_rollup" ADD CONSTRAINT "order_month_rollup_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_month_rollup" ("dealer_id", "month", "n", "sales")
SELECT "dealer_id",
  (extract(year from to_timestamp("date") at time zone 'UTC') * 12 + extract(month from to_timestamp("date") at time zone 'UTC') - 1)::int,
  count(*), sum("value" - "shipping_cost")
FROM "orders" WHERE "deleted" = 0 AND "shipping_status" <> 'cancel' GROUP BY 1, 2;
