import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** The paging, search and sort params every server-paged list takes. */
export interface PagedListParams {
  search: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One area's list: key `[area, 'list', ...keyParts, params]`; the previous page stays while the next loads. */
export function useEntityList<Row>(area: string, path: string, params: object, keyParts: readonly unknown[] = []) {
  return useQuery({
    queryKey: [area, 'list', ...keyParts, params],
    queryFn: () => api.list<Row>(path, { ...params }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One record, key `[area, 'detail', id]`, loaded only when `id` is set. `toast: false` and `retry: false` for
 * pages that handle a failed load themselves.
 */
export function useEntity<T>(
  area: string,
  id: number | undefined,
  path: (id: number) => string,
  opts: { toast?: boolean; retry?: boolean } = {},
) {
  return useQuery({
    queryKey: [area, 'detail', id ?? 0],
    queryFn: () => api.get<T>(path(id ?? 0), undefined, opts.toast === false ? { toast: false } : undefined),
    enabled: !!id,
    ...(opts.retry === false ? { retry: false } : {}),
  });
}

/** A mutation of one area: whatever its outcome, the area's queries (lists and records) refresh. */
export function useAreaMutation<A, R>(area: string, fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: [area] }) });
}

/** POST `path` as multipart (text fields + optional files): the add/edit pages' save. */
export function useSaveEntity<R>(area: string, path: string, opts?: { toast?: boolean }) {
  return useAreaMutation(area, (fields: Record<string, unknown>) => api.upload<R>(path, fields, opts));
}

/** A list's 'Export CSV' download: `{path}/export.csv` with the list's params (every row the filters select). */
export type CsvExport = (params: object) => Promise<{ blob: Blob; fileName: string }>;

export function csvExport(path: string): CsvExport {
  return (params) =>
    api.download(`${path}/export.csv`, { ...(params as Record<string, string | number | boolean | null | undefined>) });
}
