import { type Action, can, type PermissionContext } from '@bpm/contract/permissions';
import { landingRoute, ROLES, type Role } from '@bpm/contract/roles';
import { hashKey, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { profileQuery } from '../../api/session';
import DashboardPage from './DashboardPage';
import { landingQueries, prefetchLanding } from './landing';

// The signed-in user, as the pages' permission checks see it (the auth store's session is not what is tested).
const user = vi.hoisted(() => ({ id: 7, role: 'administrator' as Role }));
vi.mock('../../api/auth-store', () => ({
  useCan: () => (action: Action, context?: PermissionContext) => can(user.role, action, context),
  useCurrentUser: () => ({ user_id: user.id, username: 'u', user_role: user.role, is_test: 0, iat: 0, exp: 0 }),
}));

// No server: every call stays unanswered (the tests look at which queries are asked for, not at their data).
const fetched: string[] = [];
beforeAll(() =>
  vi.stubGlobal('fetch', (input: string) => {
    fetched.push(new URL(input, 'http://localhost').pathname);
    return new Promise(() => undefined);
  }),
);
afterAll(() => vi.unstubAllGlobals());

/** The queries /dashboard's cards ask for on their first render (no dealer, the first tab), by hash. */
function pageQueries(): string[] {
  const client = new QueryClient();
  renderToString(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        MemoryRouter,
        { initialEntries: ['/dashboard'] },
        createElement(
          Routes,
          null,
          createElement(Route, { path: '/dashboard', element: createElement(DashboardPage) }),
        ),
      ),
    ),
  );
  // A query built by a disabled hook would not be fetched on the page either.
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => (q.options as { enabled?: unknown }).enabled !== false)
    .map((q) => q.queryHash)
    .sort();
}

const hashes = (queries: { queryKey: readonly unknown[] }[]) => queries.map((q) => hashKey(q.queryKey)).sort();

const dashboardRoles = ROLES.filter((r) => landingRoute(r) === '/dashboard');

describe('the landing prefetch', () => {
  it.each(dashboardRoles)('asks for exactly the queries the %s dashboard renders with', (r) => {
    user.role = r;
    const page = pageQueries();
    expect(page.length).toBeGreaterThan(1);
    expect(hashes(landingQueries(r))).toEqual(page);
  });

  it('asks for nothing for roles that land elsewhere', () => {
    const others = ROLES.filter((r) => landingRoute(r) !== '/dashboard');
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect(landingQueries(r)).toEqual([]);
  });

  it("starts the landing queries and the top bar's profile in the app's cache, each once", async () => {
    queryClient.clear();
    fetched.length = 0;
    prefetchLanding('administrator', user.id, '/dashboard', '');
    // A second ask while the first is on its way fetches nothing more.
    prefetchLanding('administrator', user.id, '/dashboard', '');
    const expected = [...landingQueries('administrator'), profileQuery(user.id)];
    const cached = queryClient.getQueryCache().getAll();
    expect(cached.map((q) => q.queryHash).sort()).toEqual(hashes(expected));
    for (const q of cached) expect(q.state.fetchStatus).toBe('fetching');
    await vi.waitFor(() => expect(fetched).toHaveLength(expected.length));
    expect(new Set(fetched).size).toBe(expected.length);
    queryClient.clear();
  });

  it.each([
    ['/orders', ''],
    ['/dashboard/12', ''],
    ['/dashboard', '?view=purchasing'],
  ])('asks only for the profile when the address shows %s%s (not the landing dashboard)', (shown, search) => {
    queryClient.clear();
    prefetchLanding('administrator', user.id, shown, search);
    const cached = queryClient.getQueryCache().getAll();
    expect(cached.map((q) => q.queryHash)).toEqual([hashKey(profileQuery(user.id).queryKey)]);
    queryClient.clear();
  });
});
