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

/** A move between stock and an order: pick checklists, then one call; the spec's toast, or its failure. */
function MoveDialog({
  open,
  onClose,
  list,
  way,
  run,
}: {
  open: boolean;
  onClose: () => void;
  list: TestChecklist[];
  way: 'import' | 'export';
  run: (ids: number[]) => Promise<unknown>;
}) {
  const importing = way === 'import';
  const field = importing ? 'stock_checklist_ids' : 'test_checklist_ids';
  return (
    <FormDialog<Record<string, number[]>>
      open={open}
      title={importing ? 'Import from Stock' : 'Export to Stock'}
      schema={(importing ? importPick : exportPick) as never}
      defaultValues={{ [field]: [] }}
      failMessage={MOVE_FAILED}
      saveLabel={importing ? 'Import' : 'Export'}
      testId={`${way}-dialog`}
      testIdPrefix={way}
      onClose={onClose}
      onSubmit={async (v) => {
        await run(v[field] ?? []);
        toast(importing ? TC_MSG.imported : TC_MSG.exported, 'success');
        onClose();
      }}
    >
      {(form) => <Pick control={form.control} name={field} list={list} />}
    </FormDialog>
  );
}

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
  const list = stock.data?.checklists ?? [];
  return <MoveDialog open={open} onClose={onClose} list={list} way="import" run={(ids) => run.mutateAsync(ids)} />;
}

/** Export to Stock: checklists leave the order for stock, results and all. */
export function ExportDialog({ open, onClose, list }: { open: boolean; onClose: () => void; list: TestChecklist[] }) {
  const run = useExportToStock();
  return <MoveDialog open={open} onClose={onClose} list={list} way="export" run={(ids) => run.mutateAsync(ids)} />;
}
