import type { Dealer, DealerOption, DealerRow } from '@bpm/contract/dealers';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { type PagedListParams, useEntity, useEntityList, useSaveEntity } from './entity';

export type DealerListParams = PagedListParams;

export function useDealers(p: DealerListParams) {
  return useEntityList<DealerRow>('dealers', '/dealers', p);
}

export function useDealer(id: number | undefined) {
  return useEntity<Dealer>('dealers', id, (id) => `/dealers/${id}`);
}

/** Every dealer for the pickers ('name [id]'). Failures are silent: the pages clear the selection. */
export function useDealerOptions() {
  return useQuery({
    queryKey: ['dealers', 'options'],
    queryFn: () => api.get<DealerOption[]>('/dealers/autocomplete', { limit: 1000 }, { toast: false }),
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /dealers/save as multipart (fields + optional `agreement_pdf` file). */
export function useSaveDealer() {
  return useSaveEntity<Dealer>('dealers', '/dealers/save');
}

export function downloadAgreement(id: number) {
  return api.download(`/files/dealers/agreement_pdf/${id}`);
}
