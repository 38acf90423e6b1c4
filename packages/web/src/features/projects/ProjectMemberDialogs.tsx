import { MSG } from '@bpm/contract/messages';
import {
  type MemberAdd,
  memberAdd,
  memberEdit,
  PROJECT_MSG,
  PROJECT_ROLE_HELP,
  PROJECT_ROLES,
  type ProjectRole,
} from '@bpm/contract/projects';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Typography,
} from '@mui/material';
import type { Control, FieldValues, Resolver } from 'react-hook-form';
import { toast } from '../../api/notify';
import { useAssignableUsers, useWorkMutation, workApi } from '../../api/work';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { fullName } from '../../components/task-ui';
import { cap, RoleBadge } from './RoleBadge';

/** The role select (`member-role`) of both dialogs. */
function RoleField<V extends FieldValues>({ control }: { control: Control<V, unknown, FieldValues> }) {
  return (
    <FormTextField
      control={control}
      name={'role' as never}
      select
      fullWidth
      required
      label="Role"
      slotProps={{ htmlInput: { 'data-testid': 'member-role' } }}
    >
      {PROJECT_ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          {cap(r)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

interface AddValues {
  project_id: number;
  user_id: number | '';
  role: ProjectRole | '';
}

/** The contract's memberAdd; a missing field says what the dialog says (document 3, Members). */
const validateAdd = zodResolver(memberAdd as never);
const addResolver: Resolver<AddValues, unknown, MemberAdd> = async (values, ctx, opts) => {
  const r = await validateAdd(values, ctx, opts as never);
  for (const e of Object.values(r.errors)) if (e) e.message = MSG.fillRequired;
  return r as never;
};

/** Add Member: a user who is not a member yet and a role (member unless changed). */
export function AddMemberDialog({
  projectId,
  open,
  onClose,
}: {
  projectId: number;
  open: boolean;
  onClose: () => void;
}) {
  const users = useAssignableUsers(projectId);
  const add = useWorkMutation((a: MemberAdd) => workApi.addMember(projectId, a.user_id, a.role));
  const available = (users.data ?? []).filter((u) => u.project_member_id == null);
  const none = !!users.data && available.length === 0;
  return (
    <FormDialog<AddValues, MemberAdd>
      open={open}
      title="Add Member"
      resolver={addResolver}
      defaultValues={{ project_id: projectId, user_id: '', role: 'member' }}
      maxWidth="xs"
      testId="member-add-dialog"
      testIdPrefix="member-add"
      saveLabel="Add"
      saveDisabled={available.length === 0}
      // A refused add says why in the dialog (the server's message), instead of nothing.
      failMessage={PROJECT_MSG.memberAddFailed}
      onClose={onClose}
      onSubmit={async (values) => {
        await add.mutateAsync(values);
        toast(MSG.memberAdded, 'success');
        onClose();
      }}
    >
      {({ control }) => (
        <>
          {users.isError && <Alert severity="error">{MSG.failedLoadUsers}</Alert>}
          {none ? (
            <Typography data-testid="no-available-users">{MSG.noAvailableUsers}</Typography>
          ) : (
            <>
              <FormTextField
                control={control}
                name="user_id"
                select
                label="User"
                required
                slotProps={{ htmlInput: { 'data-testid': 'member-user' } }}
              >
                {available.map((u) => (
                  <MenuItem key={u.id} value={u.id}>
                    {fullName(u.first_name, u.last_name)} ({u.username})
                  </MenuItem>
                ))}
              </FormTextField>
              <RoleField control={control} />
            </>
          )}
        </>
      )}
    </FormDialog>
  );
}

/** Edit Role of a member: the contract's memberEdit ('Please select a role'). */
export function EditRoleDialog({
  projectId,
  editing,
  onClose,
}: {
  projectId: number;
  editing: { userId: number; role: ProjectRole } | null;
  onClose: () => void;
}) {
  const edit = useWorkMutation((a: { userId: number; role: ProjectRole }) =>
    workApi.editMember(projectId, a.userId, a.role),
  );
  return (
    <FormDialog
      open={!!editing}
      title="Edit Role"
      schema={memberEdit}
      defaultValues={{ role: editing?.role }}
      maxWidth="xs"
      testId="member-edit-dialog"
      testIdPrefix="member-edit"
      failMessage={PROJECT_MSG.memberUpdateFailed}
      onClose={onClose}
      onSubmit={async ({ role }) => {
        if (!editing) return;
        await edit.mutateAsync({ userId: editing.userId, role });
        toast(MSG.memberUpdated, 'success');
        onClose();
      }}
    >
      {({ control }) => (
        <Box>
          <RoleField control={control} />
        </Box>
      )}
    </FormDialog>
  );
}

/** Project Roles & Permissions: each role's badge and what it may do. */
export function RolesHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} data-testid="roles-help-dialog">
      <DialogTitle>Project Roles & Permissions</DialogTitle>
      <DialogContent>
        {PROJECT_ROLES.map((r) => (
          <Box key={r} sx={{ mb: 1.5 }}>
            <RoleBadge role={r} />
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {PROJECT_ROLE_HELP[r]}
            </Typography>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
