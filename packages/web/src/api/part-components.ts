import {
  type PartComponent,
  type PartComponentSaved,
  type PartStatisticsRow,
  totalQuantity,
  weightedAverage,
} from '@bpm/contract/part-components';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { csvExport, type PagedListParams, useAreaMutation, useEntity, useEntityList, useSaveEntity } from './entity';

const AREA = 'partComponents';

export interface PartListParams extends PagedListParams {
  status: 'all' | 'active' | 'inactive';
}

/** Failed list loads show an empty list (section 8). */
export function usePartComponents(p: PartListParams) {
  return useEntityList<PartComponent>(AREA, '/partComponents', p);
}

/** A failed load is handled by the page (redirect to the list). */
export function usePartComponent(id: number | undefined) {
  return useEntity<PartComponent>(AREA, id, (id) => `/partComponents/${id}`, { toast: false, retry: false });
}

export function usePartStatistics(id: number, start: number | null, end: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [AREA, 'statistics', id, start, end],
    queryFn: () =>
      api
        .post<PartStatisticsRow[]>(`/partComponents/statistics/${id}`, {
          startTime: start ?? undefined,
          endTime: end ?? undefined,
        })
        .then((rows) => ({ rows, avg_price: weightedAverage(rows), total_quantity: totalQuantity(rows) })),
    enabled,
  });
}

/** POST /partComponents/save as multipart (fields + optional `part_image`). */
export function useSavePartComponent() {
  return useSaveEntity<PartComponentSaved>(AREA, '/partComponents/save');
}

export function useSetPartActive() {
  return useAreaMutation(AREA, ({ id, active }: { id: number; active: boolean }) =>
    api.put<{ active: number; version: number }>(`/partComponents/${active ? 'enable' : 'disable'}/${id}`),
  );
}

export function useDeletePartImage() {
  return useAreaMutation(AREA, (id: number) => api.post<{ version: number }>(`/partComponents/deleteImage/${id}`));
}

export function downloadPartImage(id: number) {
  return api.download(`/partComponents/image/${id}`);
}

export const exportPartComponentsCsv = csvExport('/partComponents');

/** Active parts matching `search` (the first 25): a purchase order's Add Part picker. */
export function usePartOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['partComponents', 'po-options', search],
    queryFn: () => api.list<PartComponent>('/partComponents', { search, status: 'active', limit: 25 }),
    enabled,
  });
}
