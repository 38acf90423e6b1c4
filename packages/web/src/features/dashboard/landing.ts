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
 * Right after LOGIN, before the signed-in shell's first render: the top bar's profile and the landing dashboard's
 * data are asked for at once,
 * so the page finds it in the cache (or on its way) instead of asking only after the shell and page have rendered
 * (~370 ms later; docs/performance.md 'Time from LOGIN').
 */
export function prefetchLanding(role: Role, userId: number): void {
  for (const q of [...fetchable(profileQuery(userId)), ...landingQueries(role)]) void queryClient.prefetchQuery(q);
}
