// The orders lists' figures that every page of a filter shares, cached in process while the data
// generation stays (platform/fresh-cache.ts): the rollup total and summary, pages of rows, and the
// dealers' countries.

import type { OrderSummary } from '@bpm/contract/order-reads';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers } from '../../db/schema/sales';
import { GenerationCache, generationOf } from '../../platform/fresh-cache';
import { type RollupFilter, summariseRollup } from './list-totals';

type Totals = { total: number; summary: OrderSummary };

/** Per scope and filter; a filter's date range makes a key of its own, so the count is bounded. */
export const totalsCache = new GenerationCache<Totals>(500);

/**
 * Who sees the figures: the orders list (sales, administrator: total and summary) or the shipping and
 * production lists (total only). Each has its own entries, so one never answers from the other's.
 */
export type ListScope = 'orders' | 'shipping';

/** The rollup's total and summary of a filter (summariseRollup), cached per scope and filter. */
export function rollupTotals(db: Db, scope: ListScope, f: RollupFilter): Promise<Totals> {
  const key = `${scope}|${f.dealer}|${f.statuses?.join(';') ?? '*'}|${f.payment ?? '*'}|${f.start ?? ''}|${f.end ?? ''}`;
  return totalsCache.get(db, key, async () => {
    const t = await summariseRollup(db, f);
    return Object.freeze({ total: t.total, summary: Object.freeze(t.summary) });
  });
}

const pages = new GenerationCache<readonly unknown[]>(200);

/**
 * A page of rows, cached per scope and query when `query` is given: only for filters with no time in
 * them (the rollups' filters: dealer, statuses, payment, a fixed date range), so the same query has
 * the same rows until the next write. The first page of the default list is what every user opening
 * the screen asks for. `query` null (search, today flags, the export's chunks) always reads.
 */
export function listPage<T>(db: Db, scope: ListScope, query: object | null, fetch: () => Promise<T[]>): Promise<T[]> {
  if (!query) return fetch();
  return pages.get(db, `${scope}|${JSON.stringify(query)}`, async () => Object.freeze(await fetch())) as Promise<T[]>;
}

const countries = new GenerationCache<ReadonlyMap<number, string>>(1);

/**
 * The countries of the given dealers. In a request: every dealer's (a few hundred rows), read once per
 * generation; elsewhere (the CSV export's chunks, service calls) only the given dealers'.
 */
export async function dealerCountries(db: Db, ids: number[]): Promise<ReadonlyMap<number, string>> {
  const select = () => db.select({ id: dealers.id, country: dealers.country }).from(dealers);
  if (generationOf(db) === undefined) {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    return new Map((await select().where(inArray(dealers.id, unique))).map((r) => [r.id, r.country]));
  }
  return countries.get(db, 'all', async () => new Map((await select()).map((r) => [r.id, r.country])));
}
