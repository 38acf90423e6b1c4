import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './platform';

/** Part components (document 2 section 3): purchasable parts, the lines of BOMs and purchase orders. */
export const partComponents = pgTable(
  'part_components',
  {
    id: serial('id').primaryKey(),
    manufPartNumber: text('manuf_part_number').notNull(),
    manufacturer: text('manufacturer').notNull(),
    description: text('description').notNull().default(''),
    /** USD. */
    price: numeric('price', { precision: 18, scale: 6 }).notNull().default('0'),
    localPrice: numeric('local_price', { precision: 18, scale: 6 }),
    localCurrency: text('local_currency').notNull().default('USD'),
    unit: text('unit').notNull().default('pcs'),
    imageFileId: integer('image_file_id').references(() => files.id),
    active: smallint('active').notNull().default(1),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // One part number per manufacturer, case-insensitively.
    uniqueIndex('part_components_mpn_uq').on(sql`lower(${t.manufacturer})`, sql`lower(${t.manufPartNumber})`),
    // BOM import matches part numbers case-insensitively.
    index('part_components_mpn_idx').on(sql`lower(${t.manufPartNumber})`),
    index('part_components_search_trgm').using(
      'gin',
      sql`(lower(${t.manufPartNumber} || ' ' || ${t.manufacturer} || ' ' || ${t.description})) gin_trgm_ops`,
    ),
    index('part_components_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** Suppliers (document 2 section 3): vendor records copied into purchase orders. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contactPerson: text('contact_person').notNull(),
    /** Labelled 'Supplier 2303/TIN#'. */
    supplier2303: text('supplier2303').notNull().default(''),
    address: text('address').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bankDetails: text('bank_details').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('suppliers_name_uq').on(sql`lower(${t.name})`),
    index('suppliers_search_trgm').using(
      'gin',
      sql`(lower(${t.name} || ' ' || ${t.contactPerson} || ' ' || ${t.email})) gin_trgm_ops`,
    ),
  ],
);
