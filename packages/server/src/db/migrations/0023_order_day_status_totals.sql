-- The orders list's totals and summary of a date range over all dealers (issue 14 item 2; docs/decisions.md,
-- 'Date-range totals of all dealers'): order_day_totals holds a row per day × dealer × status × payment, so the
-- last 180 days summed ~22k rows (5–11 ms, in every 180-day page). Without the dealer: ~1.4k rows for 180 days.
-- Kept in the write transaction beside order_day_totals (sales-docs/rollup.ts); the list cache's data
-- generation moves with it like with the other rollups (0015).
CREATE TABLE "order_day_status_totals" (
	"day" integer NOT NULL,
	"shipping_status" text DEFAULT '' NOT NULL,
	"payment_status" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"shipping_cost" numeric(16, 2) DEFAULT '0' NOT NULL,
	"actual_shipping_cost" numeric(16, 2) DEFAULT '0' NOT NULL,
	"payment_received" numeric(16, 2) DEFAULT '0' NOT NULL,
	"outstanding" numeric(16, 2) DEFAULT '0' NOT NULL,
	"outstanding_shipped" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "order_day_status_totals_pk" PRIMARY KEY("day","shipping_status","payment_status")
);--> statement-breakpoint
INSERT INTO "order_day_status_totals" ("day", "shipping_status", "payment_status", "n", "value", "shipping_cost",
  "actual_shipping_cost", "payment_received", "outstanding", "outstanding_shipped")
SELECT "day", "shipping_status", "payment_status", sum("n"), sum("value"), sum("shipping_cost"),
  sum("actual_shipping_cost"), sum("payment_received"), sum("outstanding"), sum("outstanding_shipped")
FROM "order_day_totals" GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_day_status_totals_generation" AFTER INSERT OR UPDATE OR DELETE ON "order_day_status_totals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_generation"();
