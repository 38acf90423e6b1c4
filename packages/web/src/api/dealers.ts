import type { Dealer, DealerOption, DealerRow } from '@bpm/contract/dealers';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { csvExport, type PagedListParams, useEntity, useEntityList, useSaveEntity } from './entity';

export type DealerListParams = PagedListParams;

export function useDealers(p: DealerListParams) {
  return useEntityList<DealerRow>('dealers', '/dealers', p);
}

export function useDealer(id: number | undefined) {
  return useEntity<Dealer>('dealers', id, (id) => `/dealers/${id}`);
}

/** The one cache key of every dealer look-up in the app (pickers, editors, dashboards). */
const dealerKeys = {
  options: ['dealers', 'options'] as const,
  detail: (id: number) => ['dealers', 'detail', id] as const,
};

/**
 * Every dealer for the pickers ('name [id]'), one query for the whole app. Failures are silent: the pages clear
 * the selection.
 */
export const dealerOptionsQuery = () =>
  queryOptions({
    queryKey: dealerKeys.options,
    queryFn: () => api.get<DealerOption[]>('/dealers/autocomplete', { limit: 1000 }, { toast: false }),
    staleTime: 60_000,
    retry: false,
  });

export function useDealerOptions(enabled = true) {
  return useQuery({ ...dealerOptionsQuery(), enabled });
}

/** A dealer's details (what a dealer change copies into a document), shared with the dealer form's cache. */
export function useDealerDetail(id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: dealerKeys.detail(id ?? 0),
    queryFn: () => api.get<Dealer>(`/dealers/${id}`),
    enabled: enabled && !!id,
    staleTime: 60_000,
  });
}

/** Loads (or takes from the cache) one dealer's details. */
export const fetchDealerDetail = (qc: QueryClient, id: number) =>
  qc.fetchQuery({
    queryKey: dealerKeys.detail(id),
    queryFn: () => api.get<Dealer>(`/dealers/${id}`),
    staleTime: 60_000,
  });

/** POST /dealers/save as multipart (fields + optional `agreement_pdf` file). */
export function useSaveDealer() {
  return useSaveEntity<Dealer>('dealers', '/dealers/save');
}

export function downloadAgreement(id: number) {
  return api.download(`/files/dealers/agreement_pdf/${id}`);
}

export const exportDealersCsv = csvExport('/dealers');
