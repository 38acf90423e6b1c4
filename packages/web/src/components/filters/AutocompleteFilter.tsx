import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';

export interface IdName {
  id: number;
  name: string;
}

/** The 'All Companies' option (id -1). */
export const ALL_COMPANIES: IdName = { id: -1, name: 'All Companies' };

export interface AutocompleteFilterProps {
  label: string;
  options: IdName[];
  /** Selected id, or null (with `allOption`, -1 means "all"). */
  value: number | null;
  onChange: (id: number | null) => void;
  /** Prepend an "all" option (e.g. ALL_COMPANIES) shown without an id. */
  allOption?: IdName;
  loading?: boolean;
  testId?: string;
  width?: number;
}

/** Options are labelled 'name [id]'. */
export const optionLabel = (o: IdName, all?: IdName) => (all && o.id === all.id ? o.name : `${o.name} [${o.id}]`);

export function AutocompleteFilter({
  label,
  options,
  value,
  onChange,
  allOption,
  loading,
  testId = 'autocomplete',
  width = 300,
}: AutocompleteFilterProps) {
  const all = useMemo(() => (allOption ? [allOption, ...options] : options), [allOption, options]);
  const selected = all.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete
      options={all}
      value={selected}
      loading={loading}
      onChange={(_, o) => onChange(o ? o.id : allOption ? allOption.id : null)}
      getOptionLabel={(o) => optionLabel(o, allOption)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      sx={{ width }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}
