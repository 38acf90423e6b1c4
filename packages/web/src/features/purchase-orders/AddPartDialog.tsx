import { toDisplay } from '@bpm/contract/purchase-orders';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { usePartOptions } from '../../api/part-components';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { type AddPartValues, addPartResolver, EMPTY_ADD_PART } from './add-part-resolver';
import type { FormLine } from './PartsGrid';

/** Add Part: part, quantity and price (in the PO currency) required; the price starts at the part's own. */
export function AddPartDialog({
  open,
  currency,
  rate,
  onClose,
  onAdd,
}: {
  open: boolean;
  currency: string;
  rate: number;
  onClose: () => void;
  onAdd: (l: FormLine) => void;
}) {
  const [search, setSearch] = useState('');
  const q = usePartOptions(search, open);
  return (
    <FormDialog<AddPartValues, FormLine>
      open={open}
      title="Add Part"
      resolver={addPartResolver}
      defaultValues={EMPTY_ADD_PART}
      saveLabel="Add"
      testId="add-part-dialog"
      testIdPrefix="add-part"
      onClose={onClose}
      onSubmit={async (line) => onAdd(line)}
    >
      {({ control, setValue }) => (
        <>
          <Controller
            control={control}
            name="part"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={q.data?.rows ?? []}
                value={field.value}
                loading={q.isFetching}
                filterOptions={(x) => x}
                onInputChange={(_, v, reason) => reason === 'input' && setSearch(v)}
                onChange={(_, v) => {
                  field.onChange(v);
                  if (v) setValue('price', String(toDisplay(Number(v.price) || 0, rate)));
                }}
                onBlur={field.onBlur}
                getOptionLabel={(o) =>
                  `${o.manuf_part_number} — ${o.manufacturer}${o.description ? ` (${o.description})` : ''}`
                }
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Part"
                    required
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'add-part-part' } }}
                  />
                )}
              />
            )}
          />
          <FormTextField
            control={control}
            name="quantity"
            label="Quantity"
            type="number"
            required
            slotProps={{ htmlInput: { 'data-testid': 'add-part-quantity', step: 'any', min: 0 } }}
          />
          <FormTextField
            control={control}
            name="price"
            label={`Price (${currency})`}
            type="number"
            required
            slotProps={{ htmlInput: { 'data-testid': 'add-part-price', step: 'any', min: 0 } }}
          />
          <FormTextField
            control={control}
            name="remarks"
            label="Remarks"
            slotProps={{ htmlInput: { 'data-testid': 'add-part-remarks' } }}
          />
        </>
      )}
    </FormDialog>
  );
}
