import { type Action, can } from '@bpm/contract/permissions';
import { landingRoute, type Role } from '@bpm/contract/roles';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { deleteRequestsQuery, productionOverviewQuery, salesOverviewQuery } from '../../api/dashboard';
import { dealerOptionsQuery } from '../../api/dealers';
import { purchasingOverviewQuery, supplierOptionsQuery, waitingApprovalQuery } from '../../api/purchase-orders';
import { queryClient } from '../../api/query-client';
import { profileQuery } from '../../api/session';
import { overdueTasksQuery } from '../../api/work';

/** Which overviews a role's dashboard shows (document 1 section 2.5). */
export interface Overviews {
  sales: boolean;
  purchasing: boolean;
  production: boolean;
  /** The administrator's delete-request and PO-approval cards beside the sales overview. */
  admin: boolean;
}

export function overviewsOf(allowed: (action: Action) => boolean): Overviews {
  return {
    sales: allowed('dashboard.sales'),
    purchasing: allowed('dashboard.purchasing'),
    production: allowed('dashboard.production'),
    admin: allowed('orders.delete'),
  };
}

/** A card's query options as the cache's prefetch takes them (each keeps its own key, fetcher and settings). */
const fetchable = (...queries: object[]) => queries as FetchQueryOptions[];

/** The queries /dashboard (no dealer, no supplier, the first tab) runs for `role`, as its cards ask for them. */
export function landingQueries(role: Role): FetchQueryOptions[] {
  if (landingRoute(role) !== '/dashboard') return [];
  const o = overviewsOf((action) => can(role, action));
  const queries = fetchable(overdueTasksQuery());
  if (o.sales) {
    queries.push(...fetchable(salesOverviewQuery(-1), dealerOptionsQuery()));
    if (o.admin)
      queries.push(
        ...fetchable(deleteRequestsQuery('order'), deleteRequestsQuery('quotation'), waitingApprovalQuery()),
      );
  } else if (o.production) queries.push(...fetchable(productionOverviewQuery(-1), dealerOptionsQuery()));
  else queries.push(...fetchable(supplierOptionsQuery(), purchasingOverviewQuery(-1)));
  return queries;
}

/**
 * Right after LOGIN, before the signed-in shell's first render: the top bar's profile and, when the shell is to
 * show the landing dashboard, its data are asked for at once, so the page finds them in the cache (or on their way)
 * instead of asking only after the shell and page have rendered (~370 ms later; docs/performance.md 'Time from
 * LOGIN'). `shown` is the route the signed-in router shows for the address, `search` the address's query: a
 * signed-out user who opened another page (or the dashboard's other tab) is taken there, and its calls are not
 * delayed by the landing dashboard's.
 */
export function prefetchLanding(role: Role, userId: number, shown: string, search: string): void {
  const landing = shown === '/dashboard' && !new URLSearchParams(search).has('view') ? landingQueries(role) : [];
  for (const q of [...fetchable(profileQuery(userId)), ...landing]) void queryClient.prefetchQuery(q);
}
