import { type TestStep, testStepSave } from '@bpm/contract/products';
import { useSaveTestStep } from '../../api/products';
import { FormDialog } from '../../components/FormDialog';
import { TestStepFields } from '../../components/TestStepFields';

/** Add or edit a test step: its SI number (read-only; a new step comes last) and description. */
export function TestStepDialog({
  productId,
  step,
  nextSi,
  onClose,
}: {
  productId: number;
  /** The step being edited; undefined to add. */
  step?: TestStep;
  nextSi: number;
  onClose: () => void;
}) {
  const save = useSaveTestStep();
  return (
    <FormDialog
      open
      title={step ? 'Edit Test Step' : 'Add Test Step'}
      schema={testStepSave}
      testId="step-dialog"
      defaultValues={{ product_id: productId, test_desc: step?.test_desc ?? '' }}
      onClose={onClose}
      onSubmit={async (values) => {
        await save.mutateAsync({ ...values, id: step?.id });
        onClose();
      }}
    >
      {(form) => <TestStepFields control={form.control} siNumber={step?.si_number ?? nextSi} />}
    </FormDialog>
  );
}
