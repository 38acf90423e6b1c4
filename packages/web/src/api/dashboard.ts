import type { ProductionOverview, SalesOverview } from '@bpm/contract/dashboard';
import type { DeleteRequestRow } from '@bpm/contract/order-reads';
import type { QuotationDeleteRequestRow } from '@bpm/contract/quotations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// Dashboard data failures leave the loading state without a message (document 1 section 2.5):
// no toasts, no retries; the cards keep their spinner.
const quiet = { toast: false } as const;

export const salesOverviewQuery = (dealer: number, year?: number) =>
  queryOptions({
    queryKey: ['dashboard', 'sales', dealer, year ?? null],
    queryFn: () => api.get<SalesOverview>('/dashboard/sales', { dealer, year }, quiet),
    retry: false,
  });

export function useSalesOverview(dealer: number, year?: number) {
  return useQuery(salesOverviewQuery(dealer, year));
}

export const productionOverviewQuery = (dealer: number) =>
  queryOptions({
    queryKey: ['dashboard', 'production', dealer],
    queryFn: () => api.get<ProductionOverview>('/dashboard/production', { dealer }, quiet),
    retry: false,
  });

export function useProductionOverview(dealer: number) {
  return useQuery(productionOverviewQuery(dealer));
}

/** A pending delete request as the dashboard lists it: an order's or a quotation's. */
export interface DocDeleteRequest extends DeleteRequestRow {
  quote_ref?: string;
}

type DeleteKind = 'order' | 'quotation';
const deleteRequestsKey = (kind: DeleteKind) => [kind === 'order' ? 'orders' : 'quotations', 'request-to-delete'];

/**
 * Pending delete requests of one kind, every one: GET /orders/request-to-delete or GET /quotations/request-to-delete.
 */
export const deleteRequestsQuery = (kind: DeleteKind = 'order') =>
  queryOptions({
    queryKey: deleteRequestsKey(kind),
    queryFn: (): Promise<DocDeleteRequest[]> =>
      kind === 'order'
        ? api.get<DeleteRequestRow[]>('/orders/request-to-delete', undefined, quiet)
        : api.get<QuotationDeleteRequestRow[]>('/quotations/request-to-delete', undefined, quiet),
    retry: false,
  });

export function useDeleteRequests(enabled: boolean, kind: DeleteKind = 'order') {
  return useQuery({ ...deleteRequestsQuery(kind), enabled });
}

/** PUT /admin/{orders|quotations}/delete/approve|reject/{id}; the lists and dashboard refresh. */
export function useDecideDelete(kind: DeleteKind = 'order') {
  const qc = useQueryClient();
  const area = kind === 'order' ? 'orders' : 'quotations';
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      api.put(`/admin/${area}/delete/${approve ? 'approve' : 'reject'}/${id}`),
    onSuccess: (_r, v) =>
      qc.setQueryData<DocDeleteRequest[]>(deleteRequestsKey(kind), (rows) => rows?.filter((r) => r.id !== v.id)),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: [area] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
