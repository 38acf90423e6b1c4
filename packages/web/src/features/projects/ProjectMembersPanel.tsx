import { MSG } from '@bpm/contract/messages';
import { PROJECT_ROLE_COLORS, PROJECT_ROLE_HELP, PROJECT_ROLES, type ProjectRole } from '@bpm/contract/projects';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { toast } from '../../api/notify';
import { useAssignableUsers, useMembers, useWorkMutation, workApi } from '../../api/work';
import { fullName } from '../../components/task-ui';

// Each at least 4.5:1 against the white label text.
const BADGE: Record<string, string> = { purple: '#7b1fa2', teal: '#00796b', blue: '#1976d2', grey: '#757575' };
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function RoleBadge({ role }: { role: ProjectRole }) {
  return (
    <Chip
      size="small"
      label={cap(role)}
      sx={{ bgcolor: BADGE[PROJECT_ROLE_COLORS[role]], color: '#fff' }}
      data-testid={`role-${role}`}
    />
  );
}

/** The Project Members panel: list; add, edit role and remove for those who can manage members. */
export function ProjectMembersPanel({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const members = useMembers(projectId);
  const users = useAssignableUsers(canManage ? projectId : undefined);
  const [adding, setAdding] = useState(false);
  const [help, setHelp] = useState(false);
  const [pick, setPick] = useState<{ user: number | ''; role: ProjectRole }>({ user: '', role: 'member' });
  const [editing, setEditing] = useState<{ userId: number; role: ProjectRole | '' } | null>(null);
  const [dialogError, setDialogError] = useState('');
  const add = useWorkMutation((a: { user: number; role: ProjectRole }) => workApi.addMember(projectId, a.user, a.role));
  const edit = useWorkMutation((a: { userId: number; role: ProjectRole }) =>
    workApi.editMember(projectId, a.userId, a.role),
  );
  const remove = useWorkMutation((userId: number) => workApi.removeMember(projectId, userId));
  const available = (users.data ?? []).filter((u) => u.project_member_id == null);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="members-panel">
      <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          Project Members ({members.data?.total ?? 0})
        </Typography>
        <IconButton aria-label="Project Roles & Permissions" onClick={() => setHelp(true)} data-testid="roles-help">
          <HelpOutlineIcon />
        </IconButton>
        {canManage && (
          <Button
            onClick={() => {
              setPick({ user: '', role: 'member' });
              setDialogError('');
              setAdding(true);
            }}
            data-testid="member-add"
          >
            Add Member
          </Button>
        )}
      </Stack>
      {members.isError && <Typography color="error">{MSG.failedLoadMembers}</Typography>}
      <List dense>
        {(members.data?.rows ?? []).map((m) => (
          <ListItem
            key={m.user_id}
            data-testid="member"
            secondaryAction={
              canManage && (
                <>
                  <IconButton
                    aria-label="Edit role"
                    data-testid="member-edit"
                    onClick={() => setEditing({ userId: m.user_id, role: m.role })}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label="Remove member"
                    data-testid="member-remove"
                    onClick={async () => {
                      try {
                        await remove.mutateAsync(m.user_id);
                        toast(MSG.memberRemoved, 'success');
                      } catch (err) {
                        console.error(err); // silent (document 3 section 8)
                      }
                    }}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              )
            }
          >
            <ListItemText primary={fullName(m.first_name, m.last_name)} secondary={m.username} />
            <Box sx={{ mr: canManage ? 10 : 0 }}>
              <RoleBadge role={m.role} />
            </Box>
          </ListItem>
        ))}
      </List>

      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="xs" data-testid="member-add-dialog">
        <DialogTitle>Add Member</DialogTitle>
        <DialogContent>
          {dialogError && <Alert severity="error">{dialogError}</Alert>}
          {users.isError && <Alert severity="error">{MSG.failedLoadUsers}</Alert>}
          {users.data && available.length === 0 ? (
            <Typography sx={{ mt: 1 }} data-testid="no-available-users">
              {MSG.noAvailableUsers}
            </Typography>
          ) : (
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField
                select
                label="User"
                required
                value={pick.user}
                onChange={(e) => setPick({ ...pick, user: Number(e.target.value) })}
                slotProps={{ htmlInput: { 'data-testid': 'member-user' } }}
              >
                {available.map((u) => (
                  <MenuItem key={u.id} value={u.id}>
                    {fullName(u.first_name, u.last_name)} ({u.username})
                  </MenuItem>
                ))}
              </TextField>
              <RoleSelect value={pick.role} onChange={(role) => setPick({ ...pick, role })} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(false)}>Cancel</Button>
          <Button
            variant="contained"
            data-testid="member-add-save"
            disabled={add.isPending || available.length === 0}
            onClick={async () => {
              if (!pick.user || !pick.role) {
                setDialogError(MSG.fillRequired);
                return;
              }
              try {
                await add.mutateAsync({ user: pick.user, role: pick.role });
                toast(MSG.memberAdded, 'success');
                setAdding(false);
              } catch (err) {
                console.error(err); // silent (document 3 section 8)
              }
            }}
          >
            Add
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={!!editing} onClose={() => setEditing(null)} fullWidth maxWidth="xs">
        <DialogTitle>Edit Role</DialogTitle>
        <DialogContent>
          {dialogError && editing && <Alert severity="error">{dialogError}</Alert>}
          <Box sx={{ mt: 1 }}>
            <RoleSelect value={editing?.role ?? ''} onChange={(role) => editing && setEditing({ ...editing, role })} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>Cancel</Button>
          <Button
            variant="contained"
            data-testid="member-edit-save"
            onClick={async () => {
              if (!editing) return;
              if (!editing.role) {
                setDialogError(MSG.selectRole);
                return;
              }
              try {
                await edit.mutateAsync({ userId: editing.userId, role: editing.role });
                toast(MSG.memberUpdated, 'success');
                setEditing(null);
              } catch (err) {
                console.error(err);
              }
            }}
          >
            Save
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={help} onClose={() => setHelp(false)} data-testid="roles-help-dialog">
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
          <Button onClick={() => setHelp(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function RoleSelect({ value, onChange }: { value: ProjectRole | ''; onChange: (r: ProjectRole) => void }) {
  return (
    <TextField
      select
      fullWidth
      required
      label="Role"
      value={value}
      onChange={(e) => onChange(e.target.value as ProjectRole)}
      slotProps={{ htmlInput: { 'data-testid': 'member-role' } }}
    >
      {PROJECT_ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          {cap(r)}
        </MenuItem>
      ))}
    </TextField>
  );
}
