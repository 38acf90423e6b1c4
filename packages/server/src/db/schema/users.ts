import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './platform';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    userRole: text('user_role').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    position: text('position').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    country: text('country').notNull().default(''),
    signatureFileId: integer('signature_file_id').references(() => files.id),
    active: smallint('active').notNull().default(1),
    deleted: smallint('deleted').notNull().default(0),
    isTest: smallint('is_test').notNull().default(0),
    version: integer('version').notNull().default(1),
    /** Access tokens carry it; bumping it (logout, password change) revokes them at once. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // Usernames are unique among users that are not deleted, case-insensitively.
    uniqueIndex('users_username_live_uq').on(sql`lower(${t.username})`).where(sql`${t.deleted} = 0`),
    index('users_search_trgm').using(
      'gin',
      sql`(lower(${t.username} || ' ' || ${t.companyName} || ' ' || ${t.country} || ' ' || ${t.email})) gin_trgm_ops`,
    ),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    /** Set when this token was exchanged for its successor. */
    usedAt: bigint('used_at', { mode: 'number' }),
    replacedById: integer('replaced_by_id'),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Attempts counted in a time window, atomically before the work they guard (`key` says whose): login
 * failures per username and address, and per account; refused calls audited per caller.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  lockedUntil: bigint('locked_until', { mode: 'number' }),
  /** Account keys: locks started in the last day, which doubles the next lock's length. */
  locks: integer('locks').notNull().default(0),
});
