import { describe, expect, it } from 'vitest';
import { quotationState } from './quotation-status';

describe('quotationState (the Status column of the quotations list)', () => {
  const q = { shipping_status: 'wait', order_id: null, request_to_delete: 0 };
  it('is open until something happens to it', () => {
    expect(quotationState(q)).toBe('open');
  });
  it('is confirmed once it became an order', () => {
    expect(quotationState({ ...q, order_id: 12 })).toBe('confirmed');
  });
  it('shows a pending delete request', () => {
    expect(quotationState({ ...q, request_to_delete: 1 })).toBe('deleteRequested');
  });
  it('cancelled wins over everything', () => {
    expect(quotationState({ shipping_status: 'cancel', order_id: 12, request_to_delete: 1 })).toBe('cancelled');
  });
});
