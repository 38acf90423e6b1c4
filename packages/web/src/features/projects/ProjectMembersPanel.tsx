import { MSG } from '@bpm/contract/messages';
import { PROJECT_MSG, type ProjectMember, type ProjectRole } from '@bpm/contract/projects';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { Box, Button, IconButton, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { toast } from '../../api/notify';
import { useMembers, useWorkMutation, workApi } from '../../api/work';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { fullName } from '../../components/task-ui';
import { AddMemberDialog, EditRoleDialog, RolesHelpDialog } from './ProjectMemberDialogs';
import { RoleBadge } from './RoleBadge';

/** The Project Members panel: list; add, edit role and remove for those who can manage members. */
export function ProjectMembersPanel({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const members = useMembers(projectId);
  const [adding, setAdding] = useState(false);
  const [help, setHelp] = useState(false);
  const [editing, setEditing] = useState<{ userId: number; role: ProjectRole } | null>(null);
  const remove = useWorkMutation((userId: number) => workApi.removeMember(projectId, userId));
  const [removing, setRemoving] = useState<ProjectMember | null>(null);
  const removeNow = async (m: ProjectMember) => {
    try {
      await remove.mutateAsync(m.user_id);
      toast(MSG.memberRemoved, 'success');
    } catch (err) {
      // Say why it was refused (the server's message) rather than nothing.
      toast(err instanceof Error && err.message ? err.message : PROJECT_MSG.memberRemoveFailed, 'error');
    } finally {
      setRemoving(null);
    }
  };

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
          <Button onClick={() => setAdding(true)} data-testid="member-add">
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
                  <IconButton aria-label="Remove member" data-testid="member-remove" onClick={() => setRemoving(m)}>
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
      {canManage && (
        <>
          <AddMemberDialog projectId={projectId} open={adding} onClose={() => setAdding(false)} />
          <EditRoleDialog projectId={projectId} editing={editing} onClose={() => setEditing(null)} />
        </>
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove Member"
        message={PROJECT_MSG.removeMemberConfirm(removing ? fullName(removing.first_name, removing.last_name) : '')}
        confirmLabel="Remove"
        cancelLabel="Cancel"
        destructive
        busy={remove.isPending}
        testId="member-remove-dialog"
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void removeNow(removing)}
      />
      <RolesHelpDialog open={help} onClose={() => setHelp(false)} />
    </Paper>
  );
}
