-- A date range sorted by expected shipping date (issue 14 item 2; docs/decisions.md 'Orders by expected date in
-- a date range'): the expected date follows the order date, so a walk of the expected date index crosses every
-- order expected before the range's first (750k of 1M for the last 180 days). Per 7-day bucket of the order
-- date, a short walk each, merged; INCLUDE of the filter columns keeps each walk index-only.
CREATE INDEX "orders_week_expected_idx" ON "orders" USING btree (("date" / 604800),"shipping_date_expected","id") INCLUDE ("date","dealer_id","shipping_status","payment_status","shipping_for_today") WHERE deleted = 0;
