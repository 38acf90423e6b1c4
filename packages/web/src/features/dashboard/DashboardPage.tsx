import { useCurrentUser } from '../../api/auth-store';
import { ProductionOverview } from './ProductionOverview';
import { PurchasingOverview } from './PurchasingOverview';
import { SalesOverview } from './SalesOverview';

/** /dashboard and /dashboard/{dealerId}: each role's overview (document 1 section 2.5). */
export default function DashboardPage() {
  const { user_role } = useCurrentUser();
  if (user_role === 'administrator' || user_role === 'sale')
    return <SalesOverview admin={user_role === 'administrator'} />;
  if (user_role === 'production') return <ProductionOverview />;
  return <PurchasingOverview />;
}
