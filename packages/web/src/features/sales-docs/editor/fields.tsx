import { Checkbox, FormControlLabel, InputAdornment, TextField } from '@mui/material';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { DateField as AppDateField } from '../../../components/DateField';
import { FormTextField, type FormTextFieldProps } from '../../../components/FormTextField';
import { dateInputToUnix, unixToDateInput } from '../../../components/format';
import type { DocForm } from './doc-form';
import { type CountryFieldProps, type DealerPickerProps, type PickerFocus, selectedDealer } from './picker-props';

type Ctl = Control<DocForm, unknown, DocForm>;
type Name = Parameters<typeof FormTextField<DocForm>>[0]['name'];

/** A date (the app's format) holding unix seconds (local midnight) in the form; empty = null. */
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
        <AppDateField
          label={label}
          required={required}
          disabled={disabled}
          name={field.name}
          value={unixToDateInput(field.value as number | null)}
          onChange={(ymd) => field.onChange(dateInputToUnix(ymd))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? note}
          testId={`field-${name}`}
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

// MUI Autocomplete and the country list load after the editor shows (pickers.tsx, preloaded by the editor pages).
export const loadPickers = () => import('./pickers');
const LazyCountryPicker = lazy(() => loadPickers().then((m) => ({ default: m.CountryPicker })));
const LazyDealerPicker = lazy(() => loadPickers().then((m) => ({ default: m.DealerPicker })));

/**
 * What an Autocomplete field shows while its code loads: the same outlined field with its label and value,
 * read-only and without the field's test id (so nothing types into it); focusing it hands the focus on.
 */
function PickerPlaceholder({
  label,
  value,
  required,
  disabled,
  error,
  focusOnMount,
}: PickerFocus & {
  label: string;
  value: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      required={required}
      disabled={disabled}
      error={!!error}
      helperText={error}
      fullWidth
      onFocus={() => {
        focusOnMount.current = true;
      }}
      onBlur={() => {
        focusOnMount.current = false;
      }}
      slotProps={{ htmlInput: { readOnly: true, 'aria-busy': true } }}
    />
  );
}

function CountryPlaceholder({ control, name, label, disabled, focusOnMount }: CountryFieldProps & PickerFocus) {
  const value = useWatch({ control, name }) as string | null;
  const { error } = control.getFieldState(name);
  return (
    <PickerPlaceholder
      label={label}
      value={value ?? ''}
      disabled={disabled}
      error={error?.message}
      focusOnMount={focusOnMount}
    />
  );
}

/** A country from the ISO list (free text kept when it is not in the list, e.g. old records). */
export function CountryField(props: CountryFieldProps) {
  const focusOnMount = useRef(false);
  return (
    <Suspense fallback={<CountryPlaceholder {...props} focusOnMount={focusOnMount} />}>
      <LazyCountryPicker {...props} focusOnMount={focusOnMount} />
    </Suspense>
  );
}

/** The dealer of the document (required). */
export function DealerField(props: DealerPickerProps) {
  const focusOnMount = useRef(false);
  const selected = selectedDealer(props.value, props.options, props.fallback);
  return (
    <Suspense
      fallback={
        <PickerPlaceholder
          label="Dealer"
          value={selected?.label ?? ''}
          required
          disabled={props.disabled}
          error={props.error}
          focusOnMount={focusOnMount}
        />
      }
    >
      <LazyDealerPicker {...props} focusOnMount={focusOnMount} />
    </Suspense>
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
