import { Alert, Button } from '@mui/material';
import { Link } from 'react-router';
import { useOverdueTaskCount } from '../api/work';

/** BPM's own (docs/decisions.md): my open overdue tasks, on every role's dashboard. */
export function OverdueTasksCard() {
  const n = useOverdueTaskCount();
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
