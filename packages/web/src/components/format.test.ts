import { describe, expect, it } from 'vitest';
import {
  dateInputToUnix,
  defaultStatisticsWindow,
  displayValue,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  formatUnitPrice,
  localiseUtcTimes,
  pagerLabel,
  unixToDateInput,
} from './format';

describe('formatMoney', () => {
  it('shows the dollar sign, 2 decimals and comma thousands', () => {
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(1234.5, 'US$')).toBe('US$1,234.50');
    expect(formatMoney('99')).toBe('$99.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-1500)).toBe('-$1,500.00');
  });
  it('is empty for missing or non-numeric values', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});

describe('dates', () => {
  it('round-trips a local date input through unix seconds', () => {
    const start = dateInputToUnix('2024-03-05');
    expect(start).not.toBeNull();
    expect(unixToDateInput(start)).toBe('2024-03-05');
    const end = dateInputToUnix('2024-03-05', true)!;
    expect(end - start!).toBe(86399);
    expect(unixToDateInput(end)).toBe('2024-03-05');
  });
  it("shows dates in the user's locale with the month as a word (never an ambiguous 03/05)", () => {
    const sec = dateInputToUnix('2024-03-05')!;
    expect(formatDate(sec, 'en-GB')).toBe('5 Mar 2024');
    expect(formatDate(sec, 'en-US')).toBe('Mar 5, 2024');
    expect(formatDate(sec, 'de-DE')).toBe('5. März 2024');
  });
  it('shows date and time, and time alone, in local time', () => {
    const sec = new Date(2024, 2, 5, 17, 7, 30).getTime() / 1000;
    expect(formatDateTime(sec, 'en-GB')).toBe('5 Mar 2024, 17:07');
    expect(formatDateTime(sec, 'en-US')).toBe('Mar 5, 2024, 5:07 PM');
    expect(formatTime(sec, 'en-GB')).toBe('17:07');
  });
  it('is empty for missing dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(0)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(unixToDateInput(null)).toBe('');
    expect(dateInputToUnix('')).toBeNull();
  });
  it("turns the conflict message's UTC time into local time", () => {
    const utc = Date.UTC(2026, 10, 24, 16, 5) / 1000;
    const msg = 'This record was changed by Samuel Reyes (sale) at 2026-11-24 16:05 UTC. Reload it.';
    expect(localiseUtcTimes(msg, 'en-GB')).toBe(
      `This record was changed by Samuel Reyes (sale) at ${formatDateTime(utc, 'en-GB')}. Reload it.`,
    );
    expect(localiseUtcTimes('changed at an earlier time')).toBe('changed at an earlier time');
  });
});

describe('displayValue', () => {
  it('renders values readably, never as JSON', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue(3)).toBe('3');
    expect(displayValue(['a', 'b'])).toBe('a, b');
    expect(displayValue({ qty: 2, name: 'X' })).toBe('qty: 2; name: X');
  });
});

describe('defaultStatisticsWindow', () => {
  it('runs from the same day last month at 00:00 to today 23:59:59 (local)', () => {
    const w = defaultStatisticsWindow(new Date(2025, 5, 15, 10, 30));
    expect(new Date(w.from * 1000)).toEqual(new Date(2025, 4, 15, 0, 0, 0));
    expect(new Date(w.to * 1000)).toEqual(new Date(2025, 5, 15, 23, 59, 59));
  });
  it('clamps to the end of a shorter previous month', () => {
    expect(new Date(defaultStatisticsWindow(new Date(2025, 2, 31, 8)).from * 1000)).toEqual(new Date(2025, 1, 28));
    expect(new Date(defaultStatisticsWindow(new Date(2025, 6, 31, 9)).from * 1000)).toEqual(new Date(2025, 5, 30));
  });
  it('crosses the year', () => {
    expect(new Date(defaultStatisticsWindow(new Date(2025, 0, 10)).from * 1000)).toEqual(new Date(2024, 11, 10));
  });
});

describe('formatUnitPrice', () => {
  it('shows 2 to 6 decimals', () => {
    expect(formatUnitPrice(1234.5)).toBe('US$1,234.50');
    expect(formatUnitPrice(0.002345)).toBe('US$0.002345');
    expect(formatUnitPrice(0.0125)).toBe('US$0.0125');
    expect(formatUnitPrice(5, '')).toBe('5.00');
    expect(formatUnitPrice(-3)).toBe('-US$3.00');
    expect(formatUnitPrice(null)).toBe('');
  });
});

describe('pagerLabel', () => {
  it('says "about" only for an estimated total', () => {
    expect(pagerLabel(1, 50, 120)).toBe('1–50 of 120');
    expect(pagerLabel(51, 100, 998_000, true)).toBe('51–100 of about 998,000');
  });
});
