// The quotation list (sales, production and shipping variants).
import type { QuotationListQuery, QuotationRow } from '@bpm/contract/quotations';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, quotations } from '../../db/schema/sales';
import { likePattern } from '../../platform/paging';

/** GET /quotations (and the shipping/production variants): search, dealer, date range; newest first. */
export async function listQuotations(db: Db, q: QuotationListQuery): Promise<{ rows: QuotationRow[]; total: number }> {
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
  const where = and(...conds);
  const sorts: Record<string, SQL> = {
    id: sql`${t.id}`,
    quote_ref: sql`${t.quoteRef}`,
    oc_ref: sql`${t.ocRef}`,
    dealer_name: sql`${t.dealerName}`,
    value: sql`${t.value}`,
    shipping_status: sql`${t.shippingStatus}`,
  };
  const dir = q.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const idDir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const col = (q.sort && sorts[q.sort]) || (q.search ? sql`(${t.date} + 0)` : sql`${t.date}`);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: t.id,
        quote_ref: t.quoteRef,
        date: t.date,
        oc_ref: t.ocRef,
        invoice: t.invoice,
        note: t.note,
        dealer: t.dealerId,
        dealer_name: t.dealerName,
        dealer_country: sql<string>`(select country from ${dealers} where ${dealers.id} = ${t.dealerId})`,
        value: t.value,
        shipping_cost: t.shippingCost,
        shipping_status: t.shippingStatus,
        request_to_delete: t.requestToDelete,
        order_id: t.linkId,
        revision: t.revision,
      })
      .from(t)
      .where(where)
      .orderBy(sql`${col} ${dir}, ${t.id} ${idDir}`)
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(t)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      dealer_country: r.dealer_country ?? '',
      value: Number(r.value),
      shipping_cost: Number(r.shipping_cost),
      shipping_status: r.shipping_status as QuotationRow['shipping_status'],
      order_id: r.order_id ?? null,
    })),
    total: count?.n ?? 0,
  };
}
