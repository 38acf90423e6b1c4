import { PO_MSG } from '@bpm/contract/purchase-orders';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useApprovers } from '../../api/purchase-orders';

/** Request Approval: a searchable checklist of approvers; at least one must be chosen. */
export function RequestApprovalDialog({
  open,
  busy,
  error: refused,
  onClose,
  onSend,
}: {
  open: boolean;
  busy: boolean;
  /** Why the request was refused (e.g. a PO without parts), shown in the dialog. */
  error?: string;
  onClose: () => void;
  onSend: (ids: number[]) => void;
}) {
  const q = useApprovers(open);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string>();
  const s = search.trim().toLowerCase();
  const users = (q.data ?? []).filter(
    (u) => !s || `${u.first_name} ${u.last_name} ${u.position} ${u.user_role}`.toLowerCase().includes(s),
  );
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="request-approval-dialog">
      <DialogTitle>Request Approval</DialogTitle>
      <DialogContent>
        {refused && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="request-approval-error">
            {refused}
          </Alert>
        )}
        <TextField
          size="small"
          fullWidth
          label="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ my: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'approver-search' } }}
        />
        <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
          <List dense>
            {users.map((u) => (
              // A label row around a real checkbox (not a button around one: axe nested-interactive, label).
              <ListItem key={u.id} disablePadding>
                <Box
                  component="label"
                  sx={{ display: 'flex', alignItems: 'center', width: '100%', px: 2, cursor: 'pointer' }}
                  data-testid="approver-option"
                >
                  <ListItemIcon>
                    <Checkbox edge="start" checked={chosen.includes(u.id)} onChange={() => toggle(u.id)} />
                  </ListItemIcon>
                  <ListItemText
                    primary={`${u.first_name} ${u.last_name}`}
                    secondary={[u.position, u.user_role].filter(Boolean).join(' · ')}
                  />
                </Box>
              </ListItem>
            ))}
          </List>
        </Box>
        {error && <FormHelperText error>{error}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="request-approval-send"
          onClick={() => {
            if (!chosen.length) {
              setError(PO_MSG.selectApprover);
              return;
            }
            setError(undefined);
            onSend(chosen);
          }}
        >
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Cancel Purchase Order: a reason is required (trimmed); a failure shows in the dialog and as a toast. */
export function CancelPoDialog({
  open,
  busy,
  error,
  onClose,
  onCancelPo,
}: {
  open: boolean;
  busy: boolean;
  error?: string;
  onClose: () => void;
  onCancelPo: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="cancel-po-dialog">
      <DialogTitle>Cancel Purchase Order</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          fullWidth
          multiline
          minRows={3}
          label="Reason"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={!!fieldError}
          helperText={fieldError}
          slotProps={{ htmlInput: { 'data-testid': 'cancel-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          data-testid="cancel-po-confirm"
          onClick={() => {
            if (!reason.trim()) {
              setFieldError(PO_MSG.reasonRequired);
              return;
            }
            setFieldError(undefined);
            onCancelPo(reason.trim());
          }}
        >
          Cancel PO
        </Button>
      </DialogActions>
    </Dialog>
  );
}
