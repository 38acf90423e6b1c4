-- The two reads that took most of the mixed workload's database time (issue 25 item 2, docs/performance.md 'Where
-- the time goes').
-- The products list's sales window: a product's lines by order id, with the figures a page sums. The page reads
-- its products' lines within the id range of the window's orders, index-only, instead of every order line.
DROP INDEX IF EXISTS "order_lines_product_idx";--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id","order_id") INCLUDE ("quantity","msrp","discount");--> statement-breakpoint
-- The events list: the time walk checks the reader's visibility (a task's or project's events by the record's id)
-- in the index, so only the page's rows are read from the table (a type of few visible rows read 100k of them).
DROP INDEX IF EXISTS "events_time_cover_idx";--> statement-breakpoint
CREATE INDEX "events_time_cover_idx" ON "events" USING btree ("time" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("entity_type","entity_id","event");--> statement-breakpoint
-- The events of the records a person may see (their projects' tasks…), newest first from a type's filter:
-- ids and times index-only.
DROP INDEX IF EXISTS "events_entity_idx";--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity_type","entity_id","time" DESC NULLS LAST) INCLUDE ("id");
