import { z } from 'zod';
import { HISTORY_PAGE_SIZES } from './common';

/** Entity kinds that have their own history route `/events/{kind}/{id}`. */
export const EVENT_KINDS = ['order', 'quotation', 'packinglist', 'purchaseorder', 'task', 'project'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const eventListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...HISTORY_PAGE_SIZES))
    .default(25),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(200).optional().default(''),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

export interface EventRow {
  id: number;
  /** Unix seconds. */
  time: number;
  username: string;
  first_name: string;
  last_name: string;
  event: string;
  entity_type: string;
  entity_id: number | null;
  data: Record<string, unknown>;
}

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** The `{ changes: { field: { old, new } } }` part of an event's data as rows, for the screens. */
export function eventChanges(data: unknown): FieldChange[] {
  if (!data || typeof data !== 'object') return [];
  const changes = (data as { changes?: unknown }).changes;
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes as Record<string, { old?: unknown; new?: unknown }>).map(([field, c]) => ({
    field,
    old: c?.old ?? null,
    new: c?.new ?? null,
  }));
}

/** The data fields other than `changes`, as label/value rows. */
export function eventDetails(data: unknown): Array<{ field: string; value: unknown }> {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>)
    .filter(([k]) => k !== 'changes')
    .map(([field, value]) => ({ field, value }));
}
