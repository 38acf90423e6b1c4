import { MSG } from '@bpm/contract/messages';
import { can } from '@bpm/contract/permissions';
import { type Product, productSave } from '@bpm/contract/products';
import { zodResolver } from '@hookform/resolvers/zod';
import BarChartIcon from '@mui/icons-material/BarChart';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCurrentUser } from '../../api/auth-store';
import { handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import {
  useDeleteProductImage,
  useDownloadProductImage,
  useSaveProduct,
  useSetProductActive,
} from '../../api/products';
import { followVersion, useConflict } from '../../components/ConflictBanner';
import { FileField } from '../../components/FileField';
import { FormGrid, FormPage } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { SKIP_LEAVE_GUARD } from '../../components/form-guard';
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
  const [image, setImage] = useState<File | null>(null);
  const [imageName, setImageName] = useState(product?.product_image ?? null);
  const [statsOpen, setStatsOpen] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(productSave),
    defaultValues: product ? fromProduct(product) : EMPTY,
  });
  const { control, handleSubmit, setError, setValue, reset } = form;

  const conflict = useConflict(reload, (fresh) => {
    reset(fromProduct(fresh));
    setImageName(fresh.product_image);
  });
  const syncVersion = () => followVersion(reload, (v) => setValue('version', v));

  const submit = (duplicate: boolean) =>
    handleSubmit(async (values) => {
      conflict.set(null);
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
          navigate(`/products/edit/${saved.id}`, { replace: !product, state: SKIP_LEAVE_GUARD });
        } else {
          reset(fromProduct(saved));
          setImage(null);
          setImageName(saved.product_image);
          void reload();
        }
      } catch (err) {
        const apiErr = handleSaveError(err, setError as never, FIELDS, conflict.set);
        if (apiErr?.code !== 'stale_version') toast(MSG.productSaveFailed, 'error');
      }
    });

  const ro = { input: { readOnly } };

  return (
    <FormPage
      onSubmit={submit(false)}
      conflict={conflict}
      notice={
        readOnly && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="product-readonly">
            You can view this product but not change it.
          </Alert>
        )
      }
      testIdPrefix="product"
      onCancel={() => navigate('/products')}
      cancelLabel={canSave ? 'Cancel' : 'Back to list'}
      canSave={canSave}
      saving={save.isPending}
      dirty={!readOnly && (form.formState.isDirty || !!image)}
      extraActions={
        product &&
        canManage && (
          <ProductActions busy={save.isPending} onStatistics={() => setStatsOpen(true)} onDuplicate={submit(true)} />
        )
      }
      after={
        product &&
        canManage && (
          <ProductStatisticsDialog
            productId={product.id}
            title={product.product_code}
            open={statsOpen}
            onClose={() => setStatsOpen(false)}
          />
        )
      }
    >
      <FormGrid>
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
        <ProductNumberFields control={control} readOnly={readOnly} bomCost={product?.bom_cost} />
        <ProductStatusField
          product={product}
          control={control}
          canManage={canManage}
          busy={setActive.isPending}
          onToggle={(p) =>
            setActive.mutate({ id: p.id, active: p.active !== 1 }, { onSuccess: () => void syncVersion() })
          }
        />
        <ProductFlags control={control} readOnly={readOnly} />
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
      </FormGrid>

      {canManage && (
        <ProductImageField
          product={product}
          file={image}
          onFileChange={setImage}
          storedName={imageName}
          onDeleted={() => {
            setImageName(null);
            void syncVersion();
          }}
        />
      )}
    </FormPage>
  );
}

type ProductControl = Control<Input, unknown, Output>;

/**
 * Status: an existing product shows Active/Inactive with Enable/Disable (who may manage); a new one has the
 * Active checkbox.
 */
function ProductStatusField({
  product,
  control,
  canManage,
  busy,
  onToggle,
}: {
  product?: Product;
  control: ProductControl;
  canManage: boolean;
  busy: boolean;
  onToggle: (product: Product) => void;
}) {
  return (
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
              disabled={busy}
              data-testid={product.active === 1 ? 'product-disable' : 'product-enable'}
              onClick={() => onToggle(product)}
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
  );
}

/** The product's 0/1 flags as checkboxes (`field-{name}`). */
function ProductFlags({ control, readOnly }: { control: ProductControl; readOnly: boolean }) {
  return (
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
  );
}

/** View Statistics and Duplicate (saves the form as a new product). */
function ProductActions({
  busy,
  onStatistics,
  onDuplicate,
}: {
  busy: boolean;
  onStatistics: () => void;
  onDuplicate: () => void;
}) {
  return (
    <>
      <Button startIcon={<BarChartIcon />} onClick={onStatistics} data-testid="product-statistics-open">
        View Statistics
      </Button>
      <Button startIcon={<ContentCopyIcon />} onClick={onDuplicate} disabled={busy} data-testid="product-duplicate">
        Duplicate
      </Button>
    </>
  );
}

/** MSRP, discount, warranty and serial count (typed as decimals), and the BOM cost (read-only). */
function ProductNumberFields({
  control,
  readOnly,
  bomCost,
}: {
  control: ProductControl;
  readOnly: boolean;
  /** The saved product's BOM cost; undefined for a new one. */
  bomCost?: number;
}) {
  const numberProps = (step?: string) => ({ input: { readOnly }, htmlInput: { inputMode: 'decimal' as const, step } });
  return (
    <>
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
        value={bomCost !== undefined ? formatUnitPrice(bomCost, '') : '0.00'}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'product-bom-cost' } }}
        helperText="Sum of the BOM lines' average totals"
      />
    </>
  );
}

/** The product image: choose one (saved with the form), download or delete the stored one. */
function ProductImageField({
  product,
  file,
  onFileChange,
  storedName,
  onDeleted,
}: {
  product?: Product;
  file: File | null;
  onFileChange: (f: File | null) => void;
  storedName: string | null;
  onDeleted: () => void;
}) {
  const delImage = useDeleteProductImage();
  const downloadImage = useDownloadProductImage();
  return (
    <FileField
      label="Product Image"
      testIdPrefix="product-image"
      kind="image"
      file={file}
      onFileChange={onFileChange}
      storedName={product && storedName}
      download={() => downloadImage(product?.id ?? 0)}
      deleting={delImage.isPending}
      onDelete={() => product && delImage.mutate(product.id, { onSuccess: onDeleted })}
      previewAlt="Product"
    />
  );
}
