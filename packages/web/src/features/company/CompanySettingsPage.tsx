import { COMPANY_MSG, type CompanySettings, companySave, COMPANY_LABELS as L } from '@bpm/contract/company';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Typography } from '@mui/material';
import { useState } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { downloadCompanyLogo, useCompanySettings, useSaveCompanySettings } from '../../api/company';
import { handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useConflict } from '../../components/ConflictBanner';
import { FileField } from '../../components/FileField';
import { FormGrid, FormPage } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';

type Input = z.input<typeof companySave>;
type Output = z.output<typeof companySave>;

const fromSettings = (s: CompanySettings): DefaultValues<Input> => ({
  name: s.name,
  address: s.address,
  contact: s.contact,
  bank_name: s.bank_name,
  bank_account_holder: s.bank_account_holder,
  bank_account: s.bank_account,
  bank_swift: s.bank_swift,
  version: s.version,
});

const FIELDS = [
  'name',
  'address',
  'contact',
  'bank_name',
  'bank_account_holder',
  'bank_account',
  'bank_swift',
  'logo',
  'version',
];

/** /settings: the company block every document prints (the administrator's; issue 24 item 3). */
export default function CompanySettingsPage() {
  const settings = useCompanySettings();
  if (settings.isError) return <Alert severity="error">{(settings.error as Error).message}</Alert>;
  if (!settings.data) return <PageLoader />;
  return <CompanyForm key={settings.data.version} settings={settings.data} reload={() => settings.refetch()} />;
}

function CompanyForm({
  settings,
  reload,
}: {
  settings: CompanySettings;
  reload: () => Promise<{ data?: CompanySettings }>;
}) {
  const navigate = useNavigate();
  const save = useSaveCompanySettings();
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const { control, handleSubmit, setError, reset, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(companySave),
    defaultValues: fromSettings(settings),
  });
  const conflict = useConflict(reload, (fresh) => reset(fromSettings(fresh)));

  const onSubmit = handleSubmit(async (values) => {
    conflict.set(null);
    try {
      await save.mutateAsync({ ...values, logo: logo ?? undefined, remove_logo: removeLogo && !logo ? 1 : undefined });
      toast(COMPANY_MSG.saved, 'success');
      setLogo(null);
      setRemoveLogo(false);
    } catch (err) {
      handleSaveError(err, setError as never, FIELDS, conflict.set);
    }
  });

  return (
    <FormPage
      onSubmit={onSubmit}
      header={<PageHeader title={L.title} />}
      conflict={conflict}
      testIdPrefix="company"
      onCancel={() => navigate(-1)}
      saving={save.isPending}
      dirty={formState.isDirty || !!logo || removeLogo}
    >
      <FormGrid>
        <FormTextField control={control} name="name" label={L.name} required />
        <FormTextField control={control} name="contact" label={L.contact} />
        <FormTextField control={control} name="address" label={L.address} required multiline minRows={3} />
      </FormGrid>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
        {L.bankDetails}
      </Typography>
      <FormGrid>
        <FormTextField control={control} name="bank_name" label={L.bank_name} />
        <FormTextField control={control} name="bank_account_holder" label={L.bank_account_holder} />
        <FormTextField control={control} name="bank_account" label={L.bank_account} />
        <FormTextField control={control} name="bank_swift" label={L.bank_swift} />
      </FormGrid>
      <FileField
        label={L.logo}
        testIdPrefix="company-logo"
        kind="image"
        file={logo}
        onFileChange={(f) => {
          setLogo(f);
          if (f) setRemoveLogo(false);
        }}
        storedName={removeLogo ? null : settings.logo}
        download={downloadCompanyLogo}
        onDelete={() => setRemoveLogo(true)}
        previewAlt={L.logo}
        emptyText="PNG or JPEG"
      />
    </FormPage>
  );
}
