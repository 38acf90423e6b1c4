/** The localStorage key of a page's saved filter/sort/page state, per user. */
export function persistentKey(username: string, pageKey: string): string {
  return `bpm:${username}:${pageKey}`;
}

/** Reads saved state merged over the defaults; anything unreadable yields the defaults. */
export function readPersistent<T extends object>(raw: string | null, defaults: T): T {
  if (!raw) return defaults;
  try {
    const v = JSON.parse(raw) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return defaults;
    const out = { ...defaults };
    for (const k of Object.keys(defaults) as (keyof T)[]) {
      const saved = (v as Record<string, unknown>)[k as string];
      // Only keep saved values of the same kind as the default (a changed shape must not break a page).
      if (saved !== undefined && (defaults[k] === null || typeof saved === typeof defaults[k]))
        out[k] = saved as T[keyof T];
    }
    return out;
  } catch {
    return defaults;
  }
}
