-- A purchase order search sorted by department (issue 14 item 2): a search naming a department matches a fifth of
-- all POs at 1M, none of them in the departments sorted before it, so the bounded walk failed and the filter first
-- read all 200k matches from the table (370–390 ms). A term without a space matches a department itself or
-- another field: the matching departments' POs come in order from the department index, the other fields'
-- matches from this index (the searched fields but the department).
CREATE INDEX "purchase_orders_search_other_trgm" ON "purchase_orders" USING gin ((lower("po_number" || ' ' || "supplier_name" || ' ' || "requisitioner" || ' ' || "purpose")) gin_trgm_ops);
