import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { files } from './platform';
import { products } from './products';

/** Dealers (document 1 section 3): the customer companies. */
export const dealers = pgTable(
  'dealers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().default(''),
    oem: smallint('oem').notNull().default(0),
    country: text('country').notNull(),
    sameAddress: smallint('same_address').notNull().default(0),
    billingAddress: text('billing_address').notNull().default(''),
    shippingAddress: text('shipping_address').notNull().default(''),
    billingVat: text('billing_vat').notNull().default(''),
    shippingVat: text('shipping_vat').notNull().default(''),
    billingEmail: text('billing_email').notNull().default(''),
    shippingEmail: text('shipping_email').notNull().default(''),
    billingPhone: text('billing_phone').notNull().default(''),
    shippingPhone: text('shipping_phone').notNull().default(''),
    billingMobile: text('billing_mobile').notNull().default(''),
    shippingMobile: text('shipping_mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    email2: text('email2').notNull().default(''),
    email3: text('email3').notNull().default(''),
    email4: text('email4').notNull().default(''),
    phone: text('phone').notNull().default(''),
    cellphone: text('cellphone').notNull().default(''),
    website: text('website').notNull().default(''),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    paymentTerms: text('payment_terms').notNull().default('None'),
    creditLimit: numeric('credit_limit', { precision: 14, scale: 2 }).notNull().default('0'),
    notes: text('notes').notNull().default(''),
    orderNotes: text('order_notes').notNull().default(''),
    agreementFileId: integer('agreement_file_id').references(() => files.id),
    active: smallint('active').notNull().default(1),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('dealers_name_idx').on(sql`lower(${t.name})`),
    index('dealers_search_trgm').using(
      'gin',
      sql`(lower(${t.name} || ' ' || ${t.prefix} || ' ' || ${t.country} || ' ' || ${t.email})) gin_trgm_ops`,
    ),
  ],
);

/**
 * The columns orders and quotations share (document 1 section 3). Both tables use the same
 * TypeScript keys so one service handles both; `linkId` is the quotation of an order and the
 * order of a quotation.
 */
function salesDocColumns(linkColumn: string) {
  return {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    /** Copied from the dealer (renames follow) so lists sort and search without a join. */
    dealerName: text('dealer_name').notNull(),
    date: bigint('date', { mode: 'number' }).notNull(),
    quoteRef: text('quote_ref').notNull().default(''),
    ocRef: text('oc_ref').notNull().default(''),
    invoice: text('invoice').notNull().default(''),
    ocFileId: integer('oc_file_id').references(() => files.id),
    invoiceFileId: integer('invoice_file_id').references(() => files.id),
    note: text('note').notNull().default(''),
    invoiceNote: text('invoice_note').notNull().default(''),
    customerRef: text('customer_ref').notNull().default(''),
    hideDiscount: smallint('hide_discount').notNull().default(0),
    sale: text('sale').notNull().default(''),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    shippingCost: numeric('shipping_cost', { precision: 14, scale: 2 }).notNull().default('0'),
    actualShippingCost: numeric('actual_shipping_cost', { precision: 14, scale: 2 }).notNull().default('0'),
    shippingStatus: text('shipping_status').notNull().default('wait'),
    shippingForToday: smallint('shipping_for_today').notNull().default(0),
    distributorShipments: smallint('distributor_shipments').notNull().default(0),
    shippingDateExpected: bigint('shipping_date_expected', { mode: 'number' }),
    shippingDate: bigint('shipping_date', { mode: 'number' }),
    shippingAwb: text('shipping_awb').notNull().default(''),
    shippingWeight: text('shipping_weight').notNull().default(''),
    shippingInvoiceFileId: integer('shipping_invoice_file_id').references(() => files.id),
    shippingPackingListFileId: integer('shipping_packing_list_file_id').references(() => files.id),
    paymentStatus: text('payment_status').notNull().default('not paid'),
    paymentDueDate: bigint('payment_due_date', { mode: 'number' }),
    paymentDate: bigint('payment_date', { mode: 'number' }),
    paymentAdvance: numeric('payment_advance', { precision: 14, scale: 2 }).notNull().default('0'),
    paymentFull: numeric('payment_full', { precision: 14, scale: 2 }).notNull().default('0'),
    paymentReceived: numeric('payment_received', { precision: 14, scale: 2 }).notNull().default('0'),
    outstanding: numeric('outstanding', { precision: 14, scale: 2 }).notNull().default('0'),
    outstandingShipped: numeric('outstanding_shipped', { precision: 14, scale: 2 }).notNull().default('0'),
    requestToDelete: smallint('request_to_delete').notNull().default(0),
    testStatus: text('test_status').notNull().default('pending'),
    billingCountry: text('billing_country').notNull().default(''),
    billingCompany: text('billing_company').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    billingVat: text('billing_vat').notNull().default(''),
    billingEmail: text('billing_email').notNull().default(''),
    billingPhone: text('billing_phone').notNull().default(''),
    billingMobile: text('billing_mobile').notNull().default(''),
    shippingCountry: text('shipping_country').notNull().default(''),
    shippingCompany: text('shipping_company').notNull().default(''),
    shippingAddress: text('shipping_address').notNull().default(''),
    shippingVat: text('shipping_vat').notNull().default(''),
    shippingEmail: text('shipping_email').notNull().default(''),
    shippingPhone: text('shipping_phone').notNull().default(''),
    shippingMobile: text('shipping_mobile').notNull().default(''),
    linkId: integer(linkColumn),
    revision: integer('revision').notNull().default(0),
    /** Soft delete: a deleted record is kept for its history and left out of every list. */
    deleted: smallint('deleted').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  };
}

export const orders = pgTable(
  'orders',
  {
    ...salesDocColumns('quotation_id'),
    /** The note sort's key (0029): stored, so the covering indexes hold it and a note sort reads no table row. */
    noteKey: text('note_key').generatedAlwaysAs(sql`left(note, 64)`),
    /**
     * 1 when the order has something to test: a line whose product needs a test and is not a shipping-cost line
     * (the test order list's orders). Kept with the lines (sales-docs/test-status.ts refreshOrderStatus) and a
     * product's 'test required' (refreshTestableOf, after locking its orders: lockOrdersOf); 0043.
     */
    testable: smallint('testable').notNull().default(0),
  },
  (t) => {
    const live = sql`deleted = 0`;
    const open = sql`deleted = 0 and shipping_status in ('wait', 'ship')`;
    return [
      // Every list filters `deleted = 0`; partial indexes keep them small and exact.
      // 0016 adds INCLUDE (the rollup filters, the summary's figures): a date range's edge days sum index-only.
      index('orders_date_idx').on(t.date.desc(), t.id.desc()).where(live),
      // 0016_order_list_indexes adds INCLUDE (the filters' and sort keys' columns; 0029 the note key; 0040 the
      // summary's figures): one dealer sorts and sums index-only.
      index('orders_dealer_date_idx').on(t.dealerId, t.date.desc(), t.id.desc()).where(live),
      // The dashboard's window edge days (0013_rollups adds INCLUDE (value, shipping_cost): index-only scans).
      index('orders_live_sales_date_idx')
        .on(t.date, t.dealerId)
        .where(sql`deleted = 0 and shipping_status <> 'cancel'`),
      // 0022 adds INCLUDE of the other filters' columns (the per-status date walks check them in the index); 0040
      // every sort key and the summary's figures (the same for orders_payment_date_idx, with the id): a status's
      // or a payment status's filter first and summary are index-only.
      index('orders_status_date_idx')
        .on(t.shippingStatus, t.date.desc().nullsLast(), t.id.desc().nullsLast())
        .where(live),
      index('orders_payment_date_idx').on(t.paymentStatus, t.date.desc()).where(live),
      // 0016 adds INCLUDE (as orders_open_list_idx): shipments for today count, sum and sort index-only.
      index('orders_today_idx').on(t.date.desc(), t.id.desc()).where(sql`deleted = 0 and shipping_for_today = 1`),
      // The production overview's page and count (index-only count: 74 ms → 1 ms at 1M orders).
      // Plain DESC (nulls first), as 0013_rollups made it.
      index('orders_today_open_idx')
        .on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`deleted = 0 and shipping_for_today = 1 and shipping_status not in ('done', 'cancel')`),
      index('orders_delete_request_idx').on(t.id).where(sql`deleted = 0 and request_to_delete = 1`),
      index('orders_value_idx').on(t.value, t.id).where(live),
      // One dealer sorted by value (EXPLAIN at 1M, docs/performance.md): 222 ms → 2.6 ms.
      index('orders_dealer_value_idx').on(t.dealerId, t.value, t.id).where(live),
      // … by sales and by outstanding (0024).
      index('orders_dealer_sales_idx').on(t.dealerId, sql`(${t.value} - ${t.shippingCost})`, t.id).where(live),
      index('orders_dealer_outstanding_idx').on(t.dealerId, t.outstanding, t.id).where(live),
      // One (column, id) index per sortable column: any sort of a page walks an index. 0040 adds INCLUDE of the
      // filters' columns (dealer, date, statuses, today, expected date; the dealer-name index's in the test order
      // list's block): a filtered sort's bounded walk reads the index only.
      index('orders_oc_ref_sort_idx').on(t.ocRef, t.id).where(live),
      index('orders_invoice_sort_idx').on(t.invoice, t.id).where(live),
      index('orders_quote_ref_sort_idx').on(t.quoteRef, t.id).where(live),
      // Notes sort by their first 64 characters (note_key): a whole note (up to 10,000) could outgrow a btree entry.
      index('orders_note_sort_idx').on(t.noteKey, t.id).where(live),
      // Shipments for today by note (0025; a note sort reads the heap otherwise).
      index('orders_today_note_idx').on(t.noteKey, t.id).where(sql`deleted = 0 and shipping_for_today = 1`),
      index('orders_shipping_cost_sort_idx').on(t.shippingCost, t.id).where(live),
      index('orders_sales_sort_idx').on(sql`(${t.value} - ${t.shippingCost})`, t.id).where(live),
      index('orders_received_sort_idx').on(t.paymentReceived, t.id).where(live),
      index('orders_outstanding_sort_idx').on(t.outstanding, t.id).where(live),
      index('orders_status_sort_idx').on(t.shippingStatus, t.id).where(live),
      index('orders_payment_sort_idx').on(t.paymentStatus, t.id).where(live),
      index('orders_expected_sort_idx').on(t.shippingDateExpected, t.id).where(live),
      index('orders_shipping_date_sort_idx').on(t.shippingDate, t.id).where(live),
      index('orders_awb_sort_idx').on(t.shippingAwb, t.id).where(live),
      index('orders_today_sort_idx').on(t.shippingForToday, t.id).where(live),
      // Open orders by expected date (0016 adds INCLUDE of every sort key but the note and the summary's
      // figures): the shipping screens' filters count, sum and sort index-only over the open orders alone.
      index('orders_open_list_idx')
        .on(t.shippingDateExpected, t.id)
        .where(sql`deleted = 0 and shipping_status in ('wait', 'ship')`),
      // Open orders by AWB, received, outstanding and payment status (0028): they sit at one end of those sorts
      // (0040 adds INCLUDE of the filters' columns, as the sort indexes above, so the planner keeps these).
      index('orders_open_shipping_awb_idx').on(t.shippingAwb, t.id).where(open),
      index('orders_open_payment_received_idx').on(t.paymentReceived, t.id).where(open),
      index('orders_open_outstanding_idx').on(t.outstanding, t.id).where(open),
      index('orders_open_payment_status_idx').on(t.paymentStatus, t.id).where(open),
      // A date range by expected date: one walk per 7-day bucket of the order date, merged (0020 adds INCLUDE
      // of the filter columns: date, dealer, statuses, shipping for today).
      index('orders_week_expected_idx').on(sql`(${t.date} / 604800)`, t.shippingDateExpected, t.id).where(live),
      // 'Not paid' / 'Paid' sorted by received or outstanding (the payment status decides both).
      index('orders_payment_received_idx').on(t.paymentStatus, t.paymentReceived, t.id).where(live),
      // … and by expected date (oldest debts first: unpaid orders are mostly recent, a plain walk crosses the old paid ones).
      index('orders_payment_expected_idx').on(t.paymentStatus, t.shippingDateExpected, t.id).where(live),
      index('orders_payment_outstanding_idx').on(t.paymentStatus, t.outstanding, t.id).where(live),
      index('orders_search_trgm').using(
        'gin',
        sql`(lower(${t.ocRef} || ' ' || ${t.invoice} || ' ' || ${t.note} || ' ' || ${t.shippingAwb})) gin_trgm_ops`,
      ),
      // The test order list (0016_list_indexes adds INCLUDE (dealer_id, date, test_status): index-only walks;
      // 0019_list_plans gives orders_test_status_date_idx INCLUDE (dealer_id, oc_ref, dealer_name)).
      index('orders_test_status_date_idx').on(t.testStatus, t.date.desc(), t.id.desc()).where(live),
      index('orders_test_status_sort_idx').on(t.testStatus, t.id).where(live),
      index('orders_test_oc_ref_sort_idx').on(t.ocRef, t.id).where(live),
      // These two also serve the orders list's dealer name sort, all orders and one dealer's (0026).
      index('orders_test_dealer_name_sort_idx').on(sql`lower(${t.dealerName})`, t.id).where(live),
      index('orders_test_dealer_dealer_name_idx').on(t.dealerId, sql`lower(${t.dealerName})`, t.id).where(live),
      index('orders_test_search_trgm').using('gin', sql`(lower(${t.ocRef} || ' ' || ${t.dealerName})) gin_trgm_ops`),
      // The test order list's own walks and capped counts, over its orders alone (0043 adds INCLUDE of the list's
      // filter and row columns; the sort indexes above INCLUDE testable): by date, and by test status and date.
      index('orders_testable_date_idx')
        .on(t.date.desc().nullsLast(), t.id.desc().nullsLast())
        .where(sql`deleted = 0 and testable = 1`),
      index('orders_testable_status_idx')
        .on(t.testStatus, t.date.desc().nullsLast(), t.id.desc().nullsLast())
        .where(sql`deleted = 0 and testable = 1`),
    ];
  },
);

export const quotations = pgTable('quotations', salesDocColumns('order_id'), (t) => [
  index('quotations_date_idx').on(t.date.desc(), t.id.desc()).where(sql`deleted = 0`),
  index('quotations_dealer_date_idx').on(t.dealerId, t.date.desc()).where(sql`deleted = 0`),
  index('quotations_search_trgm').using(
    'gin',
    sql`(lower(${t.quoteRef} || ' ' || ${t.ocRef} || ' ' || ${t.invoice} || ' ' || ${t.note})) gin_trgm_ops`,
  ),
  // One per sort column (0016_list_indexes adds INCLUDE (dealer_id, date): index-only walks under the filters).
  index('quotations_id_sort_idx').on(t.id).where(sql`deleted = 0`),
  index('quotations_quote_ref_sort_idx').on(t.quoteRef, t.id).where(sql`deleted = 0`),
  index('quotations_oc_ref_sort_idx').on(t.ocRef, t.id).where(sql`deleted = 0`),
  index('quotations_dealer_name_sort_idx').on(t.dealerName, t.id).where(sql`deleted = 0`),
  // 0019_list_plans adds INCLUDE (date): one dealer's date range by dealer name, index-only.
  index('quotations_dealer_name_by_dealer_idx').on(t.dealerId, t.dealerName, t.id).where(sql`deleted = 0`),
  index('quotations_value_sort_idx').on(t.value, t.id).where(sql`deleted = 0`),
  index('quotations_status_sort_idx').on(t.shippingStatus, t.id).where(sql`deleted = 0`),
  // The administrator's 'Request to Delete' card: every pending request, however old (0037).
  index('quotations_delete_request_idx').on(t.id).where(sql`deleted = 0 and request_to_delete = 1`),
]);

function lineColumns(docColumn: string, docId: () => AnyPgColumn) {
  return {
    id: serial('id').primaryKey(),
    docId: integer(docColumn).notNull().references(docId),
    /** Position in the order the user arranged (drag and drop). */
    position: integer('position').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    msrp: numeric('msrp', { precision: 14, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    bomCost: numeric('bom_cost', { precision: 18, scale: 6 }).notNull().default('0'),
    isShippingCost: smallint('is_shipping_cost').notNull().default(0),
    active: smallint('active').notNull().default(1),
  };
}

/** Product lines of an order, in `position` order. */
export const orderLines = pgTable(
  'order_lines',
  lineColumns('order_id', () => orders.id),
  (t) => [
    index('order_lines_doc_idx').on(t.docId, t.position),
    // A product's lines by order id (0039 adds INCLUDE (quantity, msrp, discount)): a product's lines read
    // index-only (the sales window itself reads product_day_sales since 0041).
    index('order_lines_product_idx').on(t.productId, t.docId),
    // The test order list's 'has something to test' check, index-only (0016_list_indexes).
    index('order_lines_testable_idx').on(t.docId, t.productId).where(sql`is_shipping_cost = 0`),
  ],
);

export const quotationLines = pgTable(
  'quotation_lines',
  lineColumns('quotation_id', () => quotations.id),
  (t) => [
    index('quotation_lines_doc_idx').on(t.docId, t.position),
    index('quotation_lines_product_idx').on(t.productId),
  ],
);

/** The money columns every order rollup sums (fresh builders for each table). */
const rollupMoney = () => ({
  value: numeric('value', { precision: 16, scale: 2 }).notNull().default('0'),
  shippingCost: numeric('shipping_cost', { precision: 16, scale: 2 }).notNull().default('0'),
  actualShippingCost: numeric('actual_shipping_cost', { precision: 16, scale: 2 }).notNull().default('0'),
  paymentReceived: numeric('payment_received', { precision: 16, scale: 2 }).notNull().default('0'),
  outstanding: numeric('outstanding', { precision: 16, scale: 2 }).notNull().default('0'),
  outstandingShipped: numeric('outstanding_shipped', { precision: 16, scale: 2 }).notNull().default('0'),
});

/**
 * Totals of live orders per dealer, shipping status and payment status, kept in the transaction of
 * every order write: the list summary for no filter or any mix of the dealer, status and payment
 * filters, and each dealer's credit, read a few dozen rows instead of the orders.
 * `n` = orders, `total` = orders (kept for history), unpaid_* unused (kept for history).
 */
export const orderRollup = pgTable(
  'order_rollup',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    shippingStatus: text('shipping_status').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default(''),
    n: integer('n').notNull().default(0),
    total: integer('total').notNull().default(0),
    ...rollupMoney(),
    unpaidValue: numeric('unpaid_value', { precision: 16, scale: 2 }).notNull().default('0'),
    unpaidReceived: numeric('unpaid_received', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.shippingStatus, t.paymentStatus] })],
);

/**
 * The same totals per UTC day (`day` = unix seconds ÷ 86400) as well: the list's total and summary
 * for a date range (with any mix of the dealer, status and payment filters) read the whole days
 * here and only the two cut edge days from the orders (issue 14; docs/performance.md).
 */
export const orderDayTotals = pgTable(
  'order_day_totals',
  {
    day: integer('day').notNull(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    shippingStatus: text('shipping_status').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default(''),
    n: integer('n').notNull().default(0),
    ...rollupMoney(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dealerId, t.shippingStatus, t.paymentStatus] }),
    index('order_day_totals_dealer_idx').on(t.dealerId, t.day),
  ],
);

/** The same without the dealer: a date range's totals over all dealers read ~30× fewer rows (0023). */
export const orderDayStatusTotals = pgTable(
  'order_day_status_totals',
  {
    day: integer('day').notNull(),
    shippingStatus: text('shipping_status').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default(''),
    n: integer('n').notNull().default(0),
    ...rollupMoney(),
  },
  (t) => [primaryKey({ name: 'order_day_status_totals_pk', columns: [t.day, t.shippingStatus, t.paymentStatus] })],
);
