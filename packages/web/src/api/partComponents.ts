import type { PartComponent, PartComponentSaved, PartStatistics } from '@bpm/contract/partComponents';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export interface PartListParams {
  search: string;
  status: 'all' | 'active' | 'inactive';
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const keys = {
  all: ['partComponents'] as const,
  list: (p: PartListParams) => ['partComponents', 'list', p] as const,
  detail: (id: number) => ['partComponents', 'detail', id] as const,
  statistics: (id: number, start: number | null, end: number | null) =>
    ['partComponents', 'statistics', id, start, end] as const,
};

export function usePartComponents(p: PartListParams) {
  return useQuery({
    queryKey: keys.list(p),
    // Failed list loads show an empty list (section 8).
    queryFn: () => api.list<PartComponent>('/partComponents', { ...p }),
    placeholderData: keepPreviousData,
  });
}

/** A failed load is handled by the page (redirect to the list). */
export function usePartComponent(id: number | undefined) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => api.get<PartComponent>(`/partComponents/${id}`, undefined, { toast: false }),
    enabled: !!id,
    retry: false,
  });
}

export function usePartStatistics(id: number, start: number | null, end: number | null, enabled: boolean) {
  return useQuery({
    queryKey: keys.statistics(id, start, end),
    queryFn: () =>
      api.post<PartStatistics>(`/partComponents/statistics/${id}`, {
        startTime: start ?? undefined,
        endTime: end ?? undefined,
      }),
    enabled,
  });
}

function usePartsMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: keys.all }) });
}

/** POST /partComponents/save as multipart (fields + optional `part_image`). */
export function useSavePartComponent() {
  return usePartsMutation((fields: Record<string, unknown>) =>
    api.upload<PartComponentSaved>('/partComponents/save', fields),
  );
}

export function useSetPartActive() {
  return usePartsMutation(({ id, active }: { id: number; active: boolean }) =>
    api.put<{ active: number; version: number }>(`/partComponents/${active ? 'enable' : 'disable'}/${id}`),
  );
}

export function useDeletePartImage() {
  return usePartsMutation((id: number) => api.post<{ version: number }>(`/partComponents/deleteImage/${id}`));
}

export function downloadPartImage(id: number) {
  return api.download(`/partComponents/image/${id}`);
}
