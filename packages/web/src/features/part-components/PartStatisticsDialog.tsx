import type { PartStatisticsRow } from '@bpm/contract/part-components';
import { Typography } from '@mui/material';
import { usePartStatistics } from '../../api/part-components';
import { formatDate, formatUnitPrice } from '../../components/format';
import {
  type StatisticsColumn,
  StatisticsDialog,
  StatisticsTable,
  useStatisticsWindow,
} from '../../components/StatisticsDialog';

type Row = PartStatisticsRow;

const COLUMNS: StatisticsColumn<Row>[] = [
  { header: 'PO Date', render: (r) => formatDate(r.po_date) },
  { header: 'PO Number', render: (r) => r.po_number },
  { header: 'Price (USD)', align: 'right', render: (r) => formatUnitPrice(r.price) },
  { header: 'Quantity', align: 'right', render: (r) => r.quantity },
];

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
  const [range, setRange] = useStatisticsWindow();
  const q = usePartStatistics(partId, range.from, range.to, open);
  const d = q.data;
  return (
    <StatisticsDialog
      open={open}
      onClose={onClose}
      title={`Price Statistics — ${title}`}
      testId="part-statistics"
      windowTestId="part-statistics-window"
      range={range}
      onRangeChange={setRange}
      loading={q.isFetching}
    >
      <StatisticsTable
        columns={COLUMNS}
        rows={d?.rows}
        // One PO may list the part twice.
        rowKey={(r, i) => `${r.po_number}-${i}`}
        rowTestId="part-statistics-row"
        emptyText="No purchase orders in this period"
      />
      {d && (
        <Typography sx={{ mt: 2 }} data-testid="part-statistics-average">
          Average price (weighted by quantity): <b>{d.avg_price == null ? '—' : formatUnitPrice(d.avg_price)}</b> ·
          Total quantity: <b>{d.total_quantity}</b>
        </Typography>
      )}
    </StatisticsDialog>
  );
}
