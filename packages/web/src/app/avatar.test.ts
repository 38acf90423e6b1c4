import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor, displayEmail, hashString, initials } from './avatar';

describe('avatar', () => {
  it('has 20 distinct fixed colours', () => {
    expect(AVATAR_COLORS).toHaveLength(20);
    expect(new Set(AVATAR_COLORS).size).toBe(20);
  });
  it('picks the same colour for the same username, from the fixed set', () => {
    expect(avatarColor('admin')).toBe(avatarColor('admin'));
    expect(AVATAR_COLORS).toContain(avatarColor('tester'));
    expect(avatarColor('admin')).toBe(AVATAR_COLORS[hashString('admin') % 20]);
  });
  it('spreads usernames over many colours', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarColor(`user${i}`)));
    expect(used.size).toBeGreaterThan(15);
  });
  it('builds initials from the name, else the username', () => {
    expect(initials('Alice', 'Morgan', 'admin')).toBe('AM');
    expect(initials('alice', '', 'admin')).toBe('A');
    expect(initials('', '', 'tester')).toBe('TE');
    expect(initials(undefined, undefined, 'x')).toBe('X');
  });
  it('uses a placeholder e-mail from the username when the profile has none', () => {
    expect(displayEmail('a@b.com', 'admin')).toBe('a@b.com');
    expect(displayEmail('', 'admin')).toBe('admin@bpm.local');
    expect(displayEmail(undefined, 'qa')).toBe('qa@bpm.local');
  });
});
