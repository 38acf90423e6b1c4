import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { usePartStatistics } from '../../api/partComponents';
import { DateRange } from '../../components/filters/DateRange';
import { defaultStatisticsWindow, formatDate, formatUnitPrice } from '../../components/format';

/** View Statistics: the part's purchase order lines in the window and the quantity-weighted average price. */
export function PartStatisticsDialog({
  partId,
  title,
  open,
  onClose,
}: {
  partId: number;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  const initial = useMemo(() => defaultStatisticsWindow(), []);
  const [range, setRange] = useState<{ from: number | null; to: number | null }>(initial);
  const q = usePartStatistics(partId, range.from, range.to, open);
  const d = q.data;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="part-statistics">
      <DialogTitle>Price Statistics — {title}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1, mb: 1 }}>
          <DateRange value={range} onChange={setRange} testId="part-statistics-window" />
        </Box>
        <Box sx={{ height: 4 }}>{q.isFetching && <LinearProgress />}</Box>
        <TableContainer sx={{ maxHeight: 500 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600 } }}>
                <TableCell>PO Date</TableCell>
                <TableCell>PO Number</TableCell>
                <TableCell align="right">Price (USD)</TableCell>
                <TableCell align="right">Quantity</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d?.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows; one PO may list the part twice
                <TableRow key={`${r.po_number}-${i}`} data-testid="part-statistics-row">
                  <TableCell>{formatDate(r.po_date)}</TableCell>
                  <TableCell>{r.po_number}</TableCell>
                  <TableCell align="right">{formatUnitPrice(r.price)}</TableCell>
                  <TableCell align="right">{r.quantity}</TableCell>
                </TableRow>
              ))}
              {d && d.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                    No purchase orders in this period
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {d && (
          <Typography sx={{ mt: 2 }} data-testid="part-statistics-average">
            Average price (weighted by quantity): <b>{d.avg_price == null ? '—' : formatUnitPrice(d.avg_price)}</b> ·
            Total quantity: <b>{d.total_quantity}</b>
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
