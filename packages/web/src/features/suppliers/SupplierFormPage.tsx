import { MSG } from '@bpm/contract/messages';
import { SUPPLIER_LABELS, type Supplier, supplierSave } from '@bpm/contract/suppliers';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useSaveSupplier, useSupplier } from '../../api/suppliers';
import { useConflict } from '../../components/ConflictBanner';
import { FormGrid, FormPage, RecordGate, useIdParam } from '../../components/FormPage';
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
  const id = useIdParam('SupplierId');
  const supplier = useSupplier(id);
  return (
    <RecordGate id={id} query={supplier}>
      {(s) => <SupplierForm key={id ?? 'new'} supplier={s} reload={() => supplier.refetch()} />}
    </RecordGate>
  );
}

function SupplierForm({ supplier, reload }: { supplier?: Supplier; reload: () => Promise<{ data?: Supplier }> }) {
  const navigate = useNavigate();
  const save = useSaveSupplier();
  const { control, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(supplierSave),
    defaultValues: supplier ? fromSupplier(supplier) : EMPTY,
  });
  const conflict = useConflict(reload, (fresh) => reset(fromSupplier(fresh)));

  const onSubmit = handleSubmit(async (values) => {
    conflict.set(null);
    try {
      await save.mutateAsync({ ...values, id: supplier?.id, version: supplier ? values.version : undefined });
      toast(MSG.saved, 'success');
      navigate('/suppliers');
    } catch (err) {
      handleSaveError(err, setError as never, FIELDS, conflict.set);
    }
  });

  return (
    <FormPage
      onSubmit={onSubmit}
      header={<PageHeader back title={supplier ? 'Edit Supplier' : 'New Supplier'} />}
      conflict={conflict}
      testIdPrefix="supplier"
      onCancel={() => navigate('/suppliers')}
      saving={save.isPending}
      dirty={formState.isDirty}
    >
      <FormGrid>
        <FormTextField control={control} name="name" label="Name" required />
        <FormTextField control={control} name="contact_person" label="Contact Person" required />
        <FormTextField control={control} name="supplier2303" label={SUPPLIER_LABELS.supplier2303} />
        <FormTextField control={control} name="email" label="Email" type="email" />
        <FormTextField control={control} name="phone" label="Phone" />
        <Box />
        <FormTextField control={control} name="address" label="Address" required multiline minRows={3} />
        <FormTextField control={control} name="bank_details" label="Bank Details" multiline minRows={3} />
      </FormGrid>
    </FormPage>
  );
}
