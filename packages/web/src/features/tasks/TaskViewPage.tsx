import { MSG } from '@bpm/contract/messages';
import type { TaskDetail } from '@bpm/contract/tasks';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../api/notify';
import { isNotFound, usePermission, useTask, useWorkDelete } from '../../api/work';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate, formatDateTime } from '../../components/format';
import { PageLoader } from '../../components/PageLoader';
import { RichText } from '../../components/RichText';
import { DueChip, fullName, linkify, PriorityChip, StatusChip } from '../../components/task-ui';
import { TaskAttachments } from './TaskAttachments';
import { TaskNotes } from './TaskNotes';

/** /tasks/view/{TaskId} (document 3 section 2.3). */
export default function TaskViewPage() {
  const raw = useParams().TaskId;
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const navigate = useNavigate();
  // Once deleted, the page reads the task no more (its query would answer 'Task not found'). By id: a deleted
  // subtask's page becomes its parent's in the same component.
  const [deletedId, setDeletedId] = useState<number>();
  const deleted = id !== undefined && deletedId === id;
  const q = useTask(deleted ? undefined : id);
  const task = q.data;
  const projectId = task?.project_id ?? null;
  // Project tasks ask the permission query (a failure = no permission); own tasks carry their rights.
  const permManage = usePermission(projectId, 'can_manage_tasks', { taskId: id });
  const permNote = usePermission(projectId, 'can_add_note');
  const permUpload = usePermission(projectId, 'can_add_attachment');
  const permCreate = usePermission(projectId, 'can_create_tasks');
  const canManage = projectId ? permManage : !!task?.can_manage;
  const canNote = projectId ? permNote : !!task?.can_add_note;
  const canUpload = projectId ? permUpload : !!task?.can_add_attachment;
  const [confirm, setConfirm] = useState(false);
  const del = useWorkDelete('task');
  const notFound = !id || (q.isError && isNotFound(q.error, MSG.taskNotFound));

  useEffect(() => {
    // Another failure than a missing task: the spec's message, back to the list (document 3 section 2.3).
    if (q.isError && !notFound) {
      toast(MSG.failedLoadTaskData, 'error');
      navigate('/tasks', { replace: true });
    }
  }, [q.isError, notFound, navigate]);
  if (deleted) return null;
  // A task that does not exist (or an id that cannot be one): said in place, with the way back to the list.
  if (notFound) return <TaskNotFound />;
  if (!task) return <PageLoader />;

  const back = () => (task.parent_id ? navigate(`/tasks/view/${task.parent_id}`) : navigate(-1));
  const heading = task.parent_id
    ? `Task #${task.parent_id} › Subtask #${task.id}: ${task.title}`
    : `Task #${task.id}: ${task.title}`;

  return (
    <Box>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
        <IconButton aria-label="Back" data-testid="back-button" onClick={back}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid="task-title">
          {heading}
        </Typography>
        <StatusChip status={task.status} />
        <PriorityChip priority={task.priority} />
        <Button component={Link} to={`/events/task/${task.id}`} data-testid="task-events">
          View Events
        </Button>
        {canManage && (
          <>
            <Button
              variant="outlined"
              onClick={() => navigate(`/tasks/edit/${task.id}${task.parent_id ? `?parent_id=${task.parent_id}` : ''}`)}
              data-testid="task-edit"
            >
              Edit
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirm(true)} data-testid="task-delete">
              Delete
            </Button>
          </>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" gutterBottom>
              Description
            </Typography>
            {task.description ? (
              <RichText html={linkify(task.description)} testId="task-description" />
            ) : (
              <Typography color="text.secondary">{MSG.noDescription}</Typography>
            )}
          </Paper>
          {!task.parent_id && <SubtasksPanel task={task} canAdd={projectId ? permCreate : canManage} />}
          <TaskNotes taskId={task.id} projectId={projectId} canAdd={canNote} />
        </Stack>
        <Stack spacing={2}>
          <TaskInfoPanel task={task} />
          <TaskAttachments taskId={task.id} projectId={projectId} canAdd={canUpload} />
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirm}
        title="Delete Task"
        message={`Are you sure you want to delete "${task.title}"?`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        busy={del.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          try {
            await del.mutateAsync(task.id);
          } catch (err) {
            // Deleting a task fails silently (document 3 section 8): logged only.
            console.error(err);
            setConfirm(false);
            return;
          }
          setDeletedId(task.id);
          setConfirm(false);
          toast(MSG.taskDeleted, 'success');
          // The list the task was in: its parent's subtasks, else the task list (never a page outside the app).
          navigate(task.parent_id ? `/tasks/view/${task.parent_id}` : '/tasks', { replace: true });
        }}
      />
    </Box>
  );
}

/** /tasks/view/{id} of a task that does not exist: 'Task not found' and the way back to the list. */
function TaskNotFound() {
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="task-not-found">
        {MSG.taskNotFound}
      </Alert>
      <Button component={Link} to="/tasks" variant="outlined" data-testid="back-to-tasks">
        Back to Tasks
      </Button>
    </Box>
  );
}

/** The subtasks of a top-level task, each opening its view; Add Subtask for those who may. */
function SubtasksPanel({ task, canAdd }: { task: TaskDetail; canAdd: boolean }) {
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="subtasks">
      <Stack direction="row" alignItems="center">
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          Subtasks ({task.subtasks.length})
        </Typography>
        {canAdd && (
          <Button component={Link} to={`/tasks/add?parent_id=${task.id}`} data-testid="subtask-add">
            Add Subtask
          </Button>
        )}
      </Stack>
      <List dense component="div">
        {task.subtasks.map((s) => (
          <ListItemButton key={s.id} onClick={() => navigate(`/tasks/view/${s.id}`)} data-testid="subtask">
            <ListItemText primary={`#${s.id} ${s.title}`} />
            <Stack direction="row" spacing={1}>
              <StatusChip status={s.status} />
              <PriorityChip priority={s.priority} />
            </Stack>
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

/** The Information panel: who added it and when, assignee, due date, completion and project. */
function TaskInfoPanel({ task }: { task: TaskDetail }) {
  const info: Array<[string, React.ReactNode]> = [
    [
      'Added By',
      `${fullName(task.added_by_first_name, task.added_by_last_name) || '-'} · ${formatDateTime(task.date_added)}`,
    ],
    ['Assigned To', fullName(task.assigned_to_first_name, task.assigned_to_last_name) || 'Unassigned'],
    [
      'Due Date',
      <span key="due">
        {formatDate(task.due_date) || '-'} <DueChip due={task.due_date} status={task.status} />
      </span>,
    ],
    ['Date Completed', formatDateTime(task.date_completed) || '-'],
    [
      'Project',
      task.project_id ? (
        <Link key="project" to={`/projects/view/${task.project_id}`}>
          {task.project_name}
        </Link>
      ) : (
        '-'
      ),
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="task-info">
      <Typography variant="h6" gutterBottom>
        Information
      </Typography>
      {info.map(([label, value]) => (
        <Box key={label} sx={{ mb: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="div">{value}</Typography>
        </Box>
      ))}
      {task.subtask_count > 0 && <Chip size="small" label={`${task.subtask_count} subtasks`} />}
    </Paper>
  );
}
