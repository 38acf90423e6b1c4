import type { Dealer, DealerCredit, DealerOption, DealerRow } from '@bpm/contract/dealers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export interface DealerListParams {
  search: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const keys = {
  all: ['dealers'] as const,
  list: (p: DealerListParams) => ['dealers', 'list', p] as const,
  detail: (id: number) => ['dealers', 'detail', id] as const,
  options: ['dealers', 'options'] as const,
  credit: (id: number) => ['dealers', 'credit', id] as const,
};

export function useDealers(p: DealerListParams) {
  return useQuery({
    queryKey: keys.list(p),
    queryFn: () => api.list<DealerRow>('/dealers', { ...p }),
    placeholderData: keepPreviousData,
  });
}

export function useDealer(id: number | undefined) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => api.get<Dealer>(`/dealers/${id}`),
    enabled: !!id,
  });
}

/** Every dealer for the pickers ('name [id]'). Failures are silent: the pages clear the selection. */
export function useDealerOptions() {
  return useQuery({
    queryKey: keys.options,
    queryFn: () => api.get<DealerOption[]>('/dealers/autocomplete', { limit: 1000 }, { toast: false }),
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /dealers/save as multipart (fields + optional `agreement_pdf` file). */
export function useSaveDealer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, unknown>) => api.upload<Dealer>('/dealers/save', fields),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDealerCredit(id: number | undefined) {
  return useQuery({
    queryKey: keys.credit(id ?? 0),
    queryFn: () => api.get<DealerCredit>(`/dealers/credit/${id}`),
    enabled: !!id,
  });
}

export function downloadAgreement(id: number) {
  return api.download(`/files/dealers/agreement_pdf/${id}`);
}
