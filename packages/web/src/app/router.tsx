import { canReach, landingRoute, ROUTES, type Role } from '@bpm/contract/roles';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { canonicalPath } from './canonical-path';
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
  const { pathname, search, hash } = useLocation();
  const canonical = canonicalPath(ROUTES[role], pathname);
  return <Navigate to={canonical ? `${canonical}${search}${hash}` : landingRoute(role)} replace />;
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

export function createRouter(role: Role) {
  return createBrowserRouter(buildRoutes(role));
}
