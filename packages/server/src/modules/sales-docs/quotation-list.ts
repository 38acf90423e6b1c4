// The quotation list (sales, production and shipping variants).
import type { QuotationListQuery, QuotationRow } from '@bpm/contract/quotations';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, quotations } from '../../db/schema/sales';
import { type KeyCursor, type KeysetSort, keysetChunk } from '../../platform/csv-keyset';
import { likePattern } from '../../platform/paging';

/** The quotations the filters select, their order, and that order as a keyset. */
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

/** GET /quotations (and the shipping/production variants): search, dealer, date range; newest first. */
export async function listQuotations(db: Db, q: QuotationListQuery): Promise<{ rows: QuotationRow[]; total: number }> {
  const { where, order } = quotationQuery(q);
  const [rows, [count]] = await Promise.all([
    db.select(rowColumns).from(quotations).where(where).orderBy(order).limit(q.limit).offset(q.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(quotations)
      .where(where),
  ]);
  return { rows: rows.map((r): QuotationRow => toRow(r)), total: count?.n ?? 0 };
}

/** GET /quotations/export.csv (and the variants): one chunk of the list's rows after `after` (keyset). */
export async function exportQuotations(db: Db, q: QuotationListQuery, limit: number, after?: unknown) {
  const { where, order, keyset } = quotationQuery(q);
  const { rows, next } = await keysetChunk(
    keyset,
    limit,
    after as KeyCursor | undefined,
    (condition, n) =>
      db
        .select({ ...rowColumns, k: keyset.key })
        .from(quotations)
        .where(and(where, condition))
        .orderBy(order)
        .limit(n),
    (r) => ({ k: r.k, id: r.id }),
  );
  return { rows: rows.map(({ k: _k, ...r }) => toRow(r)), next };
}
