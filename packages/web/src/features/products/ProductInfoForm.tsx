import { MSG } from '@bpm/contract/messages';
import { can } from '@bpm/contract/permissions';
import { type Product, productSave } from '@bpm/contract/products';
import { zodResolver } from '@hookform/resolvers/zod';
import BarChartIcon from '@mui/icons-material/BarChart';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError, applyServerErrors } from '../../api/errors';
import { toast } from '../../api/notify';
import {
  useDeleteProductImage,
  useDownloadProductImage,
  useSaveProduct,
  useSetProductActive,
} from '../../api/products';
import { useCurrentUser } from '../../app/auth-store';
import { FormTextField } from '../../components/FormTextField';
import { formatUnitPrice } from '../../components/format';
import { ProductStatisticsDialog } from './ProductStatisticsDialog';

type Input = z.input<typeof productSave>;
type Output = z.output<typeof productSave>;

// Defaults of a new product (document 2 section 3).
const EMPTY: DefaultValues<Input> = {
  product_code: '',
  hs_code: '',
  desc: '',
  msrp: 0,
  discount: 0,
  warranty: '',
  pl_serial_count: '',
  has_modem: 0,
  is_test_required: 1,
  is_shipping_cost: 0,
  exclude_pl_item_count: 0,
  warning: '',
  active: 1,
};

const fromProduct = (p: Product): DefaultValues<Input> => ({
  product_code: p.product_code,
  hs_code: p.hs_code,
  desc: p.desc,
  msrp: p.msrp,
  discount: p.discount,
  warranty: p.warranty,
  pl_serial_count: p.pl_serial_count,
  has_modem: p.has_modem,
  is_test_required: p.is_test_required,
  is_shipping_cost: p.is_shipping_cost,
  exclude_pl_item_count: p.exclude_pl_item_count,
  warning: p.warning,
  active: p.active,
  version: p.version,
});

const FIELDS = [...Object.keys(EMPTY), 'id', 'version', 'product_image'];

const FLAGS = [
  ['has_modem', 'Has Modem'],
  ['is_test_required', 'Test Required'],
  ['is_shipping_cost', 'Shipping Cost Item'],
  ['exclude_pl_item_count', 'Exclude from Packing List Item Count'],
] as const;

export function ProductInfoForm({ product, reload }: { product?: Product; reload: () => Promise<{ data?: Product }> }) {
  const navigate = useNavigate();
  const role = useCurrentUser().user_role;
  const canSave = can(role, 'products.save');
  const canManage = can(role, 'products.manage');
  const readOnly = !canSave;
  const save = useSaveProduct();
  const setActive = useSetProductActive();
  const delImage = useDeleteProductImage();
  const downloadImage = useDownloadProductImage();
  const [image, setImage] = useState<File | null>(null);
  const [imageName, setImageName] = useState(product?.product_image ?? null);
  const [preview, setPreview] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(productSave),
    defaultValues: product ? fromProduct(product) : EMPTY,
  });
  const { control, handleSubmit, setError, setValue, reset } = form;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  /** Enable/disable and image delete move the record's version on: follow it so Save does not conflict. */
  const followVersion = async () => {
    const fresh = (await reload()).data;
    if (fresh) setValue('version', fresh.version);
  };

  const submit = (duplicate: boolean) =>
    handleSubmit(async (values) => {
      setConflict(null);
      try {
        const saved = await save.mutateAsync({
          ...values,
          // Duplicate saves the form as a new product (no id, no version).
          id: duplicate ? undefined : product?.id,
          version: duplicate || !product ? undefined : values.version,
          // On edit the active flag changes through Enable/Disable only.
          active: product && !duplicate ? undefined : values.active,
          product_image: duplicate ? undefined : (image ?? undefined),
        });
        toast(MSG.productSaved, 'success');
        if (!product || duplicate) {
          navigate(`/products/edit/${saved.id}`, { replace: !product });
        } else {
          reset(fromProduct(saved));
          setImage(null);
          setImageName(saved.product_image);
          void reload();
        }
      } catch (err) {
        if (!(err instanceof ApiError)) {
          console.error(err);
          toast(MSG.productSaveFailed, 'error');
          return;
        }
        if (err.status === 409) setConflict(err.message);
        else toast(MSG.productSaveFailed, 'error');
        applyServerErrors(setError as never, err.fieldErrors, FIELDS);
      }
    });

  const ro = { input: { readOnly } };
  const numberProps = (step?: string) => ({ input: { readOnly }, htmlInput: { inputMode: 'decimal' as const, step } });

  return (
    <Box component="form" noValidate onSubmit={submit(false)}>
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="product-conflict"
          action={
            <Button
              color="inherit"
              size="small"
              data-testid="product-reload"
              onClick={async () => {
                const fresh = (await reload()).data;
                if (fresh) {
                  reset(fromProduct(fresh));
                  setImageName(fresh.product_image);
                }
                setConflict(null);
              }}
            >
              Reload
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="product-readonly">
          You can view this product but not change it.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField control={control} name="product_code" label="Product Code" required slotProps={ro} />
          <FormTextField control={control} name="hs_code" label="HS Code" slotProps={ro} />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormTextField
              control={control}
              name="desc"
              label="Description"
              required
              multiline
              minRows={2}
              fullWidth
              slotProps={ro}
            />
          </Box>
          <FormTextField control={control} name="msrp" label="MSRP (US$)" required slotProps={numberProps('0.01')} />
          <FormTextField control={control} name="discount" label="Discount (%)" slotProps={numberProps('0.01')} />
          <FormTextField control={control} name="warranty" label="Warranty (days)" slotProps={numberProps('1')} />
          <FormTextField
            control={control}
            name="pl_serial_count"
            label="Packing List Serial Count"
            slotProps={numberProps('1')}
          />
          <TextField
            label="BOM Cost (US$)"
            value={product ? formatUnitPrice(product.bom_cost, '') : '0.00'}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'product-bom-cost' } }}
            helperText="Sum of the BOM lines' average totals"
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {product ? (
              <>
                <Typography color="text.secondary">Status:</Typography>
                {product.active === 1 ? (
                  <Chip label="Active" color="success" size="small" data-testid="product-status" />
                ) : (
                  <Chip label="Inactive" size="small" data-testid="product-status" />
                )}
                {canManage && (
                  <Button
                    size="small"
                    variant="outlined"
                    color={product.active === 1 ? 'error' : 'success'}
                    disabled={setActive.isPending}
                    data-testid={product.active === 1 ? 'product-disable' : 'product-enable'}
                    onClick={() =>
                      setActive.mutate(
                        { id: product.id, active: product.active !== 1 },
                        { onSuccess: () => void followVersion() },
                      )
                    }
                  >
                    {product.active === 1 ? 'Disable' : 'Enable'}
                  </Button>
                )}
              </>
            ) : (
              <Controller
                control={control}
                name="active"
                render={({ field }) => (
                  <FormControlLabel
                    label="Active"
                    control={
                      <Checkbox
                        checked={Number(field.value) === 1}
                        onChange={(_, c) => field.onChange(c ? 1 : 0)}
                        slotProps={{ input: { 'data-testid': 'field-active' } as object }}
                      />
                    }
                  />
                )}
              />
            )}
          </Box>
          <Box sx={{ gridColumn: { md: '1 / -1' }, display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
            {FLAGS.map(([name, label]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <FormControlLabel
                    label={label}
                    disabled={readOnly}
                    control={
                      <Checkbox
                        checked={Number(field.value) === 1}
                        onChange={(_, c) => field.onChange(c ? 1 : 0)}
                        slotProps={{ input: { 'data-testid': `field-${name}` } as object }}
                      />
                    }
                  />
                )}
              />
            ))}
          </Box>
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormTextField
              control={control}
              name="warning"
              label="Warning (shown when the product is added to an order)"
              multiline
              minRows={2}
              fullWidth
              slotProps={ro}
            />
          </Box>
        </Box>

        {canManage && (
          <>
            <Typography variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
              Product Image
            </Typography>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
                {image ? image.name : 'Choose Image'}
                <input
                  hidden
                  type="file"
                  accept="image/*"
                  data-testid="product-image-input"
                  onChange={(e) => setImage(e.target.files?.[0] ?? null)}
                />
              </Button>
              {product && imageName && (
                <>
                  <Typography variant="body2" color="text.secondary" data-testid="product-image-name">
                    {imageName}
                  </Typography>
                  <Button
                    startIcon={<VisibilityIcon />}
                    data-testid="product-image-view"
                    onClick={async () => {
                      try {
                        const { blob } = await downloadImage(product.id);
                        setPreview(URL.createObjectURL(blob));
                      } catch (err) {
                        console.error(err); // the client has toasted the message
                      }
                    }}
                  >
                    View
                  </Button>
                  <Button
                    color="error"
                    startIcon={<DeleteIcon />}
                    data-testid="product-image-delete"
                    disabled={delImage.isPending}
                    onClick={() =>
                      delImage.mutate(product.id, {
                        onSuccess: () => {
                          setImageName(null);
                          void followVersion();
                        },
                      })
                    }
                  >
                    Delete
                  </Button>
                </>
              )}
            </Stack>
          </>
        )}

        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }} flexWrap="wrap" useFlexGap>
          {product && canManage && (
            <>
              <Button
                startIcon={<BarChartIcon />}
                onClick={() => setStatsOpen(true)}
                data-testid="product-statistics-open"
              >
                View Statistics
              </Button>
              <Button
                startIcon={<ContentCopyIcon />}
                onClick={submit(true)}
                disabled={save.isPending}
                data-testid="product-duplicate"
              >
                Duplicate
              </Button>
            </>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={() => navigate('/products')} data-testid="product-cancel">
            {canSave ? 'Cancel' : 'Back to list'}
          </Button>
          {canSave && (
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="product-save">
              Save
            </Button>
          )}
        </Stack>
      </Paper>

      {product && canManage && (
        <ProductStatisticsDialog
          productId={product.id}
          title={product.product_code}
          open={statsOpen}
          onClose={() => setStatsOpen(false)}
        />
      )}
      <Dialog open={!!preview} onClose={() => setPreview(null)} maxWidth="md">
        <DialogTitle>Product Image</DialogTitle>
        <DialogContent>
          {preview && <Box component="img" src={preview} alt="Product" sx={{ maxWidth: '100%' }} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
