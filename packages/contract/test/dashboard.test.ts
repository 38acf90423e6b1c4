import { describe, expect, it } from 'vitest';
import { dashboardQuery, formatChange, OTHERS, percentChange, topWithOthers } from '../src/dashboard';

describe('percentChange', () => {
  it('is the change against the previous period, rounded to 2 decimals', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(100, 300)).toBe(-66.67);
    expect(percentChange(100, 100)).toBe(0);
    expect(percentChange(0, 100)).toBe(-100);
  });
  it('with no base shows 100 when current > 0 and N/A when both are 0', () => {
    expect(percentChange(42, 0)).toBe(100);
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(-5, 0)).toBe(-100);
  });
  it('uses the magnitude of a negative base', () => {
    expect(percentChange(0, -100)).toBe(100);
  });
  it('formats', () => {
    expect(formatChange(null)).toBe('N/A');
    expect(formatChange(100)).toBe('+100%');
    expect(formatChange(-66.67)).toBe('-66.67%');
    expect(formatChange(0)).toBe('0%');
  });
});

describe('topWithOthers', () => {
  const rows = Array.from({ length: 13 }, (_, i) => ({ dealer: i + 1, dealer_name: `D${i + 1}`, sales: (i + 1) * 10 }));
  it('keeps the top 10 by sales and groups the rest as Others', () => {
    const top = topWithOthers(rows);
    expect(top).toHaveLength(11);
    expect(top[0]).toEqual({ dealer: 13, dealer_name: 'D13', sales: 130 });
    expect(top[9]!.dealer).toBe(4);
    expect(top[10]).toEqual({ dealer: -1, dealer_name: OTHERS, sales: 60 });
  });
  it('has no Others row with 10 dealers or fewer, and drops dealers without sales', () => {
    expect(topWithOthers(rows.slice(0, 10))).toHaveLength(10);
    expect(topWithOthers([{ dealer: 1, dealer_name: 'A', sales: 0 }])).toEqual([]);
  });
});

describe('dashboardQuery', () => {
  it('defaults to all dealers', () => {
    expect(dashboardQuery.parse({})).toEqual({ dealer: -1 });
    expect(dashboardQuery.parse({ dealer: '7', year: '2025' })).toEqual({ dealer: 7, year: 2025 });
  });
});
