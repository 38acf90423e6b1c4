ALTER TABLE "purchase_order_lines" ADD COLUMN "local_price" numeric(20, 6);--> statement-breakpoint
-- Existing lines kept only the USD price (price_UI × rate, rounded to 6 decimals): the price as entered is the
-- shortest decimal (0 to 6 places) of price ÷ rate that gives the stored USD price back; else price ÷ rate.
UPDATE "purchase_order_lines" l SET "local_price" = coalesce(
  (SELECT x.c FROM (SELECT round(l."price" / nullif(po."currency_rate", 0), d) AS c, d FROM generate_series(0, 6) d) x
   WHERE round(x.c * po."currency_rate", 6) = l."price" ORDER BY x.d LIMIT 1),
  round(l."price" / nullif(po."currency_rate", 0), 6),
  l."price")
  FROM "purchase_orders" po WHERE po."id" = l."po_id";--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ALTER COLUMN "local_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "currency_amount" numeric(24, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "purchase_orders" o SET "currency_amount" = t."total"
  FROM (SELECT "po_id", round(sum("local_price" * "quantity"), 6) AS "total" FROM "purchase_order_lines" GROUP BY "po_id") t
  WHERE o."id" = t."po_id";--> statement-breakpoint
CREATE INDEX "purchase_orders_currency_idx" ON "purchase_orders" USING btree ("currency","id" DESC NULLS LAST);
