import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { dealers } from './sales';
import { units } from './testing';
import { users } from './users';

/**
 * The license registry (BPM's own, docs/decisions.md): every generated license or activation
 * code, who made it and for which device, so a lost key can be found again by MAC or dealer.
 */
export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
    /** 'license' or 'activation'. */
    kind: text('kind').notNull(),
    /** 12 upper-case hex digits without separators (searchable whatever the user types). */
    macHex: text('mac_hex').notNull(),
    /** The options as sent: [{code, value}]. */
    options: jsonb('options').notNull(),
    key: text('key').notNull(),
    orderId: integer('order_id'),
    dealerId: integer('dealer_id').references(() => dealers.id),
    serial: text('serial').notNull().default(''),
    /** The unit the key is for, when its serial is a unit's (a key hangs on the device; kept if the unit goes). */
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('licenses_mac_idx').on(t.macHex, t.createdAt.desc()),
    index('licenses_dealer_idx').on(t.dealerId, t.createdAt.desc()),
    index('licenses_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('licenses_unit_idx').on(t.unitId, t.createdAt.desc()),
    index('licenses_serial_idx').on(sql`lower(${t.serial})`),
    index('licenses_mac_trgm').using('gin', sql`${t.macHex} gin_trgm_ops`),
  ],
);
