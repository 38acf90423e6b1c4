import { z } from 'zod';
import { idParam, listQuery, MAX_ID, optionalUnixQuery, requiredText, toNumber } from './common';
import { MSG } from './messages';
import { RICH_TEXT_MAX } from './projects';
import { timezoneParam } from './reports';

/** BPM's own words where the spec has none (docs/decisions.md, Tasks & projects). */
export const TASK_MSG = {
  deleteNoteConfirm: 'Are you sure you want to delete this note? This action cannot be undone.',
  deleteAttachmentConfirm: (fileName: string) =>
    `Are you sure you want to delete "${fileName}"? This action cannot be undone.`,
} as const;

export const TASK_STATUSES = ['new', 'in progress', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** Chip colours (document 3 section 4). */
export const STATUS_COLORS: Record<TaskStatus, 'default' | 'warning' | 'success'> = {
  new: 'default',
  'in progress': 'warning',
  completed: 'success',
};
export const PRIORITY_COLORS: Record<TaskPriority, 'default' | 'warning' | 'error'> = {
  low: 'default',
  medium: 'warning',
  high: 'error',
};

/** Due-date thresholds in days (document 3 section 9). */
export const URGENT_DAYS = 3;
export const SOON_DAYS = 7;

export type DueIndicator = 'overdue' | 'urgent' | 'soon' | 'normal' | null;

/** The offset of `timeZone` from UTC at the instant `sec`, in seconds (east positive). */
function zoneOffset(sec: number, timeZone?: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(sec * 1000);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall / 1000 - Math.floor(sec);
}

/**
 * The start (local midnight) of the day `nowSec` falls on in `timeZone` (an IANA name; the runtime's own zone
 * when absent — the browser's on the web), as unix seconds.
 */
export function dayStart(nowSec: number, timeZone?: string): number {
  const offset = zoneOffset(nowSec, timeZone);
  const local = Math.floor(nowSec) + offset;
  const midnight = local - (((local % 86400) + 86400) % 86400);
  // A daylight-saving change between midnight and now: midnight has its own offset.
  const start = midnight - offset;
  const atStart = zoneOffset(start, timeZone);
  return atStart === offset ? start : midnight - atStart;
}

/**
 * Whether an open task is overdue: its due day is over — the due date lies before the start of today (the
 * person's local day, `todayStart` from dayStart). A task due today is not overdue until the day ends.
 */
export const isOverdue = (dueDate: number | null, status: string, todayStart: number) =>
  dueDate != null && status !== 'completed' && dueDate < todayStart;

/**
 * The due-date indicator: overdue once the due day is over, urgent within 3 days, soon within 7 days, otherwise
 * normal; none for a completed task or one without a due date. Times are unix seconds; `todayStart` is the start
 * of the person's day (default: the runtime's time zone).
 */
export function dueIndicator(
  dueDate: number | null,
  status: string,
  nowSec: number,
  todayStart = dayStart(nowSec),
): DueIndicator {
  if (dueDate == null || status === 'completed') return null;
  if (isOverdue(dueDate, status, todayStart)) return 'overdue';
  const days = (dueDate - nowSec) / 86400;
  if (days <= URGENT_DAYS) return 'urgent';
  if (days <= SOON_DAYS) return 'soon';
  return 'normal';
}

const PRIORITY_RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };

/**
 * The project panel's order (document 3 section 9): completed last; open tasks overdue first (due before
 * `todayStart`, see isOverdue), then priority high, medium, low, then earlier due date first, undated last.
 */
export function compareProjectTasks(
  a: { status: string; priority: string; due_date: number | null; id: number },
  b: { status: string; priority: string; due_date: number | null; id: number },
  todayStart: number,
): number {
  const done = (t: typeof a) => (t.status === 'completed' ? 1 : 0);
  if (done(a) !== done(b)) return done(a) - done(b);
  const overdue = (t: typeof a) => (isOverdue(t.due_date, t.status, todayStart) ? 0 : 1);
  if (overdue(a) !== overdue(b)) return overdue(a) - overdue(b);
  const pr = (PRIORITY_RANK[a.priority] ?? 3) - (PRIORITY_RANK[b.priority] ?? 3);
  if (pr) return pr;
  if (a.due_date !== b.due_date) {
    if (a.due_date == null) return 1;
    if (b.due_date == null) return -1;
    return a.due_date - b.due_date;
  }
  return b.id - a.id;
}

const optionalRef = () =>
  z.preprocess(
    (v) => (v === '' || v == null || v === 0 || v === '0' ? null : toNumber(v)),
    z.number({ error: MSG.number }).int({ error: MSG.number }).positive({ error: MSG.number }).max(MAX_ID).nullable(),
  );

/** POST /tasks/add and /tasks/edit/{id}: the task's fields; due_date null when empty. */
export const taskSave = z.object({
  title: requiredText().pipe(z.string().max(500)),
  description: z.preprocess((v) => (v == null ? '' : v), z.string().max(RICH_TEXT_MAX)),
  priority: z.enum(TASK_PRIORITIES, { error: MSG.required }).default('medium'),
  status: z.enum(TASK_STATUSES, { error: MSG.required }).default('new'),
  /** Unix seconds; null when empty. */
  due_date: z.preprocess(
    (v) => (v === '' || v == null ? null : toNumber(v)),
    z.number({ error: MSG.number }).int({ error: MSG.number }).min(0).max(32503680000).nullable(),
  ),
  assigned_to: optionalRef(),
  parent_id: optionalRef(),
  project_id: optionalRef(),
  /** The version the form was loaded at; a stale one is refused with 409. */
  version: z.coerce.number().int().optional(),
});
export type TaskSave = z.infer<typeof taskSave>;

export const TASK_FILTERS = ['my-tasks', 'my-projects'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values).optional());

/** GET /tasks (tasks in my projects) and GET /tasks/my: filters of the list screen. */
export const taskListQuery = listQuery.extend({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  status: choice(TASK_STATUSES),
  priority: choice(TASK_PRIORITIES),
  assigned_to: z.preprocess(toNumber, z.number().int().positive().max(MAX_ID).optional()),
  project_id: z.preprocess(toNumber, z.number().int().positive().max(MAX_ID).optional()),
  /** Added From / To and Due From / To, unix seconds, inclusive. */
  date_from: optionalUnixQuery(),
  date_to: optionalUnixQuery(),
  due_from: optionalUnixQuery(),
  due_to: optionalUnixQuery(),
  /** 1 lists only open overdue tasks (isOverdue: the due day is over; the dashboards' count). */
  overdue: z.preprocess((v) => (v === '1' || v === 'true' || v === 1 ? 1 : 0), z.union([z.literal(0), z.literal(1)])),
  /** 0 lists top-level tasks only; subtasks are listed by default. */
  include_subtasks: z.preprocess((v) => (v === '0' || v === 'false' ? 0 : 1), z.union([z.literal(0), z.literal(1)])),
  /** The caller's time zone (base64 IANA name, as the reports take it): which day is today. Default UTC. */
  timezone: timezoneParam().optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const noteAdd = z.object({
  task_id: z.preprocess(
    (v) => (v === '' || v == null ? undefined : toNumber(v)),
    z.number({ error: MSG.taskIdRequired }).int().positive().max(MAX_ID, { error: MSG.taskIdRequired }),
  ),
  note: requiredText().pipe(z.string().max(10_000)),
});
export const noteEdit = z.object({ note: requiredText().pipe(z.string().max(10_000)) });
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export const taskIdParams = z.object({ id: idParam });

const whole = z.number().int();
const person = z.string().nullable();

/** A task as the lists and the task's own answers give it. */
export const task = z.object({
  id: whole,
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  /** Unix seconds, or null. */
  due_date: whole.nullable(),
  assigned_to: whole.nullable(),
  date_added: whole,
  date_completed: whole.nullable(),
  parent_id: whole.nullable(),
  project_id: whole.nullable(),
  added_by: whole,
  added_by_first_name: person,
  added_by_last_name: person,
  assigned_to_first_name: person,
  assigned_to_last_name: person,
  project_name: z.string().nullable(),
  subtask_count: whole,
  version: whole,
});
export type Task = z.infer<typeof task>;

/** A task as GET /tasks/{id} answers it: with its subtasks and the caller's rights on it. */
export const taskDetail = task.extend({
  subtasks: z.array(task),
  can_manage: z.boolean(),
  can_add_note: z.boolean(),
  can_add_attachment: z.boolean(),
});
export type TaskDetail = z.infer<typeof taskDetail>;

export const taskNote = z.object({
  id: whole,
  task_id: whole,
  note: z.string(),
  user_id: whole,
  author_first_name: z.string(),
  author_last_name: z.string(),
  date_added: whole,
  date_modified: whole,
});
export type TaskNote = z.infer<typeof taskNote>;

/** A note in GET /tasks/{id}/notes: with whether the caller may edit or delete it. */
export const taskNoteRow = taskNote.extend({ can_manage: z.boolean() });
export type TaskNoteRow = z.infer<typeof taskNoteRow>;

/** The answers of adding and editing a note. */
export const noteAdded = taskNote.pick({ id: true, task_id: true, note: true, date_added: true, date_modified: true });
export const noteEdited = taskNote.pick({ id: true, task_id: true, note: true, date_modified: true });

export const taskAttachment = z.object({
  id: whole,
  task_id: whole,
  file_name: z.string(),
  /** Bytes. */
  size: whole,
  uploaded_by: whole,
  first_name: z.string(),
  last_name: z.string(),
  date_uploaded: whole,
});
export type TaskAttachment = z.infer<typeof taskAttachment>;

/** An attachment in GET /tasks/{id}/attachments: with whether the caller may delete it. */
export const taskAttachmentRow = taskAttachment.extend({ can_manage: z.boolean() });
export type TaskAttachmentRow = z.infer<typeof taskAttachmentRow>;

/** The answer of an upload. */
export const attachmentUploaded = taskAttachment.pick({
  id: true,
  task_id: true,
  file_name: true,
  date_uploaded: true,
});

/** The download file type of an attachment (GET /files/task_attachments/task_attachment_file/{id}). */
export const ATTACHMENT_FILE_TYPE = 'task_attachments/task_attachment_file';
