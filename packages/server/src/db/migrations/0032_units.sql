-- Units are records (issue 23): every checklist's serials become units (one per serials-per-unit lines, in
-- column order) with their serials, and every result is tied to the serial of its column. Nothing is deleted:
-- a result whose column has no serial keeps serial_id null; a serial already on an earlier unit (case aside)
-- is kept and marked legacy_duplicate, so the new company-wide uniqueness holds for everything entered after.
CREATE TABLE "unit_serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"value" text NOT NULL,
	"is_imei" smallint DEFAULT 0 NOT NULL,
	"legacy_duplicate" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"checklist_id" integer,
	"position" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "test_results_step_item_uq";--> statement-breakpoint
ALTER TABLE "test_checklists" ADD COLUMN "line_no" integer;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "serial_id" integer;--> statement-breakpoint
ALTER TABLE "unit_serials" ADD CONSTRAINT "unit_serials_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_checklist_id_test_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."test_checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_serials_unit_idx" ON "unit_serials" USING btree ("unit_id","slot");--> statement-breakpoint
CREATE INDEX "units_checklist_idx" ON "units" USING btree ("checklist_id","position");--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_serial_id_unit_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."unit_serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "test_checklists" SET "line_no" = 1 WHERE "order_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "units" ("product_id", "checklist_id", "position", "created_at", "updated_at")
  SELECT c.product_id, c.id, g.pos, c.created_at, c.updated_at
  FROM "test_checklists" c JOIN "products" p ON p.id = c.product_id
  CROSS JOIN LATERAL generate_series(1,
    ceil(cardinality(c.serials)::numeric / (greatest(1, p.pl_serial_count) + p.has_modem))::int) AS g(pos)
  ORDER BY c.id, g.pos;--> statement-breakpoint
INSERT INTO "unit_serials" ("unit_id", "slot", "value", "is_imei")
  SELECT u.id, ((s.ord - 1) % k.k)::int, s.value,
    CASE WHEN p.has_modem = 1 AND (s.ord - 1) % k.k = k.k - 1 THEN 1 ELSE 0 END
  FROM "test_checklists" c JOIN "products" p ON p.id = c.product_id
  CROSS JOIN LATERAL (SELECT greatest(1, p.pl_serial_count) + p.has_modem AS k) k
  CROSS JOIN LATERAL unnest(c.serials) WITH ORDINALITY AS s(value, ord)
  JOIN "units" u ON u.checklist_id = c.id AND u.position = ((s.ord - 1) / k.k + 1)::int
  ORDER BY c.id, s.ord;--> statement-breakpoint
UPDATE "unit_serials" us SET "legacy_duplicate" = 1
  FROM (SELECT id, row_number() OVER (PARTITION BY lower(value) ORDER BY id) AS n FROM "unit_serials") d
  WHERE d.id = us.id AND d.n > 1;--> statement-breakpoint
UPDATE "test_results" r SET "serial_id" = us.id
  FROM "units" u JOIN "unit_serials" us ON us.unit_id = u.id
  JOIN "test_checklists" c ON c.id = u.checklist_id JOIN "products" p ON p.id = c.product_id
  WHERE r.checklist_id = c.id
    AND r.item_id = (u.position - 1) * (greatest(1, p.pl_serial_count) + p.has_modem) + us.slot + 1;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_serials_value_uq" ON "unit_serials" USING btree (lower("value")) WHERE legacy_duplicate = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "test_results_step_serial_uq" ON "test_results" USING btree ("step_id","serial_id");
