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
import { useProductSales } from '../../api/products';
import { DateRange } from '../../components/filters/DateRange';
import { defaultStatisticsWindow, formatMoney } from '../../components/format';

/** View Statistics: units and revenue per period of the sales window (default one month back to today). */
export function ProductStatisticsDialog({
  productId,
  title,
  open,
  onClose,
}: {
  productId: number;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  const initial = useMemo(() => defaultStatisticsWindow(), []);
  const [range, setRange] = useState<{ from: number | null; to: number | null }>(initial);
  const q = useProductSales(productId, range.from, range.to, open);
  const d = q.data;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="product-statistics">
      <DialogTitle>Sales Statistics — {title}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1, mb: 2 }}>
          <DateRange value={range} onChange={setRange} testId="statistics-window" />
        </Box>
        <Box sx={{ height: 4 }}>{q.isFetching && <LinearProgress />}</Box>
        {d && (
          <>
            <Typography sx={{ mb: 1 }} data-testid="statistics-totals">
              Total: <b>{d.total_units}</b> units, <b>{formatMoney(d.total_revenue, 'US$')}</b> (
              {d.granularity === 'day' ? 'per day' : 'per month'})
            </Typography>
            <TableContainer sx={{ maxHeight: 500 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 600 }}>Period</TableCell>
                    <TableCell sx={{ fontWeight: 600 }} align="right">
                      Units
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600 }} align="right">
                      Revenue
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.periods.map((p) => (
                    <TableRow key={p.period} sx={p.units ? undefined : { '& td': { color: 'text.disabled' } }}>
                      <TableCell>{p.period}</TableCell>
                      <TableCell align="right">{p.units}</TableCell>
                      <TableCell align="right">{formatMoney(p.revenue, 'US$')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
