import { TextField } from '@mui/material';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField';

/**
 * The fields of Add/Edit Test Step, for a product's test steps and a checklist's alike: the SI number
 * (read-only: a new step comes last) and the required description.
 */
export function TestStepFields<V extends FieldValues>({
  control,
  siNumber,
  descTestId,
}: {
  /** A form whose values have `test_desc`. */
  control: Control<V, unknown, FieldValues>;
  siNumber: number;
  /** The description input's test id when it is not `field-test_desc`. */
  descTestId?: string;
}) {
  return (
    <>
      <TextField
        label="SI Number"
        value={siNumber}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'field-si_number' } }}
      />
      <FormTextField
        control={control}
        name={'test_desc' as FieldPath<V>}
        label="Test Description"
        required
        multiline
        minRows={3}
        autoFocus
        slotProps={descTestId ? { htmlInput: { 'data-testid': descTestId } } : undefined}
      />
    </>
  );
}
