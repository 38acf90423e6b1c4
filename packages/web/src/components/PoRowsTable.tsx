import type { PoRow } from '@bpm/contract/purchase-order-reads';
import { formatAmount, PO_MSG, PO_STATUS_COLORS, PO_STATUS_LABELS } from '@bpm/contract/purchase-orders';
import { Box, Button, Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDate } from './format';
import { usePhone } from './phone';
import { ScrollRegion } from './ScrollRegion';

export type PoRowAction = 'approve' | 'reject' | 'receive';
const LABELS: Record<PoRowAction, string> = { approve: 'Approve', reject: 'Reject', receive: 'Receive' };

interface Props {
  rows: PoRow[] | undefined;
  actions?: (r: PoRow) => PoRowAction[];
  onAction?: (a: PoRowAction, r: PoRow) => void;
  busy?: boolean;
  emptyText: string;
  testId: string;
  /** Lists of one status leave the column out. */
  showStatus?: boolean;
}

/**
 * Purchase orders in a dashboard card (purchasing overview, 'Request to Approve PO', the approval inbox):
 * a row opens the PO with `?page=dashboard`; `actions(row)` lists the buttons the caller may use on it.
 * Approve and Reject ask first; on a phone the rows are cards.
 */
export function PoRowsTable(p: Props) {
  const phone = usePhone();
  const [asking, setAsking] = useState<{ a: 'approve' | 'reject'; r: PoRow } | null>(null);
  if (p.rows && p.rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${p.testId}-empty`}>
        {p.emptyText}
      </Typography>
    );
  const act = (a: PoRowAction, r: PoRow) => (a === 'receive' ? p.onAction?.(a, r) : setAsking({ a, r }));
  return (
    <>
      {phone ? <PoCards {...p} act={act} /> : <PoTable {...p} act={act} />}
      <ConfirmDialog
        open={!!asking}
        title={asking ? LABELS[asking.a] : undefined}
        message={asking ? PO_MSG.decideConfirm(asking.a, asking.r.po_number) : ''}
        confirmLabel={asking ? LABELS[asking.a] : undefined}
        cancelLabel="Cancel"
        destructive={asking?.a === 'reject'}
        busy={p.busy}
        testId="po-decide-confirm"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) p.onAction?.(asking.a, asking.r);
          setAsking(null);
        }}
      />
    </>
  );
}

type Inner = Props & { act: (a: PoRowAction, r: PoRow) => void };

const amountOf = (r: PoRow) => `${r.currency} ${formatAmount(r.currency_amount)}`;

function ActionButtons({ r, actions, busy, testId, act }: Inner & { r: PoRow }) {
  return (
    <>
      {actions?.(r).map((a) => (
        <Button
          key={a}
          size="small"
          color={a === 'reject' ? 'error' : 'primary'}
          disabled={busy}
          data-testid={`${testId}-${a}`}
          onClick={() => act(a, r)}
        >
          {LABELS[a]}
        </Button>
      ))}
    </>
  );
}

function PoNumberButton({ r }: { r: PoRow }) {
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      sx={{ minWidth: 0, whiteSpace: 'nowrap', px: 0.5 }}
      onClick={() => navigate(`/purchaseorders/edit/${r.id}?page=dashboard`)}
    >
      {r.po_number}
    </Button>
  );
}

function StatusChip({ r }: { r: PoRow }) {
  return <Chip size="small" label={PO_STATUS_LABELS[r.status]} color={PO_STATUS_COLORS[r.status]} />;
}

/** A wide screen: one table row per PO. */
function PoTable(p: Inner) {
  const { rows, actions, testId, showStatus = true } = p;
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
                <PoNumberButton r={r} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.po_date)}</TableCell>
              <TableCell>{r.supplier_name}</TableCell>
              {showStatus && (
                <TableCell>
                  <StatusChip r={r} />
                </TableCell>
              )}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {amountOf(r)}
              </TableCell>
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <ActionButtons {...p} r={r} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** A phone: one card per PO, its figures on two lines and its buttons on their own (wrapping) line. */
function PoCards(p: Inner) {
  const { rows, actions, testId, showStatus = true } = p;
  return (
    <Box role="list" aria-label="Purchase orders" data-testid={testId}>
      {rows?.map((r) => (
        <Paper
          key={r.id}
          role="listitem"
          variant="outlined"
          sx={{ p: 1, mb: 1, minWidth: 0 }}
          data-testid={`${testId}-row`}
          data-po-id={r.id}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <PoNumberButton r={r} />
            <Typography variant="body2" color="text.secondary">
              {formatDate(r.po_date)}
            </Typography>
            {showStatus && <StatusChip r={r} />}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, px: 0.5, flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {r.supplier_name}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {amountOf(r)}
            </Typography>
          </Box>
          {actions && actions(r).length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5, mt: 0.5 }}>
              <ActionButtons {...p} r={r} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
