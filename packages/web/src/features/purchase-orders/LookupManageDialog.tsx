import type { Lookup } from '@bpm/contract/purchase-order-reads';
import { type LookupKind, lookupSave, PO_MSG } from '@bpm/contract/purchase-orders';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useDeleteLookup, useLookup, useSaveLookup } from '../../api/purchase-orders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormTextField } from '../../components/FormTextField';
import { NAMES } from './lookup-names';

type LookupBody = z.output<ReturnType<typeof lookupSave>>;

/** Manage Departments / Terms / Price Quotes: search, Add, edit, delete with confirmation (700 wide, list 500 high). */
export function ManageDialog({ kind, open, onClose }: { kind: LookupKind; open: boolean; onClose: () => void }) {
  const n = NAMES[kind];
  const [search, setSearch] = useState('');
  const q = useLookup(kind, search);
  const del = useDeleteLookup(kind);
  // The name being added (no id) or edited; `seq` starts a fresh form each time Add or Edit is pressed.
  const [editing, setEditing] = useState<{ id?: number; name: string; seq: number } | null>(null);
  const edit = (e: { id?: number; name: string }) => setEditing((prev) => ({ ...e, seq: (prev?.seq ?? 0) + 1 }));
  const [deleting, setDeleting] = useState<Lookup | null>(null);

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
          <Button variant="contained" onClick={() => edit({ name: '' })} data-testid={`add-${kind}`}>
            Add
          </Button>
        </Stack>
        {editing && <LookupNameForm key={editing.seq} kind={kind} entry={editing} onDone={() => setEditing(null)} />}
        <Box sx={{ height: 500, overflow: 'auto' }}>
          <List dense>
            {(q.data ?? []).map((l) => (
              <ListItem
                key={l.id}
                secondaryAction={
                  <>
                    <IconButton aria-label="Edit" onClick={() => edit({ id: l.id, name: l.name })}>
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

/** Add or edit one name: the contract's lookupSave (the kind's own "… name is required"); the server's name error on it. */
function LookupNameForm({
  kind,
  entry,
  onDone,
}: {
  kind: LookupKind;
  entry: { id?: number; name: string };
  onDone: () => void;
}) {
  const save = useSaveLookup(kind);
  const { control, handleSubmit, setError } = useForm<{ id?: number; name: string }, unknown, LookupBody>({
    resolver: zodResolver(lookupSave(kind)) as Resolver<{ id?: number; name: string }, unknown, LookupBody>,
    defaultValues: { id: entry.id, name: entry.name },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      onDone();
    } catch (err) {
      const fe = err instanceof ApiError ? err.fieldErrors.name : undefined;
      if (fe) setError('name', { type: 'server', message: fe });
      else toast(err instanceof ApiError && err.message ? err.message : PO_MSG.saveFailed(NAMES[kind].one), 'error');
    }
  });
  return (
    <Stack direction="row" spacing={1} sx={{ my: 1 }} alignItems="flex-start">
      <FormTextField
        control={control}
        name="name"
        size="small"
        autoFocus
        label="Name"
        sx={{ flexGrow: 1 }}
        slotProps={{ htmlInput: { 'data-testid': `${kind}-name` } }}
      />
      <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid={`${kind}-save`}>
        Save
      </Button>
      <Button onClick={onDone}>Cancel</Button>
    </Stack>
  );
}
