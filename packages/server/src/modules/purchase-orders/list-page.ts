// The purchase order list's declaration for the list engine (platform/list-page.ts): its sorts, its filter
// and the ways its indexes allow (docs/decisions.md, 'Lists & performance').
import type { PoListQuery } from '@bpm/contract/purchase-orders';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { purchaseOrders as P } from '../../db/schema/purchasing';
import { COVERED_FIRST_MAX, type Merge, type PagePlan } from '../../platform/list-page';
import { likePattern, trigramSearch } from '../../platform/paging';

/**
 * Sort columns. Ties keep the former order (id descending in both directions); each column has an
 * index `(column, id desc) include (supplier_id, po_date, status, paid)` and the few-valued ones a
 * descending twin (0017_list_indexes), so a filtered page can be an index-only walk.
 */
const SORTS: Record<string, SQL> = {
  po_number: sql`${P.poNumber}`,
  supplier_name: sql`lower(${P.supplierName})`,
  requisitioner: sql`lower(${P.requisitioner})`,
  department: sql`lower(${P.department})`,
  due_date: sql`${P.dueDate}`,
  status: sql`${P.status}`,
  amount: sql`${P.amount}`,
  paid: sql`${P.paid}`,
};

/**
 * `due_date` bounds implied by a PO date range: every PO's due date lies between its PO date plus the
 * smallest and the largest `due_date - po_date` of all POs (two ends of purchase_orders_due_lag_idx).
 * Walking the due date index from there skips the POs outside the range whose due dates come first.
 */
async function dueBounds(db: Db, q: Partial<PoListQuery>): Promise<SQL[]> {
  const [lag] = await queryRows<{ lo: string | null; hi: string | null }>(
    db,
    sql`select min(${P.dueDate} - ${P.poDate}) as lo, max(${P.dueDate} - ${P.poDate}) as hi from ${P}`,
  );
  if (lag?.lo == null || lag.hi == null) return [];
  const c: SQL[] = [];
  if (q.start !== undefined) c.push(sql`${P.dueDate} >= ${q.start + Number(lag.lo)}`);
  if (q.end !== undefined) c.push(sql`${P.dueDate} <= ${q.end + Number(lag.hi)}`);
  return c;
}

/**
 * The searched fields but the department, joined as purchase_orders_search_other_trgm indexes them; the search
 * matches them and the department as purchase_orders_search_trgm does (searchCondition).
 */
const OTHER_FIELDS = sql`${P.poNumber} || ' ' || ${P.supplierName} || ' ' || ${P.requisitioner} || ' ' || ${P.purpose}`;

/** The list's search condition (every searched field, case-insensitive; platform/paging.ts trigramSearch). */
export const searchCondition = (search: string) =>
  trigramSearch(sql`lower(${OTHER_FIELDS} || ' ' || ${P.department})`, search);

/** The width of the PO date buckets of purchase_orders_month_number_idx (30 days, in seconds). */
const MONTH = 2592000;

/**
 * A PO date range by PO number: PO numbers usually rise with the date, so the range's POs sit at one end of
 * the PO number order (the plain walk read 550k index entries for the last 180 days ascending). One walk per 30-day
 * bucket of PO dates (purchase_orders_month_number_idx, the bucket's POs by number), each stopping at the
 * page's end, merged. Not applied when the range spans more than 60 buckets (the walk then).
 */
const monthMerge = (db: Db, q: PoListQuery): Merge => ({
  kind: 'buckets',
  // With a status filter, after the count: a status of few POs in the range is read first through
  // purchase_orders_status_cover_idx (drafts of 13 months by number: 13 month walks read 370k entries, 97 ms).
  when: q.status && q.status !== 'all' ? 'large' : 'first',
  bucket: sql`(${P.poDate} / 2592000)`,
  series: async () => {
    let lo = q.start;
    let hi = q.end;
    if (lo === undefined || hi === undefined) {
      const [r] = await queryRows<{ lo: string | null; hi: string | null }>(
        db,
        sql`select min(${P.poDate}) as lo, max(${P.poDate}) as hi from ${P}`,
      );
      if (r?.lo == null || r.hi == null) return { lo: sql`1::int`, hi: sql`0::int` };
      lo ??= Number(r.lo);
      hi ??= Number(r.hi);
    }
    // Integer division truncates in SQL as Math.trunc does: monotonic, so [lo, hi]'s POs lie in these buckets.
    const first = Math.trunc(lo / MONTH);
    const last = Math.trunc(hi / MONTH);
    if (last - first > 60) return undefined;
    return { lo: sql`${first}::int`, hi: sql`${last}::int` };
  },
});

/** A search by a term without a space, sorted by department: departmentMerge may find the page. */
const mergesDepartments = (q: PoListQuery) => q.sort === 'department' && !!q.search && !q.search.includes(' ');

/** At most this many departments are looked up one by one (departmentMerge); more, and the filter runs first. */
const DEPARTMENTS_MAX = 200;

/**
 * A search sorted by department whose walk found too few matches (a search naming a department: the departments
 * sorted before it hold none of its POs; the filter first would read every match from the table, 200k at 1M).
 * A term without a space matches within one field: the department itself, or another field. The departments it
 * matches are found among the few there are (one probe of the department index each); their POs come in order
 * from that index, the other fields' matches from purchase_orders_search_other_trgm; the two are merged.
 * Not applied where that does not hold (a term with a space may span the purpose and the department; more than
 * DEPARTMENTS_MAX departments): the filter runs first. `others`: the filter's conditions but the search.
 */
const departmentMerge = (db: Db, q: PoListQuery, others: SQL[]): Merge => ({
  kind: 'union',
  when: 'last',
  branches: async () => {
    const pattern = likePattern(q.search);
    const departments = await queryRows<{ v: string; m: boolean }>(
      db,
      sql`with recursive d(v, n) as (
            select min(lower(${P.department})), 1 from ${P}
            union all
            select (select min(lower(${P.department})) from ${P} where lower(${P.department}) > d.v), d.n + 1
            from d where d.v is not null and d.n <= ${DEPARTMENTS_MAX})
          select v, v like ${pattern} as m from d where v is not null`,
    );
    if (departments.length > DEPARTMENTS_MAX) return undefined;
    const named = departments.filter((d) => d.m).map((d) => sql`${d.v}`);
    const inNamed = named.length ? sql`lower(${P.department}) in (${sql.join(named, sql`, `)})` : sql`false`;
    const rest = others.length ? sql.join(others, sql` and `) : sql`true`;
    return [
      sql`${inNamed} and ${rest}`,
      sql`${trigramSearch(sql`lower(${OTHER_FIELDS})`, q.search)} and not ${inNamed} and ${rest}`,
    ];
  },
});

/**
 * The purchase order list's page plan (platform/list-page.ts findPage). The match count (exact from the
 * rollups, or the search's count or estimate) chooses the way, never the rows:
 * - a PO date range by PO number: the per-month merge (with a status filter, only past the filter first's limit);
 * - no filter, the PO date order of a filter whose index is led by it (status, supplier, date range), or a
 *   status filter sorted by its own column, payment by its own, or by due date (purchase_orders_status_due_idx):
 *   the index walk;
 * - the filter first up to the engine's limit, or up to COVERED_FIRST_MAX for a status or supplier filter without
 *   a search or payment filter (purchase_orders_status_cover_idx and _supplier_cover_idx, led by their column and
 *   the PO date, hold every sort key: index-only) — or first a bounded walk of the sort index where it would read
 *   far fewer entries (the engine's choice: a near page of a status of many POs);
 * - a date range or payment filter alone: the sort index walk (a due date order bounded by the range): no
 *   covering index serves their filter first;
 * - a status, supplier or search filter: a bounded walk reading at most half the matches (a search: up to the
 *   engine's most, its filter first reads every match's row; with a payment filter four times the matches, its
 *   filter first reads no index of its own) — none when evenly spread matches would not fill
 *   the page within it — then, for a search sorted by department, the
 *   departments it names merged with the other fields' matches, then the filter first (index-only through the
 *   status and supplier covering indexes).
 * `conds`: the filter; `others`: the same without the search.
 */
export async function poPagePlan(db: Db, q: PoListQuery, conds: SQL[], others: SQL[] = conds): Promise<PagePlan> {
  const col = q.sort && q.sort !== 'po_date' ? SORTS[q.sort] : undefined;
  const asc = q.order === 'asc' && (col !== undefined || q.sort === 'po_date');
  // The default (po_date descending) walks (po_date desc nulls last, id desc nulls last) forward; po_date is
  // never null, so ascending `nulls first` is the same order and walks it backward.
  const dir = asc ? sql`asc` : sql`desc`;
  const walk = col
    ? sql`${col} ${dir}, ${P.id} desc nulls last`
    : asc
      ? sql`${P.poDate} asc nulls first, ${P.id} desc nulls last`
      : sql`${P.poDate} desc nulls last, ${P.id} desc nulls last`;
  const all = [...conds];
  if (q.sort === 'due_date' && (q.start !== undefined || q.end !== undefined)) all.push(...(await dueBounds(db, q)));
  const status = !!q.status && q.status !== 'all';
  const paid = !!q.paid && q.paid !== 'all';
  const merges: Merge[] = [];
  if (q.sort === 'po_number' && (q.start !== undefined || q.end !== undefined) && !q.search && !q.supplier)
    merges.push(monthMerge(db, q));
  if (mergesDepartments(q)) merges.push(departmentMerge(db, q, others));
  return {
    list: { table: P },
    conds: all,
    sort: {
      key: col ?? sql`${P.poDate}`,
      walk,
      keyed: sql`k ${dir}${asc ? sql` nulls first` : sql` nulls last`}, id desc nulls last`,
    },
    // The filter's own column leads the index the walk reads: every entry it reads is a match.
    direct: col
      ? (q.sort === 'status' && status) ||
        (q.sort === 'paid' && paid) ||
        (q.sort === 'due_date' && status && !q.search && !q.supplier)
      : !q.search && (status || !!q.supplier || q.start !== undefined || q.end !== undefined),
    merges,
    // Not with a payment filter: it is no key of those indexes, so the filter first would read the status's whole
    // range (received and partly paid: 40k matches among 870k entries, 84 ms).
    firstMax: (status || q.supplier) && !q.search && !paid ? COVERED_FIRST_MAX : undefined,
    large:
      status || q.supplier || q.search
        ? {
            walk: 'bounded',
            // With a payment filter (no key of the covering indexes) the filter first reads a status's whole range
            // or a whole sort index (received and not paid, 26k of 1M, by requisitioner: 1M entries, 90–124 ms):
            // the index-only walk may read four times the matches, up to the engine's most.
            share: paid && !q.search ? 4 : 0.5,
            long: !!q.search && !mergesDepartments(q),
            // Every sort index INCLUDEs the supplier, PO date, status and payment: without a search, index-only.
            covered: !q.search,
          }
        : { walk: 'plain' },
  };
}
