CREATE TABLE "packing_list_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"packing_list_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packing_list_units" ADD CONSTRAINT "packing_list_units_packing_list_id_packing_lists_id_fk" FOREIGN KEY ("packing_list_id") REFERENCES "public"."packing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_list_units" ADD CONSTRAINT "packing_list_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packing_list_units_unit_uq" ON "packing_list_units" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "packing_list_units_list_idx" ON "packing_list_units" USING btree ("packing_list_id","position");--> statement-breakpoint
-- Packing lists already saved ship the units whose first serial they list (the earliest list when two do); serials
-- typed by hand become units on the list's next save.
INSERT INTO "packing_list_units" ("packing_list_id", "unit_id", "position")
SELECT DISTINCT ON (u."id") pl."id", u."id", l."position"
  FROM "packing_lists" pl
  JOIN "packing_list_lines" l ON l."packing_list_id" = pl."id"
  CROSS JOIN LATERAL unnest(string_to_array(l."pl_serial", E'\n')) AS s("value")
  JOIN "unit_serials" us ON lower(us."value") = lower(trim(s."value")) AND us."legacy_duplicate" = 0 AND us."slot" = 0
  JOIN "units" u ON u."id" = us."unit_id"
 ORDER BY u."id", pl."id";
