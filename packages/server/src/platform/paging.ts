import { type Column, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

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

/** A whitelisted sort as its key and direction (unknown sort keys: the fallback), for ORDER BY and keysets. */
export function sortKey(
  sorts: Record<string, SQL | Column>,
  sort: string | undefined,
  order: 'asc' | 'desc' | undefined,
  fallback: { key: SQL | Column; desc: boolean },
): { key: SQL | Column; desc: boolean } {
  const key = sort ? sorts[sort] : undefined;
  return key ? { key, desc: order === 'desc' } : fallback;
}

/** `key asc` / `key desc` of a sortKey(). */
export const keyOrder = (s: { key: SQL | Column; desc: boolean }) => (s.desc ? sql`${s.key} desc` : sql`${s.key} asc`);

/** A select column that gives each row of a page the count of all matching rows. */
export const totalOver = () => sql<number>`count(*) over()`.mapWith(Number);

/**
 * Splits the `totalOver()` column off a page's rows. A page past the end has no row to carry
 * the total; only then is it counted by a query of its own.
 */
export async function splitTotal<R extends { total: number }>(
  db: Db,
  rows: R[],
  offset: number,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(where);
    total = c?.n ?? 0;
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}
