import type { Passport } from '@bpm/contract/passport';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** A serial's passport (its unit, tests, order, packing lists, licenses, moves). */
export function usePassport(serial: string) {
  return useQuery({
    queryKey: ['units', 'passport', serial],
    queryFn: () => api.get<Passport>('/units/passport', { serial }, { toast: false }),
    enabled: serial !== '',
    retry: false,
  });
}

/** The client path of a serial's passport. */
export const passportPath = (serial: string) => `/serials/${encodeURIComponent(serial)}`;
