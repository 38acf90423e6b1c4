-- Open orders (wait, ship) sorted by AWB, payment received, outstanding or payment status (issue 14 item 2): open
-- orders sit at one end of these sorts (no AWB before shipping; mostly unpaid), so the bounded walk of the whole
-- order's index crossed the done ones, found too few and the filter first read all ~53k open orders at 1M (16–17 ms
-- of database time). Partial indexes of the open orders alone (1.2–1.7 MB each at 1M): the walk reads the page.
CREATE INDEX "orders_open_shipping_awb_idx" ON "orders" USING btree ("shipping_awb","id") WHERE deleted = 0 and shipping_status in ('wait', 'ship');--> statement-breakpoint
CREATE INDEX "orders_open_payment_received_idx" ON "orders" USING btree ("payment_received","id") WHERE deleted = 0 and shipping_status in ('wait', 'ship');--> statement-breakpoint
CREATE INDEX "orders_open_outstanding_idx" ON "orders" USING btree ("outstanding","id") WHERE deleted = 0 and shipping_status in ('wait', 'ship');--> statement-breakpoint
CREATE INDEX "orders_open_payment_status_idx" ON "orders" USING btree ("payment_status","id") WHERE deleted = 0 and shipping_status in ('wait', 'ship');
