import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, EVENTS } from '../src/events';

describe('the audit event catalogue', () => {
  it('names every event once, in snake case', () => {
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
    for (const name of EVENT_NAMES) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('keeps the names the server has always written', () => {
    expect(EVENTS.order.created).toBe('order_created');
    expect(EVENTS.quotation.deleteRequestCancelled).toBe('quotation_delete_request_cancelled');
    expect(EVENTS.part_component.enabled).toBe('part_component_enabled');
    expect(EVENTS.user.signatureDeleted).toBe('signature_deleted');
    expect(EVENTS.product.testChecklistRevSaved).toBe('test_checklist_rev_saved');
  });

  it('gives the stems of the shared record helpers their lifecycle names', () => {
    for (const stem of ['user', 'dealer', 'supplier', 'part_component', 'product'] as const)
      for (const what of ['created', 'updated', 'enabled', 'disabled'] as const)
        expect(EVENTS[stem][what]).toBe(`${stem}_${what}`);
  });
});
