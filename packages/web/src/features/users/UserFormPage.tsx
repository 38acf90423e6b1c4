import { COUNTRIES } from '@bpm/contract/countries';
import { MSG } from '@bpm/contract/messages';
import { ROLE_LABELS, ROLES } from '@bpm/contract/roles';
import { ADMIN_USERNAME, DEFAULT_USER_ROLE, type User, userSave } from '@bpm/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Box, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { handleSaveError } from '../../api/errors';
import { toast } from '../../api/notify';
import { downloadSignature, useDeleteSignature, useSaveUser, useUser } from '../../api/users';
import { followVersion, useConflict } from '../../components/ConflictBanner';
import { FileField } from '../../components/FileField';
import { FormGrid, FormPage, RecordGate, useIdParam } from '../../components/FormPage';
import { FormTextField } from '../../components/FormTextField';
import { PageHeader } from '../../components/PageHeader';

type Input = z.input<typeof userSave>;
type Output = z.output<typeof userSave>;

const EMPTY: DefaultValues<Input> = {
  username: '',
  password: '',
  confirmPassword: '',
  user_role: DEFAULT_USER_ROLE,
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  position: '',
  company_name: '',
  country: '',
  active: 1,
};

const fromUser = (u: User): DefaultValues<Input> => ({
  id: u.id,
  username: u.username,
  password: '',
  confirmPassword: '',
  user_role: u.user_role,
  first_name: u.first_name,
  last_name: u.last_name,
  phone: u.phone,
  email: u.email,
  position: u.position,
  company_name: u.company_name,
  country: u.country,
  active: u.active === 1 ? 1 : 0,
  version: u.version,
});

/** The same country list as the dealers (a stored name outside it is kept as an option). */
const COUNTRY_NAMES = COUNTRIES.map((c) => c.name);

const FIELDS = Object.keys(EMPTY).concat(['id', 'version', 'signature_img']);

/** /users/add and /users/edit/{UserId} (document 1 sections 2.11 and 5). */
export default function UserFormPage() {
  const id = useIdParam('UserId');
  const user = useUser(id);
  return (
    <RecordGate id={id} query={user}>
      {(u) => <UserForm key={`${id ?? 'new'}`} user={u} reload={() => user.refetch()} />}
    </RecordGate>
  );
}

function UserForm({ user, reload }: { user?: User; reload: () => Promise<{ data?: User }> }) {
  const navigate = useNavigate();
  const save = useSaveUser();
  const delSignature = useDeleteSignature();
  const [signature, setSignature] = useState<File | null>(null);
  const [signatureName, setSignatureName] = useState(user?.signature_img ?? null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(userSave),
    defaultValues: user ? fromUser(user) : EMPTY,
  });
  const { control, handleSubmit, setError, setValue, reset } = form;
  // The built-in admin keeps its username and role.
  const locked = user?.username.toLowerCase() === ADMIN_USERNAME;
  const conflict = useConflict(reload, (fresh) => {
    reset(fromUser(fresh));
    setSignatureName(fresh.signature_img);
  });
  const syncVersion = () => followVersion(reload, (v) => setValue('version', v));

  const onSubmit = handleSubmit(async (values) => {
    conflict.set(null);
    try {
      await save.mutateAsync({
        ...values,
        id: user?.id,
        // The Active switch is part of the form: it changes with Save, and Cancel leaves it as it was.
        active: values.active,
        signature_img: signature ?? undefined,
      });
      toast(MSG.saved, 'success');
      navigate('/users');
    } catch (err) {
      handleSaveError(err, setError as never, FIELDS, conflict.set);
    }
  });

  return (
    <FormPage
      onSubmit={onSubmit}
      header={<PageHeader title={user ? 'Edit User' : 'Add User'} />}
      conflict={conflict}
      testIdPrefix="user"
      onCancel={() => navigate('/users')}
      saving={save.isPending}
      dirty={form.formState.isDirty || !!signature}
    >
      <FormGrid>
        <FormTextField
          control={control}
          name="username"
          label="Username"
          required
          disabled={locked}
          autoComplete="off"
        />
        <FormTextField control={control} name="user_role" label="Role" select required disabled={locked}>
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {ROLE_LABELS[r]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          required={!user}
          autoComplete="new-password"
          helperText={user ? 'Leave empty to keep the current password' : undefined}
        />
        <FormTextField
          control={control}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <FormTextField control={control} name="first_name" label="First Name" required />
        <FormTextField control={control} name="last_name" label="Last Name" required />
        <FormTextField control={control} name="phone" label="Phone" />
        <FormTextField control={control} name="email" label="Email" type="email" />
        <FormTextField control={control} name="position" label="Position" />
        <FormTextField control={control} name="company_name" label="Company Name" />
        <CountryField control={control} />
        <ActiveSwitch control={control} />
      </FormGrid>

      <FileField
        label="Signature Image"
        testIdPrefix="user-signature"
        kind="image"
        file={signature}
        onFileChange={setSignature}
        storedName={user && signatureName}
        download={() => downloadSignature(user?.id ?? 0)}
        deleting={delSignature.isPending}
        onDelete={() =>
          user &&
          delSignature.mutate(user.id, {
            onSuccess: () => {
              toast(MSG.signatureDeleted, 'success');
              setSignatureName(null);
              void syncVersion();
            },
          })
        }
        previewAlt="Signature"
      />
    </FormPage>
  );
}

/** Country: the list, plus a stored value that is not on it. */
function CountryField({ control }: { control: Control<Input, unknown, Output> }) {
  return (
    <Controller
      control={control}
      name="country"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={
            field.value && !COUNTRY_NAMES.includes(field.value as string)
              ? [field.value as string, ...COUNTRY_NAMES]
              : COUNTRY_NAMES
          }
          value={(field.value as string) || null}
          onChange={(_, v) => field.onChange(v ?? '')}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Country"
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'field-country' } }}
            />
          )}
        />
      )}
    />
  );
}

/** The Active switch: part of the form (Save changes it, Cancel leaves it). */
function ActiveSwitch({ control }: { control: Control<Input, unknown, Output> }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <FormControlLabel
            label={field.value === 0 ? 'Disabled' : 'Active'}
            control={
              <Switch
                checked={field.value !== 0}
                onChange={(_, checked) => field.onChange(checked ? 1 : 0)}
                slotProps={{ input: { 'aria-label': 'Active', 'data-testid': 'user-active' } as object }}
              />
            }
          />
        )}
      />
    </Box>
  );
}
