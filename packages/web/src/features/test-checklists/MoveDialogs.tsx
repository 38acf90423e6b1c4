import { exportToStock, importFromStock, TC_MSG, type TestChecklist } from '@bpm/contract/test-checklists';
import { Checkbox, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { toast } from '../../api/notify';
import { useExportToStock, useImportFromStock, useStockProduct } from '../../api/test-checklists';
import { FormDialog } from '../../components/FormDialog';
import { TestStatusChip } from './TestStatusChip';

/** The checklists to move, as a field of the dialog's form (the contract's 'Please select …' on it). */
function Pick<V extends FieldValues>({
  control,
  name,
  list,
}: {
  control: Control<V, unknown, FieldValues>;
  name: Path<V>;
  list: TestChecklist[];
}) {
  if (!list.length) return <Typography color="text.secondary">No checklists</Typography>;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = new Set<number>(field.value as number[]);
        const toggle = (id: number) =>
          field.onChange(chosen.has(id) ? [...chosen].filter((x) => x !== id) : [...chosen, id]);
        return (
          <Stack role="group" aria-label="Checklists">
            {list.map((c) => (
              <Stack key={c.id} direction="row" alignItems="center" spacing={1}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={chosen.has(c.id)}
                      onChange={() => toggle(c.id)}
                      slotProps={{ input: { 'data-testid': `pick-${c.id}` } as object }}
                    />
                  }
                  label={`#${c.id} · ${c.test_by_name || '-'} · ${c.serials.join(', ') || 'no serials'}`}
                />
                <TestStatusChip status={c.status} />
              </Stack>
            ))}
            {fieldState.error && (
              <FormHelperText error role="alert">
                {fieldState.error.message}
              </FormHelperText>
            )}
          </Stack>
        );
      }}
    />
  );
}

const importPick = importFromStock.pick({ stock_checklist_ids: true });
const exportPick = exportToStock.pick({ test_checklist_ids: true });
const MOVE_FAILED = 'Failed to import/export checklists';

/** Import from Stock: the product's stock checklists move into this order line. */
export function ImportDialog({
  open,
  onClose,
  productId,
  orderProductId,
}: {
  open: boolean;
  onClose: () => void;
  productId: number;
  orderProductId: number;
}) {
  const stock = useStockProduct(open ? productId : 0);
  const run = useImportFromStock(orderProductId);
  return (
    <FormDialog
      open={open}
      title="Import from Stock"
      schema={importPick}
      defaultValues={{ stock_checklist_ids: [] }}
      failMessage={MOVE_FAILED}
      saveLabel="Import"
      testId="import-dialog"
      testIdPrefix="import"
      onClose={onClose}
      onSubmit={async (v) => {
        await run.mutateAsync(v.stock_checklist_ids);
        toast(TC_MSG.imported, 'success');
        onClose();
      }}
    >
      {(form) => <Pick control={form.control} name="stock_checklist_ids" list={stock.data?.checklists ?? []} />}
    </FormDialog>
  );
}

/** Export to Stock: checklists leave the order for stock, results and all. */
export function ExportDialog({ open, onClose, list }: { open: boolean; onClose: () => void; list: TestChecklist[] }) {
  const run = useExportToStock();
  return (
    <FormDialog
      open={open}
      title="Export to Stock"
      schema={exportPick}
      defaultValues={{ test_checklist_ids: [] }}
      failMessage={MOVE_FAILED}
      saveLabel="Export"
      testId="export-dialog"
      testIdPrefix="export"
      onClose={onClose}
      onSubmit={async (v) => {
        await run.mutateAsync(v.test_checklist_ids);
        toast(TC_MSG.exported, 'success');
        onClose();
      }}
    >
      {(form) => <Pick control={form.control} name="test_checklist_ids" list={list} />}
    </FormDialog>
  );
}
