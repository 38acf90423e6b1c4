import { canReach, landingRoute, ROUTES, type Role } from '@bpm/contract/roles';
import type { ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation } from 'react-router';
import { type Address, shownAddress } from './canonical-path';
import { Layout } from './Layout';
import PlaceholderPage from './PlaceholderPage';
import { areaTitle, PAGES } from './routes';

/** Sends a path the role cannot reach (e.g. '/dashboard/add') to its landing route. */
function Guard({ role, children }: { role: Role; children: ReactNode }) {
  const { pathname } = useLocation();
  if (!canReach(role, pathname)) return <Navigate to={landingRoute(role)} replace />;
  return children;
}

/** An unmatched path: the same path with its fixed words in the table's case, else the landing route. */
function Unmatched({ role }: { role: Role }) {
  return <Navigate to={shownAddress(role, useLocation())} replace />;
}

/** Every route of ROUTES[role]; anything else redirects to landingRoute(role). */
export function buildRoutes(role: Role): RouteObject[] {
  const children: RouteObject[] = ROUTES[role].map((pattern) => {
    const Page = PAGES[pattern];
    return {
      path: pattern,
      caseSensitive: true,
      element: <Guard role={role}>{Page ? <Page /> : <PlaceholderPage title={areaTitle(pattern)} />}</Guard>,
    };
  });
  children.push({ path: '*', element: <Unmatched role={role} /> });
  return [{ element: <Layout />, children }];
}

/**
 * Where the router's first render would send `role` from `address` (Unmatched, Guard), or null where it shows the
 * address itself.
 */
export function startAddress(role: Role, routes: RouteObject[], address: Address): string | null {
  const route = matchRoutes(routes, address.pathname)?.at(-1)?.route;
  if (!route || route.path === '*') return shownAddress(role, address);
  return canReach(role, address.pathname) ? null : landingRoute(role);
}

export function createRouter(role: Role) {
  const routes = buildRoutes(role);
  // Sent on before the router starts (after LOGIN at '/', say): its first render is then the page itself, not a
  // redirect and the page in a second, deferred render (docs/performance.md 'Time from LOGIN').
  const start = startAddress(role, routes, window.location);
  if (start) window.history.replaceState(window.history.state, '', start);
  return createBrowserRouter(routes);
}
