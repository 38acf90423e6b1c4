import { MSG } from '@bpm/contract/messages';
import { SUPPLIER_LABELS, type Supplier, supplierSave } from '@bpm/contract/suppliers';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import { useState } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, applyServerErrors } from '../../api/errors';
import { toast } from '../../api/notify';
import { useSaveSupplier, useSupplier } from '../../api/suppliers';
import { PageLoader } from '../../app/Layout';
import { FormTextField } from '../../components/FormTextField';
import { PageHeader } from '../../components/PageHeader';

type Input = z.input<typeof supplierSave>;
type Output = z.output<typeof supplierSave>;

const EMPTY: DefaultValues<Input> = {
  name: '',
  contact_person: '',
  supplier2303: '',
  address: '',
  email: '',
  phone: '',
  bank_details: '',
};

const fromSupplier = (s: Supplier): DefaultValues<Input> => ({
  name: s.name,
  contact_person: s.contact_person,
  supplier2303: s.supplier2303,
  address: s.address,
  email: s.email,
  phone: s.phone,
  bank_details: s.bank_details,
  version: s.version,
});

const FIELDS = [...Object.keys(EMPTY), 'id', 'version'];

/** /suppliers/add and /suppliers/edit/{SupplierId} (document 2 sections 2 and 5). */
export default function SupplierFormPage() {
  const { SupplierId } = useParams();
  const id = SupplierId ? Number(SupplierId) : undefined;
  const supplier = useSupplier(id);
  if (id && !supplier.data) {
    return supplier.isError ? <Alert severity="error">{(supplier.error as Error).message}</Alert> : <PageLoader />;
  }
  return <SupplierForm key={id ?? 'new'} supplier={supplier.data} reload={() => supplier.refetch()} />;
}

function SupplierForm({ supplier, reload }: { supplier?: Supplier; reload: () => Promise<{ data?: Supplier }> }) {
  const navigate = useNavigate();
  const save = useSaveSupplier();
  const [conflict, setConflict] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(supplierSave),
    defaultValues: supplier ? fromSupplier(supplier) : EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setConflict(null);
    try {
      await save.mutateAsync({ ...values, id: supplier?.id, version: supplier ? values.version : undefined });
      toast(MSG.saved, 'success');
      navigate('/suppliers');
    } catch (err) {
      if (!(err instanceof ApiError)) return console.error(err);
      if (err.status === 409) setConflict(err.message);
      applyServerErrors(setError as never, err.fieldErrors, FIELDS);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <PageHeader back title={supplier ? 'Edit Supplier' : 'New Supplier'} />
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="supplier-conflict"
          action={
            <Button
              color="inherit"
              size="small"
              data-testid="supplier-reload"
              onClick={async () => {
                const fresh = (await reload()).data;
                if (fresh) reset(fromSupplier(fresh));
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
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField control={control} name="name" label="Name" required />
          <FormTextField control={control} name="contact_person" label="Contact Person" required />
          <FormTextField control={control} name="supplier2303" label={SUPPLIER_LABELS.supplier2303} />
          <FormTextField control={control} name="email" label="Email" type="email" />
          <FormTextField control={control} name="phone" label="Phone" />
          <Box />
          <FormTextField control={control} name="address" label="Address" required multiline minRows={3} />
          <FormTextField control={control} name="bank_details" label="Bank Details" multiline minRows={3} />
        </Box>
        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
          <Button onClick={() => navigate('/suppliers')} data-testid="supplier-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="supplier-save">
            Save
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
