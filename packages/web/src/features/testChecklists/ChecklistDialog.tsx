import {
  checklistAdd,
  checklistEdit,
  stockChecklistAdd,
  stockChecklistEdit,
  TC_MSG,
  type TestChecklist,
} from '@bpm/contract/testChecklists';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack } from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ApiError, handleSaveError } from '../../api/errors';
import { type ChecklistKind, fetchChecklist, useSaveChecklist, useTesters } from '../../api/testChecklists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConflict } from '../../components/ConflictBanner';
import { FormTextField } from '../../components/FormTextField';
import { reportInvalid } from '../../components/form-behaviour';

interface Values {
  test_by: number | '';
  quantity: string;
  version?: number;
}

const FIELDS = ['test_by', 'quantity', 'version'];

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
  const showQuantity = !(kind === 'stock' && checklist);
  /** The ids the call needs besides the fields: they are validated with them. */
  const ids = () =>
    kind === 'order'
      ? { order_product_id: current?.order_product_id ?? orderProductId }
      : checklist
        ? {}
        : { product_id: productId };
  const validate = zodResolver(schemaFor(kind, !!checklist) as never);
  const resolver: Resolver<Values> = (values, ctx, opts) =>
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
  const { control, handleSubmit, setError, reset, getValues } = useForm<Values>({
    resolver,
    defaultValues: fromChecklist(checklist),
  });
  const [banner, setBanner] = useState<string>();
  const [confirm, setConfirm] = useState(false);
  const formEl = useRef<HTMLFormElement | null>(null);
  const conflict = useConflict(
    async () => ({ data: checklist ? await fetchChecklist(kind, checklist.id) : undefined }),
    (c) => {
      setFresh(c);
      reset(fromChecklist(c));
    },
  );
  // Opening starts from the checklist's values.
  useEffect(() => {
    if (!open) return;
    setFresh(undefined);
    reset(fromChecklist(checklist));
    setBanner(undefined);
    conflict.set(null);
  }, [open, checklist, reset, conflict.set]);
  const save = useSaveChecklist(kind, checklist?.id);

  const send = async (values: Values) => {
    const body: Record<string, unknown> = { ...ids(), test_by: values.test_by, version: current?.version };
    if (showQuantity) body.quantity = Number(values.quantity);
    setBanner(undefined);
    conflict.set(null);
    try {
      await save.mutateAsync(body);
      onClose();
    } catch (err) {
      const e = handleSaveError(err, setError as never, FIELDS, conflict.set);
      // The server's message is preferred; shown in the dialog (document 3 section 8).
      if (e?.code !== 'stale_version')
        setBanner(err instanceof ApiError ? err.message : 'Failed to add/update test checklist');
    }
  };
  const submit = handleSubmit(async (values) => {
    if (current && showQuantity && Number(values.quantity) < current.quantity) return setConfirm(true);
    await send(values);
  });

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="checklist-dialog">
        <Box
          component="form"
          noValidate
          ref={formEl}
          onSubmit={async (e: FormEvent<HTMLFormElement>) => {
            e.stopPropagation();
            await submit(e);
            await reportInvalid(formEl.current);
          }}
        >
          <DialogTitle>{checklist ? 'Edit Test Checklist' : 'Add Test Checklist'}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              {banner && <Alert severity="error">{banner}</Alert>}
              {conflict.message && (
                <Alert
                  severity="warning"
                  data-testid="checklist-conflict"
                  action={
                    <Button color="inherit" size="small" data-testid="checklist-reload" onClick={conflict.reload}>
                      Reload
                    </Button>
                  }
                >
                  {conflict.message}
                </Alert>
              )}
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
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="checklist-save">
              Save
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={confirm}
        title="Reducing Test Quantity"
        message={TC_MSG.reduceQuantityConfirm(current?.quantity ?? 0, Number(getValues('quantity')))}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void send(getValues());
        }}
      />
    </>
  );
}
