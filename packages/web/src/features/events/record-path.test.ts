import { describe, expect, it } from 'vitest';
import { recordPath } from './record-path';

describe('recordPath (an event row links to its record)', () => {
  it('maps singular and plural entity types to the edit page', () => {
    expect(recordPath('order', 12)).toBe('/orders/edit/12');
    expect(recordPath('quotations', 3)).toBe('/quotations/edit/3');
    expect(recordPath('partComponents', 9)).toBe('/partComponents/edit/9');
    expect(recordPath('user', 1)).toBe('/users/edit/1');
    expect(recordPath('packinglist', 4)).toBe('/packinglists/edit/4');
    expect(recordPath('purchaseorder', 5)).toBe('/purchaseorders/edit/5');
    expect(recordPath('task', 6)).toBe('/tasks/view/6');
    expect(recordPath('project', 7)).toBe('/projects/view/7');
  });
  it('opens an order checklist or a stock checklist', () => {
    expect(recordPath('test_checklist', 8, { order_id: 3 })).toBe('/testchecklists/test/8');
    expect(recordPath('test_checklist', 8, { order_id: null })).toBe('/stocktestchecklists/test/8');
  });
  it('has no link without an id or for an unknown type', () => {
    expect(recordPath('order', null)).toBeUndefined();
    expect(recordPath('session', 4)).toBeUndefined();
  });
});
