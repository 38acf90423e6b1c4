import { MSG } from '@bpm/contract/messages';
import { ROLE_LABELS, ROLES } from '@bpm/contract/roles';
import { ADMIN_USERNAME, DEFAULT_USER_ROLE, type User, userSave } from '@bpm/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, applyServerErrors } from '../../api/errors';
import { toast } from '../../api/notify';
import { downloadSignature, useDeleteSignature, useSaveUser, useSetUserActive, useUser } from '../../api/users';
import { PageLoader } from '../../app/Layout';
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
  version: u.version,
});

const FIELDS = Object.keys(EMPTY).concat(['id', 'version', 'signature_img']);

/** /users/add and /users/edit/{UserId} (document 1 sections 2.11 and 5). */
export default function UserFormPage() {
  const { UserId } = useParams();
  const id = UserId ? Number(UserId) : undefined;
  const user = useUser(id);
  if (id && !user.data) {
    return user.isError ? <Alert severity="error">{(user.error as Error).message}</Alert> : <PageLoader />;
  }
  return <UserForm key={`${id ?? 'new'}`} user={user.data} reload={() => user.refetch()} />;
}

function UserForm({ user, reload }: { user?: User; reload: () => Promise<{ data?: User }> }) {
  const navigate = useNavigate();
  const save = useSaveUser();
  const setActive = useSetUserActive();
  const delSignature = useDeleteSignature();
  const [signature, setSignature] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [active, setActiveState] = useState(user ? user.active === 1 : true);
  const [signatureName, setSignatureName] = useState(user?.signature_img ?? null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(userSave),
    defaultValues: user ? fromUser(user) : EMPTY,
  });
  const { control, handleSubmit, setError, setValue, reset } = form;
  // The built-in admin keeps its username and role.
  const locked = user?.username.toLowerCase() === ADMIN_USERNAME;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  /** After enable/disable/signature delete the record's version moved on: follow it. */
  const followVersion = async () => {
    const fresh = (await reload()).data;
    if (fresh) setValue('version', fresh.version);
    return fresh;
  };

  const onSubmit = handleSubmit(async (values) => {
    setConflict(null);
    try {
      await save.mutateAsync({
        ...values,
        id: user?.id,
        // On edit the active flag changes through enable/disable, not through save.
        active: user ? undefined : values.active,
        signature_img: signature ?? undefined,
      });
      toast(MSG.saved, 'success');
      navigate('/users');
    } catch (err) {
      if (!(err instanceof ApiError)) return console.error(err);
      if (err.status === 409) setConflict(err.message);
      const unmatched = applyServerErrors(setError as never, err.fieldErrors, FIELDS);
      if (unmatched.length) console.error('unmatched field errors', err.fieldErrors);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <PageHeader title={user ? 'Edit User' : 'Add User'} />
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="user-conflict"
          action={
            <Button
              color="inherit"
              size="small"
              data-testid="user-reload"
              onClick={async () => {
                const fresh = (await reload()).data;
                if (fresh) {
                  reset(fromUser(fresh));
                  setActiveState(fresh.active === 1);
                  setSignatureName(fresh.signature_img);
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
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
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
          <FormTextField control={control} name="country" label="Country" />
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            {user ? (
              <FormControlLabel
                label={active ? 'Active' : 'Disabled'}
                control={
                  <Switch
                    checked={active}
                    disabled={setActive.isPending}
                    slotProps={{ input: { 'aria-label': 'Active', 'data-testid': 'user-active' } as object }}
                    onChange={(_, checked) =>
                      setActive.mutate(
                        { id: user.id, active: checked },
                        {
                          onSuccess: () => {
                            setActiveState(checked);
                            void followVersion();
                          },
                        },
                      )
                    }
                  />
                }
              />
            ) : (
              <FormControlLabel
                label="Active"
                control={
                  <Checkbox
                    defaultChecked
                    onChange={(_, c) => setValue('active', c ? 1 : 0)}
                    slotProps={{ input: { 'data-testid': 'user-active' } as object }}
                  />
                }
              />
            )}
          </Box>
        </Box>

        <Typography variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          Signature Image
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
            {signature ? signature.name : 'Choose Image'}
            <input
              hidden
              type="file"
              accept="image/*"
              data-testid="user-signature-input"
              onChange={(e) => setSignature(e.target.files?.[0] ?? null)}
            />
          </Button>
          {user && signatureName && (
            <>
              <Typography variant="body2" color="text.secondary">
                {signatureName}
              </Typography>
              <Button
                startIcon={<VisibilityIcon />}
                data-testid="user-signature-view"
                onClick={async () => {
                  try {
                    const { blob } = await downloadSignature(user.id);
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
                data-testid="user-signature-delete"
                disabled={delSignature.isPending}
                onClick={() =>
                  delSignature.mutate(user.id, {
                    onSuccess: () => {
                      toast(MSG.signatureDeleted, 'success');
                      setSignatureName(null);
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

        <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 3 }}>
          <Button onClick={() => navigate('/users')} data-testid="user-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="user-save">
            Save
          </Button>
        </Stack>
      </Paper>

      <Dialog open={!!preview} onClose={() => setPreview(null)} maxWidth="md">
        <DialogTitle>Signature Image</DialogTitle>
        <DialogContent>
          {preview && (
            <Box
              component="img"
              src={preview}
              alt="Signature"
              sx={{ maxWidth: '100%' }}
              data-testid="user-signature-preview"
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
