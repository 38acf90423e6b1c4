import { MSG } from '@bpm/contract/messages';
import type { BomImportResult, BomLine, Product } from '@bpm/contract/products';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { type DragEvent, useState } from 'react';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import { useBom, useDeleteBomLine, useImportBom, useSaveBomRev } from '../../api/products';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatUnitPrice } from '../../components/format';
import { BomLineDialog } from './BomLineDialog';
import { isCsvFile, parseBomCsv } from './bom-csv';
import { RevisionBar } from './RevisionBar';

/** BOM tab (administrator or purchase): lines, add/edit/delete, CSV import, BOM REV (document 2 section 2). */
export function BomTab({ product }: { product: Product }) {
  const del = useDeleteBomLine();
  const saveRev = useSaveBomRev();
  const [editing, setEditing] = useState<{ line?: BomLine; n: number } | null>(null);
  const [toDelete, setToDelete] = useState<BomLine | null>(null);

  return (
    <Stack spacing={2}>
      <RevisionBar
        label="BOM REV"
        initial={product.bom_rev}
        width={220}
        testId="bom-rev"
        stackBelow="md"
        saving={saveRev.isPending}
        onSave={(bomRev) => saveRev.mutateAsync({ productId: product.id, bomRev })}
        savedMessage={MSG.bomRevSaved}
        failedMessage={MSG.bomRevFailed}
      >
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="h6" data-testid="bom-cost">
          BOM Cost: {formatUnitPrice(product.bom_cost)}
        </Typography>
      </RevisionBar>

      <BomImportPanel productId={product.id} />

      <BomLinesTable
        product={product}
        onAdd={() => setEditing({ n: Date.now() })}
        onEdit={(line) => setEditing({ line, n: Date.now() })}
        onDelete={setToDelete}
      />

      {editing && (
        <BomLineDialog
          key={editing.n}
          productId={product.id}
          line={editing.line}
          open
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        message={MSG.deleteBomLineConfirm}
        busy={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const l = toDelete;
          setToDelete(null);
          if (l) del.mutate(l.id);
        }}
      />
    </Stack>
  );
}

/** Import CSV: choose or drop a file, optionally replacing every line; the result or the error below. */
function BomImportPanel({ productId }: { productId: number }) {
  const importBom = useImportBom();
  const [replaceAll, setReplaceAll] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const [result, setResult] = useState<BomImportResult | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fail = (message: string) => {
    setImportError(message);
    toast(message, 'error');
  };

  const importFile = async (file: File | undefined, how: 'choose' | 'drop') => {
    if (!file) return;
    setResult(null);
    setImportError(null);
    if (!isCsvFile(file)) return fail(how === 'choose' ? MSG.selectCsv : MSG.dropCsv);
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      return fail(`Error parsing CSV file: ${(err as Error).message}`);
    }
    const parsed = parseBomCsv(text);
    if (!parsed.ok) return fail(parsed.error);
    try {
      const r = await importBom.mutateAsync({ productId, bomData: parsed.rows, replaceAll });
      setResult(r);
      toast(
        `Imported ${r.imported_count}, updated ${r.updated_count}, deleted ${r.deleted_count}, errors ${r.error_count}`,
        r.error_count ? 'warning' : 'success',
      );
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { message?: unknown } | null) : null;
      fail(typeof body?.message === 'string' && body.message ? (err as ApiError).message : MSG.importFailed);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    void importFile(e.dataTransfer.files?.[0], 'drop');
  };

  return (
    <Paper
      variant="outlined"
      data-testid="bom-dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={onDrop}
      sx={{
        p: 2,
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: dragOver ? 'primary.main' : 'divider',
        bgcolor: dragOver ? 'action.hover' : undefined,
      }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={importBom.isPending}
          data-testid="bom-import-button"
        >
          Import CSV
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            data-testid="bom-import-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Choosing the same file again must fire again.
              e.target.value = '';
              void importFile(file, 'choose');
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          …or drop a CSV file here. Columns: part_number, quantity (required), ref, remark, manufacturer.
        </Typography>
        <FormControlLabel
          label="Replace all existing lines"
          control={
            <Checkbox
              checked={replaceAll}
              onChange={(_, c) => setReplaceAll(c)}
              slotProps={{ input: { 'data-testid': 'bom-replace-all' } as object }}
            />
          }
        />
      </Stack>
      {importBom.isPending && <LinearProgress sx={{ mt: 1 }} />}
      {importError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="bom-import-error" onClose={() => setImportError(null)}>
          {importError}
        </Alert>
      )}
      {result && (
        <Alert
          severity={result.error_count ? 'warning' : 'success'}
          sx={{ mt: 2 }}
          data-testid="bom-import-result"
          onClose={() => setResult(null)}
        >
          <AlertTitle>
            Imported: {result.imported_count} · Updated: {result.updated_count} · Deleted: {result.deleted_count} ·
            Errors: {result.error_count}
          </AlertTitle>
          {result.errors.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="bom-import-errors">
              {result.errors.map((e) => (
                <li key={`${e.row}-${e.message}`}>
                  Row {e.row}: {e.message}
                </li>
              ))}
              {result.error_count > result.errors.length && (
                <li>…and {result.error_count - result.errors.length} more</li>
              )}
            </Box>
          )}
        </Alert>
      )}
    </Paper>
  );
}

/** The BOM's lines with Add Line, edit (a row click) and delete, and the BOM cost under them. */
function BomLinesTable({
  product,
  onAdd,
  onEdit,
  onDelete,
}: {
  product: Product;
  onAdd: () => void;
  onEdit: (line: BomLine) => void;
  onDelete: (line: BomLine) => void;
}) {
  const bom = useBom(product.id);
  const lines = bom.data ?? [];
  return (
    <Paper variant="outlined">
      <Stack direction="row" alignItems="center" sx={{ p: 1.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Bill of Materials ({lines.length} {lines.length === 1 ? 'line' : 'lines'})
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => onAdd()} data-testid="bom-add">
          Add Line
        </Button>
      </Stack>
      <Box sx={{ height: 4 }}>{bom.isFetching && <LinearProgress />}</Box>
      <TableContainer tabIndex={0} role="region" aria-label="BOM">
        <Table size="small" data-testid="bom-table">
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600 } }}>
              <TableCell>Part Number</TableCell>
              <TableCell>Part Description</TableCell>
              <TableCell>Manufacturer</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell>Ref</TableCell>
              <TableCell>Remark</TableCell>
              <TableCell>Alternate Parts</TableCell>
              <TableCell align="right">Average Price</TableCell>
              <TableCell align="right">Average Total</TableCell>
              <TableCell align="right" sx={{ width: 96 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={l.id} hover data-testid="bom-row" sx={{ cursor: 'pointer' }} onClick={() => onEdit(l)}>
                <TableCell>{l.part_number}</TableCell>
                <TableCell>{l.part_desc}</TableCell>
                <TableCell>{l.part_manufacturer}</TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell>{l.ref}</TableCell>
                <TableCell>{l.remark}</TableCell>
                <TableCell>{l.alt_part_numbers.join(', ')}</TableCell>
                <TableCell align="right">{formatUnitPrice(l.avg_price)}</TableCell>
                <TableCell align="right">{formatUnitPrice(l.avg_total)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton size="small" aria-label={`Edit ${l.part_number}`}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      size="small"
                      aria-label={`Delete ${l.part_number}`}
                      data-testid="bom-delete"
                      onClick={(e) => {
                        e.stopPropagation();
                        onDelete(l);
                      }}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {lines.length === 0 && !bom.isFetching && (
              <TableRow>
                <TableCell colSpan={10} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  No BOM lines yet
                </TableCell>
              </TableRow>
            )}
            {lines.length > 0 && (
              <TableRow sx={{ '& td': { fontWeight: 600 }, bgcolor: 'grey.100' }}>
                <TableCell colSpan={8} align="right">
                  BOM Cost
                </TableCell>
                <TableCell align="right" data-testid="bom-cost-total">
                  {formatUnitPrice(product.bom_cost)}
                </TableCell>
                <TableCell />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
