-- Shipments for today by note (issue 14 item 2): a note sort reads the heap (no covering index can hold a note of
-- up to 10,000 characters): 9k buffers and 30–90 ms p99 for the ~8k orders marked for today at 1M. Their first
-- 64 characters (the note sort's key) in a partial index: the walk reads the page only.
CREATE INDEX "orders_today_note_idx" ON "orders" USING btree (left("note", 64),"id") WHERE deleted = 0 and shipping_for_today = 1;
