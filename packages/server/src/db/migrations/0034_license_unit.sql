ALTER TABLE "licenses" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenses_unit_idx" ON "licenses" USING btree ("unit_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licenses_serial_idx" ON "licenses" USING btree (lower("serial"));--> statement-breakpoint
-- Keys already issued hang on the unit whose serial they name (units are unique by serial, case aside).
UPDATE "licenses" l SET "unit_id" = us."unit_id"
  FROM "unit_serials" us
  WHERE l."serial" <> '' AND lower(us."value") = lower(l."serial") AND us."legacy_duplicate" = 0;
