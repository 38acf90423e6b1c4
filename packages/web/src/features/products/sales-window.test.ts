import { describe, expect, it } from 'vitest';
import { defaultSalesWindow, formatPrice } from './sales-window';

describe('defaultSalesWindow', () => {
  it('runs from the same day last month at 00:00 to today 23:59:59 (local)', () => {
    const w = defaultSalesWindow(new Date(2025, 5, 15, 10, 30));
    expect(new Date(w.from * 1000)).toEqual(new Date(2025, 4, 15, 0, 0, 0));
    expect(new Date(w.to * 1000)).toEqual(new Date(2025, 5, 15, 23, 59, 59));
  });
  it('clamps to the end of a shorter previous month', () => {
    const w = defaultSalesWindow(new Date(2025, 2, 31, 8));
    expect(new Date(w.from * 1000)).toEqual(new Date(2025, 1, 28));
  });
  it('crosses the year', () => {
    const w = defaultSalesWindow(new Date(2025, 0, 10));
    expect(new Date(w.from * 1000)).toEqual(new Date(2024, 11, 10));
  });
});

describe('formatPrice', () => {
  it('shows 2 to 6 decimals', () => {
    expect(formatPrice(1234.5)).toBe('US$1,234.50');
    expect(formatPrice(0.002345)).toBe('US$0.002345');
    expect(formatPrice(-3)).toBe('-US$3.00');
    expect(formatPrice(null)).toBe('');
  });
});
