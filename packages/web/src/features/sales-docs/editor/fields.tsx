import { COUNTRIES } from '@bpm/contract/countries';
import { Autocomplete, Checkbox, FormControlLabel, InputAdornment, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from '../../../components/FormTextField';
import { dateInputToUnix, unixToDateInput } from '../../../components/format';
import type { DocForm } from './doc-form';

type Ctl = Control<DocForm, unknown, DocForm>;
type Name = Parameters<typeof FormTextField<DocForm>>[0]['name'];

/** A date input holding unix seconds (local midnight) in the form; empty = null. */
export function DateField({
  control,
  name,
  label,
  disabled,
  required,
  note,
}: {
  control: Ctl;
  name: Name;
  label: string;
  disabled?: boolean;
  required?: boolean;
  /** Shown under the field when it has no error (e.g. the Overdue / Urgent / Soon chip). */
  note?: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="date"
          label={label}
          required={required}
          disabled={disabled}
          value={unixToDateInput(field.value as number | null)}
          onChange={(e) => field.onChange(dateInputToUnix(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? note}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': `field-${name}` },
            // A chip is a block: the helper text is a div, not a <p>.
            formHelperText: { component: 'div', sx: { ml: 0 } } as object,
          }}
        />
      )}
    />
  );
}

/** A 0/1 flag as a checkbox. */
export function CheckField({
  control,
  name,
  label,
  disabled,
  onChecked,
}: {
  control: Ctl;
  name: Name;
  label: string;
  disabled?: boolean;
  onChecked?: (checked: boolean) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              checked={!!field.value}
              onChange={(_, c) => {
                field.onChange(c ? 1 : 0);
                onChecked?.(c);
              }}
              slotProps={{ input: { 'data-testid': `field-${name}` } as object }}
            />
          }
        />
      )}
    />
  );
}

const COUNTRY_NAMES = COUNTRIES.map((c) => c.name);

/** A country from the ISO list (free text kept when it is not in the list, e.g. old records). */
export function CountryField({
  control,
  name,
  label,
  disabled,
}: {
  control: Ctl;
  name: Name;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={COUNTRY_NAMES}
          value={(field.value as string) || null}
          onChange={(_, v) => field.onChange(v ?? '')}
          disabled={disabled}
          autoHighlight
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              inputRef={field.ref}
              slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': `field-${name}` } }}
            />
          )}
        />
      )}
    />
  );
}

/** A money amount typed as text (so 'abc' shows 'Please enter a valid number'), shown in US$. */
export function MoneyField(props: FormTextFieldProps<DocForm>) {
  return (
    <FormTextField
      {...props}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">US$</InputAdornment> },
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );
}
