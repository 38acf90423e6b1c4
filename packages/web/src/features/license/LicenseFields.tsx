import type { DealerOption } from '@bpm/contract/dealers';
import {
  COUNT_MAX,
  COUNT_OPTIONS,
  FLAG_OPTIONS,
  type FlagOption,
  LICENSE_TYPE_LABELS,
  LICENSE_TYPES,
  type LicenseForm,
  type LicenseType,
  type licenseForm,
  MAC_PLACEHOLDER,
  OPTION_LABELS,
} from '@bpm/contract/license';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type Control, Controller } from 'react-hook-form';
import type { z } from 'zod';
import { useDealerOptions } from '../../api/dealers';
import { FormTextField } from '../../components/FormTextField';
import { copyAndTell } from './copy-text';

/** The generator's values: the contract's form (licenseForm) and the registry links it does not check. */
export type LicenseValues = z.input<typeof licenseForm> & { dealer: DealerOption | null; serial: string };

export type LicenseControl = Control<LicenseValues, unknown, LicenseForm>;

/** A generated key and what it is for. */
export interface LicenseResult {
  key: string;
  mac: string;
  type: LicenseType;
}

/** An option's checkbox (`license-{option}`). */
function OptionCheckbox({ control, option }: { control: LicenseControl; option: FlagOption }) {
  return (
    <Controller
      control={control}
      name={option}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              checked={!!field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{ input: { 'data-testid': `license-${option}` } as object }}
            />
          }
          label={OPTION_LABELS[option]}
        />
      )}
    />
  );
}

/** MAC (typed upper-case), license type and Pro. */
export function LicenseHeadFields({ control }: { control: LicenseControl }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <Controller
        control={control}
        name="mac"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="MAC"
            required
            value={field.value ?? ''}
            placeholder={MAC_PLACEHOLDER}
            onChange={(e) => field.onChange(e.target.value.toUpperCase())}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'license-mac', maxLength: 17 } }}
          />
        )}
      />
      <FormTextField
        control={control}
        name="license_type"
        select
        label="License type"
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'license-type' } }}
      >
        {LICENSE_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {LICENSE_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </FormTextField>
      <OptionCheckbox control={control} option="pro" />
    </Stack>
  );
}

/** The counted options (0–255) and the option checkboxes. */
export function LicenseOptionFields({ control }: { control: LicenseControl }) {
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        {COUNT_OPTIONS.map((c) => (
          <FormTextField
            key={c}
            control={control}
            name={c}
            label={OPTION_LABELS[c]}
            required
            type="number"
            helperText={`0–${COUNT_MAX} (${COUNT_MAX} = unlimited)`}
            slotProps={{ htmlInput: { min: 0, max: COUNT_MAX, step: 1, 'data-testid': `license-${c}` } }}
          />
        ))}
      </Stack>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        Options
      </Typography>
      <FormGroup row sx={{ mb: 2 }}>
        {FLAG_OPTIONS.filter((f) => f !== 'pro').map((f) => (
          <OptionCheckbox key={f} control={control} option={f} />
        ))}
      </FormGroup>
    </>
  );
}

/** Dealer and serial: the registry's links, both optional. */
export function LicenseLinkFields({ control }: { control: LicenseControl }) {
  const dealers = useDealerOptions();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <Controller
        control={control}
        name="dealer"
        render={({ field }) => (
          <Autocomplete
            options={dealers.data ?? []}
            value={field.value}
            onChange={(_, v) => field.onChange(v)}
            getOptionLabel={(d) => d.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ minWidth: 300 }}
            renderInput={(p) => <TextField {...p} label="Dealer (optional)" />}
          />
        )}
      />
      <Controller
        control={control}
        name="serial"
        render={({ field }) => (
          <TextField {...field} label="Serial (optional)" slotProps={{ htmlInput: { maxLength: 100 } }} />
        )}
      />
    </Stack>
  );
}

/** The generated key, read-only, with Copy. */
export function LicenseResultBox({ result }: { result: LicenseResult }) {
  const copy = async () => {
    await copyAndTell(result.key);
  };
  return (
    <Box sx={{ mt: 2 }} data-testid="license-result">
      <Typography variant="subtitle2">
        {LICENSE_TYPE_LABELS[result.type]} for {result.mac}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          value={result.key}
          multiline
          fullWidth
          slotProps={{
            htmlInput: {
              readOnly: true,
              'aria-label': 'License key',
              'data-testid': 'license-key',
              style: { fontFamily: 'monospace' },
            },
          }}
        />
        <Button startIcon={<ContentCopyIcon />} onClick={copy} data-testid="license-copy">
          Copy
        </Button>
      </Stack>
    </Box>
  );
}
