import type { EventKind, EventRow } from '@bpm/contract/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { csvExport } from './entity';

export interface EventListParams {
  kind?: EventKind;
  id?: number;
  search: string;
  /** Record type (entity_type); only on the global list. */
  type?: string;
  /** Event name. */
  event?: string;
  /** Part of the username or full name. */
  user?: string;
  /** Time window, unix seconds. */
  from?: number;
  to?: number;
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

export const exportEventsCsv = csvExport('/events');
