import { z } from 'zod';
import { commaList, idParam, listQuery, MAX_ID, requiredText, toNumber } from './common';
import { MSG } from './messages';

/** Project roles in the spec's order (document 3 section 4). */
/** BPM's own words where the spec has none (docs/decisions.md, Tasks & projects). */
export const PROJECT_MSG = {
  removeMemberConfirm: (name: string) => `Are you sure you want to remove ${name} from this project?`,
  /** A refused add or role change without a message of the server's own. */
  memberAddFailed: 'Failed to add member',
  memberUpdateFailed: 'Failed to update member',
  memberRemoveFailed: 'Failed to remove member',
} as const;

export const PROJECT_ROLES = ['owner', 'manager', 'member', 'viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Member badge colours (document 3 section 4). */
export const PROJECT_ROLE_COLORS: Record<ProjectRole, string> = {
  owner: 'purple',
  manager: 'teal',
  member: 'blue',
  viewer: 'grey',
};

/** What each project role may do (document 3 section 6), for the help dialog. */
export const PROJECT_ROLE_HELP: Record<ProjectRole, string> = {
  owner:
    'Full control: edit and delete the project, manage members and roles, create, assign, edit and delete any task, manage all notes and attachments, view everything.',
  manager:
    'Manage members and roles, create, assign, edit and delete any task, manage notes and attachments, view everything.',
  member: 'Manage tasks they created or are assigned to, manage their own notes and attachments, view everything.',
  viewer: 'Read-only access to project details, tasks, status, notes and attachments.',
};

/** The permission functions of GET /projects/{id}/check-permission (document 3 section 6). */
export const PERMISSION_FUNCTIONS = [
  'is_project_owner',
  'can_create_tasks',
  'can_manage_tasks',
  'can_view_members',
  'can_manage_members',
  'can_add_note',
  'can_add_attachment',
  'can_manage_notes',
  'can_manage_attachments',
] as const;
export type PermissionFunction = (typeof PERMISSION_FUNCTIONS)[number];

/** A comma-separated id list (`noteIds=1,2,3`), at most 500 ids. */
const idList = commaList(idParam);

export const checkPermissionQuery = z.object({
  function: z.enum(PERMISSION_FUNCTIONS, { error: MSG.unknownFunction }),
  taskId: idParam.optional(),
  noteIds: idList.optional(),
  attachmentIds: idList.optional(),
});
export type CheckPermissionQuery = z.infer<typeof checkPermissionQuery>;

/** `{ has_permission }`, or `{ result: { id: boolean } }` for the batch checks. */
export const checkPermissionResult = z.union([
  z.object({ has_permission: z.boolean() }),
  z.object({ result: z.record(z.string(), z.boolean()) }),
]);
export type CheckPermissionResult = z.infer<typeof checkPermissionResult>;

/** Rich text is capped so one description cannot fill the database. */
export const RICH_TEXT_MAX = 200_000;

export const projectSave = z.object({
  name: requiredText().pipe(z.string().max(200)),
  description: z.preprocess((v) => (v == null ? '' : v), z.string().max(RICH_TEXT_MAX)),
  version: z.coerce.number().int().optional(),
});
export type ProjectSave = z.infer<typeof projectSave>;

export const PROJECT_COMPLETION = ['all', 'not-completed', 'completed'] as const;

export const projectListQuery = listQuery.extend({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** Created From / To, unix seconds (inclusive). */
  date_from: z.preprocess(toNumber, z.number().int().min(0).optional()),
  date_to: z.preprocess(toNumber, z.number().int().min(0).optional()),
  completion: z.enum(PROJECT_COMPLETION).default('not-completed'),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

export const projectIdParams = z.object({ projectId: idParam });
export const memberParams = z.object({ projectId: idParam, userId: idParam });

const requiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : toNumber(v)),
    z.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_ID, { error: message }),
  );

export const memberAdd = z.object({
  project_id: requiredId(MSG.projectIdRequired).optional(),
  user_id: requiredId(MSG.userIdRequired),
  role: z.enum(PROJECT_ROLES, { error: MSG.roleRequired }),
});
export type MemberAdd = z.infer<typeof memberAdd>;

export const memberEdit = z.object({ role: z.enum(PROJECT_ROLES, { error: MSG.selectRole }) });

export const memberListQuery = listQuery.extend({ limit: z.coerce.number().int().min(1).max(500).default(200) });

const whole = z.number().int();

export const project = z.object({
  id: whole,
  name: z.string(),
  description: z.string(),
  /** Unix seconds. */
  date_created: whole,
  created_by: whole,
  creator_first_name: z.string().nullable(),
  creator_last_name: z.string().nullable(),
  member_count: whole,
  total_tasks: whole,
  completed_tasks: whole,
  version: whole,
  /** The caller's project role. */
  my_role: z.enum(PROJECT_ROLES),
});
export type Project = z.infer<typeof project>;

export const projectMember = z.object({
  user_id: whole,
  project_id: whole,
  role: z.enum(PROJECT_ROLES),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
});
export type ProjectMember = z.infer<typeof projectMember>;

/** The answer of adding or changing a member. */
export const memberChanged = projectMember.pick({ user_id: true, project_id: true, role: true });
/** The answer of removing a member. */
export const memberRemoved = projectMember.pick({ user_id: true, project_id: true });

/** A user the Assigned To field offers; `project_member_id` is null for non-members. */
export const assignableUser = z.object({
  id: whole,
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  project_member_id: whole.nullable(),
});
export type AssignableUser = z.infer<typeof assignableUser>;

/** Percent complete, rounded; null when the project has no tasks (nothing is shown then). */
export function percentComplete(total: number, completed: number): number | null {
  return total > 0 ? Math.round((completed / total) * 100) : null;
}
