import { type LicenseEntry, type LicenseRecord, type LicenseType, licenseCallPath } from '@bpm/contract/license';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export interface GenerateInput {
  type: LicenseType;
  mac: string;
  license: LicenseEntry[];
  dealer_id?: number | null;
  serial?: string;
}

/** genLicense / genActivateCode; errors are shown on the form (no toast). */
export function useGenerateLicense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, ...body }: GenerateInput) =>
      api.post<{ license: string }>(licenseCallPath(type), body, { toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['license', 'registry'] }),
  });
}

export interface BatchInput {
  license_type: LicenseType;
  license: LicenseEntry[];
  devices: Array<{ mac: string; serial: string }>;
  order_id?: number | null;
  dealer_id?: number | null;
}
export interface BatchResult {
  mac: string;
  serial: string;
  license: string;
}

/** `POST /license/batch`: one license per device, all or none; errors are shown on the form. */
export function useLicenseBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchInput) => api.post<BatchResult[]>('/license/batch', body, { toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['license', 'registry'] }),
  });
}

export function useLicenseRegistry(p: { search: string; dealer?: number | null; offset: number; limit: number }) {
  return useQuery({
    queryKey: ['license', 'registry', p],
    queryFn: () =>
      api.list<LicenseRecord>('/license/registry', {
        search: p.search,
        dealer: p.dealer ?? undefined,
        offset: p.offset,
        limit: p.limit,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The keys already made for these serials (a packing list's devices), newest first. */
export function useLicensesOfSerials(serials: readonly string[]) {
  return useQuery({
    queryKey: ['license', 'registry', 'serials', serials],
    queryFn: () => api.list<LicenseRecord>('/license/registry', { serials: serials.join(','), limit: 500, offset: 0 }),
    enabled: serials.length > 0,
  });
}
