import type { Supplier } from '@bpm/contract/suppliers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export interface SupplierListParams {
  search: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const keys = {
  all: ['suppliers'] as const,
  list: (p: SupplierListParams) => ['suppliers', 'list', p] as const,
  detail: (id: number) => ['suppliers', 'detail', id] as const,
};

export function useSuppliers(p: SupplierListParams) {
  return useQuery({
    queryKey: keys.list(p),
    queryFn: () => api.list<Supplier>('/suppliers', { ...p }),
    placeholderData: keepPreviousData,
  });
}

export function useSupplier(id: number | undefined) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => api.get<Supplier>(`/suppliers/${id}`),
    enabled: !!id,
    retry: false,
  });
}

export function useSaveSupplier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<Supplier>('/suppliers/save', body),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}
