import {
  checklistAdd,
  checklistEdit,
  stockChecklistAdd,
  stockChecklistEdit,
  TC_MSG,
  type TestChecklist,
} from '@bpm/contract/test-checklists';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { type ChecklistKind, fetchChecklist, useSaveChecklist, useTesters } from '../../api/test-checklists';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';

interface Values {
  test_by: number | '';
  quantity: string;
  version?: number;
}

/** The call's body: the ids, tester, version and (unless a stock checklist is edited) quantity. */
type Body = Record<string, unknown> & { quantity?: number };

/** The contract's schema of the call the dialog makes: add or edit, order or stock. */
const schemaFor = (kind: ChecklistKind, editing: boolean) =>
  kind === 'order' ? (editing ? checklistEdit : checklistAdd) : editing ? stockChecklistEdit : stockChecklistAdd;

const fromChecklist = (c: TestChecklist | undefined): Values => ({
  test_by: c?.test_by ?? '',
  quantity: String(c?.quantity ?? 1),
  version: c?.version,
});

/**
 * Add/Edit Test Checklist: tester and quantity (default 1; a stock checklist has no quantity when editing).
 * Lowering the quantity asks first: serials and results beyond it are deleted. A stale edit offers Reload.
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
  // After a stale save's Reload: the checklist as it is now (its version and quantity).
  const [fresh, setFresh] = useState<TestChecklist>();
  const current = fresh ?? checklist;
  // Opening starts from the checklist's values.
  useEffect(() => {
    if (open) setFresh(undefined);
  }, [open]);
  const showQuantity = !(kind === 'stock' && checklist);
  /** The ids the call needs besides the fields: they are validated with them. */
  const ids = () =>
    kind === 'order'
      ? { order_product_id: current?.order_product_id ?? orderProductId }
      : checklist
        ? {}
        : { product_id: productId };
  const validate = zodResolver(schemaFor(kind, !!checklist) as never);
  const resolver: Resolver<Values, unknown, Body> = (values, ctx, opts) =>
    validate(
      {
        ...ids(),
        test_by: values.test_by,
        version: values.version,
        ...(showQuantity ? { quantity: values.quantity } : {}),
      },
      ctx,
      opts as never,
    ) as never;
  const save = useSaveChecklist(kind, checklist?.id);
  return (
    <FormDialog<Values, Body>
      open={open}
      title={checklist ? 'Edit Test Checklist' : 'Add Test Checklist'}
      resolver={resolver}
      defaultValues={fromChecklist(checklist)}
      maxWidth="xs"
      testId="checklist-dialog"
      testIdPrefix="checklist"
      // The server's message is preferred; shown in the dialog (document 3 section 8).
      failMessage="Failed to add/update test checklist"
      reload={
        checklist &&
        (async () => {
          const c = await fetchChecklist(kind, checklist.id);
          setFresh(c);
          return fromChecklist(c);
        })
      }
      confirm={(body) =>
        current && showQuantity && Number(body.quantity) < current.quantity
          ? {
              title: 'Reducing Test Quantity',
              message: TC_MSG.reduceQuantityConfirm(current.quantity, Number(body.quantity)),
            }
          : undefined
      }
      onClose={onClose}
      onSubmit={async (body) => {
        await save.mutateAsync({ ...body, version: current?.version });
        onClose();
      }}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="test_by"
            select
            label="Tester"
            slotProps={{
              htmlInput: { 'data-testid': 'checklist-tester' },
              select: { SelectDisplayProps: { 'data-testid': 'checklist-tester-select' } as object },
            }}
          >
            {(testers.data ?? []).map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {`${u.first_name} ${u.last_name}`.trim()} ({u.user_role})
              </MenuItem>
            ))}
          </FormTextField>
          {showQuantity && (
            <FormTextField
              control={control}
              name="quantity"
              label="Quantity"
              type="number"
              slotProps={{ htmlInput: { min: 1, 'data-testid': 'checklist-quantity' } }}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
