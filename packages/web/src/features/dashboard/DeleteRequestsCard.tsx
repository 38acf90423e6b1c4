import { Button, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type DocDeleteRequest, useDecideDelete, useDeleteRequests } from '../../api/dashboard';
import { toast } from '../../api/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate, formatMoney } from '../../components/format';
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

  return (
    <DashboardCard title={k.title} loading={!q.data} testId={k.testId}>
      {q.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No pending delete requests
        </Typography>
      ) : (
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
              {q.data?.map((r) => (
                <TableRow
                  key={r.id}
                  hover
                  data-testid="delete-request-row"
                  data-order-id={kind === 'order' ? r.id : undefined}
                  data-quotation-id={kind === 'quotation' ? r.id : undefined}
                >
                  <TableCell>
                    <Link component={RouterLink} to={`${k.edit}/${r.id}?page=dashboard`}>
                      {r.id}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</TableCell>
                  <TableCell>{kind === 'order' ? r.oc_ref : r.quote_ref}</TableCell>
                  <TableCell>{r.dealer_name}</TableCell>
                  <TableCell align="right">{formatMoney(r.value ?? 0, 'US$')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      color="error"
                      disabled={decide.isPending}
                      data-testid="delete-approve"
                      onClick={() => setAsking({ row: r, approve: true })}
                    >
                      Approve
                    </Button>
                    <Button
                      size="small"
                      disabled={decide.isPending}
                      data-testid="delete-reject"
                      onClick={() => void run(r, false)}
                    >
                      Reject
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
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
