import { MSG } from '@bpm/contract/messages';
import {
  DEFAULT_PART_CURRENCY,
  DEFAULT_PART_UNIT,
  type PartComponent,
  partComponentSave,
} from '@bpm/contract/part-components';
import { zodResolver } from '@hookform/resolvers/zod';
import BarChartIcon from '@mui/icons-material/BarChart';
import { Box, Button, Chip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, applyServerErrors, handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import {
  downloadPartImage,
  useDeletePartImage,
  usePartComponent,
  useSavePartComponent,
  useSetPartActive,
} from '../../api/part-components';
import { followVersion, useConflict } from '../../components/ConflictBanner';
import { FileField } from '../../components/FileField';
import { FormGrid, FormPage } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { SKIP_LEAVE_GUARD } from '../../components/form-guard';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { PartStatisticsDialog } from './PartStatisticsDialog';

type Input = z.input<typeof partComponentSave>;
type Output = z.output<typeof partComponentSave>;

const EMPTY: DefaultValues<Input> = {
  manuf_part_number: '',
  manufacturer: '',
  description: '',
  price: '',
  local_price: '',
  local_currency: DEFAULT_PART_CURRENCY,
  unit: DEFAULT_PART_UNIT,
};

const fromPart = (p: PartComponent): DefaultValues<Input> => ({
  manuf_part_number: p.manuf_part_number,
  manufacturer: p.manufacturer,
  description: p.description,
  price: p.price,
  local_price: p.local_price ?? '',
  local_currency: p.local_currency,
  unit: p.unit,
  version: p.version,
});

const FIELDS = [...Object.keys(EMPTY), 'id', 'version', 'part_image'];

/** /partComponents/add and /partComponents/edit/{id} (document 2 sections 2 and 5). */
export default function PartComponentFormPage() {
  const { id: idParam } = useParams();
  const id = idParam ? Number(idParam) : undefined;
  const navigate = useNavigate();
  const part = usePartComponent(id);
  const invalidId = idParam !== undefined && !(Number.isInteger(id) && (id ?? 0) > 0);
  // A part not found, or a failed load, returns to the list (section 2).
  useEffect(() => {
    if (invalidId || part.isError) {
      if (part.error) toast((part.error as Error).message, 'error');
      navigate('/partComponents', { replace: true });
    }
  }, [invalidId, part.isError, part.error, navigate]);
  if (id && !part.data) return <PageLoader />;
  return <PartForm key={id ?? 'new'} part={part.data} reload={() => part.refetch()} />;
}

function PartForm({ part, reload }: { part?: PartComponent; reload: () => Promise<{ data?: PartComponent }> }) {
  const navigate = useNavigate();
  const save = useSavePartComponent();
  const setActive = useSetPartActive();
  const delImage = useDeletePartImage();
  const [image, setImage] = useState<File | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  // Server field errors block saving until the field is changed (section 5).
  const serverErrors = useRef(new Map<string, string>());
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(partComponentSave),
    defaultValues: part ? fromPart(part) : EMPTY,
  });
  const { control, handleSubmit, setError, setValue, reset, watch } = form;

  const conflict = useConflict(reload, (fresh) => reset(fromPart(fresh)));
  useEffect(() => {
    const sub = watch((_, { name }) => {
      if (name) serverErrors.current.delete(name);
    });
    return () => sub.unsubscribe();
  }, [watch]);

  const syncVersion = () => followVersion(reload, (v) => setValue('version', v));

  const onSubmit = handleSubmit(async (values) => {
    if (serverErrors.current.size) {
      applyServerErrors(setError as never, Object.fromEntries(serverErrors.current), FIELDS);
      return;
    }
    conflict.set(null);
    try {
      const saved = await save.mutateAsync({
        ...values,
        id: part?.id,
        version: part ? values.version : undefined,
        part_image: image ?? undefined,
      });
      toast(saved.created ? MSG.componentCreated : MSG.componentUpdated, 'success');
      if (!part) navigate(`/partComponents/edit/${saved.id}`, { replace: true, state: SKIP_LEAVE_GUARD });
      else {
        reset(fromPart(saved));
        setImage(null);
        void reload();
      }
    } catch (err) {
      if (err instanceof ApiError) for (const [k, v] of Object.entries(err.fieldErrors)) serverErrors.current.set(k, v);
      handleSaveError(err, setError as never, FIELDS, conflict.set);
    }
  });

  const numeric = { htmlInput: { inputMode: 'decimal' as const } };

  return (
    <FormPage
      onSubmit={onSubmit}
      header={
        <PageHeader
          back
          title={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              {part ? `Part ${part.manuf_part_number}` : 'New Part Component'}
              {part &&
                (part.active === 1 ? (
                  <Chip label="Active" color="success" size="small" data-testid="part-status" />
                ) : (
                  <Chip label="Inactive" size="small" data-testid="part-status" />
                ))}
            </Box>
          }
        />
      }
      conflict={conflict}
      testIdPrefix="part"
      onCancel={() => navigate('/partComponents')}
      saving={save.isPending}
      dirty={form.formState.isDirty || !!image}
      extraActions={
        part && (
          <>
            <Button startIcon={<BarChartIcon />} onClick={() => setStatsOpen(true)} data-testid="part-statistics-open">
              View Statistics
            </Button>
            {part.active === 1 ? (
              <Button
                color="error"
                variant="outlined"
                disabled={setActive.isPending}
                data-testid="part-disable"
                onClick={() =>
                  setActive.mutate({ id: part.id, active: false }, { onSuccess: () => void syncVersion() })
                }
              >
                Disable
              </Button>
            ) : (
              <Button
                color="success"
                variant="outlined"
                disabled={setActive.isPending}
                data-testid="part-enable"
                onClick={() => setActive.mutate({ id: part.id, active: true }, { onSuccess: () => void syncVersion() })}
              >
                Enable
              </Button>
            )}
          </>
        )
      }
      after={
        part && (
          <PartStatisticsDialog
            partId={part.id}
            title={part.manuf_part_number}
            open={statsOpen}
            onClose={() => setStatsOpen(false)}
          />
        )
      }
    >
      <FormGrid>
        <FormTextField control={control} name="manuf_part_number" label="Manufacturer Part Number" required />
        <FormTextField control={control} name="manufacturer" label="Manufacturer" required />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} fullWidth />
        </Box>
        <FormTextField control={control} name="price" label="Price (USD)" required slotProps={numeric} />
        <FormTextField control={control} name="unit" label="Unit" required />
        <FormTextField control={control} name="local_price" label="Local Price" slotProps={numeric} />
        <FormTextField control={control} name="local_currency" label="Local Currency" required />
      </FormGrid>

      <FileField
        label="Part Image"
        testIdPrefix="part-image"
        kind="image"
        file={image}
        onFileChange={setImage}
        storedName={part?.part_image ? (part.part_image_name ?? part.part_image) : null}
        download={() => downloadPartImage(part?.id ?? 0)}
        deleting={delImage.isPending}
        onDelete={() => part && delImage.mutate(part.id, { onSuccess: () => void syncVersion() })}
        previewAlt="Part"
      />
    </FormPage>
  );
}
