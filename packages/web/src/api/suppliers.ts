import type { Supplier } from '@bpm/contract/suppliers';
import { api } from './client';
import { csvExport, type PagedListParams, useAreaMutation, useEntity, useEntityList } from './entity';

export type SupplierListParams = PagedListParams;

export function useSuppliers(p: SupplierListParams) {
  return useEntityList<Supplier>('suppliers', '/suppliers', p);
}

export function useSupplier(id: number | undefined) {
  return useEntity<Supplier>('suppliers', id, (id) => `/suppliers/${id}`, { retry: false });
}

export function useSaveSupplier() {
  return useAreaMutation('suppliers', (body: Record<string, unknown>) => api.post<Supplier>('/suppliers/save', body));
}

export const exportSuppliersCsv = csvExport('/suppliers');
