// The quotation list (sales, production and shipping variants).
import type { QuotationListQuery, QuotationRow } from '@bpm/contract/quotations';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ListTotal, listPageAndTotal } from '../../platform/list-totals';
import { dealers, quotations } from '../../db/schema/sales';
import { type KeysetSort, keyedChunk } from '../../platform/csv-keyset';
import { likePattern } from '../../platform/paging';

/**
 * Sort columns: each has a `(column, id) include (dealer_id, date) where deleted = 0` index
 * (0016_list_indexes), so a page under the dealer and date filters is found by an index-only walk.
 * All are NOT NULL: plain asc/desc orders the same as the former `nulls first/last` and matches the index.
 */
const SORTS: Record<string, SQL> = {
  id: sql`q.id`,
  quote_ref: sql`q.quote_ref`,
  oc_ref: sql`q.oc_ref`,
  dealer_name: sql`q.dealer_name`,
  value: sql`q.value`,
  shipping_status: sql`q.shipping_status`,
};

/** GET /quotations (and the shipping/production variants): search, dealer, date range; newest first. */
export async function listQuotations(db: Db, q: QuotationListQuery): Promise<{ rows: QuotationRow[] } & ListTotal> {
  const conds: SQL[] = [sql`q.deleted = 0`];
  if (q.search)
    conds.push(
      sql`lower(q.quote_ref || ' ' || q.oc_ref || ' ' || q.invoice || ' ' || q.note) like ${likePattern(q.search)}`,
    );
  if (q.dealer > 0) conds.push(sql`q.dealer_id = ${q.dealer}`);
  if (q.start !== undefined) conds.push(sql`q.date >= ${q.start}`);
  if (q.end !== undefined) conds.push(sql`q.date <= ${q.end}`);
  const where = sql.join(conds, sql` and `);
  const asc = q.order === 'asc';
  const col = q.sort && q.sort !== 'date' ? SORTS[q.sort] : undefined;
  // The date order matches quotations_date_idx (date desc nulls last, id desc nulls last) in both directions;
  // while searching, `date + 0` keeps the planner on the trigram index.
  const date = q.search ? sql`(q.date + 0)` : sql`q.date`;
  const order = col
    ? asc
      ? sql`${col} asc, q.id asc`
      : sql`${col} desc, q.id desc`
    : asc
      ? sql`${date} asc nulls first, q.id asc nulls first`
      : sql`${date} desc nulls last, q.id desc nulls last`;
  const columns = sql`q.id, q.quote_ref, q.date, q.oc_ref, q.invoice, q.note, q.dealer_id as dealer, q.dealer_name,
    coalesce(d.country, '') as dealer_country, q.value, q.shipping_cost, q.shipping_status, q.request_to_delete,
    q.order_id, q.revision`;
  const { rows, ...total } = await listPageAndTotal<QuotationRow>(db, {
    table: 'quotations',
    alias: 'q',
    where,
    order,
    columns,
    joins: sql`left join dealers d on d.id = q.dealer_id`,
    search: !!q.search,
    page: q,
  });
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      date: Number(r.date),
      dealer: Number(r.dealer),
      value: Number(r.value),
      shipping_cost: Number(r.shipping_cost),
      request_to_delete: Number(r.request_to_delete),
      revision: Number(r.revision),
      order_id: r.order_id == null ? null : Number(r.order_id),
    })),
    ...total,
  };
}

/**
 * The CSV export's view of the same filters and order (Drizzle, chunked by keyset); csv-export.test.ts
 * checks that it answers the list's rows in the list's order.
 */
function quotationQuery(q: QuotationListQuery) {
  const t = quotations;
  const conds: SQL[] = [eq(t.deleted, 0)];
  if (q.search) {
    conds.push(
      sql`lower(${t.quoteRef} || ' ' || ${t.ocRef} || ' ' || ${t.invoice} || ' ' || ${t.note}) like ${likePattern(q.search)}`,
    );
  }
  if (q.dealer > 0) conds.push(eq(t.dealerId, q.dealer));
  if (q.start !== undefined) conds.push(sql`${t.date} >= ${q.start}`);
  if (q.end !== undefined) conds.push(sql`${t.date} <= ${q.end}`);
  const sorts: Record<string, SQL> = {
    id: sql`${t.id}`,
    quote_ref: sql`${t.quoteRef}`,
    oc_ref: sql`${t.ocRef}`,
    dealer_name: sql`${t.dealerName}`,
    value: sql`${t.value}`,
    shipping_status: sql`${t.shippingStatus}`,
  };
  const asc = q.order === 'asc';
  const dir = asc ? sql`asc nulls first` : sql`desc nulls last`;
  const idDir = asc ? sql`asc` : sql`desc`;
  const col = (q.sort && sorts[q.sort]) || (q.search ? sql`(${t.date} + 0)` : sql`${t.date}`);
  return {
    where: and(...conds),
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
