import type { DocVariant } from './orders';
import { useSalesDoc } from './orders';

/**
 * Quotation calls: the same document machinery as orders (api/orders.ts) with the quotation paths
 * (/quotations, /production/quotations, /shipping/quotations read-only). Mutations invalidate
 * ['quotations'] (and ['orders'] for a confirmation).
 */
export const useQuotation = (variant: DocVariant, id: number | undefined) => useSalesDoc('quotation', variant, id);
