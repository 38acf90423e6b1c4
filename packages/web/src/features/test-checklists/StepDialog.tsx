import { stepSave, stockStepSave, type TestChecklist, type TestStep } from '@bpm/contract/test-checklists';
import { type ChecklistKind, useSaveStep } from '../../api/test-checklists';
import { FormDialog } from '../../components/FormDialog';
import { TestStepFields } from '../../components/TestStepFields';

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
        <TestStepFields control={form.control} siNumber={step?.si_number ?? nextSi} descTestId="step-desc-input" />
      )}
    </FormDialog>
  );
}
