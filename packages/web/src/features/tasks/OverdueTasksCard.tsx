import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';

/** BPM's own (docs/decisions.md): my open overdue tasks, on every role's dashboard. */
export function OverdueTasksCard() {
  const q = useQuery({
    queryKey: ['work', 'overdue'],
    queryFn: () => api.list('/tasks/my', { overdue: 1, limit: 1 }, { toast: false }),
  });
  const n = q.data?.total ?? 0;
  if (!n) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="overdue-tasks"
      action={
        <Button component={Link} to="/tasks" color="inherit" size="small">
          My Tasks
        </Button>
      }
    >
      You have {n} open overdue {n === 1 ? 'task' : 'tasks'}.
    </Alert>
  );
}
