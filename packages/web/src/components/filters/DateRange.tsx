import { Stack, TextField } from '@mui/material';
import { dateInputToUnix, unixToDateInput } from '../format';

export interface DateRangeValue {
  /** Unix seconds at local start of day, or null. */
  from: number | null;
  /** Unix seconds at local end of day (23:59:59), or null. */
  to: number | null;
}

export interface DateRangeProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  fromLabel?: string;
  toLabel?: string;
  testId?: string;
}

/** Two date inputs; values are unix seconds (from = start of day, to = end of day). */
export function DateRange({
  value,
  onChange,
  fromLabel = 'From',
  toLabel = 'To',
  testId = 'date-range',
}: DateRangeProps) {
  return (
    <Stack direction="row" spacing={1} data-testid={testId}>
      <TextField
        type="date"
        label={fromLabel}
        value={unixToDateInput(value.from)}
        onChange={(e) => onChange({ ...value, from: dateInputToUnix(e.target.value) })}
        sx={{ width: 170 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-from` } }}
      />
      <TextField
        type="date"
        label={toLabel}
        value={unixToDateInput(value.to)}
        onChange={(e) => onChange({ ...value, to: dateInputToUnix(e.target.value, true) })}
        sx={{ width: 170 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-to` } }}
      />
    </Stack>
  );
}
