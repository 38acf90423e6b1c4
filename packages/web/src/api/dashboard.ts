import type { ProductionOverview, SalesOverview } from '@bpm/contract/dashboard';
import type { DeleteRequestRow } from '@bpm/contract/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// Dashboard data failures leave the loading state without a message (document 1 section 2.5):
// no toasts, no retries; the cards keep their spinner.
const quiet = { toast: false } as const;

export function useSalesOverview(dealer: number, year?: number) {
  return useQuery({
    queryKey: ['dashboard', 'sales', dealer, year ?? null],
    queryFn: () => api.get<SalesOverview>('/dashboard/sales', { dealer, year }, quiet),
    retry: false,
  });
}

export function useProductionOverview(dealer: number) {
  return useQuery({
    queryKey: ['dashboard', 'production', dealer],
    queryFn: () => api.get<ProductionOverview>('/dashboard/production', { dealer }, quiet),
    retry: false,
  });
}

export function useDeleteRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'request-to-delete'],
    queryFn: () => api.get<DeleteRequestRow[]>('/orders/request-to-delete', undefined, quiet),
    enabled,
    retry: false,
  });
}

/** PUT /admin/orders/delete/approve|reject/{id}; the orders lists and dashboard refresh. */
export function useDecideDelete() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      api.put(`/admin/orders/delete/${approve ? 'approve' : 'reject'}/${id}`),
    onSuccess: (_r, v) =>
      qc.setQueryData<DeleteRequestRow[]>(['orders', 'request-to-delete'], (rows) =>
        rows?.filter((r) => r.id !== v.id),
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['orders'] });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
