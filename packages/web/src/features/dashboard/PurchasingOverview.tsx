import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../api/auth-store';
import { usePoRowAction, usePurchasingOverview, useSupplierOptions } from '../../api/purchase-orders';
import { AutocompleteFilter } from '../../components/filters/AutocompleteFilter';
import { PageHeader } from '../../components/PageHeader';
import { PoRowsTable } from '../../components/PoRowsTable';
import { DashboardCard } from './DashboardCard';

const ALL_SUPPLIERS = { id: -1, name: 'All Suppliers' };

/**
 * 'Purchasing Overview' (document 1 section 2.5): /dashboard and /dashboard/{supplierId}; the administrator's
 * second dashboard tab keeps the supplier in the query (/dashboard?view=purchasing&supplier={id}: the route
 * parameter is their dealer).
 */
export function PurchasingOverview({ inTab = false }: { inTab?: boolean }) {
  const { supplierId } = useParams();
  const [params] = useSearchParams();
  const n = Number(inTab ? params.get('supplier') : supplierId);
  const supplier = Number.isInteger(n) && n > 0 ? n : -1;
  const navigate = useNavigate();
  const pick = (id: number | null) =>
    navigate(
      inTab
        ? `/dashboard?view=purchasing${id && id > 0 ? `&supplier=${id}` : ''}`
        : id && id > 0
          ? `/dashboard/${id}`
          : '/dashboard',
    );
  const can = useCan();
  const suppliers = useSupplierOptions(true);
  const options = useMemo(() => (suppliers.data ?? []).map((s) => ({ id: s.id, name: s.name })), [suppliers.data]);
  const q = usePurchasingOverview(supplier);
  const act = usePoRowAction();
  const d = q.data;
  const count = (v: number | undefined) => (
    <Typography variant="h6" component="span" data-testid="count">
      {v}
    </Typography>
  );
  return (
    <Box>
      <PageHeader
        title="Purchasing Overview"
        actions={
          <AutocompleteFilter
            label="Supplier Name"
            options={options}
            value={options.some((o) => o.id === supplier) ? supplier : -1}
            onChange={pick}
            allOption={ALL_SUPPLIERS}
            loading={suppliers.isLoading}
            testId="dashboard-supplier"
            width={320}
          />
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <DashboardCard title="Draft Purchase Orders" action={count(d?.draft_count)} loading={!d} testId="po-draft-card">
          <PoRowsTable rows={d?.draft} showStatus={false} emptyText="No draft purchase orders" testId="po-draft" />
        </DashboardCard>
        <DashboardCard
          title="Waiting Approval"
          action={count(d?.waitingapproval_count)}
          loading={!d}
          testId="po-waiting-card"
        >
          <PoRowsTable
            rows={d?.waitingapproval}
            showStatus={false}
            emptyText="No purchase orders waiting approval"
            testId="po-waiting"
          />
        </DashboardCard>
        <Box sx={{ gridColumn: { lg: '1 / span 2' } }}>
          <DashboardCard title="Recent Purchase Orders (Last 30 Days)" loading={!d} testId="po-recent-card">
            <PoRowsTable
              rows={d?.recent}
              emptyText="No purchase orders in the last 30 days"
              testId="po-recent"
              busy={act.busy}
              // Approve, reject and receive here are for administrators only (section 2.5).
              actions={(r) => [
                ...(can('purchaseOrders.approve', { state: r.status }) && can('purchaseOrders.receive')
                  ? (['approve', 'reject'] as const)
                  : []),
                ...(can('purchaseOrders.receive', { state: r.status }) ? (['receive'] as const) : []),
              ]}
              onAction={(a, r) => act.run(a, r.id)}
            />
          </DashboardCard>
        </Box>
      </Box>
    </Box>
  );
}
