import { COUNTRIES } from '@bpm/contract/countries';
import { Autocomplete, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import {
  type CountryFieldProps,
  type DealerOpt,
  type DealerPickerProps,
  type PickerFocus,
  selectedDealer,
} from './picker-props';

/*
 * The editor's two Autocomplete fields (MUI Autocomplete and the ISO country list, ~11 kB gzip): a chunk of their
 * own that fields.tsx loads lazily, showing a read-only twin of the field until it arrives.
 */

const COUNTRY_NAMES = COUNTRIES.map((c) => c.name);

/** A country from the ISO list (free text kept when it is not in the list, e.g. old records). */
export function CountryPicker({ control, name, label, disabled, focusOnMount }: CountryFieldProps & PickerFocus) {
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
              autoFocus={focusOnMount.current}
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

/** The document's dealer, picked from the dealer options. */
export function DealerPicker({
  value,
  options,
  fallback,
  disabled,
  error,
  loading,
  onChange,
  focusOnMount,
}: DealerPickerProps & PickerFocus) {
  const selected = selectedDealer(value, options, fallback);
  return (
    <Autocomplete<DealerOpt>
      options={options}
      value={selected}
      loading={loading}
      disabled={disabled}
      autoHighlight
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, o) => onChange(o?.id ?? null)}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Dealer"
          required
          autoFocus={focusOnMount.current}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'field-dealer' } }}
        />
      )}
    />
  );
}
