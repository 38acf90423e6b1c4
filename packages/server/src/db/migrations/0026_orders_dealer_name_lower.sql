-- The orders list sorts dealer names case-insensitively (issue 14 item 2), as the test order and packing lists do:
-- the sort walks orders_test_dealer_name_sort_idx (lower(dealer_name), id), and one dealer's orders by name walk
-- orders_test_dealer_dealer_name_idx (dealer_id, lower(dealer_name), id) — they read the heap for all ~34k of a
-- dealer's orders at 1M before (12–19 ms). The case-sensitive index is no longer used.
DROP INDEX IF EXISTS "orders_dealer_name_idx";
