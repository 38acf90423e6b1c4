import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './platform';
import { users } from './users';

/** Projects (document 3 section 3); the creator is the owner (also a member row with role owner). */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Sanitised rich-text HTML. */
    description: text('description').notNull().default(''),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    dateCreated: bigint('date_created', { mode: 'number' }).notNull(),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('projects_date_created_idx').on(t.dateCreated.desc(), t.id.desc()),
    index('projects_search_trgm').using('gin', sql`(lower(${t.name} || ' ' || ${t.description})) gin_trgm_ops`),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('project_members_project_user_uq').on(t.projectId, t.userId),
    index('project_members_user_idx').on(t.userId, t.projectId),
  ],
);

/** Tasks and subtasks (parent_id); a project's deletion deletes its tasks. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised rich-text HTML. */
    description: text('description').notNull().default(''),
    priority: text('priority').notNull().default('medium'),
    status: text('status').notNull().default('new'),
    dueDate: bigint('due_date', { mode: 'number' }),
    assignedTo: integer('assigned_to').references(() => users.id),
    addedBy: integer('added_by')
      .notNull()
      .references(() => users.id),
    dateAdded: bigint('date_added', { mode: 'number' }).notNull(),
    dateCompleted: bigint('date_completed', { mode: 'number' }),
    parentId: integer('parent_id').references((): AnyPgColumn => tasks.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    // 0016_list_indexes adds INCLUDE of the filter columns: a user's project tasks counted index-only.
    index('tasks_project_cover_idx').on(t.projectId, t.id.desc()),
    index('tasks_assigned_idx').on(t.assignedTo, t.id.desc()),
    index('tasks_added_by_idx').on(t.addedBy, t.id.desc()),
    index('tasks_parent_idx').on(t.parentId),
    index('tasks_title_trgm').using('gin', sql`(lower(${t.title})) gin_trgm_ops`),
  ],
);

export const taskNotes = pgTable(
  'task_notes',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull(),
    dateAdded: bigint('date_added', { mode: 'number' }).notNull(),
    dateModified: bigint('date_modified', { mode: 'number' }).notNull(),
  },
  (t) => [index('task_notes_task_idx').on(t.taskId, t.id)],
);

export const taskAttachments = pgTable(
  'task_attachments',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    fileName: text('file_name').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    dateUploaded: bigint('date_uploaded', { mode: 'number' }).notNull(),
  },
  (t) => [index('task_attachments_task_idx').on(t.taskId, t.id)],
);

/**
 * Who could see a task or project when it was deleted (its last membership): their history stays
 * visible to exactly those people (docs/decisions.md, 'Events/history').
 */
export const retiredRecordViewers = pgTable(
  'retired_record_viewers',
  {
    entityType: text('entity_type').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ name: 'retired_record_viewers_pk', columns: [t.entityType, t.entityId, t.userId] })],
);
