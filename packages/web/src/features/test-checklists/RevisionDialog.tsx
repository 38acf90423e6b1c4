import { revisionSave, TC_MSG, type TestChecklist } from '@bpm/contract/test-checklists';
import { toast } from '../../api/notify';
import { type ChecklistKind, useUpdateRevision } from '../../api/test-checklists';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';

/** Edit Revision: the contract's revisionSave ('Revision cannot be empty') on react-hook-form. */
export function RevisionDialog({
  kind,
  c,
  open,
  onClose,
}: {
  kind: ChecklistKind;
  c: TestChecklist;
  open: boolean;
  onClose: () => void;
}) {
  const save = useUpdateRevision(kind, c.id);
  return (
    <FormDialog
      open={open}
      title="Edit Revision"
      schema={revisionSave}
      maxWidth="xs"
      testId="rev-dialog"
      testIdPrefix="rev"
      failMessage="Failed to save revision"
      defaultValues={{ rev: c.rev }}
      onClose={onClose}
      onSubmit={async ({ rev }) => {
        await save.mutateAsync(rev);
        toast(kind === 'order' ? TC_MSG.revSaved : TC_MSG.stockRevSaved, 'success');
        onClose();
      }}
    >
      {(form) => (
        <FormTextField
          control={form.control}
          name="rev"
          label="Revision"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'rev-input' } }}
        />
      )}
    </FormDialog>
  );
}
