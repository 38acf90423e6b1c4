import type { PartStatisticsRow } from '@bpm/contract/partComponents';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

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
    sql`select po.po_date, po.po_number, pl.price::float8 as price, pl.quantity::float8 as quantity
        from purchase_order_lines pl join purchase_orders po on po.id = pl.po_id
        where pl.part_id = ${partId} and po.status in ('approved', 'received')
          and po.po_date >= ${start} and po.po_date <= ${end}
        order by po.po_date, po.id, pl.line_no`,
  );
  return rows.map((r) => ({ ...r, po_date: Number(r.po_date), price: Number(r.price), quantity: Number(r.quantity) }));
}
