// Finding one page of the purchase order list: which plan, chosen from the match count
// (docs/decisions.md, 'Lists & performance').
import type { PoListQuery } from '@bpm/contract/purchaseOrders';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { plannedRows } from '../../db/count';
import { likePattern } from '../../platform/paging';

/**
 * Sort columns. Ties keep the former order (id descending in both directions); each column has an
 * index `(column, id desc) include (supplier_id, po_date, status, paid)` and the few-valued ones a
 * descending twin (0017_list_indexes), so a filtered page can be an index-only walk.
 */
const SORTS: Record<string, SQL> = {
  po_number: sql`p.po_number`,
  supplier_name: sql`lower(p.supplier_name)`,
  requisitioner: sql`lower(p.requisitioner)`,
  department: sql`lower(p.department)`,
  due_date: sql`p.due_date`,
  status: sql`p.status`,
  amount: sql`p.amount`,
  paid: sql`p.paid`,
};

/**
 * The page finder's limits (docs/decisions.md, 'Lists & performance'): a filter of
 * at most `filterFirstMax` POs runs first; else the sort index walk reads at most `walkSlack` × the rows it
 * should need (page end × POs ÷ matches), at most half the matches, between `walkMin` and `walkRows`, and
 * stops at the page's end; if those rows hold too few matches, the filter runs first. The tests find every
 * page every way.
 */
export const poListTuning = { filterFirstMax: 5000, walkSlack: 4, walkMin: 500, walkRows: 20000 };

/**
 * `due_date` bounds implied by a PO date range: every PO's due date lies between its PO date plus the
 * smallest and the largest `due_date - po_date` of all POs (two ends of purchase_orders_due_lag_idx).
 * Walking the due date index from there skips the POs outside the range whose due dates come first.
 */
async function dueBounds(db: Db, q: Partial<PoListQuery>): Promise<SQL[]> {
  const [lag] = await queryRows<{ lo: string | null; hi: string | null }>(
    db,
    sql`select min(due_date - po_date) as lo, max(due_date - po_date) as hi from purchase_orders`,
  );
  if (lag?.lo == null || lag.hi == null) return [];
  const c: SQL[] = [];
  if (q.start !== undefined) c.push(sql`p.due_date >= ${q.start + Number(lag.lo)}`);
  if (q.end !== undefined) c.push(sql`p.due_date <= ${q.end + Number(lag.hi)}`);
  return c;
}

/**
 * The searched fields but the department, joined as purchase_orders_search_other_trgm indexes them; the search
 * matches them and the department as purchase_orders_search_trgm does (searchCondition).
 */
const OTHER_FIELDS = sql`p.po_number || ' ' || p.supplier_name || ' ' || p.requisitioner || ' ' || p.purpose`;

/** The list's search condition (every searched field, case-insensitive). */
export const searchCondition = (search: string) =>
  sql`lower(${OTHER_FIELDS} || ' ' || p.department) like ${likePattern(search)}`;

/** The width of the PO date buckets of purchase_orders_month_number_idx (30 days, in seconds). */
const MONTH = 2592000;

/**
 * A PO date range by PO number: PO numbers usually rise with the date, so the range's POs sit at one end of
 * the PO number order (the plain walk read 550k index entries for the last 180 days ascending). One walk per 30-day
 * bucket of PO dates (purchase_orders_month_number_idx, the bucket's POs by number), each stopping at the
 * page's end, merged. Undefined when the range spans more than 60 buckets (the walk then).
 */
async function monthMerge(db: Db, q: PoListQuery, where: SQL, dir: SQL): Promise<number[] | undefined> {
  let lo = q.start;
  let hi = q.end;
  if (lo === undefined || hi === undefined) {
    const [r] = await queryRows<{ lo: string | null; hi: string | null }>(
      db,
      sql`select min(po_date) as lo, max(po_date) as hi from purchase_orders`,
    );
    if (r?.lo == null || r.hi == null) return [];
    lo ??= Number(r.lo);
    hi ??= Number(r.hi);
  }
  // Integer division truncates in SQL as Math.trunc does: monotonic, so [lo, hi]'s POs lie in these buckets.
  const first = Math.trunc(lo / MONTH);
  const last = Math.trunc(hi / MONTH);
  if (last < first) return [];
  if (last - first > 60) return undefined;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select b.id from generate_series(${first}::int, ${last}::int) m
        cross join lateral (select p.id, p.po_number as k from purchase_orders p
                            where (p.po_date / 2592000) = m and ${where}
                            order by p.po_number ${dir}, p.id desc nulls last limit ${q.offset + q.limit}) b
        order by b.k ${dir}, b.id desc nulls last limit ${q.limit} offset ${q.offset}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The page's ids. The match count (exact from the rollups, or the search's count or estimate) chooses the
 * plan, never the rows: a PO date range by PO number: the per-month merge; no filter, the PO date order of a filter whose index is led by it (status,
 * supplier, date range), or a status filter sorted by its own column, payment by its own, or by due date
 * (purchase_orders_status_due_idx): the index walk; a date range or payment filter alone: the sort index walk (a due
 * date order bounded by the range); at most filterFirstMax matches: the filter first; a status, supplier or
 * search filter: a walk of a bounded number of rows, then the filter first — index-only through the
 * status and supplier covering indexes (purchase_orders_status_cover_idx, _supplier_cover_idx) — or, for a
 * search sorted by department, the departments it names merged with the other fields' matches (departmentMerge).
 */
export async function pageIds(
  db: Db,
  q: PoListQuery,
  conds: SQL[],
  matches: number | undefined,
  others: SQL[] = conds,
): Promise<number[]> {
  const col = q.sort && q.sort !== 'po_date' ? SORTS[q.sort] : undefined;
  const asc = q.order === 'asc' && (col !== undefined || q.sort === 'po_date');
  // The default (po_date descending) walks (po_date desc nulls last, id desc nulls last) forward; po_date is
  // never null, so ascending `nulls first` is the same order and walks it backward.
  const dir = asc ? sql`asc` : sql`desc`;
  const order = col
    ? sql`${col} ${dir}, p.id desc nulls last`
    : asc
      ? sql`p.po_date asc nulls first, p.id desc nulls last`
      : sql`p.po_date desc nulls last, p.id desc nulls last`;
  const all = [...conds];
  if (q.sort === 'due_date' && (q.start !== undefined || q.end !== undefined)) all.push(...(await dueBounds(db, q)));
  const where = all.length ? sql.join(all, sql` and `) : sql`true`;
  const walk = async () =>
    (
      await queryRows<{ id: number }>(
        db,
        sql`select p.id from purchase_orders p where ${where} order by ${order} limit ${q.limit} offset ${q.offset}`,
      )
    ).map((r) => Number(r.id));
  if (q.sort === 'po_number' && (q.start !== undefined || q.end !== undefined) && !q.search && !q.supplier) {
    const merged = await monthMerge(db, q, where, dir);
    if (merged) return merged;
  }
  const status = q.status && q.status !== 'all';
  const paid = q.paid && q.paid !== 'all';
  // The filter's own column leads the index the walk reads: every entry it reads is a match.
  const direct = col
    ? (q.sort === 'status' && status) ||
      (q.sort === 'paid' && paid) ||
      (q.sort === 'due_date' && status && !q.search && !q.supplier)
    : !q.search && (status || q.supplier || q.start !== undefined || q.end !== undefined);
  if (!conds.length || direct) return walk();
  // The matches' sort keys through the filter's own index, a top-N sort of them.
  const filterFirst = async () =>
    (
      await queryRows<{ id: number }>(
        db,
        sql`select id from (select p.id, ${col ?? sql`p.po_date`} as k from purchase_orders p where ${where} offset 0) f
            order by k ${dir}${asc ? sql` nulls first` : sql` nulls last`}, id desc nulls last
            limit ${q.limit} offset ${q.offset}`,
      )
    ).map((r) => Number(r.id));
  if (matches !== undefined && matches <= poListTuning.filterFirstMax) return filterFirst();
  // A date range or payment filter alone has no covering index to run first: the walk finds its matches
  // spread through every sort order (due date: from the range's bound on).
  if (matches === undefined || !(status || q.supplier || q.search)) return walk();
  const end = q.offset + q.limit;
  const n = await plannedRows(db, 'purchase_orders');
  const t = poListTuning;
  const want = n > 0 ? (t.walkSlack * end * n) / Math.max(1, matches) : t.walkRows;
  // Never more rows than half the matches: past that the filter first is cheaper. A search's filter first
  // reads every match's row (no index holds the text: hundreds of ms for 200k matches), so its walk goes on
  // to walkRows even when the matches should have shown up sooner — unless the department merge follows.
  const longWalk = q.search && !mergesDepartments(q);
  const rows = Math.ceil(Math.max(t.walkMin, end, Math.min(t.walkRows, longWalk ? t.walkRows : want, matches / 2)));
  // The walk stops at the page's end: the filter reads the walked rows as they come, in the sort index's
  // order (a subquery with ORDER BY and LIMIT keeps its order through the filter above).
  const found = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from (select p.id, (${where}) as m from purchase_orders p order by ${order} limit ${rows}) w
          where m limit ${end}`,
    )
  ).map((r) => Number(r.id));
  if (found.length === end) return found.slice(q.offset);
  // Fewer: exact only if the walk read every PO.
  const [r] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from purchase_orders limit ${rows}) x`,
  );
  if (Number(r?.n) < rows) return found.slice(q.offset);
  return (await departmentMerge(db, q, others)) ?? filterFirst();
}

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
 * Undefined where that does not hold (a term with a space may span the purpose and the department; more than
 * DEPARTMENTS_MAX departments): the filter runs first. `others`: the filter's conditions but the search.
 */
async function departmentMerge(db: Db, q: PoListQuery, others: SQL[]): Promise<number[] | undefined> {
  if (!mergesDepartments(q)) return undefined;
  const pattern = likePattern(q.search);
  const departments = await queryRows<{ v: string; m: boolean }>(
    db,
    sql`with recursive d(v, n) as (
          select min(lower(department)), 1 from purchase_orders
          union all
          select (select min(lower(department)) from purchase_orders where lower(department) > d.v), d.n + 1
          from d where d.v is not null and d.n <= ${DEPARTMENTS_MAX})
        select v, v like ${pattern} as m from d where v is not null`,
  );
  if (departments.length > DEPARTMENTS_MAX) return undefined;
  const named = departments.filter((d) => d.m).map((d) => sql`${d.v}`);
  const inNamed = named.length ? sql`lower(p.department) in (${sql.join(named, sql`, `)})` : sql`false`;
  const rest = others.length ? sql.join(others, sql` and `) : sql`true`;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const end = q.offset + q.limit;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from (
          (select p.id, lower(p.department) as k from purchase_orders p where ${inNamed} and ${rest}
           order by lower(p.department) ${dir}, p.id desc nulls last limit ${end})
          union all
          (select p.id, lower(p.department) as k from purchase_orders p
           where lower(${OTHER_FIELDS}) like ${pattern}
             and not ${inNamed} and ${rest}
           order by lower(p.department) ${dir}, p.id desc nulls last limit ${end})) u
        order by k ${dir}, id desc nulls last limit ${q.limit} offset ${q.offset}`,
  );
  return rows.map((r) => Number(r.id));
}
