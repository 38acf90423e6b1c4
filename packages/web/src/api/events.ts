import type { EventKind, EventRow } from '@bpm/contract/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

export interface EventListParams {
  kind?: EventKind;
  id?: number;
  search: string;
  limit: number;
  offset: number;
}

/** GET /events or /events/{kind}/{id} (server-paged). Load failures yield an empty list. */
export function useEvents({ kind, id, ...q }: EventListParams) {
  return useQuery({
    queryKey: ['events', 'list', kind ?? 'all', id ?? 0, q],
    queryFn: () => api.list<EventRow>(kind && id ? `/events/${kind}/${id}` : '/events', { ...q }),
    placeholderData: keepPreviousData,
  });
}
