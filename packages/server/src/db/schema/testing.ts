import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './products';
import { orders } from './sales';
import { users } from './users';

/**
 * Test checklists (document 3 section 3). One table for order and stock checklists: a stock
 * checklist has no order, so Import from Stock / Export to Stock only set or clear `order_id`
 * and the results move with it. Order lines are rewritten on every order save, so a checklist
 * names its order and product rather than the line (docs/decisions.md, Test checklists).
 */
export const testChecklists = pgTable(
  'test_checklists',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    // Orders are only soft-deleted; a hard delete (tests, clean-ups) takes its checklists along.
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    testBy: integer('test_by').references(() => users.id),
    qaBy: integer('qa_by').references(() => users.id),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull().default('pending'),
    /** Set when a signed checklist is changed; cleared by approval. */
    changedAfterSign: smallint('changed_after_sign').notNull().default(0),
    rev: text('rev').notNull().default(''),
    /**
     * The order line it was added on: the n-th line (by position) of its product in the order, 1-based; null for a
     * stock checklist. Order saves rewrite line rows, so the occurrence names the line (docs/decisions.md).
     */
    lineNo: integer('line_no'),
    /** The serials of its units in column order: a copy the save path rewrites from `unit_serials`, for reads. */
    serials: text('serials').array().notNull().default(sql`'{}'::text[]`),
    testDate: bigint('test_date', { mode: 'number' }),
    qaDate: bigint('qa_date', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('test_checklists_order_idx').on(t.orderId, t.productId),
    index('test_checklists_stock_idx').on(t.productId).where(sql`order_id is null`),
    index('test_checklists_serials_idx').using('gin', t.serials),
    // The queues (test-checklists/lists.ts listQueue), newest change first: a tester's own checklists, and QA's
    // passed order checklists; without them each page read every checklist (0042).
    index('test_checklists_tester_idx').on(t.testBy, t.updatedAt.desc(), t.id.desc()),
    index('test_checklists_signoff_idx')
      .on(t.updatedAt.desc(), t.id.desc())
      .where(sql`order_id is not null and status = 'passed'`),
  ],
);

/** Steps of one checklist, copied from the product's steps when it is created; ordered by si_number. */
export const testChecklistSteps = pgTable(
  'test_checklist_steps',
  {
    id: serial('id').primaryKey(),
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => testChecklists.id, { onDelete: 'cascade' }),
    siNumber: integer('si_number').notNull(),
    testDesc: text('test_desc').notNull(),
    /** Added or edited after QA's sign-off: testable again until the change is approved. */
    reopened: smallint('reopened').notNull().default(0),
  },
  (t) => [index('test_checklist_steps_checklist_idx').on(t.checklistId, t.siNumber)],
);

/**
 * A unit (one device) under test: its product, the checklist that tests it (null once it has none) and its place
 * among the checklist's units (columns (position − 1) × serials per unit + 1 …). Its serials are `unit_serials`.
 */
export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    checklistId: integer('checklist_id').references(() => testChecklists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('units_checklist_idx').on(t.checklistId, t.position)],
);

/**
 * A serial of a unit: slot 0 … serials per unit − 1 (a modem product's IMEI is its last slot). A serial is unique
 * across the company, case aside; `legacy_duplicate` marks the later copies found when units were introduced
 * (0032), which keep their results but never block.
 */
export const unitSerials = pgTable(
  'unit_serials',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    value: text('value').notNull(),
    isImei: smallint('is_imei').notNull().default(0),
    legacyDuplicate: smallint('legacy_duplicate').notNull().default(0),
  },
  (t) => [
    index('unit_serials_unit_idx').on(t.unitId, t.slot),
    uniqueIndex('unit_serials_value_uq').on(sql`lower(${t.value})`).where(sql`legacy_duplicate = 0`),
  ],
);

/**
 * One result per step and serial: `serial_id` is the unit serial it belongs to, so results follow the serial
 * wherever its column moves. `item_id` and `serial` are what the column and serial were when it was entered.
 */
export const testResults = pgTable(
  'test_results',
  {
    id: serial('id').primaryKey(),
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => testChecklists.id, { onDelete: 'cascade' }),
    stepId: integer('step_id')
      .notNull()
      .references(() => testChecklistSteps.id, { onDelete: 'cascade' }),
    serialId: integer('serial_id').references(() => unitSerials.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').notNull(),
    serial: text('serial').notNull(),
    testResult: text('test_result').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('test_results_step_serial_uq').on(t.stepId, t.serialId),
    index('test_results_checklist_idx').on(t.checklistId),
  ],
);

/** Packing lists (document 2 section 3). */
export const packingLists = pgTable(
  'packing_lists',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * Copies of the order's OC ref, dealer and company, so the list filters and sorts on this table alone.
     * Database triggers keep them equal to the order's (0018_packing_list_order_copy): whatever the
     * code writes here is replaced by the order's values.
     */
    ocRef: text('oc_ref').notNull().default(''),
    dealerId: integer('dealer_id').notNull().default(0),
    dealerName: text('dealer_name').notNull().default(''),
    poNumber: text('po_number').notNull().default(''),
    shippingDate: bigint('shipping_date', { mode: 'number' }),
    customer: text('customer').notNull().default(''),
    country: text('country').notNull().default(''),
    showLogo: smallint('show_logo').notNull().default(1),
    revision: integer('revision').notNull().default(0),
    /** All serials of the lines, lower-cased, for the serial search. */
    serialText: text('serial_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('packing_lists_order_idx').on(t.orderId),
    // 0018 adds INCLUDE (dealer_id) to the date index and INCLUDE (dealer_id, created_at) to each sort index,
    // (drizzle cannot declare INCLUDE): a page under a dealer or date filter is an index-only walk.
    index('packing_lists_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('packing_lists_serial_trgm').using('gin', sql`${t.serialText} gin_trgm_ops`),
    index('packing_lists_po_customer_trgm').using(
      'gin',
      sql`(lower(${t.poNumber} || ' ' || ${t.customer})) gin_trgm_ops`,
    ),
    index('packing_lists_oc_dealer_trgm').using('gin', sql`(lower(${t.ocRef} || ' ' || ${t.dealerName})) gin_trgm_ops`),
    index('packing_lists_shipping_date_sort_idx').on(t.shippingDate, t.id),
    index('packing_lists_shipping_date_desc_idx').on(t.shippingDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('packing_lists_po_number_sort_idx').on(t.poNumber, t.id),
    index('packing_lists_customer_sort_idx').on(sql`lower(${t.customer})`, t.id),
    index('packing_lists_oc_ref_sort_idx').on(t.ocRef, t.id),
    index('packing_lists_dealer_name_sort_idx').on(sql`lower(${t.dealerName})`, t.id),
    index('packing_lists_dealer_dealer_name_idx').on(t.dealerId, sql`lower(${t.dealerName})`, t.id),
    index('packing_lists_dealer_customer_idx').on(t.dealerId, sql`lower(${t.customer})`, t.id),
    // A date range by shipping date: per 7-day bucket of the creation date (packing lists' service, WEEK).
    index('packing_lists_week_shipping_idx').on(sql`(${t.createdAt} / 604800)`, t.shippingDate, t.id),
    index('packing_lists_week_shipping_desc_idx').on(
      sql`(${t.createdAt} / 604800)`,
      t.shippingDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const packingListLines = pgTable(
  'packing_list_lines',
  {
    id: serial('id').primaryKey(),
    packingListId: integer('packing_list_id')
      .notNull()
      .references(() => packingLists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id').references(() => products.id),
    plName: text('pl_name').notNull().default(''),
    plSerial: text('pl_serial').notNull().default(''),
    plBox: text('pl_box').notNull().default(''),
    quantity: integer('quantity').notNull().default(0),
    warranty: integer('warranty').notNull().default(0),
    plSerialCount: integer('pl_serial_count').notNull().default(0),
    hasModem: smallint('has_modem').notNull().default(0),
    serialsFromTestChecklist: smallint('serials_from_test_checklist').notNull().default(0),
  },
  (t) => [index('packing_list_lines_list_idx').on(t.packingListId, t.position)],
);

/**
 * The units a packing list ships (issue 23): a unit is on one packing list at most. `position` is the packing
 * line's. Untested units typed by hand are units without a checklist.
 */
export const packingListUnits = pgTable(
  'packing_list_units',
  {
    id: serial('id').primaryKey(),
    packingListId: integer('packing_list_id')
      .notNull()
      .references(() => packingLists.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('packing_list_units_unit_uq').on(t.unitId),
    index('packing_list_units_list_idx').on(t.packingListId, t.position),
  ],
);
