CREATE TABLE "product_day_sales" (
	"product_id" integer NOT NULL,
	"day" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "product_day_sales_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
ALTER TABLE "product_day_sales" ADD CONSTRAINT "product_day_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_day_sales" ("product_id", "day", "units", "revenue")
SELECT l."product_id", floor(o."date" / 86400.0)::int, sum(l."quantity"), sum(round(l."quantity" * l."msrp" * (100 - l."discount") / 100, 2))
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
WHERE o."deleted" = 0 AND o."shipping_status" <> 'cancel'
GROUP BY 1, 2;
