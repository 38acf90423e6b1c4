import type { DocVariant } from './orders';
import { useDeleteAction, useSalesDoc, useSaveDoc, useTurnToOrder } from './orders';

/**
 * Quotation calls: the same document machinery as orders (api/orders.ts) with the quotation paths
 * (/quotations, /production/quotations, /shipping/quotations read-only). Mutations invalidate
 * ['quotations'] (and ['orders'] for a confirmation).
 */
export const useQuotation = (variant: DocVariant, id: number | undefined) => useSalesDoc('quotation', variant, id);
export const useSaveQuotation = (variant: DocVariant) => useSaveDoc('quotation', variant);
export const useQuotationDeleteAction = (variant: DocVariant) => useDeleteAction('quotation', variant);
/** PUT …/quotations/turn-to-order/{id} → the new order. */
export const useConfirmQuotation = (variant: DocVariant) => useTurnToOrder(variant);
