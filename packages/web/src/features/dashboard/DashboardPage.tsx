import { Tab, Tabs } from '@mui/material';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../api/auth-store';
import { OverdueTasksCard } from '../../components/OverdueTasksCard';
import { overviewsOf } from './landing';
import { ProductionOverview } from './ProductionOverview';
import { PurchasingOverview } from './PurchasingOverview';
import { SalesOverview } from './SalesOverview';

/** What the page shows next to load beside it (the route's preload: the idle login screen, then LOGIN). */
export { preloadSalesChart as preloadParts } from './SalesOverview';

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
  const o = overviewsOf(useCan());
  // The administrator sees both: sales (with the delete-request review) and purchasing, as two tabs.
  if (o.sales && o.purchasing) return <TwoOverviews admin={o.admin} />;
  if (o.sales) return <SalesOverview admin={o.admin} />;
  if (o.production) return <ProductionOverview />;
  return <PurchasingOverview />;
}

/** Sales and purchasing overviews as tabs; the tab lives in the address (?view=purchasing), so Back returns to it. */
function TwoOverviews({ admin }: { admin: boolean }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { dealerId } = useParams();
  const purchasing = params.get('view') === 'purchasing';
  return (
    <>
      <Tabs
        value={purchasing ? 'purchasing' : 'sales'}
        onChange={(_, v) => navigate(v === 'purchasing' ? '/dashboard?view=purchasing' : '/dashboard')}
        sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Dashboards"
      >
        <Tab value="sales" label="Sales" data-testid="dashboard-tab-sales" />
        <Tab value="purchasing" label="Purchasing" data-testid="dashboard-tab-purchasing" />
      </Tabs>
      {purchasing && !dealerId ? <PurchasingOverview inTab /> : <SalesOverview admin={admin} />}
    </>
  );
}
