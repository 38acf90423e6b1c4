// Keyset chunks for the CSV exports (issue 9 item 12): each chunk continues after the previous chunk's
// last row — an index range — instead of skipping OFFSET rows again, for every sort of a list.
import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * A list's order as a keyset: by `key` (none: by id alone), then by id — what the list's ORDER BY
 * says. Key and id both ascending or both descending is what a (key, id) index walks as a range.
 */
export interface KeysetSort {
  key?: SQL | Column;
  id: SQL | Column;
  desc: boolean;
  /** The id's direction when it differs from the key's (small lists: `name asc, id desc`). */
  idDesc?: boolean;
  /**
   * Where the key's NULLs sort (the ORDER BY's NULLS FIRST/LAST; PostgreSQL's default is last
   * ascending, first descending). Every key is read as possibly NULL: a NOT NULL key costs one
   * `is not null` on the first chunk and one empty read of the NULL rows at the end.
   */
  nullsFirst: boolean;
}

/** Where a chunk starts: the previous chunk's last row's sort key and id. */
export interface KeyCursor {
  k: unknown;
  id: number;
}

/**
 * The conditions that select, in the sort's order, the rows after `after`: first the rest of the
 * cursor's own part (the non-NULL keys by a row comparison `(key, id) > (k, id)`, which an index on
 * (key, id) answers as a range; or the NULL keys by id), then the parts after it.
 */
export function keysetConditions(s: KeysetSort, after?: KeyCursor): SQL[] {
  const cmp = s.desc ? sql`<` : sql`>`;
  const idDesc = s.idDesc ?? s.desc;
  const idCmp = idDesc ? sql`<` : sql`>`;
  if (!s.key) return [after ? sql`${s.id} ${idCmp} ${after.id}` : sql`true`];
  const nulls = sql`${s.key} is null`;
  const values = sql`${s.key} is not null`;
  if (!after) return s.nullsFirst ? [nulls, values] : [values, nulls];
  if (after.k === null) {
    const restOfNulls = sql`${s.key} is null and ${s.id} ${idCmp} ${after.id}`;
    return s.nullsFirst ? [restOfNulls, values] : [restOfNulls];
  }
  const restOfValues =
    idDesc === s.desc
      ? sql`(${s.key}, ${s.id}) ${cmp} (${after.k}, ${after.id})`
      : sql`(${s.key} ${cmp} ${after.k} or (${s.key} = ${after.k} and ${s.id} ${idCmp} ${after.id}))`;
  return s.nullsFirst ? [restOfValues] : [restOfValues, nulls];
}

/**
 * One chunk of up to `limit` rows after `after`: `read(condition, n)` reads up to n rows of one part
 * in the sort's order; `cursorOf` gives a row's sort key and id (the next chunk's start).
 */
export async function keysetChunk<R>(
  s: KeysetSort,
  limit: number,
  after: KeyCursor | undefined,
  read: (condition: SQL, n: number) => Promise<R[]>,
  cursorOf: (row: R) => KeyCursor,
): Promise<{ rows: R[]; next?: KeyCursor }> {
  let rows: R[] = [];
  for (const condition of keysetConditions(s, after)) {
    const part = await read(condition, limit - rows.length);
    rows = rows.length ? rows.concat(part) : part;
    if (rows.length >= limit) break;
  }
  const last = rows[rows.length - 1];
  return { rows, next: last && cursorOf(last) };
}

/**
 * keysetChunk for a list read with Drizzle: `read` selects the list's columns and the sort key as `k`;
 * the rows come back without `k`.
 */
export async function keyedChunk<R extends { k: unknown; id: number }>(
  s: KeysetSort,
  limit: number,
  after: unknown,
  read: (condition: SQL, n: number) => Promise<R[]>,
): Promise<{ rows: Omit<R, 'k'>[]; next?: KeyCursor }> {
  const { rows, next } = await keysetChunk(s, limit, after as KeyCursor | undefined, read, (r) => ({
    k: r.k,
    id: r.id,
  }));
  return { rows: rows.map(({ k: _k, ...r }) => r), next };
}

/**
 * `fields` as one JSON array per row, as text. PGlite decodes every value of every row in its JS
 * protocol parser — most of an export's CPU (docs/performance.md); one text column per row and the
 * native JSON.parse cost a third. Numbers (numeric too) arrive as numbers, NULL as null.
 */
export const jsonArray = (fields: readonly (SQL | Column)[]) =>
  sql<string>`json_build_array(${sql.join([...fields], sql`, `)})::text`;
