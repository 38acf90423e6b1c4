/** The 20 fixed avatar colours (document 1 section 2.2). */
export const AVATAR_COLORS = [
  '#e53935',
  '#d81b60',
  '#8e24aa',
  '#5e35b1',
  '#3949ab',
  '#1e88e5',
  '#039be5',
  '#00acc1',
  '#00897b',
  '#43a047',
  '#7cb342',
  '#c0ca33',
  '#fdd835',
  '#ffb300',
  '#fb8c00',
  '#f4511e',
  '#6d4c41',
  '#757575',
  '#546e7a',
  '#26a69a',
] as const;

/** A stable 32-bit string hash (the same username always gets the same colour). */
export function hashString(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) >>> 0;
  return h;
}

export function avatarColor(username: string): string {
  return AVATAR_COLORS[hashString(username) % AVATAR_COLORS.length] as string;
}

/** Initials of the full name; without a name, the first two letters of the username. */
export function initials(firstName: string | undefined, lastName: string | undefined, username: string): string {
  const f = firstName?.trim() ?? '';
  const l = lastName?.trim() ?? '';
  if (f || l) return `${f.charAt(0)}${l.charAt(0)}`.toUpperCase();
  return username.slice(0, 2).toUpperCase();
}

/** The e-mail shown in the avatar menu; a placeholder from the username when the profile has none. */
export function displayEmail(email: string | undefined, username: string): string {
  return email?.trim() || `${username}@bpm.local`;
}
