import { describe, expect, it } from 'vitest';
import { dateText, parseDateText } from './date-text';

describe('date text', () => {
  it("shows a date input's value in the app's format", () => {
    expect(dateText('2026-11-27', 'en-US')).toBe('Nov 27, 2026');
    expect(dateText('2026-11-27', 'en-GB')).toBe('27 Nov 2026');
    expect(dateText('', 'en-US')).toBe('');
  });

  it("reads back the app's format, ISO and the locale's numeric order", () => {
    expect(parseDateText('Nov 27, 2026', 'en-US')).toBe('2026-11-27');
    expect(parseDateText('27 Nov 2026', 'en-GB')).toBe('2026-11-27');
    expect(parseDateText('november 3 2026', 'en-US')).toBe('2026-11-03');
    expect(parseDateText('2026-11-27', 'en-US')).toBe('2026-11-27');
    expect(parseDateText('11/27/2026', 'en-US')).toBe('2026-11-27');
    expect(parseDateText('27/11/2026', 'en-GB')).toBe('2026-11-27');
    expect(parseDateText(dateText('2024-02-29', 'de-DE'), 'de-DE')).toBe('2024-02-29');
  });

  it('is empty for an empty box and null for what is not a day', () => {
    expect(parseDateText('  ', 'en-US')).toBe('');
    expect(parseDateText('Feb 30, 2026', 'en-US')).toBeNull();
    expect(parseDateText('27/11/2026', 'en-US')).toBeNull();
    expect(parseDateText('11/27/26', 'en-US')).toBeNull();
    expect(parseDateText('tomorrow', 'en-US')).toBeNull();
    expect(parseDateText('Nov 2026', 'en-US')).toBeNull();
  });
});
