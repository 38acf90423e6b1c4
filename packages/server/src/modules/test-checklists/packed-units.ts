// The units a packing list ships (issue 23): its checklists' units, and untested units typed by hand, which become
// units of their own (no checklist) so every shipped device is a record with a unique serial.
import { serialsPerUnit, TC_MSG } from '@bpm/contract/test-checklists';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { products } from '../../db/schema/products';
import { orders } from '../../db/schema/sales';
import { testChecklists, unitSerials, units } from '../../db/schema/testing';

/** One packing line's serials for `unitsForPacking`. */
export interface PackedLine {
  productId: number;
  serials: string[];
  shape: { pl_serial_count: number; has_modem: number };
}

interface Found {
  value: string;
  unit_id: number;
  product_id: number;
  checklist_id: number | null;
  order_id: number | null;
  oc_ref: string | null;
  code: string;
}

/** The units holding these serials (case aside): serial (lower case) → its unit and where the unit is. */
async function unitsOfSerials(tx: Db, values: string[]): Promise<Map<string, Found>> {
  if (!values.length) return new Map();
  const rows = await queryRows<Found>(
    tx,
    sql`select us.value, us.unit_id, u.product_id, u.checklist_id, c.order_id, o.oc_ref, p.product_code as code
        from ${unitSerials} us join ${units} u on u.id = us.unit_id
        join ${products} p on p.id = u.product_id
        left join ${testChecklists} c on c.id = u.checklist_id
        left join ${orders} o on o.id = c.order_id
        where us.legacy_duplicate = 0 and lower(us.value) in (${sql.join(
          values.map((v) => sql`${v.toLowerCase()}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.value.toLowerCase(), { ...r, unit_id: Number(r.unit_id) }]));
}

/** Where a unit is, in the words of the serial refusal. */
const whereIs = (f: Found) =>
  f.checklist_id == null
    ? `a unit of ${f.code}`
    : f.order_id != null
      ? `test checklist ${f.checklist_id} of order ${f.oc_ref || '(no OC ref)'}`
      : `stock test checklist ${f.checklist_id} of ${f.code}`;

/**
 * The unit of each group of a line's serials (serials per unit of its product, a modem product's IMEI last): the
 * unit that already holds the group's first serial — a unit of this order's checklists, or an untested unit of
 * the product — else a new untested unit of the product. Answers per line its unit ids in order, or per line the
 * refusal naming where a serial already is (another order, stock, another product).
 */
export async function unitsForPacking(
  tx: Db,
  orderId: number,
  lines: PackedLine[],
  now: number,
): Promise<{ unitIds: number[][]; refused: Map<number, string> }> {
  const found = await unitsOfSerials(
    tx,
    lines.flatMap((l) => l.serials),
  );
  const refused = new Map<number, string>();
  const unitIds: number[][] = [];
  for (const [i, line] of lines.entries()) {
    const k = serialsPerUnit(line.shape);
    const ids: number[] = [];
    const problems: string[] = [];
    for (let start = 0; start < line.serials.length; start += k) {
      const group = line.serials.slice(start, start + k);
      const holders = group.map((s) => found.get(s.toLowerCase()));
      const owner = holders[0];
      const elsewhere = holders.find(
        (h) =>
          h &&
          (h.product_id !== line.productId ||
            (h.checklist_id != null && h.order_id !== orderId) ||
            (owner && h.unit_id !== owner.unit_id) ||
            !owner),
      );
      if (elsewhere) {
        problems.push(TC_MSG.serialElsewhere(elsewhere.value, whereIs(elsewhere)));
        continue;
      }
      if (owner) {
        ids.push(owner.unit_id);
        continue;
      }
      const [u] = await tx
        .insert(units)
        .values({
          productId: line.productId,
          checklistId: null,
          position: start / k + 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: units.id });
      await tx.insert(unitSerials).values(
        group.map((value, slot) => ({
          unitId: u!.id,
          slot,
          value,
          isImei: line.shape.has_modem && slot === k - 1 ? 1 : 0,
        })),
      );
      ids.push(u!.id);
    }
    if (problems.length) refused.set(i, problems.join('; '));
    unitIds.push(ids);
  }
  return { unitIds, refused };
}

/** Untested units (no checklist) among these that nothing ships any more: they go with their serials. */
export async function dropUnpackedUnits(
  tx: Db,
  unitIds: number[],
  stillPacked: (ids: number[]) => Promise<Set<number>>,
) {
  if (!unitIds.length) return;
  const loose = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(inArray(units.id, unitIds), isNull(units.checklistId)));
  const packed = await stillPacked(loose.map((u) => u.id));
  const gone = loose.map((u) => u.id).filter((id) => !packed.has(id));
  if (gone.length) await tx.delete(units).where(inArray(units.id, gone));
}
