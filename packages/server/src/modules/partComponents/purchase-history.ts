import type { PartStatisticsRow } from '@bpm/contract/partComponents';
import type { Db } from '../../db/client';

/**
 * The purchase-order lines of a part with a PO date in [start, end] (unix seconds), oldest first.
 * TODO(purchase orders): the PO tables do not exist yet, so this answers []. Once they do: one
 * query over PO lines joined to their POs (approved or received, not cancelled) where
 * part = partId and po_date in the window, selecting po_date, po_number, price (USD), quantity.
 */
export async function partPurchaseHistory(
  _db: Db,
  _partId: number,
  _start: number,
  _end: number,
): Promise<PartStatisticsRow[]> {
  return [];
}
