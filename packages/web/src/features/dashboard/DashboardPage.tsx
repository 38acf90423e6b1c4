import { useCan } from '../../api/auth-store';
import { OverdueTasksCard } from '../tasks/OverdueTasksCard';
import { ProductionOverview } from './ProductionOverview';
import { PurchasingOverview } from './PurchasingOverview';
import { SalesOverview } from './SalesOverview';

/** /dashboard and /dashboard/{dealerId}: each role's overview (document 1 section 2.5). */
export default function DashboardPage() {
  return (
    <>
      <OverdueTasksCard />
      <RoleOverview />
    </>
  );
}

function RoleOverview() {
  const can = useCan();
  // The administrator's overview adds the delete-request review (the one who may delete).
  if (can('dashboard.sales')) return <SalesOverview admin={can('orders.delete')} />;
  if (can('dashboard.production')) return <ProductionOverview />;
  return <PurchasingOverview />;
}
