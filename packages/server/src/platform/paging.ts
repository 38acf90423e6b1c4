import { type Column, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The part of a search term a trigram index is asked for: the term without the prefix every reference of a kind
 * starts with, when what follows holds a run of three letters or digits — a first word of one or two letters or
 * digits ('po-2025-192' → '2025-192', 'oc-l424' → 'l424'); three letters before a part with a digit ('inv-l806' →
 * 'l806'); two or three letters directly before four digits or more ('awb10646' → '10646'). Else the whole term. A
 * pattern's first word is not padded at its start, so its first keys are the prefix's, which every such reference
 * shares — reading them was most of such a search's time in the index (at 1M orders an OC reference 71 ms, an AWB
 * 64–82 ms, an invoice 59 ms, against 2–3 ms for the rest; a PO number 21 → 11 ms). Every match holds the core.
 */
export function trigramCore(term: string): string {
  const prefix =
    /^[^\p{L}\p{N}]*(?:[\p{L}\p{N}]{1,2}[^\p{L}\p{N}]+|\p{L}{3}[^\p{L}\p{N}]+(?=.*\p{N})|\p{L}{2,3}(?=\p{N}{4}))/u.exec(
      term,
    );
  if (!prefix) return term;
  const rest = term.slice(prefix[0].length);
  return /[\p{L}\p{N}]{3}/u.test(rest) ? rest : term;
}

/**
 * A search of `text` (an expression a trigram index holds, lower-cased) for `term`, case-insensitive: the one way
 * every such search is written (docs/decisions.md). The index is
 * asked for the term's core (trigramCore), which every match holds; the whole term is checked on its candidates
 * through an expression the index does not hold, so the planner keeps it out of the index's condition.
 */
export function trigramSearch(text: SQL, term: string): SQL {
  const core = trigramCore(term);
  if (core === term) return sql`${text} like ${likePattern(term)}`;
  return sql`(${text} like ${likePattern(core)} and (${text} || '') like ${likePattern(term)})`;
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
