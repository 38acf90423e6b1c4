import { idAnswer } from '@bpm/contract/common';
import { MSG } from '@bpm/contract/messages';
import {
  ATTACHMENT_FILE_TYPE,
  attachmentUploaded,
  noteAdd,
  noteAdded,
  noteEdit,
  noteEdited,
  pageQuery,
  task,
  taskAttachmentRow,
  taskDetail,
  taskListQuery,
  taskNoteRow,
  taskSave,
} from '@bpm/contract/tasks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unixNow } from '../../config';
import type { Deps } from '../../platform/deps';
import { registerFileType } from '../../platform/file-types';
import { defineRoute, Paged } from '../../platform/route';
import { listTasks } from './list';
import * as notes from './notes';
import * as tasks from './service';

/** An id in the path; a missing or bad one answers the spec's '… ID is required'. */
const idOf = (message: string) =>
  z.object({
    id: z.coerce
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(2_147_483_647, { error: message }),
  });
const taskId = idOf(MSG.taskIdRequired);
const noteId = idOf(MSG.noteIdRequired);
const attachmentId = idOf(MSG.attachmentIdRequired);

export function taskRoutes(app: FastifyInstance) {
  const access = { action: 'tasks.use' } as const;
  registerFileType(app, ATTACHMENT_FILE_TYPE, notes.attachmentFileId);
  const now = (deps: Deps) => unixNow(deps.clock);

  for (const [url, mode] of [
    ['/tasks', 'projects'],
    ['/tasks/my', 'my'],
  ] as const) {
    defineRoute(app, {
      method: 'GET',
      url,
      access,
      query: taskListQuery,
      paged: true,
      response: task,
      async handler({ query, user, deps }) {
        const page = await listTasks(deps.db, user.user_id, query, mode, now(deps));
        return new Paged(page.rows, page.total);
      },
    });
  }

  defineRoute(app, {
    method: 'GET',
    url: '/tasks/:id',
    access,
    params: taskId,
    response: taskDetail,
    handler: ({ params, user, deps }) => tasks.getTask(deps.db, params.id, user.user_id),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/tasks/:id',
    access,
    params: taskId,
    response: idAnswer,
    handler: ({ params, user, deps }) => tasks.deleteTask(deps.db, params.id, user, now(deps)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/tasks/add',
    access,
    body: taskSave,
    response: task,
    invalidMessage: (cause) => (cause.title ? MSG.taskTitleRequired : undefined),
    handler: ({ body, user, deps }) => tasks.addTask(deps.db, deps.mailer, body, user, now(deps)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/tasks/edit/:id',
    access,
    params: taskId,
    body: taskSave,
    response: task,
    handler: ({ params, body, user, deps }) => tasks.editTask(deps.db, deps.mailer, params.id, body, user, now(deps)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/tasks/:id/notes',
    access,
    params: taskId,
    query: pageQuery,
    paged: true,
    response: taskNoteRow,
    async handler({ params, query, user, deps }) {
      const page = await notes.listNotes(deps.db, params.id, user.user_id, query);
      return new Paged(page.rows, page.total);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/tasknotes/add',
    access,
    body: noteAdd,
    response: noteAdded,
    invalidMessage: (cause) => (cause.task_id ? MSG.taskIdRequired : undefined),
    handler: ({ body, user, deps }) => notes.addNote(deps.db, body.task_id, body.note, user, now(deps)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/tasknotes/edit/:id',
    access,
    params: noteId,
    body: noteEdit,
    response: noteEdited,
    handler: ({ params, body, user, deps }) => notes.editNote(deps.db, params.id, body.note, user, now(deps)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/tasknotes/:id',
    access,
    params: noteId,
    response: idAnswer,
    handler: ({ params, user, deps }) => notes.deleteNote(deps.db, params.id, user, now(deps)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/tasks/:id/attachments',
    access,
    params: taskId,
    query: pageQuery,
    paged: true,
    response: taskAttachmentRow,
    async handler({ params, query, user, deps }) {
      const page = await notes.listAttachments(deps.db, params.id, user.user_id, query);
      return new Paged(page.rows, page.total);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/taskattachments/upload',
    access,
    multipart: true,
    body: z.object({ task_id: taskId.shape.id }),
    invalidMessage: MSG.taskIdRequired,
    response: attachmentUploaded,
    handler: ({ body, files, user, deps }) =>
      notes.uploadAttachment(
        deps.db,
        deps.files,
        body.task_id,
        files.find((f) => f.field === 'file'),
        deps.config.maxUpload,
        user,
        now(deps),
      ),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/taskattachments/:id',
    access,
    params: attachmentId,
    response: idAnswer,
    handler: ({ params, user, deps }) => notes.deleteAttachment(deps.db, params.id, user, now(deps)),
  });
}
