-- The planner's estimate of a search's matches comes from the histogram of the searched text (issue 25,
-- docs/decisions.md 'Search statistics'). With the default 100 buckets a term any sampled value holds is estimated at
-- 1 % of the rows or more: at 1M test orders about one reference term in ten ('l587', 1,111 matches) was estimated at
-- 10k, and the planner then walked a date range's index through 247k entries instead of the trigram index (142 ms
-- against 1.5 ms). With 1,000 buckets a term's estimate is within its true share to 0.1 % (1,001 for 1,111). The
-- cost is ANALYZE's larger sample: 1 s → 13 s for 1M orders, in autovacuum's background.
ALTER INDEX "orders_search_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "orders_test_search_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "quotations_search_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "purchase_orders_search_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "purchase_orders_search_other_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "packing_lists_po_customer_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "packing_lists_oc_dealer_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE "packing_lists" ALTER COLUMN "serial_text" SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "events_username_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "events_person_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "search_text" SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "tasks_title_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
