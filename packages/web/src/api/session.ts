import type { Profile } from '@bpm/contract/session';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** GET /user/profile; failures are silent (the avatar menu falls back to the username). */
export function useProfile(userId: number) {
  return useQuery({
    queryKey: ['profile', userId],
    queryFn: () => api.get<Profile>('/user/profile', undefined, { toast: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
