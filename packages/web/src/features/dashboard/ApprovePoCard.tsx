import { usePoRowAction, useWaitingApproval } from '../../api/purchase-orders';
import { PoRowsTable } from '../../components/PoRowsTable';
import { DashboardCard } from './DashboardCard';

/** The administrator's 'Request to Approve PO' card: approving or rejecting removes the item. */
export function ApprovePoCard() {
  const q = useWaitingApproval();
  const act = usePoRowAction();
  return (
    <DashboardCard title="Request to Approve PO" loading={!q.data} testId="approve-po">
      <PoRowsTable
        rows={q.data?.rows}
        emptyText="No purchase orders waiting approval"
        testId="approve-po"
        busy={act.busy}
        actions={() => ['approve', 'reject']}
        onAction={(a, r) => act.run(a, r.id)}
      />
    </DashboardCard>
  );
}
