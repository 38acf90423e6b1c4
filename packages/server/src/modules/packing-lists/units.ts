// The units a packing list ships (issue 23; docs/decisions.md, Packing lists): each line's serials grouped into
// units, found or made by the test checklists' service; a unit ships on one packing list.
import { type PackingLine, type PackingListSave, PL_MSG } from '@bpm/contract/packing-lists';
import { TC_MSG } from '@bpm/contract/test-checklists';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { packingLists, packingListUnits, unitSerials } from '../../db/schema/testing';
import { dropUnpackedUnits, unitsForPacking } from '../test-checklists/packed-units';

type Shapes = Map<number, { pl_serial_count: number; has_modem: number }>;

const serialsOf = (l: PackingLine) =>
  l.pl_serial
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The units of the lines (line position → unit ids), or refusals on `products.{i}.pl_serial` in `cause`: a serial
 * twice on the list, a serial of a unit elsewhere (another order, stock, another product) or on another packing
 * list. Untested serials typed by hand become units.
 */
export async function shippedUnits(
  tx: Db,
  input: PackingListSave,
  lines: PackingLine[],
  shapes: Shapes,
  cause: Record<string, string>,
  now: number,
): Promise<Array<{ position: number; unitId: number }>> {
  const seen = new Set<string>();
  const withUnits = lines.flatMap((l, i) => {
    const serials = serialsOf(l);
    const twice = serials.find((s) => seen.has(s.toLowerCase()) || !seen.add(s.toLowerCase()));
    if (twice) cause[`products.${i}.pl_serial`] = TC_MSG.serialsDuplicate;
    const shape = l.product_id ? shapes.get(l.product_id) : undefined;
    return l.product_id && shape && serials.length && !twice ? [{ i, productId: l.product_id, serials, shape }] : [];
  });
  if (Object.keys(cause).length) return [];
  const { unitIds, refused } = await unitsForPacking(tx, input.order_id, withUnits, now);
  for (const [k, message] of refused) cause[`products.${withUnits[k]!.i}.pl_serial`] = message;
  const packed = withUnits.flatMap((l, k) => (unitIds[k] ?? []).map((unitId) => ({ position: l.i, unitId, line: l })));
  const elsewhere = await otherLists(
    tx,
    input.id,
    packed.map((p) => p.unitId),
  );
  for (const p of packed) {
    const other = elsewhere.get(p.unitId);
    if (other)
      cause[`products.${p.position}.pl_serial`] ??= PL_MSG.onOtherList(other.serial, other.po_number, other.oc_ref);
  }
  return packed.map(({ position, unitId }) => ({ position, unitId }));
}

/** Units of this list already shipped on another packing list: unit → that list and the unit's first serial. */
async function otherLists(tx: Db, listId: number | undefined, unitIds: number[]) {
  if (!unitIds.length) return new Map<number, { serial: string; po_number: string; oc_ref: string }>();
  const rows = await queryRows<{ unit_id: number; serial: string; po_number: string; oc_ref: string }>(
    tx,
    sql`select plu.unit_id, us.value as serial, pl.po_number, pl.oc_ref
        from ${packingListUnits} plu join ${packingLists} pl on pl.id = plu.packing_list_id
        join ${unitSerials} us on us.unit_id = plu.unit_id and us.slot = 0
        where plu.unit_id in (${sql.join(
          unitIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and plu.packing_list_id is distinct from ${listId ?? null}`,
  );
  return new Map(rows.map((r) => [Number(r.unit_id), r]));
}

/** Rewrites the list's units; untested units nothing ships any more go. */
export async function linkUnits(tx: Db, listId: number, packed: Array<{ position: number; unitId: number }>) {
  const before = await tx
    .delete(packingListUnits)
    .where(eq(packingListUnits.packingListId, listId))
    .returning({ unitId: packingListUnits.unitId });
  if (packed.length)
    await tx
      .insert(packingListUnits)
      .values(packed.map((p) => ({ packingListId: listId, unitId: p.unitId, position: p.position })));
  await dropUnpackedUnits(
    tx,
    before.map((b) => b.unitId),
    (ids) => stillPacked(tx, ids),
  );
}

/** Which of these units a packing list ships. */
async function stillPacked(tx: Db, unitIds: number[]): Promise<Set<number>> {
  if (!unitIds.length) return new Set();
  const rows = await tx
    .select({ unitId: packingListUnits.unitId })
    .from(packingListUnits)
    .where(and(inArray(packingListUnits.unitId, unitIds)));
  return new Set(rows.map((r) => r.unitId));
}

/** Before a packing list is deleted: its untested units go with it. */
export async function unlinkUnits(tx: Db, listId: number) {
  await linkUnits(tx, listId, []);
}
