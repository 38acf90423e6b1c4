import { CURRENCIES } from '@bpm/contract/purchase-orders';
import type { SupplierOption } from '@bpm/contract/suppliers';
import { MenuItem, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { fetchLastRate } from '../../api/purchase-orders';
import { FormGrid } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { PartsGrid } from './PartsGrid';
import { flatErrors, lineErrorsOf, type PoForm } from './po-form';
import { SupplierPicker } from './SupplierPicker';

type Form = UseFormReturn<PoForm>;

export const sectionTitle = (text: string, mt = 0) => (
  <Typography variant="subtitle1" sx={{ fontWeight: 600, mt, mb: 1 }}>
    {text}
  </Typography>
);

/** Supplier: the picker copies the supplier's details into the fields below it (editable afterwards). */
export function PoSupplierSection({
  form,
  options,
  disabled,
}: {
  form: Form;
  options: SupplierOption[] | undefined;
  disabled: boolean;
}) {
  const { control, setValue, formState } = form;
  const f = useWatch({ control }) as PoForm;
  const text = (name: keyof PoForm, label: string, opts: { required?: boolean; multiline?: boolean } = {}) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required={opts.required}
      multiline={opts.multiline}
      minRows={opts.multiline ? 3 : undefined}
      disabled={disabled}
    />
  );
  return (
    <>
      {sectionTitle('Supplier')}
      <FormGrid>
        <SupplierPicker
          form={f}
          options={options}
          disabled={disabled}
          error={formState.errors.supplier?.message}
          onPick={(patch) => {
            for (const [k, v] of Object.entries(patch))
              setValue(k as keyof PoForm, v as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
          }}
        />
        {text('supplier_name', 'Supplier Name', { required: true })}
        {text('supplier_contact_person', 'Contact Person', { required: true })}
        {text('supplier_2303', 'Supplier 2303/TIN#')}
        {text('supplier_email', 'Email')}
        {text('supplier_phone', 'Phone')}
        {text('supplier_address', 'Address', { required: true, multiline: true })}
        {text('ship_to', 'Ship To', { multiline: true })}
      </FormGrid>
    </>
  );
}

/**
 * A currency the person picks brings its rate: 1 for USD, else the last rate used for that currency (blank when
 * none yet: the rate must be entered, 'required field'). Only the person's own change (not a reset to the
 * stored PO) moves the rate.
 */
function useRateFollowsCurrency(form: Form) {
  useEffect(() => {
    const sub = form.watch((values, { name, type }) => {
      if (name !== 'currency' || type !== 'change') return;
      const currency = values.currency ?? '';
      const set = (v: string) =>
        form.setValue('currency_rate', v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      if (currency === 'USD') return set('1');
      set('');
      fetchLastRate(currency)
        .then((r) => {
          // Only while the person has not moved on or typed a rate meanwhile.
          if (r.currency_rate !== null && form.getValues('currency') === currency && !form.getValues('currency_rate'))
            set(String(r.currency_rate));
        })
        .catch(() => {
          /* no default: the person enters the rate */
        });
    });
    return () => sub.unsubscribe();
  }, [form]);
}

/** Currency and rate, then the parts (prices in the PO currency). */
export function PoCurrencySection({ form, disabled }: { form: Form; disabled: boolean }) {
  const { control, formState } = form;
  const [currency, currencyRate] = useWatch({ control, name: ['currency', 'currency_rate'] });
  useRateFollowsCurrency(form);
  return (
    <>
      {sectionTitle('Currency', 3)}
      <FormGrid>
        <FormTextField control={control} name="currency" label="Currency" select required disabled={disabled}>
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="currency_rate"
          label="Currency Rate (USD per unit)"
          type="number"
          required
          disabled={disabled}
          slotProps={{ htmlInput: { step: 'any', min: 0 } }}
        />
      </FormGrid>
      <Controller
        control={control}
        name="parts"
        render={({ field }) => (
          <PartsGrid
            lines={field.value}
            onChange={field.onChange}
            errors={lineErrorsOf(flatErrors(formState.errors))}
            currency={currency}
            rate={currency === 'USD' ? 1 : Number(currencyRate)}
            disabled={disabled}
          />
        )}
      />
    </>
  );
}
