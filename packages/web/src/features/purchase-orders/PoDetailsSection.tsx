import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { PO_STATUS_LABELS } from '@bpm/contract/purchase-orders';
import { Box, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { DateField } from '../../components/DateField';
import { FormGrid } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { dateInputToUnix, unixToDateInput } from '../../components/format';
import { LookupField } from './LookupField';
import { sectionTitle } from './PoSupplierSection';
import type { PoForm } from './po-form';

/** Purchase Order: number, dates, department, terms, local PO and its price quote, requisitioner, purpose, signatures. */
export function PoDetailsSection({
  form,
  po,
  disabled,
}: {
  form: UseFormReturn<PoForm>;
  po?: PurchaseOrder;
  disabled: boolean;
}) {
  const { control } = form;
  const localPo = useWatch({ control, name: 'local_po' });
  const date = (name: 'po_date' | 'due_date', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          required
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={unixToDateInput(field.value)}
          disabled={disabled}
          onChange={(ymd) => field.onChange(dateInputToUnix(ymd))}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          testId={`field-${name}`}
        />
      )}
    />
  );
  const lookup = (name: 'department' | 'terms' | 'price_quote', kind: 'dept' | 'term' | 'pricequote', off = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <LookupField
          kind={kind}
          value={field.value}
          onChange={field.onChange}
          disabled={disabled || off}
          required
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <>
      {sectionTitle('Purchase Order', 3)}
      <FormGrid columns={3}>
        <TextField label="PO Number" value={po?.po_number ?? ''} disabled placeholder="Assigned on save" />
        {date('po_date', 'PO Date')}
        {date('due_date', 'Due Date')}
        {lookup('department', 'dept')}
        {lookup('terms', 'term')}
        <Box>
          <Controller
            control={control}
            name="local_po"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value === 1}
                    disabled={disabled}
                    onChange={(e) => field.onChange(e.target.checked ? 1 : 0)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { 'data-testid': 'field-local_po' } as object }}
                  />
                }
                label="Local PO"
              />
            )}
          />
          {lookup('price_quote', 'pricequote', localPo !== 1)}
        </Box>
        <FormTextField control={control} name="requisitioner" label="Requisitioner" required disabled={disabled} />
        <FormTextField
          control={control}
          name="purpose"
          label="Purpose"
          required
          multiline
          minRows={3}
          disabled={disabled}
        />
        <TextField label="Status" value={PO_STATUS_LABELS[po?.status ?? 'draft']} disabled />
        <TextField
          label="Prepared By"
          value={po ? `${po.prepared_by_name}${po.prepared_by_position ? ` — ${po.prepared_by_position}` : ''}` : ''}
          disabled
        />
        <TextField
          label="Approved By"
          value={po?.approved_by_name ? `${po.approved_by_name} — ${po.approved_by_position}` : ''}
          disabled
          slotProps={{ htmlInput: { 'data-testid': 'field-approved_by' } }}
        />
      </FormGrid>
    </>
  );
}
