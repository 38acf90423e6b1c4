import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { partComponents, suppliers } from './parts';
import { files } from './platform';
import { users } from './users';

/**
 * Purchase orders (document 2 section 3). Line prices are kept in the PO's currency (exact, as entered);
 * `amount` and the lines' `price` are the USD figures derived from them (× currency_rate).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    poNumber: text('po_number').notNull().default(''),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    supplierName: text('supplier_name').notNull(),
    supplierContactPerson: text('supplier_contact_person').notNull().default(''),
    supplier2303: text('supplier_2303').notNull().default(''),
    supplierAddress: text('supplier_address').notNull().default(''),
    supplierEmail: text('supplier_email').notNull().default(''),
    supplierPhone: text('supplier_phone').notNull().default(''),
    requisitioner: text('requisitioner').notNull().default(''),
    poDate: bigint('po_date', { mode: 'number' }).notNull(),
    dueDate: bigint('due_date', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull().default(''),
    department: text('department').notNull().default(''),
    terms: text('terms').notNull().default(''),
    shipTo: text('ship_to').notNull().default(''),
    priceQuote: text('price_quote').notNull().default(''),
    currency: text('currency').notNull().default('USD'),
    currencyRate: numeric('currency_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    status: text('status').notNull().default('draft'),
    localPo: smallint('local_po').notNull().default(0),
    paid: smallint('paid').notNull().default(0),
    shippingCost: numeric('shipping_cost', { precision: 20, scale: 6 }).notNull().default('0'),
    awbNumber: text('awb_number').notNull().default(''),
    preparedById: integer('prepared_by_id').references(() => users.id),
    preparedByName: text('prepared_by_name').notNull().default(''),
    preparedByPosition: text('prepared_by_position').notNull().default(''),
    approvedById: integer('approved_by_id').references(() => users.id),
    approvedByName: text('approved_by_name').notNull().default(''),
    approvedByPosition: text('approved_by_position').notNull().default(''),
    supplierQuoteFileId: integer('supplier_quote_file_id').references(() => files.id),
    proofPaymentFileId: integer('proof_payment_file_id').references(() => files.id),
    poPdfFileId: integer('po_pdf_file_id').references(() => files.id),
    cancelledReason: text('cancelled_reason').notNull().default(''),
    /** Σ price × quantity in USD: currency_amount × currency_rate. */
    amount: numeric('amount', { precision: 24, scale: 6 }).notNull().default('0'),
    /** Σ local_price × quantity, in the PO's currency (exact). */
    currencyAmount: numeric('currency_amount', { precision: 24, scale: 6 }).notNull().default('0'),
    revision: integer('revision').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // 0016_list_indexes adds INCLUDE (supplier_id, status, paid, amount): date pages and date-range totals index-only.
    index('purchase_orders_date_cover_idx').on(t.poDate.desc(), t.id.desc()),
    // One per sort column, ties id descending, the few-valued ones with a descending twin (0016_list_indexes
    // adds INCLUDE (supplier_id, po_date, status, paid): index-only walks under the filters; 0044 the name sorts'
    // own column beside lower(column), which an index-only read needs).
    index('purchase_orders_po_number_sort_idx').on(t.poNumber, t.id.desc()),
    index('purchase_orders_supplier_name_sort_idx').on(sql`lower(${t.supplierName})`, t.id.desc()),
    index('purchase_orders_supplier_name_desc_idx').on(sql`lower(${t.supplierName}) desc`, t.id.desc()),
    index('purchase_orders_requisitioner_sort_idx').on(sql`lower(${t.requisitioner})`, t.id.desc()),
    index('purchase_orders_requisitioner_desc_idx').on(sql`lower(${t.requisitioner}) desc`, t.id.desc()),
    index('purchase_orders_department_sort_idx').on(sql`lower(${t.department})`, t.id.desc()),
    index('purchase_orders_department_desc_idx').on(sql`lower(${t.department}) desc`, t.id.desc()),
    index('purchase_orders_due_date_sort_idx').on(t.dueDate, t.id.desc()),
    index('purchase_orders_status_sort_idx').on(t.status, t.id.desc()),
    index('purchase_orders_status_desc_idx').on(t.status.desc().nullsFirst(), t.id.desc()),
    index('purchase_orders_amount_sort_idx').on(t.amount, t.id.desc()),
    index('purchase_orders_paid_sort_idx').on(t.paid, t.id.desc()),
    index('purchase_orders_paid_desc_idx').on(t.paid.desc().nullsFirst(), t.id.desc()),
    // 0019_list_plans adds INCLUDE of every sort column: a status or supplier filter runs first index-only.
    index('purchase_orders_status_cover_idx').on(t.status, t.poDate.desc(), t.id.desc()),
    index('purchase_orders_supplier_cover_idx').on(t.supplierId, t.poDate.desc(), t.id.desc()),
    // A status filter's due-date order (0019_list_plans adds INCLUDE (supplier_id, po_date, paid)).
    index('purchase_orders_status_due_idx').on(t.status, t.dueDate, t.id.desc()),
    // A PO date range by PO number: one walk per 30-day bucket (0019_list_plans adds INCLUDE (supplier_id,
    // po_date, status, paid)).
    index('purchase_orders_month_number_idx').on(sql`(${t.poDate} / 2592000)`, t.poNumber, t.id.desc()),
    // The smallest and largest due-date lag bound a due-date walk under a PO date range.
    index('purchase_orders_due_lag_idx').on(sql`(${t.dueDate} - ${t.poDate})`),
    // The last rate used for a currency (the form's default when the currency changes): the newest PO of it.
    index('purchase_orders_currency_idx').on(t.currency, t.id.desc()),
    index('purchase_orders_search_trgm').using(
      'gin',
      sql`(lower(${t.poNumber} || ' ' || ${t.supplierName} || ' ' || ${t.requisitioner} || ' ' || ${t.purpose} || ' ' || ${t.department})) gin_trgm_ops`,
    ),
    // The searched fields but the department (0027): a search sorted by department finds the matches of the
    // other fields here, the departments' own among their few values (list-page.ts, departmentMerge).
    index('purchase_orders_search_other_trgm').using(
      'gin',
      sql`(lower(${t.poNumber} || ' ' || ${t.supplierName} || ' ' || ${t.requisitioner} || ' ' || ${t.purpose})) gin_trgm_ops`,
    ),
  ],
);

/** PO part lines, in form order. `part` may be null for a free-text line. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    poId: integer('po_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    partId: integer('part_id').references(() => partComponents.id),
    manufPartNumber: text('manuf_part_number').notNull().default(''),
    partName: text('part_name').notNull(),
    /** The price as entered, in the PO's currency (exact). */
    localPrice: numeric('local_price', { precision: 20, scale: 6 }).notNull(),
    /** USD, derived: local_price × the PO's currency_rate (part statistics and BOM costs read it). */
    price: numeric('price', { precision: 20, scale: 6 }).notNull(),
    quantity: numeric('quantity', { precision: 20, scale: 6 }).notNull(),
    unit: text('unit').notNull().default('pcs'),
    remarks: text('remarks').notNull().default(''),
  },
  (t) => [
    index('purchase_order_lines_po_idx').on(t.poId, t.lineNo),
    index('purchase_order_lines_part_idx').on(t.partId),
  ],
);

/** Immutable snapshots stored at each approval, receipt and revision. */
export const purchaseOrderHistory = pgTable(
  'purchase_order_history',
  {
    id: serial('id').primaryKey(),
    poId: integer('po_id')
      .notNull()
      .references(() => purchaseOrders.id),
    date: bigint('date', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    poNumber: text('po_number').notNull(),
    poDate: bigint('po_date', { mode: 'number' }).notNull(),
    supplierName: text('supplier_name').notNull(),
    requisitioner: text('requisitioner').notNull(),
    purpose: text('purpose').notNull(),
    department: text('department').notNull(),
    dueDate: bigint('due_date', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    cancelledReason: text('cancelled_reason').notNull().default(''),
    amount: numeric('amount', { precision: 24, scale: 6 }).notNull(),
    paid: smallint('paid').notNull(),
    proofPaymentFileId: integer('proof_payment_file_id').references(() => files.id),
    supplierQuoteFileId: integer('supplier_quote_file_id').references(() => files.id),
    poPdfFileId: integer('po_pdf_file_id').references(() => files.id),
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [index('purchase_order_history_po_idx').on(t.poId, t.date.desc(), t.id.desc())],
);

const lookup = (name: string) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      name: text('name').notNull(),
    },
    (t) => [uniqueIndex(`${name}_name_uq`).on(sql`lower(${t.name})`)],
  );

/**
 * The same count and amount per UTC day (`day` = po_date ÷ 86400) × status × payment state, kept by
 * moveRollup: the totals of a date range read its whole days here and only the two cut days from the POs.
 */
export const poDayTotals = pgTable(
  'po_day_totals',
  {
    day: integer('day').notNull(),
    status: text('status').notNull(),
    paid: smallint('paid').notNull(),
    n: integer('n').notNull().default(0),
    amount: numeric('amount', { precision: 24, scale: 6 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.paid] })],
);

/** Department, term and price quote lookups (names are copied into the PO). */
export const poDepartments = lookup('po_departments');
export const poTerms = lookup('po_terms');
export const poPriceQuotes = lookup('po_price_quotes');

/**
 * Count and USD amount of POs per supplier × status × payment state, kept in the write transaction:
 * list totals and dashboard counts without a date range or search read it instead of scanning.
 */
export const poRollup = pgTable(
  'po_rollup',
  {
    supplierId: integer('supplier_id').notNull(),
    status: text('status').notNull(),
    paid: smallint('paid').notNull(),
    n: integer('n').notNull().default(0),
    amount: numeric('amount', { precision: 24, scale: 6 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.status, t.paid] })],
);
