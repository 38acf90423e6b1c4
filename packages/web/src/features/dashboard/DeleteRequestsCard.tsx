import {
  Button,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type DocDeleteRequest, useDecideDelete, useDeleteRequests } from '../../api/dashboard';
import { toast } from '../../api/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate, formatMoney } from '../../components/format';
import { usePhone } from '../../components/phone';
import { ScrollRegion } from '../../components/ScrollRegion';
import { UI_MSG } from '../../components/ui-messages';
import { DashboardCard } from './DashboardCard';

type Kind = 'order' | 'quotation';

const KIND = {
  order: { title: 'Request to Delete Order', testId: 'delete-requests', edit: '/orders/edit', label: 'Order' },
  quotation: {
    title: 'Request to Delete Quotation',
    testId: 'quotation-delete-requests',
    edit: '/quotations/edit',
    label: 'Quotation',
  },
} as const;

/** How a request names its record: 'Order OC-123' / 'Quotation Q-7', or the id when it has no reference. */
function requestName(kind: Kind, r: Pick<DocDeleteRequest, 'id' | 'oc_ref' | 'quote_ref' | 'dealer_name'>) {
  const ref = kind === 'order' ? r.oc_ref : r.quote_ref;
  return `${KIND[kind].label} ${ref || `#${r.id}`}${r.dealer_name ? ` (${r.dealer_name})` : ''}`;
}

/**
 * The administrator's review of pending delete requests (document 1 section 2.5): Approve deletes the record, so
 * it asks first naming the record; both decisions toast their result and remove the row.
 */
export function DeleteRequestsCard({ kind }: { kind: Kind }) {
  const k = KIND[kind];
  const q = useDeleteRequests(true, kind);
  const decide = useDecideDelete(kind);
  const [asking, setAsking] = useState<{ row: DocDeleteRequest; approve: boolean } | null>(null);

  const run = async (row: DocDeleteRequest, approve: boolean) => {
    const name = requestName(kind, row);
    try {
      await decide.mutateAsync({ id: row.id, approve });
      toast(approve ? UI_MSG.deleteApproved(name) : UI_MSG.deleteRejected(name), 'success');
    } catch (err) {
      console.error(err); // toasted by the client
    }
  };

  const decideRow = (row: DocDeleteRequest, approve: boolean) =>
    approve ? setAsking({ row, approve: true }) : void run(row, false);

  return (
    <DashboardCard title={k.title} loading={!q.data} testId={k.testId}>
      {q.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No pending delete requests
        </Typography>
      ) : (
        <Rows kind={kind} rows={q.data ?? []} busy={decide.isPending} onDecide={decideRow} />
      )}
      <ConfirmDialog
        open={!!asking}
        title={asking ? `Delete ${requestName(kind, asking.row)}` : undefined}
        message={asking ? UI_MSG.approveDeleteConfirm(requestName(kind, asking.row)) : ''}
        confirmLabel="Approve"
        cancelLabel="Cancel"
        destructive
        busy={decide.isPending}
        onConfirm={() => {
          if (asking) void run(asking.row, asking.approve);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </DashboardCard>
  );
}

interface RowsProps {
  kind: Kind;
  rows: DocDeleteRequest[];
  busy: boolean;
  onDecide: (row: DocDeleteRequest, approve: boolean) => void;
}

/** A row's testids and ids, the same in the table and the phone cards (journeys find either). */
const rowProps = (kind: Kind, r: DocDeleteRequest) => ({
  'data-testid': 'delete-request-row',
  'data-order-id': kind === 'order' ? r.id : undefined,
  'data-quotation-id': kind === 'quotation' ? r.id : undefined,
});

function Decide({ r, busy, onDecide }: { r: DocDeleteRequest; busy: boolean; onDecide: RowsProps['onDecide'] }) {
  return (
    <>
      <Button size="small" color="error" disabled={busy} data-testid="delete-approve" onClick={() => onDecide(r, true)}>
        Approve
      </Button>
      <Button size="small" disabled={busy} data-testid="delete-reject" onClick={() => onDecide(r, false)}>
        Reject
      </Button>
    </>
  );
}

/** The requests as a table, or on a phone as cards whose Approve and Reject stay in view (issue 24 item 26). */
function Rows({ kind, rows, busy, onDecide }: RowsProps) {
  const k = KIND[kind];
  const phone = usePhone();
  const ref = (r: DocDeleteRequest) => (kind === 'order' ? r.oc_ref : r.quote_ref);
  const idLink = (r: DocDeleteRequest) => (
    <Link component={RouterLink} to={`${k.edit}/${r.id}?page=dashboard`}>
      {r.id}
    </Link>
  );
  if (phone)
    return (
      <Stack spacing={1}>
        {rows.map((r) => (
          <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} {...rowProps(kind, r)}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
              {idLink(r)}
              <Typography variant="body2">{ref(r)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(r.date)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="body2">{r.dealer_name}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatMoney(r.value ?? 0, 'US$')}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <Decide r={r} busy={busy} onDecide={onDecide} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <ScrollRegion label="Delete requests">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>ID</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>{kind === 'order' ? 'OC Ref' : 'Quote Ref'}</TableCell>
            <TableCell>Dealer Name</TableCell>
            <TableCell align="right">Value</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover {...rowProps(kind, r)}>
              <TableCell>{idLink(r)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</TableCell>
              <TableCell>{ref(r)}</TableCell>
              <TableCell>{r.dealer_name}</TableCell>
              <TableCell align="right">{formatMoney(r.value ?? 0, 'US$')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Decide r={r} busy={busy} onDecide={onDecide} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
