import type { DealerOption } from '@bpm/contract/dealers';
import {
  COUNT_MAX,
  COUNT_OPTIONS,
  type CountOption,
  FLAG_OPTIONS,
  type FlagOption,
  LICENSE_TYPE_LABELS,
  LICENSE_TYPES,
  type LicenseForm,
  type LicenseType,
  licenseForm,
  licenseList,
  MAC_PLACEHOLDER,
  OPTION_LABELS,
} from '@bpm/contract/license';
import { MSG } from '@bpm/contract/messages';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDealerOptions } from '../../api/dealers';
import { ApiError } from '../../api/errors';
import { useGenerateLicense } from '../../api/license';
import { toast } from '../../api/notify';
import { PageHeader } from '../../components/PageHeader';
import { copyText } from './copy-text';
import { LicenseRegistry } from './LicenseRegistry';
import { type OptionsOf, PackingListDevices } from './PackingListDevices';

type Counts = Record<CountOption, string>;
type Flags = Record<FlagOption, boolean>;

const NO_FLAGS = Object.fromEntries(FLAG_OPTIONS.map((f) => [f, false])) as Flags;
const ZERO_COUNTS = Object.fromEntries(COUNT_OPTIONS.map((c) => [c, '0'])) as Counts;

/** /genlic: the license generator (document 2 sections 2, 3, 5) and the registry below it. */
export default function GenLicPage() {
  const [mac, setMac] = useState('');
  const [type, setType] = useState<LicenseType>('license');
  const [counts, setCounts] = useState<Counts>(ZERO_COUNTS);
  const [flags, setFlags] = useState<Flags>(NO_FLAGS);
  const [dealer, setDealer] = useState<DealerOption | null>(null);
  const [serial, setSerial] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [result, setResult] = useState<{ key: string; mac: string; type: LicenseType } | null>(null);
  const dealers = useDealerOptions();
  const generate = useGenerateLicense();
  const packingListId = Number(useSearchParams()[0].get('packing_list_id')) || undefined;

  /** Field errors of the form's values (the MAC too unless `withoutMac`), shown on the form. */
  const check = (withoutMac: boolean) => {
    const schema = withoutMac ? licenseForm.omit({ mac: true }) : licenseForm;
    const parsed = schema.safeParse({ mac, license_type: type, ...flags, ...counts });
    const fe: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) fe[String(issue.path[0])] ??= issue.message;
    setErrors(fe);
    return parsed.success ? parsed.data : null;
  };

  /** The options for a packing list's devices: the form without its MAC. */
  const options: OptionsOf = () => {
    setError('');
    const form = check(true);
    if (!form) return null;
    const license = licenseList(form);
    if (!license.length) {
      setError(MSG.licenseOptionRequired);
      toast(MSG.licenseOptionRequired, 'error');
      return null;
    }
    return { license_type: type, license };
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    setResult(null);
    const parsed = check(false);
    if (!parsed) return;
    const form = parsed as LicenseForm;
    const license = licenseList(form);
    if (!license.length) {
      setError(MSG.licenseOptionRequired);
      toast(MSG.licenseOptionRequired, 'error');
      return;
    }
    try {
      const r = await generate.mutateAsync({ type, mac: form.mac, license, dealer_id: dealer?.id ?? null, serial });
      setMac(form.mac);
      setResult({ key: r.license, mac: form.mac, type });
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fieldErrors);
        setError(err.message);
      } else setError(String(err));
    }
  };

  const copy = async () => {
    if (!result) return;
    await copyText(result.key);
    toast('Copied to clipboard', 'success');
  };

  return (
    <Box>
      <PageHeader title="License Generator" />
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 2, mb: 3 }} data-testid="license-form">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            label="MAC"
            required
            value={mac}
            placeholder={MAC_PLACEHOLDER}
            onChange={(e) => setMac(e.target.value.toUpperCase())}
            error={!!errors.mac}
            helperText={errors.mac}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'license-mac', maxLength: 17 } }}
          />
          <TextField
            select
            label="License type"
            value={type}
            onChange={(e) => setType(e.target.value as LicenseType)}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'license-type' } }}
          >
            {LICENSE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {LICENSE_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={flags.pro}
                onChange={(e) => setFlags({ ...flags, pro: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'license-pro' } as object }}
              />
            }
            label={OPTION_LABELS.pro}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          {COUNT_OPTIONS.map((c) => (
            <TextField
              key={c}
              label={OPTION_LABELS[c]}
              required
              type="number"
              value={counts[c]}
              onChange={(e) => setCounts({ ...counts, [c]: e.target.value })}
              error={!!errors[c]}
              helperText={errors[c] ?? `0–${COUNT_MAX} (${COUNT_MAX} = unlimited)`}
              slotProps={{ htmlInput: { min: 0, max: COUNT_MAX, step: 1, 'data-testid': `license-${c}` } }}
            />
          ))}
        </Stack>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          Options
        </Typography>
        <FormGroup row sx={{ mb: 2 }}>
          {FLAG_OPTIONS.filter((f) => f !== 'pro').map((f) => (
            <FormControlLabel
              key={f}
              control={
                <Checkbox
                  checked={flags[f]}
                  onChange={(e) => setFlags({ ...flags, [f]: e.target.checked })}
                  slotProps={{ input: { 'data-testid': `license-${f}` } as object }}
                />
              }
              label={OPTION_LABELS[f]}
            />
          ))}
        </FormGroup>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <Autocomplete
            options={dealers.data ?? []}
            value={dealer}
            onChange={(_, v) => setDealer(v)}
            getOptionLabel={(d) => d.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ minWidth: 300 }}
            renderInput={(p) => <TextField {...p} label="Dealer (optional)" />}
          />
          <TextField
            label="Serial (optional)"
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </Stack>
        <Button type="submit" variant="contained" disabled={generate.isPending} data-testid="license-generate">
          {type === 'license' ? 'Generate License' : 'Generate Activation Code'}
        </Button>
        {error && (
          <Typography color="error" sx={{ mt: 2 }} data-testid="license-error" role="alert">
            {error}
          </Typography>
        )}
        {result && (
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
        )}
      </Paper>
      {packingListId && <PackingListDevices packingListId={packingListId} options={options} />}
      <LicenseRegistry />
    </Box>
  );
}
