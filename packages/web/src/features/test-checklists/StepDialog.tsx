import type { TestChecklist, TestStep } from '@bpm/contract/test-checklists';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { type ChecklistKind, useDeleteStep, useSaveStep } from '../../api/test-checklists';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** Add/Edit Test Step: SI number read-only (highest plus 1), description required. */
export function StepDialog({
  kind,
  c,
  open,
  step,
  nextSi,
  onClose,
}: {
  kind: ChecklistKind;
  c: TestChecklist;
  open: boolean;
  step?: TestStep;
  nextSi: number;
  onClose: () => void;
}) {
  const [desc, setDesc] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setDesc(step?.test_desc ?? '');
      setError(undefined);
    }
  }, [open, step]);
  const save = useSaveStep(kind);
  async function submit() {
    if (!desc.trim()) return setError('Test Description is required');
    const key = kind === 'order' ? 'test_checklist_id' : 'stock_test_checklist_id';
    try {
      await save.mutateAsync({ id: step?.id, [key]: c.id, si_number: step?.si_number ?? nextSi, test_desc: desc });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Failed to save test step');
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="step-dialog">
      <DialogTitle>{step ? 'Edit Test Step' : 'Add Test Step'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label="SI Number" value={step?.si_number ?? nextSi} slotProps={{ input: { readOnly: true } }} />
          <TextField
            label="Test Description"
            required
            multiline
            minRows={3}
            autoFocus
            value={desc}
            onChange={(e) => setDesc(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'step-desc-input' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="step-save">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Deleting a step asks first. */
export function DeleteStepDialog({
  kind,
  step,
  onClose,
}: {
  kind: ChecklistKind;
  step: TestStep | null;
  onClose: () => void;
}) {
  const del = useDeleteStep(kind);
  return (
    <ConfirmDialog
      open={!!step}
      message="Are you sure you want to delete this test step?"
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        if (step) del.mutateAsync(step.id).catch(() => toast('Failed to delete test step', 'error'));
      }}
    />
  );
}
