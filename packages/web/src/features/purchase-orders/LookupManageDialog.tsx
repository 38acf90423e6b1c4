import type { Lookup } from '@bpm/contract/purchase-order-reads';
import { LOOKUP_NAME_MSG, type LookupKind, PO_MSG } from '@bpm/contract/purchase-orders';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useDeleteLookup, useLookup, useSaveLookup } from '../../api/purchase-orders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NAMES } from './lookup-names';

/** Manage Departments / Terms / Price Quotes: search, Add, edit, delete with confirmation (700 wide, list 500 high). */
export function ManageDialog({ kind, open, onClose }: { kind: LookupKind; open: boolean; onClose: () => void }) {
  const n = NAMES[kind];
  const [search, setSearch] = useState('');
  const q = useLookup(kind, search);
  const save = useSaveLookup(kind);
  const del = useDeleteLookup(kind);
  const [editing, setEditing] = useState<{ id?: number; name: string } | null>(null);
  const [nameError, setNameError] = useState<string>();
  const [deleting, setDeleting] = useState<Lookup | null>(null);

  const submit = async () => {
    if (!editing) return;
    if (!editing.name.trim()) {
      setNameError(LOOKUP_NAME_MSG[kind]);
      return;
    }
    try {
      await save.mutateAsync({ id: editing.id, name: editing.name });
      setEditing(null);
      setNameError(undefined);
    } catch (err) {
      const fe = err instanceof ApiError ? err.fieldErrors.name : undefined;
      if (fe) setNameError(fe);
      else toast(err instanceof ApiError && err.message ? err.message : PO_MSG.saveFailed(n.one), 'error');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 700, maxWidth: '95vw' } } }}
      data-testid={`manage-${kind}-dialog`}
    >
      <DialogTitle>{n.title}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ my: 1 }}>
          <TextField
            size="small"
            label="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ flexGrow: 1 }}
          />
          <Button variant="contained" onClick={() => setEditing({ name: '' })} data-testid={`add-${kind}`}>
            Add
          </Button>
        </Stack>
        {editing && (
          <Stack direction="row" spacing={1} sx={{ my: 1 }} alignItems="flex-start">
            <TextField
              size="small"
              autoFocus
              label="Name"
              value={editing.name}
              onChange={(e) => setEditing({ ...editing, name: e.target.value })}
              error={!!nameError}
              helperText={nameError}
              sx={{ flexGrow: 1 }}
              slotProps={{ htmlInput: { 'data-testid': `${kind}-name` } }}
            />
            <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid={`${kind}-save`}>
              Save
            </Button>
            <Button
              onClick={() => {
                setEditing(null);
                setNameError(undefined);
              }}
            >
              Cancel
            </Button>
          </Stack>
        )}
        <Box sx={{ height: 500, overflow: 'auto' }}>
          <List dense>
            {(q.data ?? []).map((l) => (
              <ListItem
                key={l.id}
                secondaryAction={
                  <>
                    <IconButton aria-label="Edit" onClick={() => setEditing({ id: l.id, name: l.name })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton aria-label="Delete" onClick={() => setDeleting(l)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </>
                }
              >
                <ListItemText primary={l.name} />
              </ListItem>
            ))}
          </List>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={!!deleting}
        message={`Are you sure you want to delete this ${n.one}?`}
        busy={del.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await del.mutateAsync(deleting.id);
          } catch {
            toast(PO_MSG.deleteFailed(n.one), 'error');
          }
          setDeleting(null);
        }}
      />
    </Dialog>
  );
}
