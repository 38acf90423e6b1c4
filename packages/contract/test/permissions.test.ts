import { describe, expect, it } from 'vitest';
import { can, STATE_RULES } from '../src/permissions';

describe('can(role, action, context)', () => {
  it('denies missing roles and roles the table does not list', () => {
    expect(can(undefined, 'orders.read')).toBe(false);
    expect(can('shipping', 'orders.read')).toBe(false);
    expect(can('sale', 'orders.read')).toBe(true);
  });

  it('applies an action state rule only when a context is given, and never widens the role table', () => {
    const before = STATE_RULES['orders.save'];
    STATE_RULES['orders.save'] = (_role, ctx) => ctx.state !== 'cancelled';
    try {
      expect(can('sale', 'orders.save')).toBe(true);
      expect(can('sale', 'orders.save', { state: 'open' })).toBe(true);
      expect(can('sale', 'orders.save', { state: 'cancelled' })).toBe(false);
      expect(can('shipping', 'orders.save', { state: 'open' })).toBe(false);
    } finally {
      if (before) STATE_RULES['orders.save'] = before;
      else delete STATE_RULES['orders.save'];
    }
  });
});
