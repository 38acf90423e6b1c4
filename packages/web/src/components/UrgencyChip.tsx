import { Chip } from '@mui/material';
import { URGENCY_LABELS, type Urgency } from './order-urgency';

const COLORS: Record<Urgency, 'error' | 'warning' | 'info'> = { overdue: 'error', urgent: 'warning', soon: 'info' };

/**
 * The overdue / urgent / soon chip (issue 9 item 7): a word, not colour alone; filled so its white
 * text keeps 4.5:1 even on the list's tinted rows. `what` names the date for assistive technology.
 */
export function UrgencyChip({ urgency, what }: { urgency: Urgency | null; what: string }) {
  if (!urgency) return null;
  const label = URGENCY_LABELS[urgency];
  return (
    <Chip
      size="small"
      label={label}
      color={COLORS[urgency]}
      title={`${what}: ${label}`}
      data-testid={`urgency-${urgency}`}
      sx={{ ml: 1 }}
    />
  );
}
