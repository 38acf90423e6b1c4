import { Box, Card, CardContent, Typography } from '@mui/material';
import { usePoRowAction, useWaitingApproval } from '../../api/purchase-orders';
import { PoRowsTable } from '../../components/PoRowsTable';

/** The PO approver's inbox above the list (their landing page): waiting POs with Approve / Reject. */
export function ApprovalInbox() {
  const q = useWaitingApproval();
  const act = usePoRowAction();
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="approval-inbox">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, fontSize: 17 }}>
            Waiting Approval
          </Typography>
          <Typography variant="h6" component="span" data-testid="approval-inbox-count">
            {q.data?.total ?? ''}
          </Typography>
        </Box>
        <PoRowsTable
          rows={q.data?.rows}
          emptyText="No purchase orders waiting approval"
          testId="approval-inbox"
          busy={act.busy}
          actions={() => ['approve', 'reject']}
          onAction={(a, r) => act.run(a, r.id)}
        />
      </CardContent>
    </Card>
  );
}
