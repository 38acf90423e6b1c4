import type { Role } from '@bpm/contract/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../api/query-client';
import { createRouter } from './router';

/**
 * The signed-in app: the role's router and, behind it, every page. Loaded only after sign-in, so
 * the login screen needs neither the router nor any page (docs/performance.md).
 */
export default function SignedIn({ role }: { role: Role }) {
  // The parent keys this component by user: a new user gets a fresh router.
  const router = useMemo(() => createRouter(role), [role]);
  // Cached data belongs to the user who loaded it: gone when this user's app closes (sign-out, another user).
  useEffect(() => () => queryClient.clear(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
