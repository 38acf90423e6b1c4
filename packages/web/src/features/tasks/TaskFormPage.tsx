import { MSG } from '@bpm/contract/messages';
import { projectCan } from '@bpm/contract/permissions';
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskDetail,
  type TaskPriority,
  type TaskSave,
  type TaskStatus,
  taskSave,
} from '@bpm/contract/tasks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/auth-store';
import { handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import { isNotFound, useAssignableUsers, useProjects, useTask, useWorkMutation, workApi } from '../../api/work';
import { useConflict } from '../../components/ConflictBanner';
import { FormDateField } from '../../components/FormDateField';
import { FormPage, useIdParam } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { goBackAfterSave } from '../../components/form-behaviour';
import { dateInputToUnix, unixToDateInput } from '../../components/format';
import { FormRichTextField } from '../../components/LazyRichTextEditor';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { fullName } from '../../components/task-ui';

const cap = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());
const numParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** The form's values: the due date as the date input's 'YYYY-MM-DD', '' for no project / nobody. */
interface Values {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string;
  assigned_to: number | '';
  project_id: number | '';
  version?: number;
}

const FIELDS = ['title', 'description', 'status', 'priority', 'due_date', 'assigned_to', 'project_id', 'version'];

const fromTask = (t: TaskDetail | undefined, projectId?: number): Values => ({
  title: t?.title ?? '',
  description: t?.description ?? '',
  status: t?.status ?? 'new',
  priority: t?.priority ?? 'medium',
  due_date: unixToDateInput(t?.due_date),
  assigned_to: t?.assigned_to ?? '',
  project_id: t?.project_id ?? projectId ?? '',
  version: t?.version,
});

/** The contract's taskSave checks what will be sent: the date input as unix seconds (local 00:00). */
const validate = zodResolver(taskSave);
const resolver: Resolver<Values, unknown, TaskSave> = (values, ctx, opts) =>
  validate({ ...values, due_date: dateInputToUnix(values.due_date) } as never, ctx, opts as never) as never;

/** /tasks/add (?project_id=, ?parent_id=) and /tasks/edit/{TaskId} (document 3 sections 2.3 and 5). */
export default function TaskFormPage() {
  const id = useIdParam('TaskId');
  const task = useTask(id);
  if (id && !task.data) {
    // The editor's load failure names its reason: 'Failed to load data: {message or Unknown error}' (document 3 §9).
    if (task.isError)
      return (
        <Alert severity="error" data-testid="task-load-error">
          {isNotFound(task.error, MSG.taskNotFound) ? MSG.taskNotFound : MSG.failedLoadData(task.error?.message)}
        </Alert>
      );
    return <PageLoader />;
  }
  return <TaskForm key={id ?? 'new'} task={task.data} reload={() => task.refetch()} />;
}

function TaskForm({ task, reload }: { task?: TaskDetail; reload: () => Promise<{ data?: TaskDetail }> }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useCurrentUser();
  const parentId = task?.parent_id ?? numParam(params.get('parent_id'));
  const parent = useTask(task ? undefined : parentId);
  const { control, handleSubmit, setError, setValue, reset, formState } = useForm<Values, unknown, TaskSave>({
    resolver,
    defaultValues: fromTask(task, numParam(params.get('project_id'))),
  });
  const conflict = useConflict(reload, (fresh) => reset(fromTask(fresh)));
  const [assignedTo, chosenProject] = useWatch({ control, name: ['assigned_to', 'project_id'] });
  const projectId = task ? task.project_id : parentId ? (parent.data?.project_id ?? null) : chosenProject || null;
  const [unmatched, setUnmatched] = useState<Record<string, string> | null>(null);
  const users = useAssignableUsers(projectId);
  const save = useWorkMutation((body: Record<string, unknown>) => workApi.saveTask(task?.id, body));

  const options = projectId
    ? (users.data ?? [])
    : me
      ? [{ id: me.user_id, first_name: me.username, last_name: '', username: me.username, project_member_id: null }]
      : [];
  const chosen = options.find((u) => u.id === assignedTo);
  const warn = projectId && chosen && chosen.project_member_id == null;

  const onSubmit = handleSubmit(
    async (values) => {
      conflict.set(null);
      setUnmatched(null);
      const body = {
        ...values,
        project_id: task ? task.project_id : parentId ? undefined : values.project_id,
        parent_id: task ? task.parent_id : parentId,
        version: task ? values.version : undefined,
      };
      try {
        await save.mutateAsync(body);
        toast(task ? MSG.taskUpdated : parentId ? MSG.subtaskCreated : MSG.taskCreated, 'success');
        if (!task && parentId) navigate(`/tasks/view/${parentId}`);
        else await goBackAfterSave(navigate);
      } catch (err) {
        const e = handleSaveError(err, setError as never, FIELDS, conflict.set);
        // What matches no field (the parent, say) is listed above the form.
        const rest = Object.entries(e?.fieldErrors ?? {}).filter(([k]) => !FIELDS.includes(k));
        if (rest.length) setUnmatched(Object.fromEntries(rest));
      }
    },
    (errors) => {
      if (errors.title) toast(MSG.taskTitleRequired, 'error');
    },
  );

  const title = task ? (task.parent_id ? 'Edit Subtask' : 'Edit Task') : parentId ? 'New Subtask' : 'New Task';
  return (
    <FormPage
      onSubmit={onSubmit}
      header={<PageHeader back title={title} />}
      conflict={conflict}
      notice={
        unmatched && (
          <Alert severity="error" onClose={() => setUnmatched(null)} sx={{ mb: 2 }} data-testid="task-errors">
            {Object.entries(unmatched).map(([k, m]) => (
              <div key={k}>
                {k}: {m}
              </div>
            ))}
          </Alert>
        )
      }
      testIdPrefix="task"
      onCancel={() => navigate(-1)}
      saving={save.isPending}
      dirty={formState.isDirty}
    >
      <Stack spacing={2}>
        {parentId && parent.data && (
          <Alert severity="info">
            Subtask of #{parentId}: {parent.data.title}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="title"
          label="Title"
          required
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <FormRichTextField control={control} name="description" label="Description" />
        <StatusFields control={control} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <ProjectField
            control={control}
            task={task}
            locked={!!task || !!parentId}
            projectId={projectId}
            onChosen={() => setValue('assigned_to', '', { shouldDirty: true })}
          />
          <FormTextField control={control} name="assigned_to" label="Assigned To" select sx={{ minWidth: 240 }}>
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
          </FormTextField>
        </Stack>
        {warn && (
          <Alert severity="warning" data-testid="non-member-warning">
            {MSG.notMemberWarning(fullName(chosen.first_name, chosen.last_name))}
          </Alert>
        )}
      </Stack>
    </FormPage>
  );
}

type TaskControl = Control<Values, unknown, TaskSave>;

/** Status, priority and due date. */
function StatusFields({ control }: { control: TaskControl }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <FormTextField control={control} name="status" label="Status" select required sx={{ minWidth: 180 }}>
        {TASK_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {cap(s)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="priority" label="Priority" select required sx={{ minWidth: 180 }}>
        {TASK_PRIORITIES.map((s) => (
          <MenuItem key={s} value={s}>
            {cap(s)}
          </MenuItem>
        ))}
      </FormTextField>
      {/* Labelled required as the spec says; an empty due date is sent as null. */}
      <FormDateField control={control} name="due_date" required label="Due Date" />
    </Stack>
  );
}

/**
 * Project: the projects the user may create tasks in (and the task's own); fixed on edit and for a subtask.
 * Choosing one clears Assigned To (`onChosen`).
 */
function ProjectField({
  control,
  task,
  locked,
  projectId,
  onChosen,
}: {
  control: TaskControl;
  task?: TaskDetail;
  locked: boolean;
  projectId: number | null;
  onChosen: () => void;
}) {
  const projects = useProjects({ limit: 500, offset: 0, search: '', completion: 'all' });
  return (
    <Controller
      control={control}
      name="project_id"
      render={({ field, fieldState }) => (
        <TextField
          select
          label="Project"
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={projectId ?? ''}
          disabled={locked}
          onChange={(e) => {
            field.onChange(e.target.value === '' ? '' : Number(e.target.value));
            onChosen();
          }}
          sx={{ minWidth: 240 }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
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
      )}
    />
  );
}
