import { type Column, type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `order by` from a whitelist: unknown sort keys fall back to the default, never reach SQL. */
export function orderBy(
  sorts: Record<string, SQL | Column>,
  sort: string | undefined,
  order: 'asc' | 'desc' | undefined,
  fallback: SQL,
): SQL {
  const col = sort ? sorts[sort] : undefined;
  if (!col) return fallback;
  return order === 'desc' ? sql`${col} desc` : sql`${col} asc`;
}
