-- 'Not paid' sorted by expected shipping date (oldest debts first; issue 14 item 2): unpaid orders are mostly recent,
-- so the expected date walk crossed a thousand old paid orders per unpaid one, then the filter first read every
-- unpaid order's heap page (36k pages, 150–860 ms at 1M). Walked in order here, like received and outstanding.
CREATE INDEX "orders_payment_expected_idx" ON "orders" USING btree ("payment_status","shipping_date_expected","id") WHERE deleted = 0;
