import type { PoRow } from '@bpm/contract/purchase-order-reads';
import { formatAmount, PO_STATUS_COLORS, PO_STATUS_LABELS, toDisplay } from '@bpm/contract/purchase-orders';
import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { formatDate } from './format';
import { ScrollRegion } from './ScrollRegion';

export type PoRowAction = 'approve' | 'reject' | 'receive';
const LABELS: Record<PoRowAction, string> = { approve: 'Approve', reject: 'Reject', receive: 'Receive' };

/**
 * Purchase orders in a dashboard card (purchasing overview, 'Request to Approve PO', the approval inbox):
 * a row opens the PO with `?page=dashboard`; `actions(row)` lists the buttons the caller may use on it.
 */
export function PoRowsTable({
  rows,
  actions,
  onAction,
  busy,
  emptyText,
  testId,
  showStatus = true,
}: {
  rows: PoRow[] | undefined;
  actions?: (r: PoRow) => PoRowAction[];
  onAction?: (a: PoRowAction, r: PoRow) => void;
  busy?: boolean;
  emptyText: string;
  testId: string;
  /** Lists of one status leave the column out. */
  showStatus?: boolean;
}) {
  const navigate = useNavigate();
  if (rows && rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
        {emptyText}
      </Typography>
    );
  return (
    <ScrollRegion label="Purchase order lines">
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>PO Number</TableCell>
            <TableCell>PO Date</TableCell>
            <TableCell>Supplier</TableCell>
            {showStatus && <TableCell>Status</TableCell>}
            <TableCell align="right">Amount</TableCell>
            {actions && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.map((r) => (
            <TableRow key={r.id} hover data-testid={`${testId}-row`} data-po-id={r.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="small"
                  sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
                  onClick={() => navigate(`/purchaseorders/edit/${r.id}?page=dashboard`)}
                >
                  {r.po_number}
                </Button>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.po_date)}</TableCell>
              <TableCell>{r.supplier_name}</TableCell>
              {showStatus && (
                <TableCell>
                  <Chip size="small" label={PO_STATUS_LABELS[r.status]} color={PO_STATUS_COLORS[r.status]} />
                </TableCell>
              )}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {r.currency} {formatAmount(toDisplay(r.amount, r.currency_rate))}
              </TableCell>
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(r).map((a) => (
                    <Button
                      key={a}
                      size="small"
                      color={a === 'reject' ? 'error' : 'primary'}
                      disabled={busy}
                      data-testid={`${testId}-${a}`}
                      onClick={() => onAction?.(a, r)}
                    >
                      {LABELS[a]}
                    </Button>
                  ))}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
