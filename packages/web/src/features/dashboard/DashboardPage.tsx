import { useCurrentUser } from '../../api/auth-store';
import { PageHeader } from '../../components/PageHeader';
import { OverdueTasksCard } from '../tasks/OverdueTasksCard';
import { PlaceholderCard } from './DashboardCard';
import { ProductionOverview } from './ProductionOverview';
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
  const { user_role } = useCurrentUser();
  if (user_role === 'administrator' || user_role === 'sale')
    return <SalesOverview admin={user_role === 'administrator'} />;
  if (user_role === 'production') return <ProductionOverview />;
  return (
    <>
      <PageHeader title="Purchasing Overview" />
      <PlaceholderCard title="Purchasing Overview" testId="purchasing-overview">
        Draft and waiting-approval purchase orders will be shown here once the purchasing area is available.
      </PlaceholderCard>
    </>
  );
}
