import { TC_MSG, type TestChecklist } from '@bpm/contract/testChecklists';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/errors';
import { type ChecklistKind, useSaveChecklist, useTesters } from '../../api/testChecklists';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * Add/Edit Test Checklist: tester and quantity (default 1; a stock checklist has no quantity when editing).
 * Lowering the quantity asks first: serials and results beyond it are deleted.
 */
export function ChecklistDialog({
  kind,
  open,
  onClose,
  checklist,
  orderProductId,
  productId,
}: {
  kind: ChecklistKind;
  open: boolean;
  onClose: () => void;
  checklist?: TestChecklist;
  orderProductId?: number;
  productId?: number;
}) {
  const testers = useTesters(kind, open);
  const [testBy, setTestBy] = useState<number | ''>('');
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string>();
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    if (!open) return;
    setTestBy(checklist?.test_by ?? '');
    setQuantity(String(checklist?.quantity ?? 1));
    setErrors({});
    setBanner(undefined);
  }, [open, checklist]);
  const showQuantity = !(kind === 'stock' && checklist);
  const save = useSaveChecklist(kind, checklist?.id);

  function validate(): Record<string, string> {
    const e: Record<string, string> = {};
    if (!testBy) e.test_by = TC_MSG.testerRequired;
    if (showQuantity) {
      if (quantity.trim() === '') e.quantity = TC_MSG.quantityRequired;
      else if (!(Number(quantity) > 0) || !Number.isInteger(Number(quantity))) e.quantity = TC_MSG.quantityPositive;
    }
    return e;
  }
  async function submit(confirmed = false) {
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return;
    const q = Number(quantity);
    if (checklist && showQuantity && q < checklist.quantity && !confirmed) {
      setConfirm(true);
      return;
    }
    const body: Record<string, unknown> = { test_by: testBy, version: checklist?.version };
    if (showQuantity) body.quantity = q;
    if (kind === 'order') body.order_product_id = checklist?.order_product_id ?? orderProductId;
    else if (!checklist) body.product_id = productId;
    try {
      await save.mutateAsync(body);
      onClose();
    } catch (err) {
      // The server's message is preferred; shown in the dialog (document 3 section 8).
      setBanner(err instanceof ApiError ? err.message : 'Failed to add/update test checklist');
      if (err instanceof ApiError) {
        const cause = (err.body as { cause?: Record<string, string> })?.cause;
        if (cause) setErrors(cause);
      }
    }
  }
  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="checklist-dialog">
        <DialogTitle>{checklist ? 'Edit Test Checklist' : 'Add Test Checklist'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {banner && <Alert severity="error">{banner}</Alert>}
            <TextField
              select
              label="Tester"
              value={testBy}
              onChange={(e) => setTestBy(Number(e.target.value))}
              error={!!errors.test_by}
              helperText={errors.test_by}
              slotProps={{ htmlInput: { 'data-testid': 'checklist-tester' } }}
              SelectProps={{ SelectDisplayProps: { 'data-testid': 'checklist-tester-select' } as object }}
            >
              {(testers.data ?? []).map((u) => (
                <MenuItem key={u.id} value={u.id}>
                  {`${u.first_name} ${u.last_name}`.trim()} ({u.user_role})
                </MenuItem>
              ))}
            </TextField>
            {showQuantity && (
              <TextField
                label="Quantity"
                type="number"
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                error={!!errors.quantity}
                helperText={errors.quantity}
                slotProps={{ htmlInput: { min: 1, 'data-testid': 'checklist-quantity' } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={() => submit()} disabled={save.isPending} data-testid="checklist-save">
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirm}
        title="Reducing Test Quantity"
        message={TC_MSG.reduceQuantityConfirm(checklist?.quantity ?? 0, Number(quantity))}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void submit(true);
        }}
      />
    </>
  );
}
