import type { OrderListResponse, OrderRow, OrderSummary, ShippingOrderRow } from '@bpm/contract/order-reads';
import type { QuotationRow } from '@bpm/contract/quotations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import { csvExport } from './entity';

type Query = Record<string, string | number | undefined>;

/** Query keys start with the area name, so the editor's mutations (invalidating ['orders']) refresh these lists. */
export function useOrdersList(q: Query) {
  return useQuery({
    queryKey: ['orders', 'list', 'sales', q],
    queryFn: async (): Promise<{
      rows: OrderRow[];
      total: number;
      estimated: boolean;
      summary: OrderSummary | null;
    }> => {
      const b = await apiFetch<OrderListResponse>('/orders', { query: q });
      // An estimated total comes without a summary (docs/decisions.md, 'Lists & performance').
      return {
        rows: b.data ?? [],
        total: b.total ?? 0,
        estimated: b.total_estimated === 1,
        summary: b.summary ?? null,
      };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /shipping/orders or /production/orders. A failure shows an empty list (document 1 section 2.7):
 * the client has toasted it; the page renders no rows.
 */
export function useRoleOrdersList(role: 'shipping' | 'production', q: Query) {
  return useQuery({
    queryKey: ['orders', 'list', role, q],
    queryFn: async () => {
      const b = await apiFetch<{ data: ShippingOrderRow[]; total?: number; total_estimated?: 0 | 1 }>(
        `/${role}/orders`,
        { query: q },
      );
      return { rows: b.data ?? [], total: b.total ?? b.data?.length ?? 0, estimated: b.total_estimated === 1 };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /quotations, /shipping/quotations or /production/quotations. */
export function useQuotationsList(prefix: '' | '/shipping' | '/production', q: Query) {
  return useQuery({
    queryKey: ['quotations', 'list', prefix, q],
    queryFn: async () => {
      const b = await apiFetch<{ data: QuotationRow[]; total?: number; total_estimated?: 0 | 1 }>(
        `${prefix}/quotations`,
        { query: q },
      );
      return { rows: b.data ?? [], total: b.total ?? b.data?.length ?? 0, estimated: b.total_estimated === 1 };
    },
    placeholderData: keepPreviousData,
  });
}

export const exportOrdersCsv = csvExport('/orders');
export const exportRoleOrdersCsv = (role: 'shipping' | 'production') => csvExport(`/${role}/orders`);
export const exportQuotationsCsv = (prefix: '' | '/shipping' | '/production') => csvExport(`${prefix}/quotations`);
