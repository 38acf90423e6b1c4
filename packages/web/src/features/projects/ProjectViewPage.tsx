import { MSG } from '@bpm/contract/messages';
import { percentComplete } from '@bpm/contract/projects';
import type { Task } from '@bpm/contract/tasks';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Alert,
  Box,
  Button,
  Collapse,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../api/notify';
import { isNotFound, usePermission, useProject, useProjectTasks, useWorkDelete } from '../../api/work';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { RichText } from '../../components/RichText';
import { DueChip, fullName, PriorityChip, StatusChip } from '../../components/task-ui';
import { ProjectMembersPanel } from './ProjectMembersPanel';

/** /projects/view/{ProjectId} (document 3 section 2.4). */
export default function ProjectViewPage() {
  const raw = useParams().ProjectId;
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const navigate = useNavigate();
  // Once deleted, the page reads the project no more (its queries would answer 'Project not found').
  const [deleted, setDeleted] = useState(false);
  const live = deleted ? undefined : id;
  const q = useProject(live);
  const canEdit = usePermission(live, 'is_project_owner');
  const canCreate = usePermission(live, 'can_create_tasks');
  const canViewMembers = usePermission(live, 'can_view_members');
  const canManageMembers = usePermission(live, 'can_manage_members');
  const [confirm, setConfirm] = useState(false);
  const del = useWorkDelete('project');

  if (!raw) return <Alert severity="error">{MSG.projectIdRequired}</Alert>;
  if (deleted) return null;
  // A project that does not exist (or an id that cannot be one): said in place, with the way back to the list.
  if (!id || (q.isError && isNotFound(q.error, MSG.projectNotFound)))
    return (
      <Box>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="project-not-found">
          {MSG.projectNotFound}
        </Alert>
        <Button component={Link} to="/projects" variant="outlined" data-testid="back-to-projects">
          Back to Projects
        </Button>
      </Box>
    );
  if (q.isError) {
    const message = q.error instanceof Error ? q.error.message : '';
    return <Alert severity="error">{message || MSG.failedLoadProject}</Alert>;
  }
  const p = q.data;
  if (!p) return <PageLoader />;
  const pct = percentComplete(p.total_tasks, p.completed_tasks);

  return (
    <Box>
      <PageHeader back title={`Project: ${p.name}`} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="project-header">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h5">{p.name}</Typography>
            <Typography color="text.secondary">
              {p.member_count} members · {p.total_tasks} tasks{pct != null && ` · ${pct}% complete`}
            </Typography>
          </Box>
          <Button component={Link} to={`/events/project/${p.id}`} data-testid="project-events">
            View Events
          </Button>
          {canEdit && (
            <>
              <Button variant="outlined" component={Link} to={`/projects/edit/${p.id}`} data-testid="project-edit">
                Edit
              </Button>
              <Button variant="outlined" color="error" onClick={() => setConfirm(true)} data-testid="project-delete">
                Delete
              </Button>
            </>
          )}
        </Stack>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" gutterBottom>
              Description
            </Typography>
            {p.description ? (
              <RichText html={p.description} testId="project-description" />
            ) : (
              <Typography color="text.secondary">{MSG.noDescription}</Typography>
            )}
          </Paper>
          <ProjectTasksPanel projectId={p.id} canCreate={canCreate} />
        </Stack>
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="project-info">
            <Typography variant="h6" gutterBottom>
              Information
            </Typography>
            {(
              [
                ['Created Date', formatDate(p.date_created) || '-'],
                ['Created By', fullName(p.creator_first_name, p.creator_last_name) || 'Unknown'],
                ['Team Members', p.member_count],
                ['Total Tasks', p.total_tasks],
                ['Completed Tasks', p.completed_tasks],
              ] as const
            ).map(([label, value]) => (
              <Stack key={label} direction="row" justifyContent="space-between" sx={{ mb: 0.5 }}>
                <Typography color="text.secondary">{label}</Typography>
                <Typography>{value}</Typography>
              </Stack>
            ))}
            <LinearProgress
              variant="determinate"
              value={pct ?? 0}
              aria-label="Progress"
              sx={{ mt: 1, height: 8, borderRadius: 1 }}
            />
          </Paper>
          {canViewMembers && <ProjectMembersPanel projectId={p.id} canManage={canManageMembers} />}
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirm}
        title="Delete Project"
        message={MSG.deleteProjectConfirm(p.name)}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        busy={del.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          try {
            await del.mutateAsync(p.id);
          } catch (err) {
            console.error(err); // silent (document 3 section 8)
            setConfirm(false);
            return;
          }
          setDeleted(true);
          toast(MSG.projectDeleted, 'success');
          // The list, not 'back one page': that may be outside the app when the project was the tab's first page.
          navigate('/projects', { replace: true });
        }}
      />
    </Box>
  );
}

/** Project Tasks: open tasks first in the server's order, then a collapsible Completed Tasks group (open at first). */
function ProjectTasksPanel({ projectId, canCreate }: { projectId: number; canCreate: boolean }) {
  const tasks = useProjectTasks(projectId);
  const navigate = useNavigate();
  const [showDone, setShowDone] = useState(true);
  const rows = tasks.data?.rows ?? [];
  const open = rows.filter((t) => t.status !== 'completed');
  const done = rows.filter((t) => t.status === 'completed');
  const row = (t: Task) => (
    <ListItemButton key={t.id} onClick={() => navigate(`/tasks/view/${t.id}`)} data-testid="project-task">
      <ListItemText
        primary={t.parent_id ? `#${t.parent_id} › #${t.id} ${t.title}` : `#${t.id} ${t.title}`}
        secondary={`${fullName(t.assigned_to_first_name, t.assigned_to_last_name) || 'Unassigned'}${t.due_date ? ` · due ${formatDate(t.due_date)}` : ''}`}
      />
      <Stack direction="row" spacing={1}>
        <DueChip due={t.due_date} status={t.status} />
        <StatusChip status={t.status} />
        <PriorityChip priority={t.priority} />
      </Stack>
    </ListItemButton>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="project-tasks">
      <Stack direction="row" alignItems="center">
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          Project Tasks ({tasks.data?.total ?? 0})
        </Typography>
        {canCreate && (
          <Button component={Link} to={`/tasks/add?project_id=${projectId}`} data-testid="project-task-add">
            Add Task
          </Button>
        )}
      </Stack>
      {tasks.isError && (
        <Alert severity="error" sx={{ my: 1 }} data-testid="project-tasks-error">
          {MSG.failedLoadProjectData}
        </Alert>
      )}
      {tasks.data && rows.length === 0 && (
        <Box sx={{ py: 2 }}>
          <Typography color="text.secondary">No tasks yet.</Typography>
          {canCreate && (
            <Button component={Link} to={`/tasks/add?project_id=${projectId}`} variant="contained" sx={{ mt: 1 }}>
              Create First Task
            </Button>
          )}
        </Box>
      )}
      <List dense component="div">
        {open.map(row)}
      </List>
      {done.length > 0 && (
        <>
          <Button
            onClick={() => setShowDone(!showDone)}
            endIcon={showDone ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            data-testid="completed-toggle"
          >
            Completed Tasks ({done.length})
          </Button>
          <Collapse in={showDone}>
            <List dense component="div">
              {done.map(row)}
            </List>
          </Collapse>
        </>
      )}
    </Paper>
  );
}
