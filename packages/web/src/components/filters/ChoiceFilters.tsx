import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import {
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useId } from 'react';

export interface Choice {
  value: string;
  label: string;
}

export interface RadioGroupFilterProps {
  label?: string;
  options: Choice[];
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}

/** One of several values, in a row. */
export function RadioGroupFilter({ label, options, value, onChange, testId = 'radio-filter' }: RadioGroupFilterProps) {
  const labelId = useId();
  return (
    <FormControl>
      {label && (
        <FormLabel id={labelId} sx={{ fontSize: 13 }}>
          {label}
        </FormLabel>
      )}
      <RadioGroup
        row
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        aria-labelledby={label ? labelId : undefined}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio size="small" />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export interface CheckboxGroupFilterProps {
  label?: string;
  options: Choice[];
  /** Selected values. */
  value: string[];
  onChange: (value: string[]) => void;
  testId?: string;
}

/** Several values, in a row; keeps the options' order. */
export function CheckboxGroupFilter({
  label,
  options,
  value,
  onChange,
  testId = 'checkbox-filter',
}: CheckboxGroupFilterProps) {
  return (
    <FormControl component="fieldset">
      {label && <FormLabel sx={{ fontSize: 13 }}>{label}</FormLabel>}
      <FormGroup row data-testid={testId}>
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            label={o.label}
            control={
              <Checkbox
                size="small"
                checked={value.includes(o.value)}
                onChange={(e) =>
                  onChange(
                    options.map((x) => x.value).filter((v) => (v === o.value ? e.target.checked : value.includes(v))),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/** The 'Clear Filter' button. */
export function ClearFilterButton({ onClick, testId = 'clear-filter' }: { onClick: () => void; testId?: string }) {
  return (
    <Button variant="outlined" startIcon={<FilterAltOffIcon />} onClick={onClick} data-testid={testId}>
      Clear Filter
    </Button>
  );
}

export type ActiveStatus = 'all' | 'active' | 'inactive';

const ACTIVE_STATUS_OPTIONS: Choice[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** All / Active / Inactive radios of the catalogue lists (products, part components). */
export function ActiveStatusFilter({
  value,
  onChange,
  testId,
  label,
}: {
  value: ActiveStatus;
  onChange: (value: ActiveStatus) => void;
  testId: string;
  /** The group's caption where the spec names one (the stock list's 'Product Status'). */
  label?: string;
}) {
  return (
    <RadioGroupFilter
      label={label}
      options={ACTIVE_STATUS_OPTIONS}
      value={value}
      onChange={(v) => onChange(v as ActiveStatus)}
      testId={testId}
    />
  );
}
