import { Stack } from '@mui/material';
import { DateField } from '../DateField';
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

/** Two dates in the app's format; values are unix seconds (from = start of day, to = end of day). */
export function DateRange({
  value,
  onChange,
  fromLabel = 'From',
  toLabel = 'To',
  testId = 'date-range',
}: DateRangeProps) {
  return (
    // The second date wraps under the first where both do not fit (a phone).
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} data-testid={testId}>
      <DateField
        label={fromLabel}
        value={unixToDateInput(value.from)}
        onChange={(ymd) => onChange({ ...value, from: dateInputToUnix(ymd) })}
        sx={{ width: 190 }}
        testId={`${testId}-from`}
      />
      <DateField
        label={toLabel}
        value={unixToDateInput(value.to)}
        onChange={(ymd) => onChange({ ...value, to: dateInputToUnix(ymd, true) })}
        sx={{ width: 190 }}
        testId={`${testId}-to`}
      />
    </Stack>
  );
}
