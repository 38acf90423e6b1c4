import { MSG } from '@bpm/contract/messages';
import type { ProductOption } from '@bpm/contract/order-reads';
import { defaultLineDiscount, newProductInput } from '@bpm/contract/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '../../../api/notify';
import { useProductOptions } from '../../../api/orders';
import { FormTextField } from '../../../components/FormTextField';
import { reportInvalid } from '../../../components/form-behaviour';
import { formatMoney } from '../../../components/format';
import { chosenDiscount, type LineForm } from './doc-form';

const quantity = z.preprocess(
  (v) => (v === '' || v == null ? undefined : Number(v)),
  z
    .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
    .int({ error: MSG.number })
    .min(1, { error: MSG.number }),
);
/** The contract's new-product rules plus the line quantity. */
const schema = newProductInput.extend({ quantity });
type In = z.input<typeof schema>;
type Out = z.output<typeof schema>;

const EMPTY: In = { product_code: '', desc: '', msrp: '', discount: '', quantity: '1', is_shipping_cost: 0 };

/** Pick an existing product (GET /autocomplete/products) or describe a new one; Select adds the line. */
export function AddProductDialog({
  open,
  dealer,
  onClose,
  onSelect,
}: {
  open: boolean;
  dealer: { discount?: number | null } | null;
  onClose: () => void;
  onSelect: (line: LineForm) => void;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const options = useProductOptions(search, open);
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { control, reset, setValue, handleSubmit } = form;
  const code = useWatch({ control, name: 'product_code' });

  useEffect(() => {
    if (open) {
      reset(EMPTY);
      setPicked(null);
      setSearch('');
    }
  }, [open, reset]);

  const pick = (p: ProductOption | null) => {
    setPicked(p);
    if (!p) return reset({ ...EMPTY });
    setValue('product_code', p.product_code);
    setValue('desc', p.desc);
    setValue('msrp', String(p.msrp));
    // Shown as it will apply; the user may change it (an entered 0 stays 0).
    setValue('discount', String(defaultLineDiscount(p, dealer)));
    setValue('is_shipping_cost', p.is_shipping_cost ? 1 : 0);
    form.clearErrors();
  };

  const submit = handleSubmit((v) => {
    const isShipping = v.is_shipping_cost ? 1 : 0;
    // The raw text: the schema turns an empty field into 0, but only an empty field takes the default rule.
    const entered = String(form.getValues('discount') ?? '');
    const productDiscount = picked ? (picked.discount ?? 0) : entered.trim() ? v.discount : null;
    const line: LineForm = {
      product_id: picked?.id ?? null,
      product_code: v.product_code,
      desc: picked ? '' : v.desc,
      name: v.desc,
      quantity: String(v.quantity),
      msrp: String(v.msrp),
      discount: String(chosenDiscount(entered, { discount: productDiscount, is_shipping_cost: isShipping }, dealer)),
      is_shipping_cost: isShipping,
      bom_cost: picked ? String(picked.bom_cost ?? '') : '',
      active: 1,
      warning: picked?.warning ?? '',
      product_discount: productDiscount,
    };
    // A product carrying a warning text shows it when added (document 1 section 2.8).
    if (picked?.warning) toast(picked.warning, 'warning');
    onSelect(line);
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="add-product-dialog">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          // React events bubble through portals: keep this submit away from the editor's form.
          e.stopPropagation();
          const el = e.currentTarget;
          void submit(e).then(() => reportInvalid(el));
        }}
      >
        <DialogTitle>Add product</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Autocomplete
            options={options.data ?? []}
            loading={options.isFetching}
            value={picked}
            onChange={(_, p) => pick(p)}
            onInputChange={(_, v, reason) => reason === 'input' && setSearch(v)}
            getOptionLabel={(p) => p.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            renderOption={(props, p) => (
              <li {...props} key={p.id}>
                <Box>
                  <Typography variant="body2">{p.label}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatMoney(p.msrp, 'US$')}
                    {p.warning ? ` · ${p.warning}` : ''}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Existing product"
                placeholder="Search by code or description"
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'product-search' } }}
              />
            )}
          />
          <Typography variant="body2" color="text.secondary">
            {picked ? 'Selected product' : 'Or create a new product'}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={control} name="product_code" label="Product code" required disabled={!!picked} />
            <FormTextField control={control} name="desc" label="Description" required disabled={!!picked} />
            <FormTextField control={control} name="msrp" label="MSRP (US$)" inputMode="decimal" />
            <FormTextField control={control} name="discount" label="Discount %" inputMode="decimal" />
            <FormTextField control={control} name="quantity" label="Quantity" required inputMode="numeric" />
            <Controller
              control={control}
              name="is_shipping_cost"
              render={({ field }) => (
                <FormControlLabel
                  label="Shipping cost item"
                  disabled={!!picked}
                  control={
                    <Checkbox
                      checked={!!field.value}
                      onChange={(_, c) => field.onChange(c ? 1 : 0)}
                      slotProps={{ input: { 'data-testid': 'field-is_shipping_cost' } as object }}
                    />
                  }
                />
              )}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="dialog-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!String(code ?? '').trim()} data-testid="product-select">
            Select
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
