// An area's "this name is taken" rule for a set of saves at once (a batch save runs it once for the set; a single
// save is a set of one): one query for the stored holders of the keys, the rest in memory.
import { type SQL, sql } from 'drizzle-orm';

/** A text expression is one of `values`: one JSON parameter whatever the count, served by an index on it. */
export function textIn(expression: SQL, values: readonly string[]): SQL {
  return sql`${expression} = any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;
}

/**
 * The first save of `saves` (by its place) whose key another record holds: a stored one other than itself, or an
 * earlier save of the set; undefined when every key is free. Keys compare as given (lower-case them first).
 */
export function firstTaken(
  saves: ReadonlyArray<{ id?: number; key: string }>,
  stored: ReadonlyArray<{ id: number; key: string }>,
): number | undefined {
  const holders = new Map<string, Set<number | string>>();
  const hold = (key: string, who: number | string) => {
    const set = holders.get(key) ?? new Set();
    set.add(who);
    holders.set(key, set);
  };
  for (const s of stored) hold(s.key, s.id);
  for (const [i, s] of saves.entries()) {
    const held = holders.get(s.key);
    if (held && [...held].some((who) => who !== s.id)) return i;
    hold(s.key, s.id ?? `new ${i}`);
  }
  return undefined;
}
