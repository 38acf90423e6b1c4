import { poCancel, poRequestApproval } from '@bpm/contract/purchase-orders';
import {
  Alert,
  Box,
  Checkbox,
  FormHelperText,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useApprovers } from '../../api/purchase-orders';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';

/** Request Approval: a searchable checklist of approvers; at least one must be chosen (the contract's rule). */
export function RequestApprovalDialog({
  open,
  error: refused,
  onClose,
  onSend,
}: {
  open: boolean;
  /** Why the request was refused (e.g. a PO without parts), shown in the dialog. */
  error?: string;
  onClose: () => void;
  onSend: (ids: number[]) => Promise<void>;
}) {
  const q = useApprovers(open);
  const [search, setSearch] = useState('');
  const s = search.trim().toLowerCase();
  const users = (q.data ?? []).filter(
    (u) => !s || `${u.first_name} ${u.last_name} ${u.position} ${u.user_role}`.toLowerCase().includes(s),
  );
  return (
    <FormDialog
      open={open}
      title="Request Approval"
      schema={poRequestApproval}
      defaultValues={{ emailTo: [] }}
      saveLabel="Send"
      testId="request-approval-dialog"
      testIdPrefix="request-approval"
      onClose={onClose}
      onSubmit={(v) => onSend(v.emailTo)}
    >
      {(form) => (
        <>
          {refused && (
            <Alert severity="error" data-testid="request-approval-error">
              {refused}
            </Alert>
          )}
          <TextField
            size="small"
            fullWidth
            label="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'approver-search' } }}
          />
          <Controller
            control={form.control}
            name="emailTo"
            render={({ field, fieldState }) => {
              const chosen = (field.value ?? []) as number[];
              const toggle = (id: number) =>
                field.onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
              return (
                <Box>
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
                  {fieldState.error && (
                    <FormHelperText error role="alert">
                      {fieldState.error.message}
                    </FormHelperText>
                  )}
                </Box>
              );
            }}
          />
        </>
      )}
    </FormDialog>
  );
}

/** Cancel Purchase Order: a reason is required (trimmed, the contract's rule); a failure shows in the dialog. */
export function CancelPoDialog({
  open,
  error,
  onClose,
  onCancelPo,
}: {
  open: boolean;
  error?: string;
  onClose: () => void;
  onCancelPo: (reason: string) => Promise<void>;
}) {
  return (
    <FormDialog
      open={open}
      title="Cancel Purchase Order"
      schema={poCancel}
      defaultValues={{ reason: '' }}
      saveLabel="Cancel PO"
      cancelLabel="Close"
      danger
      testId="cancel-po-dialog"
      testIdPrefix="cancel-po"
      onClose={onClose}
      onSubmit={(v) => onCancelPo(v.reason)}
    >
      {(form) => (
        <>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField
            control={form.control}
            name="reason"
            label="Reason"
            required
            fullWidth
            multiline
            minRows={3}
            slotProps={{ htmlInput: { 'data-testid': 'cancel-reason' } }}
          />
        </>
      )}
    </FormDialog>
  );
}
