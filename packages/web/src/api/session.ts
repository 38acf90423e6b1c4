import type { Profile } from '@bpm/contract/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** GET /user/profile; failures are silent (the avatar menu falls back to the username). */
export const profileQuery = (userId: number) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: () => api.get<Profile>('/user/profile', undefined, { toast: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useProfile(userId: number) {
  return useQuery(profileQuery(userId));
}
