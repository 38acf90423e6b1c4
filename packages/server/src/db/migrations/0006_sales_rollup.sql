ALTER TABLE "order_rollup" DROP CONSTRAINT "order_rollup_pkey";--> statement-breakpoint
ALTER TABLE "order_rollup" ADD COLUMN "shipping_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_rollup" ADD COLUMN "payment_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
DELETE FROM "order_rollup";--> statement-breakpoint
ALTER TABLE "order_rollup" ADD CONSTRAINT "order_rollup_dealer_id_shipping_status_payment_status_pk" PRIMARY KEY("dealer_id","shipping_status","payment_status");--> statement-breakpoint
INSERT INTO "order_rollup" ("dealer_id", "shipping_status", "payment_status", "n", "total", "value", "shipping_cost",
  "actual_shipping_cost", "payment_received", "outstanding", "outstanding_shipped")
SELECT "dealer_id", "shipping_status", "payment_status", count(*), count(*), sum("value"), sum("shipping_cost"),
  sum("actual_shipping_cost"), sum("payment_received"), sum("outstanding"), sum("outstanding_shipped")
FROM "orders" WHERE "deleted" = 0 GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE INDEX "orders_oc_ref_sort_idx" ON "orders" USING btree ("oc_ref","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_invoice_sort_idx" ON "orders" USING btree ("invoice","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_quote_ref_sort_idx" ON "orders" USING btree ("quote_ref","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_shipping_cost_sort_idx" ON "orders" USING btree ("shipping_cost","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_sales_sort_idx" ON "orders" USING btree (("value" - "shipping_cost"),"id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_received_sort_idx" ON "orders" USING btree ("payment_received","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_outstanding_sort_idx" ON "orders" USING btree ("outstanding","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_status_sort_idx" ON "orders" USING btree ("shipping_status","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_payment_sort_idx" ON "orders" USING btree ("payment_status","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_expected_sort_idx" ON "orders" USING btree ("shipping_date_expected","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_shipping_date_sort_idx" ON "orders" USING btree ("shipping_date","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_awb_sort_idx" ON "orders" USING btree ("shipping_awb","id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_today_sort_idx" ON "orders" USING btree ("shipping_for_today","id") WHERE deleted = 0;