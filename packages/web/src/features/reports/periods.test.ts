import { describe, expect, it } from 'vitest';
import { currentMonthValue, topDealerPeriods } from './periods';

const sec = (d: Date) => Math.floor(d.getTime() / 1000);

describe('Top Dealers periods (document 2 section 9)', () => {
  const now = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, local time
  const periods = topDealerPeriods(now);

  it('offers latest 3, 6, 12 months, then the last 12 calendar months', () => {
    expect(periods.map((p) => p.label)).toEqual([
      'Latest 3 months',
      'Latest 6 months',
      'Latest 12 months',
      'November 2026',
      'October 2026',
      'September 2026',
      'August 2026',
      'July 2026',
      'June 2026',
      'May 2026',
      'April 2026',
      'March 2026',
      'February 2026',
      'January 2026',
      'December 2025',
    ]);
  });

  it('latest n months = the current month and n − 1 before it, to the end of today', () => {
    const endToday = sec(new Date(2026, 10, 22, 23, 59, 59));
    expect(periods[0]).toMatchObject({ start: sec(new Date(2026, 8, 1)), end: endToday });
    expect(periods[2]).toMatchObject({ start: sec(new Date(2025, 11, 1)), end: endToday });
  });

  it('a calendar month runs from its first second to its last (the current one to today)', () => {
    expect(periods[3]).toMatchObject({
      start: sec(new Date(2026, 10, 1)),
      end: sec(new Date(2026, 10, 22, 23, 59, 59)),
    });
    expect(periods[4]).toMatchObject({ start: sec(new Date(2026, 9, 1)), end: sec(new Date(2026, 10, 1)) - 1 });
  });

  it('the month picker stops at the current month', () => {
    expect(currentMonthValue(now)).toBe('2026-11');
  });
});
