import { COUNTRIES } from '@bpm/contract/countries';
import { DEFAULT_COUNTRY, DEFAULT_PAYMENT_TERMS, type Dealer, dealerSave, PAYMENT_TERMS } from '@bpm/contract/dealers';
import { MSG } from '@bpm/contract/messages';
import { can } from '@bpm/contract/permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { type Control, Controller, type DefaultValues, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCurrentUser } from '../../api/auth-store';
import { downloadAgreement, useDealer, useSaveDealer } from '../../api/dealers';
import { handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useConflict } from '../../components/ConflictBanner';
import { FileField } from '../../components/FileField';
import { FormGrid, FormPage, RecordGate, useIdParam } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { PageHeader } from '../../components/PageHeader';

type Input = z.input<typeof dealerSave>;
type Output = z.output<typeof dealerSave>;

const ADDRESS = ['address', 'vat', 'email', 'phone', 'mobile'] as const;
const TEXT_FIELDS = [
  'name',
  'prefix',
  ...ADDRESS.flatMap((f) => [`billing_${f}` as const, `shipping_${f}` as const]),
  'email',
  'email2',
  'email3',
  'email4',
  'phone',
  'cellphone',
  'website',
  'notes',
  'order_notes',
] as const;

const EMPTY: DefaultValues<Input> = {
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])),
  oem: 0,
  country: DEFAULT_COUNTRY,
  same_address: 0,
  discount: 0,
  payment_terms: DEFAULT_PAYMENT_TERMS,
  credit_limit: '',
};

const fromDealer = (d: Dealer): DefaultValues<Input> => ({
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, (d as unknown as Record<string, string>)[f] ?? ''])),
  id: d.id,
  oem: d.oem,
  country: d.country,
  same_address: d.same_address,
  discount: d.discount,
  payment_terms: d.payment_terms as Input['payment_terms'],
  credit_limit: d.credit_limit,
  version: d.version,
});

const FIELDS = Object.keys(EMPTY).concat(['id', 'version', 'agreement_pdf']);
const COUNTRY_NAMES = COUNTRIES.map((c) => c.name);

/** /dealers/add and /dealers/edit/{DealerId} (document 1 sections 2.10, 3 and 5). */
export default function DealerFormPage() {
  const id = useIdParam('DealerId');
  const dealer = useDealer(id);
  return (
    <RecordGate id={id} query={dealer}>
      {(d) => <DealerForm key={id ?? 'new'} dealer={d} reload={() => dealer.refetch()} />}
    </RecordGate>
  );
}

function DealerForm({ dealer, reload }: { dealer?: Dealer; reload: () => Promise<{ data?: Dealer }> }) {
  const navigate = useNavigate();
  const { user_role } = useCurrentUser();
  const readOnly = !can(user_role, 'dealers.save');
  const save = useSaveDealer();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(dealerSave),
    defaultValues: dealer ? fromDealer(dealer) : EMPTY,
  });
  const { control, handleSubmit, setError, setValue, reset } = form;
  const conflict = useConflict(reload, (fresh) => reset(fromDealer(fresh)));
  const same = useWatch({ control, name: 'same_address' });
  const billing = useWatch({ control, name: ADDRESS.map((f) => `billing_${f}` as const) });

  // 'Same address' keeps the shipping block a copy of the billing block.
  useEffect(() => {
    if (!same) return;
    for (const [i, f] of ADDRESS.entries()) setValue(`shipping_${f}`, billing[i] ?? '', { shouldValidate: false });
  }, [same, billing, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    conflict.set(null);
    try {
      await save.mutateAsync({ ...values, id: dealer?.id, agreement_pdf: file ?? undefined });
      toast(MSG.saved, 'success');
      navigate('/dealers');
    } catch (err) {
      handleSaveError(err, setError as never, FIELDS, conflict.set);
    }
  });

  const text = (name: (typeof TEXT_FIELDS)[number], label: string, extra: Record<string, unknown> = {}) => (
    <FormTextField control={control} name={name} label={label} disabled={readOnly} {...extra} />
  );
  const shippingLocked = readOnly || !!same;

  return (
    <FormPage
      onSubmit={onSubmit}
      header={<PageHeader title={dealer ? `Edit Dealer: ${dealer.name}` : 'New Dealer'} back />}
      conflict={conflict}
      testIdPrefix="dealer"
      onCancel={() => navigate('/dealers')}
      cancelLabel={readOnly ? 'Back' : 'Cancel'}
      canSave={!readOnly}
      saving={save.isPending}
      dirty={form.formState.isDirty || !!file}
    >
      <FormGrid columns={3}>
        {text('name', 'Name', { required: true })}
        {text('prefix', 'Prefix')}
        <DealerCountryField control={control} readOnly={readOnly} />
        {text('email', 'Email', { required: true, type: 'email' })}
        {text('email2', 'Email 2', { type: 'email' })}
        {text('email3', 'Email 3', { type: 'email' })}
        {text('email4', 'Email 4', { type: 'email' })}
        {text('phone', 'Phone')}
        {text('cellphone', 'Cellphone')}
        {text('website', 'Website')}
        <FormTextField control={control} name="discount" label="Discount (%)" type="number" disabled={readOnly} />
        <FormTextField control={control} name="payment_terms" label="Payment Terms" select disabled={readOnly}>
          {PAYMENT_TERMS.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="credit_limit"
          label="Credit Limit (US$)"
          disabled={readOnly}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'field-credit_limit' } }}
        />
        <OneZeroCheckbox control={control} name="oem" label="OEM" readOnly={readOnly} />
      </FormGrid>

      <Stack direction="row" alignItems="center" spacing={2} sx={{ mt: 3, mb: 1 }}>
        <Typography variant="subtitle1" fontWeight={600}>
          Addresses
        </Typography>
        <OneZeroCheckbox
          control={control}
          name="same_address"
          label="Shipping address same as billing"
          readOnly={readOnly}
        />
      </Stack>
      <FormGrid>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Billing
          </Typography>
          {text('billing_address', 'Billing Address', { required: true, multiline: true, minRows: 3 })}
          {text('billing_vat', 'Billing VAT')}
          {text('billing_email', 'Billing Email', { type: 'email' })}
          {text('billing_phone', 'Billing Phone')}
          {text('billing_mobile', 'Billing Mobile')}
        </Stack>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Shipping
          </Typography>
          {text('shipping_address', 'Shipping Address', { multiline: true, minRows: 3, disabled: shippingLocked })}
          {text('shipping_vat', 'Shipping VAT', { disabled: shippingLocked })}
          {text('shipping_email', 'Shipping Email', { type: 'email', disabled: shippingLocked })}
          {text('shipping_phone', 'Shipping Phone', { disabled: shippingLocked })}
          {text('shipping_mobile', 'Shipping Mobile', { disabled: shippingLocked })}
        </Stack>
      </FormGrid>

      <FormGrid mt={3}>
        {text('notes', 'Notes', { multiline: true, minRows: 3 })}
        {text('order_notes', 'Order Notes', { multiline: true, minRows: 3 })}
      </FormGrid>

      <FileField
        label="Agreement (PDF)"
        testIdPrefix="dealer-agreement"
        kind="pdf"
        file={file}
        onFileChange={setFile}
        canChoose={!readOnly}
        storedName={dealer?.agreement_pdf}
        download={() => downloadAgreement(dealer?.id ?? 0)}
        emptyText="No agreement"
      />
    </FormPage>
  );
}

type DealerControl = Control<Input, unknown, Output>;

/** Country (required): the country list. */
function DealerCountryField({ control, readOnly }: { control: DealerControl; readOnly: boolean }) {
  return (
    <Controller
      control={control}
      name="country"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={COUNTRY_NAMES}
          value={(field.value as string) || null}
          disabled={readOnly}
          onChange={(_, v) => field.onChange(v ?? '')}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Country"
              required
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'field-country' } }}
            />
          )}
        />
      )}
    />
  );
}

/** A 0/1 flag of the dealer as a checkbox (`field-{name}`). */
function OneZeroCheckbox({
  control,
  name,
  label,
  readOnly,
}: {
  control: DealerControl;
  name: 'oem' | 'same_address';
  label: string;
  readOnly: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={readOnly}
          control={
            <Checkbox
              checked={!!field.value}
              onChange={(_, c) => field.onChange(c ? 1 : 0)}
              slotProps={{ input: { 'data-testid': `field-${name}` } as object }}
            />
          }
        />
      )}
    />
  );
}
