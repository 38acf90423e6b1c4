import { describe, expect, it } from 'vitest';
import { dateInputToUnix, displayValue, formatDate, formatDateTime, formatMoney } from './format';

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
    expect(formatDate(start)).toBe('2024-03-05');
    const end = dateInputToUnix('2024-03-05', true)!;
    expect(end - start!).toBe(86399);
    expect(formatDateTime(end)).toBe('2024-03-05 23:59:59');
  });
  it('is empty for missing dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(0)).toBe('');
    expect(dateInputToUnix('')).toBeNull();
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
