-- Payment figures rule (docs/decisions.md: payments; contract/payments.ts): backfill every row, then
-- rebuild the per-dealer order rollup from the corrected figures.
UPDATE "orders" SET
  "payment_advance" = GREATEST("payment_advance", 0),
  "payment_received" = CASE WHEN "payment_status" = 'paid'
    THEN GREATEST("payment_received", "payment_advance", "value", 0)
    ELSE GREATEST("payment_received", "payment_advance", 0) END,
  "outstanding" = CASE WHEN "payment_status" = 'paid' OR "shipping_status" = 'cancel' THEN 0
    ELSE GREATEST("value" - GREATEST("payment_received", "payment_advance", 0), 0) END,
  "outstanding_shipped" = CASE WHEN "shipping_status" = 'done' AND "payment_status" <> 'paid'
    THEN GREATEST("value" - GREATEST("payment_received", "payment_advance", 0), 0) ELSE 0 END;--> statement-breakpoint
UPDATE "quotations" SET
  "payment_advance" = GREATEST("payment_advance", 0),
  "payment_received" = GREATEST("payment_received", "payment_advance", 0),
  "outstanding" = 0,
  "outstanding_shipped" = 0;--> statement-breakpoint
DELETE FROM "order_rollup";--> statement-breakpoint
INSERT INTO "order_rollup" ("dealer_id", "shipping_status", "payment_status", "n", "total", "value", "shipping_cost",
  "actual_shipping_cost", "payment_received", "outstanding", "outstanding_shipped")
SELECT "dealer_id", "shipping_status", "payment_status", count(*), count(*), sum("value"), sum("shipping_cost"),
  sum("actual_shipping_cost"), sum("payment_received"), sum("outstanding"), sum("outstanding_shipped")
FROM "orders" WHERE "deleted" = 0 GROUP BY 1, 2, 3;
