import {
  COUNT_OPTIONS,
  FLAG_OPTIONS,
  LICENSE_CODES,
  type LicenseForm,
  type LicenseType,
  licenseForm,
  licenseList,
} from '@bpm/contract/license';
import { MSG } from '@bpm/contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Paper, Typography } from '@mui/material';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError, applyServerErrors } from '../../api/errors';
import { useGenerateLicense } from '../../api/license';
import { toast } from '../../api/notify';
import { reportInvalid, useLeaveGuard } from '../../components/form-behaviour';
import { PageHeader } from '../../components/PageHeader';
import {
  LicenseHeadFields,
  LicenseLinkFields,
  LicenseOptionFields,
  type LicenseResult,
  LicenseResultBox,
  type LicenseValues,
} from './LicenseFields';
import { type OptionsOf, PackingListDevices } from './PackingListDevices';

// The registry (administrator's list of every key) loads after the form: the page's own budget stays small.
const LicenseRegistry = lazy(() => import('./LicenseRegistry').then((m) => ({ default: m.LicenseRegistry })));

const EMPTY: LicenseValues = {
  mac: '',
  license_type: 'license',
  ...(Object.fromEntries(FLAG_OPTIONS.map((f) => [f, false])) as Record<(typeof FLAG_OPTIONS)[number], boolean>),
  ...(Object.fromEntries(COUNT_OPTIONS.map((c) => [c, '0'])) as Record<(typeof COUNT_OPTIONS)[number], string>),
  dealer: null,
  serial: '',
};

/** The fields a packing list's devices take from the form: all but the MAC. */
const NOT_MAC = ['license_type', ...FLAG_OPTIONS, ...COUNT_OPTIONS] as const;
/** Server field errors land on these; the others are in the message. */
const FIELDS = ['mac', ...LICENSE_CODES];

/** The options of values that passed validation, as numbers (what licenseForm makes of them). */
const optionsOf = (v: LicenseValues): Omit<LicenseForm, 'mac' | 'license_type'> =>
  ({
    ...Object.fromEntries(FLAG_OPTIONS.map((f) => [f, !!v[f]])),
    ...Object.fromEntries(COUNT_OPTIONS.map((c) => [c, Number(String(v[c]).trim())])),
  }) as Omit<LicenseForm, 'mac' | 'license_type'>;

/** /genlic: the license generator (document 2 sections 2, 3, 5) and the registry below it. */
export default function GenLicPage() {
  const { control, handleSubmit, setError, trigger, getValues, reset, watch, formState } = useForm<
    LicenseValues,
    unknown,
    LicenseForm
  >({
    resolver: zodResolver(licenseForm) as unknown as Resolver<LicenseValues, unknown, LicenseForm>,
    defaultValues: EMPTY,
  });
  const [error, setMessage] = useState('');
  const [result, setResult] = useState<LicenseResult | null>(null);
  const generate = useGenerateLicense();
  const packingListId = Number(useSearchParams()[0].get('packing_list_id')) || undefined;
  const formEl = useRef<HTMLFormElement | null>(null);
  const guard = useLeaveGuard(formState.isDirty);
  const type = watch('license_type') as LicenseType;

  /** No option selected: the form's message, toasted too. */
  const noOption = () => {
    setMessage(MSG.licenseOptionRequired);
    toast(MSG.licenseOptionRequired, 'error');
  };

  /** The options for a packing list's devices: the form without its MAC. */
  const options: OptionsOf = async () => {
    setMessage('');
    if (!(await trigger([...NOT_MAC]))) return null;
    const license = licenseList(optionsOf(getValues()));
    if (!license.length) {
      noOption();
      return null;
    }
    return { license_type: type, license };
  };

  const send = handleSubmit(async (form) => {
    const license = licenseList(form);
    if (!license.length) return noOption();
    const { dealer, serial } = getValues();
    try {
      const r = await generate.mutateAsync({ type, mac: form.mac, license, dealer_id: dealer?.id ?? null, serial });
      // The form now holds what was generated (the MAC as formatted): nothing unsaved.
      reset({ ...getValues(), mac: form.mac });
      setResult({ key: r.license, mac: form.mac, type });
    } catch (err) {
      if (!(err instanceof ApiError)) return setMessage(String(err));
      applyServerErrors(setError as never, err.fieldErrors, FIELDS);
      setMessage(err.message);
    }
  });
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    setMessage('');
    setResult(null);
    await send(e);
    await reportInvalid(formEl.current);
  };

  return (
    <Box>
      <PageHeader title="License Generator" />
      <Paper component="form" noValidate ref={formEl} onSubmit={submit} sx={{ p: 2, mb: 3 }} data-testid="license-form">
        <LicenseHeadFields control={control} />
        <LicenseOptionFields control={control} />
        <LicenseLinkFields control={control} />
        <Button type="submit" variant="contained" disabled={generate.isPending} data-testid="license-generate">
          {type === 'license' ? 'Generate License' : 'Generate Activation Code'}
        </Button>
        {error && (
          <Typography color="error" sx={{ mt: 2 }} data-testid="license-error" role="alert">
            {error}
          </Typography>
        )}
        {result && <LicenseResultBox result={result} />}
      </Paper>
      {packingListId && <PackingListDevices packingListId={packingListId} options={options} />}
      <Suspense fallback={null}>
        <LicenseRegistry />
      </Suspense>
      {guard.dialog}
    </Box>
  );
}
