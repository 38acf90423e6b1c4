// The packing list list: its filter and sorts, declared for the list engine (platform/list-page.ts).
import type { PackingListQuery, PackingListRow } from '@bpm/contract/packing-lists';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packingLists as PL } from '../../db/schema/testing';
import { findPage, keySort, type Merge, type PagePlan, walksDirectly, withMatches } from '../../platform/list-page';
import { countCapped, EXACT_COUNT_LIMIT, type ListTotal, listTotal } from '../../platform/list-totals';
import { trigramSearch } from '../../platform/paging';

/**
 * Sort columns of the packing list list, all the packing list's own (the order's OC ref, dealer and company
 * are copied onto it: 0018_packing_list_order_copy); ties follow the direction (id), shipping dates without
 * a value last.
 */
const PL_SORTS: Record<string, SQL> = {
  date: sql`${PL.createdAt}`,
  oc_ref: sql`${PL.ocRef}`,
  dealer_name: sql`lower(${PL.dealerName})`,
  shipping_date: sql`${PL.shippingDate}`,
  po_number: sql`${PL.poNumber}`,
  customer: sql`lower(${PL.customer})`,
};

/** The creation-date bucket of packing_lists_week_shipping_idx (7 days), inlined to match the index's expression. */
const WEEK = sql.raw('604800');

/**
 * A date range by shipping date: shipping follows creation, so one walk of the shipping date index would cross
 * every packing list shipped before (or after) the range first. Instead, one walk per 7-day bucket of the
 * creation date (packing_lists_week_shipping_idx), each to the page's end, merged; the range clamped to the
 * packing lists there are, so a range from 1970 or to the year 9999 walks only the weeks that hold some.
 */
const weekMerge = (q: PackingListQuery): Merge => ({
  kind: 'buckets',
  // A search's matches are counted first and, when few, read first: each week's walk would scan the search's
  // trigram indexes again (53 weeks × 14 ms for 545 matches).
  when: q.search ? 'last' : 'first',
  bucket: sql`${PL.createdAt} / ${WEEK}`,
  series: async () => ({
    lo: sql`greatest(${q.date_from ?? null}::bigint, (select min(${PL.createdAt}) from ${PL})) / ${WEEK}`,
    hi: sql`least(${q.date_to ?? null}::bigint, (select max(${PL.createdAt}) from ${PL})) / ${WEEK}`,
  }),
});

/** The list's filter: search (serials, 'OC ref company', 'PO number customer'), dealer and creation dates. */
function conditions(q: PackingListQuery): SQL[] {
  const conds: SQL[] = [];
  if (q.search) {
    const s = q.search;
    conds.push(sql`(${trigramSearch(sql`${PL.serialText}`, s)} or ${trigramSearch(sql`lower(${PL.poNumber} || ' ' || ${PL.customer})`, s)}
      or ${trigramSearch(sql`lower(${PL.ocRef} || ' ' || ${PL.dealerName})`, s)})`);
  }
  if (q.dealer) conds.push(sql`${PL.dealerId} = ${q.dealer}`);
  if (q.date_from !== undefined) conds.push(sql`${PL.createdAt} >= ${q.date_from}`);
  if (q.date_to !== undefined) conds.push(sql`${PL.createdAt} <= ${q.date_to}`);
  return conds;
}

/** The packing list list's page plan: the sort index walk, or by shipping date in a date range the week merge. */
function plan(q: PackingListQuery, conds: SQL[]): PagePlan {
  const sort = q.sort ?? 'date';
  const col = PL_SORTS[sort] ?? PL_SORTS.date!;
  const desc = !q.sort || q.order === 'desc';
  const dir = desc ? sql`desc` : sql`asc`;
  // Only the shipping date can be empty (last either way); the other columns order the same without
  // `nulls last`, which lets an order walk their index in either direction (the date index is desc nulls last).
  const sorted =
    sort === 'shipping_date'
      ? { key: col, walk: sql`${col} ${dir} nulls last, ${PL.id} ${dir}`, keyed: sql`k ${dir} nulls last, id ${dir}` }
      : keySort(col, PL.id, !desc, { nullable: sort === 'date' || !PL_SORTS[sort] });
  const byShippingInRange = sort === 'shipping_date' && (q.date_from !== undefined || q.date_to !== undefined);
  return {
    list: { table: PL },
    conds,
    sort: sorted,
    // A search's matches may cluster anywhere along a sort (serials 'sn-p2…' by OC ref: a walk read 588k rows
    // for a page at offset 1,000): counted first, few are read first, many by a bounded walk, then first (the
    // engine skips the walk where evenly spread matches could not fill the page within it).
    direct: !byShippingInRange && !q.search,
    merges: byShippingInRange ? [weekMerge(q)] : [],
    large: { walk: 'bounded', share: 1, long: true },
  };
}

const rowColumns = {
  id: PL.id,
  order_id: PL.orderId,
  oc_ref: PL.ocRef,
  dealer: PL.dealerId,
  dealer_name: PL.dealerName,
  date: PL.createdAt,
  po_number: PL.poNumber,
  shipping_date: PL.shippingDate,
  customer: PL.customer,
  country: PL.country,
  revision: PL.revision,
  serial_text: PL.serialText,
};

/**
 * GET packinglists: search (serials, OC ref and company, PO number and customer), dealer and date range.
 * The search matches each of those through its trigram index: the serials, 'OC ref company' and
 * 'PO number customer' (docs/decisions.md). Filters and sorts read packing_lists alone (no join).
 */
export async function listPackingLists(db: Db, q: PackingListQuery): Promise<{ rows: PackingListRow[] } & ListTotal> {
  const conds = conditions(q);
  // The page's ids first, then only those packing lists (with their serials) are read.
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  const p = plan(q, conds);
  const page = (matches: number | undefined) =>
    findPage(db, p, q, matches, {
      byIds: (d, ids) => d.select(rowColumns).from(PL).where(inArray(PL.id, ids)),
      // The page's rows in the one statement that finds their ids.
      rows: (d, ids) => d.select(rowColumns).from(PL).where(inArray(PL.id, ids)).orderBy(p.sort.walk),
    });
  const rowsSql = sql`select 1 from ${PL} where ${where}`;
  // A walk needs no count to find its page (its length may then tell the total); a search is counted first.
  let rows: Awaited<ReturnType<typeof page>>;
  let total: ListTotal;
  if (walksDirectly(p)) {
    rows = await page(undefined);
    total = await listTotal(db, rowsSql, { ...q, length: rows.length });
  } else [total, rows] = await withMatches(p, () => countCapped(db, rowsSql, EXACT_COUNT_LIMIT), page);
  const needle = q.search.toLowerCase();
  return {
    rows: rows.map(({ serial_text, ...r }) => ({
      ...r,
      order_id: Number(r.order_id),
      matching_serials: needle
        ? serial_text
            .split('\n')
            .filter((s) => s.includes(needle))
            .slice(0, 20)
        : [],
    })),
    ...total,
  };
}
