// The quotation list (sales, production and shipping variants).
import type { QuotationListQuery, QuotationRow } from '@bpm/contract/quotations';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, quotations } from '../../db/schema/sales';
import { type KeysetSort, keyedChunk } from '../../platform/csv-keyset';
import { findPage, keySort, type PagePlan, searchOnce, walksDirectly } from '../../platform/list-page';
import { countCapped, EXACT_COUNT_LIMIT, type ListTotal, listTotal, totalOverCap } from '../../platform/list-totals';
import { trigramSearch } from '../../platform/paging';

/** The list's filter: search, dealer and date range (live quotations: the plan's `live`). */
function conditions(q: QuotationListQuery): SQL[] {
  const t = quotations;
  const conds: SQL[] = [];
  if (q.search) {
    conds.push(
      trigramSearch(
        sql`lower(${t.quoteRef} || ' ' || ${t.ocRef} || ' ' || ${t.invoice} || ' ' || ${t.note})`,
        q.search,
      ),
    );
  }
  if (q.dealer > 0) conds.push(eq(t.dealerId, q.dealer));
  conds.push(...dateRange(q));
  return conds;
}

/** The date range's conditions (the date index reads them as its range). */
function dateRange(q: QuotationListQuery): SQL[] {
  const t = quotations;
  return [
    ...(q.start !== undefined ? [sql`${t.date} >= ${q.start}`] : []),
    ...(q.end !== undefined ? [sql`${t.date} <= ${q.end}`] : []),
  ];
}

/**
 * Sort columns: each has a `(column, id) include (dealer_id, date) where deleted = 0` index
 * (0016_list_indexes), so a page under the dealer and date filters is found by an index-only walk.
 * All are NOT NULL: plain asc/desc orders the same as the former `nulls first/last` and matches the index.
 */
const SORTS: Record<string, SQL> = {
  id: sql`${quotations.id}`,
  quote_ref: sql`${quotations.quoteRef}`,
  oc_ref: sql`${quotations.ocRef}`,
  dealer_name: sql`${quotations.dealerName}`,
  value: sql`${quotations.value}`,
  shipping_status: sql`${quotations.shippingStatus}`,
};

/**
 * The quotation list's page plan (platform/list-page.ts findPage). The date order under the dealer and date filters
 * is a walk of quotations_dealer_date_idx or quotations_date_idx (`direct`; both directions); while searching,
 * `date + 0` keeps the planner on the trigram index. Another sort walks its index, which INCLUDEs the dealer and the
 * date (index-only), but under a date range it is counted first (index-only through the same indexes): up to the
 * engine's limit the filter first (the walk for one dealer's quarter, 4.5k of 1M, read 290k entries: 240 ms), else
 * the walk. (A bounded walk, then the filter first, was slower where a dealer's quotations bunch in the sort's
 * order: the walk found too few and the filter first read every match's row, 17–35k.)
 *
 * `manySearched`: a search with more matches than the cap (its estimate is the count): a bounded walk of the sort's
 * own index — the date's too, over the date range only — reading table rows, when evenly spread matches would fill
 * the page within it, else the filter first through the trigram index ('note', a fifth of 1M, newest first: every
 * match sorted, 220 ms; over a year at offset 1,550, 100k matches sorted, 307 ms).
 */
export function quotationPagePlan(q: QuotationListQuery, manySearched = false): PagePlan {
  const t = quotations;
  const asc = q.order === 'asc';
  const col = q.sort && q.sort !== 'date' ? SORTS[q.sort] : undefined;
  const fewSearched = !!q.search && !manySearched;
  return {
    list: { table: t, live: eq(t.deleted, 0) },
    conds: conditions(q),
    sort: col
      ? keySort(col, t.id, asc)
      : keySort(sql`${t.date}`, t.id, asc, { nullable: true, walkKey: fewSearched ? sql`(${t.date} + 0)` : undefined }),
    direct: !manySearched && (!col || (q.start === undefined && q.end === undefined)),
    large: manySearched
      ? { walk: 'bounded', share: 0.5, long: true, range: col ? [] : dateRange(q) }
      : { walk: 'plain' },
  };
}

/** The list's rows with their dealers' countries. */
const withCountry = (d: Db) =>
  d
    .select({ ...rowColumns, dealer_country: dealers.country })
    .from(quotations)
    .leftJoin(dealers, eq(dealers.id, quotations.dealerId));

/**
 * GET /quotations (and the shipping/production variants): search, dealer, date range; newest first. A search's
 * few matches are read once for the page and the count; otherwise the page's ids by the plan, then only those rows,
 * and the total counted (estimated above the cap).
 */
export async function listQuotations(db: Db, q: QuotationListQuery): Promise<{ rows: QuotationRow[] } & ListTotal> {
  const few = quotationPagePlan(q);
  const found = q.search ? await searchOnce(db, few, q) : undefined;
  const where = and(few.list.live, ...few.conds);
  const matching = sql`select 1 from ${quotations} where ${where}`;
  // More matches of a search than the cap (the read above stopped there): the planner's estimate is the total and
  // chooses the way; another sort under the dealer and date filters: the count does.
  const many = q.search && !found;
  const p = many ? quotationPagePlan(q, true) : few;
  const counted = many
    ? await totalOverCap(db, matching)
    : !q.search && !walksDirectly(p)
      ? await countCapped(db, matching, EXACT_COUNT_LIMIT)
      : undefined;
  const rows = await findPage(
    db,
    p,
    q,
    counted?.total,
    {
      // The page's dealers joined once (the export's chunks read each row's country by a subquery).
      byIds: (d, ids) => withCountry(d).where(inArray(quotations.id, ids)),
      // The page's rows in the one statement that finds their ids.
      rows: (d, ids) => withCountry(d).where(inArray(quotations.id, ids)).orderBy(p.sort.walk),
    },
    found?.ids,
  );
  const total = found
    ? { total: found.total, estimated: false }
    : (counted ?? (await listTotal(db, matching, { ...q, length: rows.length })));
  return { rows: rows.map(toRow), ...total };
}

/**
 * The CSV export's view of the same filters and order (Drizzle, chunked by keyset); csv-export.test.ts
 * checks that it answers the list's rows in the list's order.
 */
function quotationQuery(q: QuotationListQuery) {
  const t = quotations;
  const asc = q.order === 'asc';
  const dir = asc ? sql`asc nulls first` : sql`desc nulls last`;
  const idDir = asc ? sql`asc` : sql`desc`;
  const col = (q.sort && SORTS[q.sort]) || (q.search ? sql`(${t.date} + 0)` : sql`${t.date}`);
  return {
    where: and(eq(t.deleted, 0), ...conditions(q)),
    order: sql`${col} ${dir}, ${t.id} ${idDir}`,
    keyset: { key: col, id: t.id, desc: !asc, nullsFirst: asc } satisfies KeysetSort,
  };
}

const rowColumns = {
  id: quotations.id,
  quote_ref: quotations.quoteRef,
  date: quotations.date,
  oc_ref: quotations.ocRef,
  invoice: quotations.invoice,
  note: quotations.note,
  dealer: quotations.dealerId,
  dealer_name: quotations.dealerName,
  dealer_country: sql<string>`(select country from ${dealers} where ${dealers.id} = ${quotations.dealerId})`,
  value: quotations.value,
  shipping_cost: quotations.shippingCost,
  shipping_status: quotations.shippingStatus,
  request_to_delete: quotations.requestToDelete,
  order_id: quotations.linkId,
  revision: quotations.revision,
};

type Raw = { dealer_country: string | null; value: string; shipping_cost: string; shipping_status: string };

const toRow = <R extends Raw & { order_id: number | null }>(r: R) => ({
  ...r,
  dealer_country: r.dealer_country ?? '',
  value: Number(r.value),
  shipping_cost: Number(r.shipping_cost),
  shipping_status: r.shipping_status as QuotationRow['shipping_status'],
  order_id: r.order_id ?? null,
});

/** GET /quotations/export.csv (and the variants): one chunk of the list's rows after `after` (keyset). */
export async function exportQuotations(db: Db, q: QuotationListQuery, limit: number, after?: unknown) {
  const { where, order, keyset } = quotationQuery(q);
  const { rows, next } = await keyedChunk(keyset, limit, after, (condition, n) =>
    db
      .select({ ...rowColumns, k: keyset.key })
      .from(quotations)
      .where(and(where, condition))
      .orderBy(order)
      .limit(n),
  );
  return { rows: rows.map(toRow), next };
}
