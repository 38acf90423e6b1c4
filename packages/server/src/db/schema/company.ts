import { bigint, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { files } from './platform';

/**
 * The company block every document prints (issue 24 item 3): one row, edited by the administrator. Until
 * the first save there is none and documents print the defaults (server platform/company.ts).
 */
export const companySettings = pgTable('company_settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  contact: text('contact').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  bankAccountHolder: text('bank_account_holder').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  bankSwift: text('bank_swift').notNull().default(''),
  logoFileId: integer('logo_file_id').references(() => files.id),
  version: integer('version').notNull().default(1),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
