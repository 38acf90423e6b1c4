// In-process caches that are never stale: valid while the database's data generation is unchanged.
//
// Every commit that changes orders, their rollups or dealers adds one to the data generation (deferred
// triggers, migrations 0015 and 0045). Each signed-in request reads it in the same round trip as its account
// check (app.ts); a GET handler's `deps.db` is then a handle carrying that number, and a cache entry
// computed at generation g (from data read after g was) serves every request that read g or less.
// A write committed before a request began is in the generation that request read, so the request
// never sees an answer from before it, whichever process served the write (docs/decisions.md).

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dataGeneration } from '../db/schema/platform';

/**
 * The database's data generation now: the sum of its rows (migration 0045), each commit adding one to a row
 * no other commit holds. Snapshots only gain commits as time passes, so a larger sum means a later one.
 */
export const currentGeneration = sql<number>`(select coalesce(sum(${dataGeneration.n}), 0) from ${dataGeneration})`;

const GENERATION = Symbol('data generation');
const BASE = Symbol('database');

type Handle = Db & { [GENERATION]?: number; [BASE]?: Db };

/**
 * The request's database handle: the same database (every method is the database's own), plus the
 * generation read at the request's start. A write through it (insert, update, delete, a transaction)
 * drops the generation, so reads after the handler's own write never come from a cache.
 */
export function withGeneration(db: Db, generation: number): Db {
  const handle = Object.create(db) as Handle;
  handle[GENERATION] = generation;
  handle[BASE] = db;
  for (const method of ['transaction', 'insert', 'update', 'delete'] as const) {
    const own = db[method] as (...args: unknown[]) => unknown;
    Object.defineProperty(handle, method, {
      value: (...args: unknown[]) => {
        handle[GENERATION] = undefined;
        return own.apply(db, args);
      },
    });
  }
  return handle;
}

/** The generation the handle's request read; undefined outside a request (service calls, tests, jobs). */
export const generationOf = (db: Db): number | undefined => (db as Handle)[GENERATION];

interface Entry<V> {
  generation: number;
  value: Promise<V>;
}

/**
 * Values by key, per database, each kept with the generation it was computed at; at most `max` keys
 * per database (the least recently used go first). Without a generation (no request) it computes
 * every time. Concurrent misses of one key share one computation; a failed one is not kept.
 */
export class GenerationCache<V> {
  private readonly byDb = new WeakMap<Db, Map<string, Entry<V>>>();

  constructor(private readonly max: number) {}

  get(db: Db, key: string, compute: () => Promise<V>): Promise<V> {
    const generation = generationOf(db);
    if (generation === undefined) return compute();
    const base = (db as Handle)[BASE] ?? db;
    let entries = this.byDb.get(base);
    if (!entries) {
      entries = new Map();
      this.byDb.set(base, entries);
    }
    const hit = entries.get(key);
    entries.delete(key);
    // Computed at this generation or a later one: at least as fresh as this request needs.
    if (hit && hit.generation >= generation) {
      entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry<V> = { generation, value: compute() };
    entries.set(key, entry);
    if (entries.size > this.max) entries.delete(entries.keys().next().value as string);
    const kept = entries;
    entry.value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return entry.value;
  }

  /** Keys held for this database (tests). */
  size(db: Db): number {
    return this.byDb.get((db as Handle)[BASE] ?? db)?.size ?? 0;
  }
}
