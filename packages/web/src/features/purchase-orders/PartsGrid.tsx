import { formatAmount, linesTotal, PO_MSG, toUsd } from '@bpm/contract/purchase-orders';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { AddPartDialog } from './AddPartDialog';

/** A line as the form holds it: price_UI in the PO currency (what the user enters). */
export interface FormLine {
  part?: number;
  manuf_part_number: string;
  part_name: string;
  price_UI: number | string;
  quantity: number | string;
  unit: string;
  remarks: string;
}

export type LineErrors = Record<
  number,
  Partial<Record<'price_UI' | 'price' | 'quantity' | 'part_name' | 'part', string>>
>;

/** Section 5's line rules, checked in the form so a bad line blocks saving before the call. */
export function lineErrors(lines: FormLine[]): LineErrors {
  const out: LineErrors = {};
  lines.forEach((l, i) => {
    const e: LineErrors[number] = {};
    const price = Number(l.price_UI);
    if (l.price_UI === '' || !Number.isFinite(price) || price < 0) e.price_UI = PO_MSG.price;
    const q = Number(l.quantity);
    if (l.quantity === '' || !Number.isFinite(q) || q <= 0) e.quantity = PO_MSG.quantity;
    if (!String(l.part_name ?? '').trim()) e.part_name = PO_MSG.partName;
    if (Object.keys(e).length) out[i] = e;
  });
  return out;
}

export function PartsGrid({
  lines,
  onChange,
  errors,
  currency,
  rate,
  disabled,
}: {
  lines: FormLine[];
  onChange: (lines: FormLine[]) => void;
  errors: LineErrors;
  currency: string;
  /** USD per unit of the currency; NaN or 0 while it is not entered. */
  rate: number;
  disabled: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const edit = (i: number, patch: Partial<FormLine>) =>
    onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  // Exact in the PO currency; the USD total beside it once the rate is known (× rate).
  const total = linesTotal(lines.map((l) => ({ price: Number(l.price_UI) || 0, quantity: Number(l.quantity) || 0 })));
  const rated = Number.isFinite(rate) && rate > 0;
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          Parts
        </Typography>
        {!disabled && (
          <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="po-add-part">
            Add Part
          </Button>
        )}
      </Box>
      <Table size="small" data-testid="po-parts">
        <TableHead>
          <TableRow>
            <TableCell>Manufacturer Part #</TableCell>
            <TableCell>Part Name</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell>Unit</TableCell>
            <TableCell align="right">Price ({currency})</TableCell>
            <TableCell align="right">Amount ({currency})</TableCell>
            <TableCell>Remarks</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l, i) => (
            <PartLineRow
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own (the spec drops it)
              key={i}
              line={l}
              i={i}
              errors={errors[i]}
              disabled={disabled}
              onEdit={(patch) => edit(i, patch)}
              onRemove={() => onChange(lines.filter((_, j) => j !== i))}
            />
          ))}
          <TableRow>
            <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="po-lines-total">
              {currency} {formatAmount(total)}
            </TableCell>
            <TableCell colSpan={2} />
          </TableRow>
          {currency !== 'USD' && (
            <TableRow>
              <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
                Total (USD)
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="po-lines-total-usd">
                {rated ? `US$ ${formatAmount(toUsd(total, rate))}` : '—'}
              </TableCell>
              <TableCell colSpan={2} />
            </TableRow>
          )}
        </TableBody>
      </Table>
      <AddPartDialog
        open={adding}
        currency={currency}
        rate={rate}
        onClose={() => setAdding(false)}
        onAdd={(line) => {
          onChange([...lines, line]);
          setAdding(false);
        }}
      />
    </Box>
  );
}

/** One editable part line: name, quantity, price and remarks; the amount follows. */
function PartLineRow({
  line: l,
  i,
  errors,
  disabled,
  onEdit,
  onRemove,
}: {
  line: FormLine;
  i: number;
  errors: LineErrors[number] | undefined;
  disabled: boolean;
  onEdit: (patch: Partial<FormLine>) => void;
  onRemove: () => void;
}) {
  return (
    <TableRow data-testid="po-part-row">
      <TableCell>{l.manuf_part_number}</TableCell>
      <TableCell>
        <TextField
          size="small"
          value={l.part_name}
          disabled={disabled}
          onChange={(e) => onEdit({ part_name: e.target.value })}
          error={!!errors?.part_name}
          helperText={errors?.part_name}
          slotProps={{
            htmlInput: { 'data-testid': `line-${i}-part_name`, 'aria-label': `Part name, line ${i + 1}` },
          }}
        />
      </TableCell>
      <TableCell align="right">
        <TextField
          size="small"
          type="number"
          value={l.quantity}
          disabled={disabled}
          onChange={(e) => onEdit({ quantity: e.target.value })}
          error={!!errors?.quantity}
          helperText={errors?.quantity}
          sx={{ width: 110 }}
          slotProps={{
            htmlInput: {
              'data-testid': `line-${i}-quantity`,
              'aria-label': `Quantity, line ${i + 1}`,
              step: 'any',
              min: 0,
            },
          }}
        />
      </TableCell>
      <TableCell>{l.unit}</TableCell>
      <TableCell align="right">
        <TextField
          size="small"
          type="number"
          value={l.price_UI}
          disabled={disabled}
          onChange={(e) => onEdit({ price_UI: e.target.value })}
          error={!!(errors?.price_UI ?? errors?.price)}
          helperText={errors?.price_UI ?? errors?.price}
          sx={{ width: 130 }}
          slotProps={{
            htmlInput: {
              'data-testid': `line-${i}-price`,
              'aria-label': `Price, line ${i + 1}`,
              step: 'any',
              min: 0,
            },
          }}
        />
      </TableCell>
      <TableCell align="right">
        {formatAmount(linesTotal([{ price: Number(l.price_UI) || 0, quantity: Number(l.quantity) || 0 }]))}
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={l.remarks}
          disabled={disabled}
          onChange={(e) => onEdit({ remarks: e.target.value })}
          slotProps={{ htmlInput: { 'aria-label': `Remarks, line ${i + 1}` } }}
        />
      </TableCell>
      <TableCell>
        {!disabled && (
          <IconButton aria-label="Remove part" size="small" onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}
