import { TEST_STATUS_LABELS, type TestStatus } from '@bpm/contract/orders';
import { Chip } from '@mui/material';

const COLORS: Record<TestStatus, 'default' | 'warning' | 'error' | 'primary' | 'success' | 'info'> = {
  pending: 'default',
  'in progress': 'warning',
  failed: 'error',
  passed: 'info',
  completed: 'success',
  'waiting approval': 'warning',
};

/** A test status as a chip; passed reads 'Passed without QC' (document 3 section 3). */
export function TestStatusChip({ status, testId }: { status: string; testId?: string }) {
  const s = status as TestStatus;
  return (
    <Chip
      size="small"
      label={TEST_STATUS_LABELS[s] ?? status}
      color={COLORS[s] ?? 'default'}
      data-testid={testId ?? 'test-status'}
      data-status={status}
    />
  );
}
