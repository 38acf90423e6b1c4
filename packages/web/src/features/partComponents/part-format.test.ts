import { describe, expect, it } from 'vitest';
import { defaultStatisticsWindow, formatUnitPrice } from './part-format';

describe('part formatting', () => {
  it('formats unit prices with 2 to 6 decimals', () => {
    expect(formatUnitPrice(0.0125)).toBe('US$0.0125');
    expect(formatUnitPrice(12)).toBe('US$12.00');
    expect(formatUnitPrice(5, '')).toBe('5.00');
  });
  it('defaults the statistics window to one month back until the end of today', () => {
    const w = defaultStatisticsWindow(new Date(2025, 6, 31, 9));
    expect(new Date(w.from * 1000)).toEqual(new Date(2025, 5, 30));
    expect(new Date(w.to * 1000)).toEqual(new Date(2025, 6, 31, 23, 59, 59));
  });
});
