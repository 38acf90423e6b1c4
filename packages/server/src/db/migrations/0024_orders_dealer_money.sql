-- The orders list at 1M (issue 14 item 2): one dealer's orders by sales or by outstanding (its biggest orders,
-- what it owes) walk a dealer-leading index as value does, instead of sorting the dealer's 34k orders read
-- through the dealer index (12.8k buffers, 21–35 ms p99).
CREATE INDEX "orders_dealer_sales_idx" ON "orders" USING btree ("dealer_id",("value" - "shipping_cost"),"id") WHERE deleted = 0;--> statement-breakpoint
CREATE INDEX "orders_dealer_outstanding_idx" ON "orders" USING btree ("dealer_id","outstanding","id") WHERE deleted = 0;
