import { TC_MSG, type TestChecklist } from '@bpm/contract/test-checklists';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { toast } from '../../api/notify';
import { useExportToStock, useImportFromStock, useStockProduct } from '../../api/test-checklists';
import { TestStatusChip } from './TestStatusChip';

function Pick({
  list,
  selected,
  onToggle,
}: {
  list: TestChecklist[];
  selected: Set<number>;
  onToggle: (id: number) => void;
}) {
  if (!list.length) return <Typography color="text.secondary">No checklists</Typography>;
  return (
    <Stack>
      {list.map((c) => (
        <Stack key={c.id} direction="row" alignItems="center" spacing={1}>
          <FormControlLabel
            control={
              <Checkbox
                checked={selected.has(c.id)}
                onChange={() => onToggle(c.id)}
                slotProps={{ input: { 'data-testid': `pick-${c.id}` } as object }}
              />
            }
            label={`#${c.id} · ${c.test_by_name || '-'} · ${c.serials.join(', ') || 'no serials'}`}
          />
          <TestStatusChip status={c.status} />
        </Stack>
      ))}
    </Stack>
  );
}

function useSelection(open: boolean) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setSelected(new Set());
      setError(undefined);
    }
  }, [open]);
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return { selected, toggle, error, setError };
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
  const sel = useSelection(open);
  const run = useImportFromStock(orderProductId);
  async function submit() {
    if (!sel.selected.size) return sel.setError(TC_MSG.selectImport);
    try {
      await run.mutateAsync([...sel.selected]);
      toast(TC_MSG.imported, 'success');
      onClose();
    } catch {
      sel.setError('Failed to import/export checklists');
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="import-dialog">
      <DialogTitle>Import from Stock</DialogTitle>
      <DialogContent>
        {sel.error && <Alert severity="error">{sel.error}</Alert>}
        <Pick list={stock.data?.checklists ?? []} selected={sel.selected} onToggle={sel.toggle} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} data-testid="import-confirm">
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Export to Stock: checklists leave the order for stock, results and all. */
export function ExportDialog({ open, onClose, list }: { open: boolean; onClose: () => void; list: TestChecklist[] }) {
  const sel = useSelection(open);
  const run = useExportToStock();
  async function submit() {
    if (!sel.selected.size) return sel.setError(TC_MSG.selectExport);
    try {
      await run.mutateAsync([...sel.selected]);
      toast(TC_MSG.exported, 'success');
      onClose();
    } catch {
      sel.setError('Failed to import/export checklists');
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="export-dialog">
      <DialogTitle>Export to Stock</DialogTitle>
      <DialogContent>
        {sel.error && <Alert severity="error">{sel.error}</Alert>}
        <Pick list={list} selected={sel.selected} onToggle={sel.toggle} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} data-testid="export-confirm">
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
