import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** Uploaded files: bytes on disk by content hash (platform/files.ts), metadata here. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  sha256: text('sha256').notNull(),
  size: integer('size').notNull(),
  mime: text('mime').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  createdBy: integer('created_by'),
});

/** Audit events, written in the same transaction as the change they describe. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: bigint('time', { mode: 'number' }).notNull(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    entityType: text('entity_type').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    event: text('event').notNull(),
    data: jsonb('data').notNull().default({}),
    /** Lower-cased event, username, names and data, for the trigram search index. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    // 0039 INCLUDE (entity_type, entity_id, event): the list's walk checks the reader's visibility (a task's or
    // project's events by its id), the type and the event in the index; only the page's rows are read.
    index('events_time_cover_idx').on(t.time.desc(), t.id.desc()),
    // 0039 INCLUDE (id): the events of the records a person may see (a type's filter first), index-only.
    index('events_entity_idx').on(t.entityType, t.entityId, t.time.desc()),
    index('events_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The Who filter (username or names): trigram indexes, and statistics on the expressions for the plan.
    index('events_username_trgm').using('gin', sql`(lower(${t.username})) gin_trgm_ops`),
    index('events_person_trgm').using('gin', sql`(lower(${t.firstName} || ' ' || ${t.lastName})) gin_trgm_ops`),
  ],
);

/** Mail that could not be sent through SMTP (no SMTP_URL): kept so nothing is lost. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  sentAt: bigint('sent_at', { mode: 'number' }),
  error: text('error'),
  /** Attached files, bytes in the file store by content hash: `[{ file_name, mime, sha256, size }]`. */
  attachments: jsonb('attachments').notNull().default([]),
});

/**
 * The data generation, the sum of `n` over its sixteen rows: the commit of every change to orders, their
 * rollups and dealers adds one to a row no other commit holds (deferred triggers, migrations 0015 and 0045);
 * in-process caches of figures read from them are valid while it stays (platform/fresh-cache.ts).
 */
export const dataGeneration = pgTable('data_generation', {
  id: integer('id').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
