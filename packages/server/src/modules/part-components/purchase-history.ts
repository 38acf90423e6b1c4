import type { PartStatisticsRow } from '@bpm/contract/part-components';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { purchaseOrderLines as PL, purchaseOrders as PO } from '../../db/schema/purchasing';

/**
 * The purchase-order lines of a part with a PO date in [start, end] (unix seconds), oldest first.
 * Only approved and received POs count: a draft, rejected or cancelled PO bought nothing
 * (docs/decisions.md, Purchasing). Prices are USD.
 */
export async function partPurchaseHistory(
  db: Db,
  partId: number,
  start: number,
  end: number,
): Promise<PartStatisticsRow[]> {
  const rows = await queryRows<PartStatisticsRow>(
    db,
    sql`select ${PO.poDate} as po_date, ${PO.poNumber} as po_number, ${PL.price}::float8 as price,
          ${PL.quantity}::float8 as quantity
        from ${PL} join ${PO} on ${PO.id} = ${PL.poId}
        where ${PL.partId} = ${partId} and ${PO.status} in ('approved', 'received')
          and ${PO.poDate} >= ${start} and ${PO.poDate} <= ${end}
        order by ${PO.poDate}, ${PO.id}, ${PL.lineNo}`,
  );
  return rows.map((r) => ({ ...r, po_date: Number(r.po_date), price: Number(r.price), quantity: Number(r.quantity) }));
}
