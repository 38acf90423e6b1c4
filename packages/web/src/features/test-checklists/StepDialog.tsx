import { stepSave, stockStepSave, type TestChecklist, type TestStep } from '@bpm/contract/test-checklists';
import { TextField } from '@mui/material';
import { type ChecklistKind, useSaveStep } from '../../api/test-checklists';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';

/**
 * Add/Edit Test Step: SI number read-only (highest plus 1), description required — the contract's stepSave (order)
 * or stockStepSave (stock) on react-hook-form, like every form.
 */
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
  const save = useSaveStep(kind);
  const key = kind === 'order' ? 'test_checklist_id' : 'stock_test_checklist_id';
  return (
    <FormDialog
      open={open}
      title={step ? 'Edit Test Step' : 'Add Test Step'}
      schema={(kind === 'order' ? stepSave : stockStepSave) as never}
      testId="step-dialog"
      testIdPrefix="step"
      failMessage="Failed to save test step"
      defaultValues={{ [key]: c.id, si_number: step?.si_number ?? nextSi, test_desc: step?.test_desc ?? '' }}
      onClose={onClose}
      onSubmit={async (values: Record<string, unknown>) => {
        await save.mutateAsync({ ...values, id: step?.id });
        onClose();
      }}
    >
      {(form) => (
        <>
          <TextField
            label="SI Number"
            value={step?.si_number ?? nextSi}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'field-si_number' } }}
          />
          <FormTextField
            control={form.control}
            name="test_desc"
            label="Test Description"
            required
            multiline
            minRows={3}
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'step-desc-input' } }}
          />
        </>
      )}
    </FormDialog>
  );
}
