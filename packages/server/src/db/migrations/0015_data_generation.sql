-- One counter bumped by the commit of every transaction that changes orders, their rollups or dealers:
-- in-process caches of the figures read from them (orders list totals, dealer countries, sales
-- dashboard) are valid while it is unchanged; every signed-in request reads it with the account check
-- (docs/decisions.md, Data generation).
CREATE TABLE "data_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_generation" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
-- Deferred to the commit, once per transaction: the counter's row lock is the last lock a writer
-- takes and is held only while it commits (no lock-order deadlock, no long serialisation).
CREATE FUNCTION "bump_data_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('bpm.generation_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('bpm.generation_bumped', 'on', true);
    UPDATE "data_generation" SET "n" = "n" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_generation" AFTER INSERT OR UPDATE OR DELETE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_rollup_generation" AFTER INSERT OR UPDATE OR DELETE ON "order_rollup" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_day_totals_generation" AFTER INSERT OR UPDATE OR DELETE ON "order_day_totals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_month_rollup_generation" AFTER INSERT OR UPDATE OR DELETE ON "order_month_rollup" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_day_rollup_generation" AFTER INSERT OR UPDATE OR DELETE ON "order_day_rollup" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dealers_generation" AFTER INSERT OR UPDATE OR DELETE ON "dealers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_generation"();
--> statement-breakpoint
CREATE TRIGGER "orders_truncate_generation" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_generation"();
--> statement-breakpoint
CREATE TRIGGER "dealers_truncate_generation" AFTER TRUNCATE ON "dealers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_generation"();
