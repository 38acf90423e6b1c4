import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { searchBomParts } from '../../api/products';

export interface PartOption {
  id: number;
  manuf_part_number: string;
  manufacturer: string;
  description: string;
}

const label = (o: PartOption) => (o.manufacturer ? `${o.manuf_part_number} — ${o.manufacturer}` : o.manuf_part_number);

/** Searches part components as the user types (debounced), for the BOM line's part and alternate parts. */
function usePartSearch(input: string) {
  const [options, setOptions] = useState<PartOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    const t = setTimeout(() => {
      searchBomParts(input)
        .then((r) => alive && setOptions(r.rows))
        .catch(() => alive && setOptions([]))
        .finally(() => alive && setLoading(false));
    }, 250);
    return () => {
      alive = false;
      clearTimeout(t);
    };
  }, [input]);
  return { options, loading };
}

export function PartAutocomplete(p: {
  value: PartOption | null;
  onChange: (v: PartOption | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  testId?: string;
}) {
  const [input, setInput] = useState('');
  const { options, loading } = usePartSearch(input);
  return (
    <Autocomplete
      value={p.value}
      onChange={(_, v) => p.onChange(v)}
      options={options}
      filterOptions={(x) => x}
      loading={loading}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, v, reason) => reason === 'input' && setInput(v)}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          <span>
            <b>{o.manuf_part_number}</b> — {o.manufacturer}
            <br />
            <small style={{ color: '#666' }}>{o.description}</small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={p.label}
          required={p.required}
          error={!!p.error}
          helperText={p.error}
          inputProps={{ ...params.inputProps, 'data-testid': p.testId }}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {loading && <CircularProgress size={16} />}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}

export function PartsMultiAutocomplete(p: {
  value: PartOption[];
  onChange: (v: PartOption[]) => void;
  label: string;
  error?: string;
  exclude?: number;
  testId?: string;
}) {
  const [input, setInput] = useState('');
  const { options, loading } = usePartSearch(input);
  return (
    <Autocomplete
      multiple
      value={p.value}
      onChange={(_, v) => p.onChange(v)}
      options={options.filter((o) => o.id !== p.exclude)}
      filterOptions={(x) => x}
      filterSelectedOptions
      loading={loading}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, v, reason) => reason === 'input' && setInput(v)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={p.label}
          error={!!p.error}
          helperText={p.error}
          inputProps={{ ...params.inputProps, 'data-testid': p.testId }}
        />
      )}
    />
  );
}
