import type { ProductSales } from '@bpm/contract/products';
import { Typography } from '@mui/material';
import { useProductSales } from '../../api/products';
import { formatMoney } from '../../components/format';
import {
  type StatisticsColumn,
  StatisticsDialog,
  StatisticsTable,
  useStatisticsWindow,
} from '../../components/StatisticsDialog';

type Period = ProductSales['periods'][number];

const COLUMNS: StatisticsColumn<Period>[] = [
  { header: 'Period', render: (p) => p.period },
  { header: 'Units', align: 'right', render: (p) => p.units },
  { header: 'Revenue', align: 'right', render: (p) => formatMoney(p.revenue, 'US$') },
];

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
  const [range, setRange] = useStatisticsWindow();
  const q = useProductSales(productId, range.from, range.to, open);
  const d = q.data;
  return (
    <StatisticsDialog
      open={open}
      onClose={onClose}
      title={`Sales Statistics — ${title}`}
      testId="product-statistics"
      windowTestId="statistics-window"
      range={range}
      onRangeChange={setRange}
      loading={q.isFetching}
    >
      {d && (
        <>
          <Typography sx={{ mb: 1 }} data-testid="statistics-totals">
            Total: <b>{d.total_units}</b> units, <b>{formatMoney(d.total_revenue, 'US$')}</b> (
            {d.granularity === 'day' ? 'per day' : 'per month'})
          </Typography>
          <StatisticsTable
            columns={COLUMNS}
            rows={d.periods}
            rowKey={(p) => p.period}
            rowSx={(p) => (p.units ? undefined : { '& td': { color: 'text.disabled' } })}
          />
        </>
      )}
    </StatisticsDialog>
  );
}
