import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { partComponents } from './parts';
import { files } from './platform';

/** Products (document 2 section 3). Shared by the products area and the order lines of sales. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code').notNull(),
    hsCode: text('hs_code').notNull().default(''),
    desc: text('desc').notNull(),
    msrp: numeric('msrp', { precision: 14, scale: 2 }).notNull().default('0'),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Warranty in days. */
    warranty: integer('warranty').notNull().default(0),
    plSerialCount: integer('pl_serial_count').notNull().default(0),
    hasModem: smallint('has_modem').notNull().default(0),
    isTestRequired: smallint('is_test_required').notNull().default(1),
    isShippingCost: smallint('is_shipping_cost').notNull().default(0),
    excludePlItemCount: smallint('exclude_pl_item_count').notNull().default(0),
    imageFileId: integer('image_file_id').references(() => files.id),
    warning: text('warning').notNull().default(''),
    active: smallint('active').notNull().default(1),
    /** Rolled up from the BOM lines in the same transaction that changes them. */
    bomCost: numeric('bom_cost', { precision: 18, scale: 6 }).notNull().default('0'),
    bomRev: text('bom_rev').notNull().default(''),
    testChecklistRev: text('test_checklist_rev').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // Product codes are unique case-insensitively (docs/decisions.md, Products & BOMs).
    uniqueIndex('products_code_uq').on(sql`lower(${t.productCode})`),
    index('products_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_search_trgm').using(
      'gin',
      sql`(lower(${t.productCode} || ' ' || ${t.hsCode} || ' ' || ${t.desc})) gin_trgm_ops`,
    ),
  ],
);

/** BOM lines (document 2 section 3): one line per part of a product. */
export const bomLines = pgTable(
  'bom_lines',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    partId: integer('part_id')
      .notNull()
      .references(() => partComponents.id),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    ref: text('ref').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** Alternative part ids. */
    altParts: integer('alt_parts').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // A part appears once per BOM: the CSV import updates a line by its part number.
    uniqueIndex('bom_lines_product_part_uq').on(t.productId, t.partId),
    index('bom_lines_part_idx').on(t.partId),
  ],
);

/** The steps of a product's test checklist (document 2 section 3), numbered 1..n by si_number. */
export const productTestSteps = pgTable(
  'product_test_steps',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    siNumber: integer('si_number').notNull(),
    testDesc: text('test_desc').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('product_test_steps_product_idx').on(t.productId, t.siNumber)],
);

/**
 * Units and revenue sold per product and UTC day (`day` = unix seconds ÷ 86400): the lines of live, not cancelled
 * orders by their order's date, kept in the transaction of every order write (products/sales.ts). The products
 * list's sales window reads its whole days here, a few rows per product, and only the days its edges cut from the
 * lines (0041; docs/performance.md).
 */
export const productDaySales = pgTable(
  'product_day_sales',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    day: integer('day').notNull(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    /** Σ of the lines' amounts, each rounded to cents as the order rounds it (contract/orders.ts lineAmount). */
    revenue: numeric('revenue', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);
