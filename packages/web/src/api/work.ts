import type {
  AssignableUser,
  CheckPermissionResult,
  PermissionFunction,
  Project,
  ProjectMember,
  ProjectRole,
} from '@bpm/contract/projects';
import { encodeTimezone } from '@bpm/contract/reports';
import type { Task, TaskAttachmentRow, TaskDetail, TaskNoteRow } from '@bpm/contract/tasks';
import { type Query, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { useEntityList } from './entity';
import { ApiError } from './errors';
import { browserTimezone } from './reports';

/** Tasks and projects share one cache area: a task change moves its project's counts. */
const AREA = 'work';

export type NoteRow = TaskNoteRow;
export type AttachmentRow = TaskAttachmentRow;

/** Which day is today for the task lists (a task is overdue once its due day is over): the browser's time zone. */
const today = () => ({ timezone: encodeTimezone(browserTimezone()) });

export function useTasks(mode: 'my-tasks' | 'my-projects', params: Record<string, unknown>) {
  return useEntityList<Task>(AREA, mode === 'my-tasks' ? '/tasks/my' : '/tasks', { ...params, ...today() }, [
    'tasks',
    mode,
  ]);
}

/** The caller's open overdue tasks, counted (the dashboards' card). */
export const overdueTasksQuery = () =>
  queryOptions({
    queryKey: [AREA, 'overdue'],
    queryFn: () => api.list<Task>('/tasks/my', { overdue: 1, limit: 1, ...today() }, { toast: false }),
  });

/** How many of my open tasks are overdue; 0 while unknown or on failure. */
export function useOverdueTaskCount(): number {
  return useQuery(overdueTasksQuery()).data?.total ?? 0;
}

/** A load failed because the record is not there (404, or the area's not-found message). */
export const isNotFound = (err: unknown, message: string) =>
  (err instanceof ApiError && err.status === 404) || (err instanceof Error && err.message === message);

export function useTask(id: number | undefined) {
  return useQuery({
    queryKey: [AREA, 'task', id ?? 0],
    queryFn: () => api.get<TaskDetail>(`/tasks/${id}`, undefined, { toast: false }),
    enabled: !!id,
    retry: false,
  });
}

export function useProjectTasks(projectId: number | undefined) {
  return useQuery({
    queryKey: [AREA, 'projectTasks', projectId ?? 0],
    // A failure is shown in the panel ('Failed to load project data'), not as a toast.
    queryFn: () => api.list<Task>(`/projects/${projectId}/tasks`, { limit: 500, ...today() }, { toast: false }),
    enabled: !!projectId,
  });
}

export function useNotes(taskId: number) {
  return useQuery({
    queryKey: [AREA, 'notes', taskId],
    queryFn: () => api.list<NoteRow>(`/tasks/${taskId}/notes`, { limit: 500 }, { toast: false }),
  });
}

export function useAttachments(taskId: number) {
  return useQuery({
    queryKey: [AREA, 'attachments', taskId],
    queryFn: () => api.list<AttachmentRow>(`/tasks/${taskId}/attachments`, { limit: 500 }, { toast: false }),
  });
}

export function useProjects(params: Record<string, unknown>) {
  return useEntityList<Project>(AREA, '/projects', params, ['projects']);
}

export function useProject(id: number | undefined) {
  return useQuery({
    queryKey: [AREA, 'project', id ?? 0],
    queryFn: () => api.get<Project>(`/projects/${id}`, undefined, { toast: false }),
    enabled: !!id,
    retry: false,
  });
}

export function useMembers(projectId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [AREA, 'members', projectId ?? 0],
    queryFn: () => api.list<ProjectMember>(`/projects/${projectId}/members`, { limit: 500 }, { toast: false }),
    enabled: !!projectId && enabled,
  });
}

export function useAssignableUsers(projectId: number | null | undefined) {
  return useQuery({
    queryKey: [AREA, 'users', projectId ?? 0],
    queryFn: () => api.get<AssignableUser[]>(`/tasks/users/${projectId}`, undefined, { toast: false }),
    enabled: !!projectId,
  });
}

/** GET /projects/{id}/check-permission; a failed query counts as no permission. */
export function usePermission(
  projectId: number | null | undefined,
  fn: PermissionFunction,
  extra: Record<string, string | number | undefined> = {},
): boolean {
  const q = useQuery({
    queryKey: [AREA, 'perm', projectId ?? 0, fn, extra],
    queryFn: () =>
      api.get<CheckPermissionResult>(
        `/projects/${projectId}/check-permission`,
        { function: fn, ...extra },
        { toast: false },
      ),
    enabled: !!projectId,
  });
  return !!(q.data && 'has_permission' in q.data && q.data.has_permission);
}

/** The batch checks: id → may manage; missing or failed = false. */
export function useBatchPermission(
  projectId: number | null | undefined,
  fn: 'can_manage_notes' | 'can_manage_attachments',
  ids: number[],
): Record<string, boolean> {
  const key = fn === 'can_manage_notes' ? 'noteIds' : 'attachmentIds';
  const q = useQuery({
    queryKey: [AREA, 'perm', projectId ?? 0, fn, ids.join(',')],
    queryFn: () =>
      api.get<CheckPermissionResult>(
        `/projects/${projectId}/check-permission`,
        { function: fn, [key]: ids.join(',') },
        { toast: false },
      ),
    enabled: !!projectId && ids.length > 0,
  });
  return q.data && 'result' in q.data ? q.data.result : {};
}

/** A mutation of tasks or projects; every work query refreshes after it. */
export function useWorkMutation<A, R>(fn: (a: A) => Promise<R>, opts: { toast?: boolean } = {}) {
  const qc = useQueryClient();
  void opts;
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: [AREA] }) });
}

/** The queries of a deleted task or project (a project's: its tasks, members, assignable users and rights). */
function ofDeleted(kind: 'task' | 'project', id: number) {
  const own =
    kind === 'task' ? ['task', 'notes', 'attachments'] : ['project', 'projectTasks', 'members', 'users', 'perm'];
  return (q: Query) => q.queryKey[0] === AREA && own.includes(String(q.queryKey[1])) && q.queryKey[2] === id;
}

/**
 * Deletes a task or a project. On success its own queries are removed, not refetched (they would answer 'Task
 * not found' / 'Project not found' beside the success); the lists and counts refresh. The page stops reading the
 * record and leaves for the list itself.
 */
export function useWorkDelete(kind: 'task' | 'project') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => (kind === 'task' ? workApi.deleteTask(id) : workApi.deleteProject(id)),
    onSuccess: (_r, id) => {
      const gone = ofDeleted(kind, id);
      qc.removeQueries({ predicate: gone });
      void qc.invalidateQueries({ queryKey: [AREA], predicate: (q) => !gone(q) });
    },
  });
}

export const workApi = {
  saveTask: (id: number | undefined, body: Record<string, unknown>) =>
    id ? api.post<Task>(`/tasks/edit/${id}`, body) : api.post<Task>('/tasks/add', body),
  deleteTask: (id: number) => api.delete(`/tasks/${id}`, { toast: false }),
  addNote: (task_id: number, note: string) => api.post('/tasknotes/add', { task_id, note }, { toast: false }),
  editNote: (id: number, note: string) => api.post(`/tasknotes/edit/${id}`, { note }, { toast: false }),
  deleteNote: (id: number) => api.delete(`/tasknotes/${id}`, { toast: false }),
  upload: (task_id: number, file: File) => api.upload('/taskattachments/upload', { task_id, file }, { toast: false }),
  deleteAttachment: (id: number) => api.delete(`/taskattachments/${id}`, { toast: false }),
  download: (id: number) => api.download(`/files/task_attachments/task_attachment_file/${id}`),
  saveProject: (id: number | undefined, body: Record<string, unknown>) =>
    id ? api.post<Project>(`/projects/edit/${id}`, body) : api.post<Project>('/projects/add', body),
  deleteProject: (id: number) => api.delete(`/projects/${id}`, { toast: false }),
  addMember: (projectId: number, user_id: number, role: ProjectRole) =>
    api.post(`/projects/${projectId}/members/add`, { project_id: projectId, user_id, role }, { toast: false }),
  editMember: (projectId: number, userId: number, role: ProjectRole) =>
    api.post(`/projects/${projectId}/members/edit/${userId}`, { role }, { toast: false }),
  removeMember: (projectId: number, userId: number) =>
    api.delete(`/projects/${projectId}/members/${userId}`, { toast: false }),
};
