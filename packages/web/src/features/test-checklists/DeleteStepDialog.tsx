import type { TestStep } from '@bpm/contract/test-checklists';
import { toast } from '../../api/notify';
import { type ChecklistKind, useDeleteStep } from '../../api/test-checklists';
import { ConfirmDialog } from '../../components/ConfirmDialog';

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
