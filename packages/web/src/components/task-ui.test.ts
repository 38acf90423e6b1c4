import { describe, expect, it } from 'vitest';
import { formatDate } from './format';
import { initials, noteTime } from './task-ui';

describe('notes', () => {
  it('shows time only within 24 hours, otherwise the date', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const recent = noteTime(now / 1000 - 3600, now);
    const old = noteTime(now / 1000 - 86_400 - 60, now);
    expect(recent).toMatch(/\d{1,2}:\d{2}/);
    expect(old).toBe(formatDate(now / 1000 - 86_400 - 60));
    expect(old).toMatch(/2026/);
  });

  it("uses the author's initials as the avatar", () => {
    expect(initials('Pedro', 'Almeida')).toBe('PA');
    expect(initials('', '')).toBe('?');
  });
});
