import { canReach, landingRoute, ROUTES, type Role } from '@bpm/contract/roles';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { Layout } from './Layout';
import PlaceholderPage from './PlaceholderPage';
import { areaTitle, PAGES } from './routes';

/** Sends a path the role cannot reach (e.g. '/dashboard/add') to its landing route. */
function Guard({ role, children }: { role: Role; children: ReactNode }) {
  const { pathname } = useLocation();
  if (!canReach(role, pathname)) return <Navigate to={landingRoute(role)} replace />;
  return children;
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
  children.push({ path: '*', element: <Navigate to={landingRoute(role)} replace /> });
  return [{ element: <Layout />, children }];
}

export function createRouter(role: Role) {
  return createBrowserRouter(buildRoutes(role));
}
