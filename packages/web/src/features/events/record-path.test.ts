import { describe, expect, it } from 'vitest';
import { recordPath } from './record-path';

describe('recordPath (an event row links to its record)', () => {
  it('maps singular and plural entity types to the edit page', () => {
    expect(recordPath('order', 12)).toBe('/orders/edit/12');
    expect(recordPath('quotations', 3)).toBe('/quotations/edit/3');
    expect(recordPath('partComponents', 9)).toBe('/partComponents/edit/9');
    expect(recordPath('user', 1)).toBe('/users/edit/1');
  });
  it('has no link without an id or for an unknown type', () => {
    expect(recordPath('order', null)).toBeUndefined();
    expect(recordPath('session', 4)).toBeUndefined();
  });
});
