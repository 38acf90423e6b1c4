import { MSG } from '@bpm/contract/messages';
import { projectCan } from '@bpm/contract/permissions';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskDetail, taskSave } from '@bpm/contract/tasks';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/auth-store';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useAssignableUsers, useProjects, useTask, useWorkMutation, workApi } from '../../api/work';
import { useIdParam } from '../../components/FormPage';
import { dateInputToUnix, unixToDateInput } from '../../components/format';
import { LazyRichTextEditor } from '../../components/LazyRichTextEditor';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { fullName } from '../../components/task-ui';

const cap = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());
const numParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** /tasks/add (?project_id=, ?parent_id=) and /tasks/edit/{TaskId} (document 3 sections 2.3 and 5). */
export default function TaskFormPage() {
  const id = useIdParam('TaskId');
  const task = useTask(id);
  if (id && !task.data) {
    if (task.isError) return <Alert severity="error">{MSG.failedLoadTaskData}</Alert>;
    return <PageLoader />;
  }
  return <TaskForm key={id ?? 'new'} task={task.data} />;
}

function TaskForm({ task }: { task?: TaskDetail }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useCurrentUser();
  const parentId = task?.parent_id ?? numParam(params.get('parent_id'));
  const parent = useTask(task ? undefined : parentId);
  const [v, setV] = useState({
    title: task?.title ?? '',
    description: task?.description ?? '',
    status: task?.status ?? 'new',
    priority: task?.priority ?? 'medium',
    due: unixToDateInput(task?.due_date),
    assigned_to: task?.assigned_to ?? null,
    project_id: task?.project_id ?? numParam(params.get('project_id')) ?? null,
  });
  const projectId = task ? task.project_id : parentId ? (parent.data?.project_id ?? null) : v.project_id;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string> | null>(null);
  const projects = useProjects({ limit: 500, offset: 0, search: '', completion: 'all' });
  const users = useAssignableUsers(projectId);
  const save = useWorkMutation((body: Record<string, unknown>) => workApi.saveTask(task?.id, body));

  const options = projectId
    ? (users.data ?? [])
    : me
      ? [{ id: me.user_id, first_name: me.username, last_name: '', username: me.username, project_member_id: null }]
      : [];
  const chosen = options.find((u) => u.id === v.assigned_to);
  const warn = projectId && chosen && chosen.project_member_id == null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      title: v.title,
      description: v.description,
      status: v.status,
      priority: v.priority,
      due_date: dateInputToUnix(v.due),
      assigned_to: v.assigned_to,
      project_id: task ? task.project_id : parentId ? undefined : v.project_id,
      parent_id: task ? task.parent_id : parentId,
      version: task?.version,
    };
    const parsed = taskSave.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      if (!v.title.trim()) toast(MSG.taskTitleRequired, 'error');
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(body);
      toast(task ? MSG.taskUpdated : parentId ? MSG.subtaskCreated : MSG.taskCreated, 'success');
      if (!task && parentId) navigate(`/tasks/view/${parentId}`);
      else navigate(-1);
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors && Object.keys(err.fieldErrors).length) {
        setErrors(err.fieldErrors);
        setServerErrors(err.fieldErrors);
      }
    }
  };

  const title = task ? (task.parent_id ? 'Edit Subtask' : 'Edit Task') : parentId ? 'New Subtask' : 'New Task';
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <PageHeader back title={title} />
      {serverErrors && (
        <Alert severity="error" onClose={() => setServerErrors(null)} sx={{ mb: 2 }} data-testid="task-errors">
          {Object.entries(serverErrors).map(([k, m]) => (
            <div key={k}>
              {k}: {m}
            </div>
          ))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {parentId && parent.data && (
            <Alert severity="info">
              Subtask of #{parentId}: {parent.data.title}
            </Alert>
          )}
          <TextField
            label="Title"
            required
            value={v.title}
            onChange={(e) => setV({ ...v, title: e.target.value })}
            error={!!errors.title}
            helperText={errors.title}
            slotProps={{ htmlInput: { 'data-testid': 'field-title', maxLength: 500 } }}
          />
          <LazyRichTextEditor
            label="Description"
            value={v.description}
            onChange={(description) => setV((s) => ({ ...s, description }))}
            error={errors.description}
            testId="field-description"
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              select
              required
              label="Status"
              value={v.status}
              onChange={(e) => setV({ ...v, status: e.target.value as typeof v.status })}
              error={!!errors.status}
              helperText={errors.status}
              sx={{ minWidth: 180 }}
              slotProps={{ htmlInput: { 'data-testid': 'field-status' } }}
            >
              {TASK_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {cap(s)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              required
              label="Priority"
              value={v.priority}
              onChange={(e) => setV({ ...v, priority: e.target.value as typeof v.priority })}
              error={!!errors.priority}
              helperText={errors.priority}
              sx={{ minWidth: 180 }}
              slotProps={{ htmlInput: { 'data-testid': 'field-priority' } }}
            >
              {TASK_PRIORITIES.map((s) => (
                <MenuItem key={s} value={s}>
                  {cap(s)}
                </MenuItem>
              ))}
            </TextField>
            {/* Labelled required as the spec says; an empty due date is sent as null. */}
            <TextField
              type="date"
              required
              label="Due Date"
              value={v.due}
              onChange={(e) => setV({ ...v, due: e.target.value })}
              error={!!errors.due_date}
              helperText={errors.due_date}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'field-due_date' } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              select
              label="Project"
              value={projectId ?? ''}
              disabled={!!task || !!parentId}
              onChange={(e) =>
                setV({ ...v, project_id: e.target.value === '' ? null : Number(e.target.value), assigned_to: null })
              }
              sx={{ minWidth: 240 }}
              error={!!errors.project_id}
              helperText={errors.project_id}
              slotProps={{ htmlInput: { 'data-testid': 'field-project_id' } }}
            >
              <MenuItem value="">No project</MenuItem>
              {(projects.data?.rows ?? [])
                .filter((p) => projectCan(p.my_role, 'can_create_tasks') || p.id === projectId)
                .map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              {task?.project_id && !(projects.data?.rows ?? []).some((p) => p.id === task.project_id) && (
                <MenuItem value={task.project_id}>{task.project_name}</MenuItem>
              )}
            </TextField>
            <TextField
              select
              label="Assigned To"
              value={v.assigned_to ?? ''}
              onChange={(e) => setV({ ...v, assigned_to: e.target.value === '' ? null : Number(e.target.value) })}
              sx={{ minWidth: 240 }}
              error={!!errors.assigned_to}
              helperText={errors.assigned_to}
              slotProps={{ htmlInput: { 'data-testid': 'field-assigned_to' } }}
            >
              <MenuItem value="">Unassigned</MenuItem>
              {options.map((u) => (
                <MenuItem key={u.id} value={u.id}>
                  {fullName(u.first_name, u.last_name)} ({u.username})
                </MenuItem>
              ))}
              {task?.assigned_to && !options.some((u) => u.id === task.assigned_to) && (
                <MenuItem value={task.assigned_to}>
                  {fullName(task.assigned_to_first_name, task.assigned_to_last_name)}
                </MenuItem>
              )}
            </TextField>
          </Stack>
          {warn && (
            <Alert severity="warning" data-testid="non-member-warning">
              {MSG.notMemberWarning(fullName(chosen.first_name, chosen.last_name))}
            </Alert>
          )}
        </Stack>
        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
          <Button onClick={() => navigate(-1)} data-testid="task-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="task-save">
            Save
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
