import type { EventName } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import { projectCan } from '@bpm/contract/permissions';
import type { TaskAttachment, TaskNote } from '@bpm/contract/tasks';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { files } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { taskAttachments, taskNotes } from '../../db/schema/work';
import type { AuthUser } from '../../platform/auth';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { type Actor, recordEvent } from '../../platform/events';
import { type FileStore, storeUpload } from '../../platform/files';
import { lockWhere } from '../../platform/records';
import type { UploadedFile } from '../../platform/route';
import { taskAccess } from '../projects/access';
import { TASK_ENTITY } from './service';

type Caller = Actor & { user_id: number };
type Page = { limit: number; offset: number };

// Tables through drizzle (a renamed column fails tsc), under SQL aliases: ${taskNotes} ${N} renders
// "task_notes" "n".
const N = alias(taskNotes, 'n');
const A = alias(taskAttachments, 'a');
const U = alias(users, 'u');
const F = alias(files, 'f');

const event = (tx: Db, actor: Caller, taskId: number, name: EventName, data: Record<string, unknown>, now: number) =>
  recordEvent(tx, actor, { entityType: TASK_ENTITY, entityId: taskId, event: name, data }, now);

/** A task's notes, oldest first, each with whether the caller may edit or delete it. */
export async function listNotes(db: Db, taskId: number, userId: number, q: Page) {
  const access = await taskAccess(db, taskId, userId);
  const rows = await queryRows<TaskNote & { total: number }>(
    db,
    sql`select ${N.id} as id, ${N.taskId} as task_id, ${N.note} as note, ${N.userId} as user_id,
          ${U.firstName} as author_first_name, ${U.lastName} as author_last_name,
          ${N.dateAdded} as date_added, ${N.dateModified} as date_modified, count(*) over()::int as total
        from ${taskNotes} ${N} join ${users} ${U} on ${U.id} = ${N.userId} where ${N.taskId} = ${taskId}
        order by ${N.id} limit ${q.limit} offset ${q.offset}`,
  );
  return {
    rows: rows.map(({ total: _t, ...n }) => ({
      ...n,
      can_manage: projectCan(access.role, 'manage_note', n.user_id === userId),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function addNote(db: Db, taskId: number, note: string, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    const access = await taskAccess(tx, taskId, actor.user_id);
    if (!projectCan(access.role, 'can_add_note')) throw forbidden();
    const [row] = await tx
      .insert(taskNotes)
      .values({ taskId, userId: actor.user_id, note, dateAdded: now, dateModified: now })
      .returning({ id: taskNotes.id });
    await event(tx, actor, taskId, 'task_note_added', { title: access.title, note_id: row!.id, note }, now);
    return { id: row!.id, task_id: taskId, note, date_added: now, date_modified: now };
  });
}

/** The note and the caller's right to manage it; a note of a task the caller cannot see is not found. */
async function noteAccess(tx: Db, noteId: number, userId: number) {
  const [n] = await lockWhere(tx, taskNotes, eq(taskNotes.id, noteId), {
    task_id: taskNotes.taskId,
    user_id: taskNotes.userId,
    note: taskNotes.note,
  });
  if (!n) throw notFound(MSG.noteNotFound);
  const access = await taskAccess(tx, n.task_id, userId).catch(() => {
    throw notFound(MSG.noteNotFound);
  });
  if (!projectCan(access.role, 'manage_note', n.user_id === userId)) throw forbidden();
  return { ...n, title: access.title };
}

export async function editNote(db: Db, noteId: number, note: string, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    const n = await noteAccess(tx, noteId, actor.user_id);
    await tx.update(taskNotes).set({ note, dateModified: now }).where(eq(taskNotes.id, noteId));
    await event(
      tx,
      actor,
      n.task_id,
      'task_note_updated',
      { title: n.title, note_id: noteId, changes: { note: { old: n.note, new: note } } },
      now,
    );
    return { id: noteId, task_id: n.task_id, note, date_modified: now };
  });
}

export async function deleteNote(db: Db, noteId: number, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    const n = await noteAccess(tx, noteId, actor.user_id);
    await tx.delete(taskNotes).where(eq(taskNotes.id, noteId));
    await event(tx, actor, n.task_id, 'task_note_deleted', { title: n.title, note_id: noteId, note: n.note }, now);
    return { id: noteId };
  });
}

export async function listAttachments(db: Db, taskId: number, userId: number, q: Page) {
  const access = await taskAccess(db, taskId, userId);
  const rows = await queryRows<TaskAttachment & { total: number }>(
    db,
    sql`select ${A.id} as id, ${A.taskId} as task_id, ${A.fileName} as file_name, ${F.size} as size,
          ${A.uploadedBy} as uploaded_by, ${U.firstName} as first_name, ${U.lastName} as last_name,
          ${A.dateUploaded} as date_uploaded, count(*) over()::int as total
        from ${taskAttachments} ${A} join ${users} ${U} on ${U.id} = ${A.uploadedBy} join ${files} ${F} on ${F.id} = ${A.fileId}
        where ${A.taskId} = ${taskId} order by ${A.id} desc limit ${q.limit} offset ${q.offset}`,
  );
  return {
    rows: rows.map(({ total: _t, ...a }) => ({
      ...a,
      can_manage: projectCan(access.role, 'manage_attachment', a.uploaded_by === userId),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** Any file type; at most the configured upload size (MAX_UPLOAD_BYTES, 20 MB by default). */
export async function uploadAttachment(
  db: Db,
  store: FileStore,
  taskId: number,
  file: UploadedFile | undefined,
  maxBytes: number,
  actor: Caller,
  now: number,
) {
  return db.transaction(async (tx) => {
    const access = await taskAccess(tx, taskId, actor.user_id);
    if (!projectCan(access.role, 'can_add_attachment')) throw forbidden();
    if (!file) throw badRequest(MSG.selectFile, { file: MSG.selectFile });
    const stored = await storeUpload(tx, store, file, 'any', { maxBytes, userId: actor.user_id, nowSec: now });
    const [row] = await tx
      .insert(taskAttachments)
      .values({ taskId, fileId: stored.id, fileName: stored.fileName, uploadedBy: actor.user_id, dateUploaded: now })
      .returning({ id: taskAttachments.id });
    await event(
      tx,
      actor,
      taskId,
      'task_attachment_added',
      { title: access.title, attachment_id: row!.id, file_name: stored.fileName, size: file.data.length },
      now,
    );
    return { id: row!.id, task_id: taskId, file_name: stored.fileName, date_uploaded: now };
  });
}

export async function deleteAttachment(db: Db, id: number, actor: Caller, now: number) {
  return db.transaction(async (tx) => {
    const [a] = await lockWhere(tx, taskAttachments, eq(taskAttachments.id, id), {
      task_id: taskAttachments.taskId,
      uploaded_by: taskAttachments.uploadedBy,
      file_name: taskAttachments.fileName,
    });
    if (!a) throw notFound(MSG.attachmentNotFound);
    const access = await taskAccess(tx, a.task_id, actor.user_id).catch(() => {
      throw notFound(MSG.attachmentNotFound);
    });
    if (!projectCan(access.role, 'manage_attachment', a.uploaded_by === actor.user_id)) throw forbidden();
    await tx.delete(taskAttachments).where(eq(taskAttachments.id, id));
    await event(
      tx,
      actor,
      a.task_id,
      'task_attachment_deleted',
      { title: access.title, attachment_id: id, file_name: a.file_name },
      now,
    );
    return { id };
  });
}

/** The download resolver: the stored file of an attachment the caller can see. */
export async function attachmentFileId(db: Db, id: number, user?: AuthUser): Promise<number | null> {
  if (!user) return null;
  const [a] = await db
    .select({ task_id: taskAttachments.taskId, file_id: taskAttachments.fileId })
    .from(taskAttachments)
    .where(eq(taskAttachments.id, id));
  if (!a) return null;
  await taskAccess(db, a.task_id, user.user_id).catch(() => {
    throw notFound(MSG.attachmentNotFound);
  });
  return a.file_id;
}
