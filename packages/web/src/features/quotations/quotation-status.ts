/**
 * What the Status column of the quotations list says (issue 9 item 11): a quotation does not ship, so its
 * shipping status ('wait') says nothing; its state does. Cancelled first, then confirmed into an order, then a
 * pending delete request, otherwise open.
 */
export type QuotationState = 'cancelled' | 'confirmed' | 'deleteRequested' | 'open';

export const QUOTATION_STATE_LABELS: Record<QuotationState, string> = {
  cancelled: 'Cancelled',
  confirmed: 'Confirmed',
  deleteRequested: 'Delete requested',
  open: 'Open',
};

export function quotationState(q: {
  shipping_status: string;
  order_id: number | null;
  request_to_delete: number;
}): QuotationState {
  if (q.shipping_status === 'cancel') return 'cancelled';
  if (q.order_id) return 'confirmed';
  if (q.request_to_delete) return 'deleteRequested';
  return 'open';
}
