import { landingRoute, matchRoute, ROUTES, type Role } from '@bpm/contract/roles';

/**
 * The path spelled as one of `patterns` when it differs only in the case of its fixed words
 * (document 1 section 2.5 writes the production overview's dealer route as '/Dashboard/{dealerId}'),
 * or null when no pattern matches that way. Parameter values keep their case.
 */
export function canonicalPath(patterns: readonly string[], path: string): string | null {
  const segs = path.split('/').filter(Boolean);
  for (const pattern of patterns) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segs.length) continue;
    const out: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      const seg = segs[i] as string;
      if (part.startsWith(':')) out.push(seg);
      else if (part.toLowerCase() === seg.toLowerCase()) out.push(part);
      else break;
    }
    if (out.length !== parts.length) continue;
    const candidate = `/${out.join('/')}`;
    if (matchRoute(pattern, candidate)) return candidate;
  }
  return null;
}

/** An address's parts: `window.location` or the router's location. */
export type Address = { pathname: string; search: string; hash: string };

/**
 * Where the signed-in router sends `role` from an address no route matches as spelled (router.tsx): the route the
 * path spells in the table's case, with the address's query and fragment, else the role's landing route.
 */
export function shownAddress(role: Role, { pathname, search, hash }: Address): string {
  const canonical = canonicalPath(ROUTES[role], pathname);
  return canonical ? `${canonical}${search}${hash}` : landingRoute(role);
}

/** The route the signed-in router shows `role` at `pathname`: `shownAddress`'s path. */
export function shownRoute(role: Role, pathname: string): string {
  return shownAddress(role, { pathname, search: '', hash: '' });
}
