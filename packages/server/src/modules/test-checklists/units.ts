// Units under test and their serials (issue 23): a result belongs to a serial, a serial to a unit, a unit to
// the checklist that tests it. The spec's screens keep seeing serials one per line and results per column.
import { planSerials, type SerialPlan, serialsPerUnit, TC_MSG } from '@bpm/contract/test-checklists';
import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, type JsonValue, queryRows } from '../../db/client';
import { products } from '../../db/schema/products';
import { orders } from '../../db/schema/sales';
import { testChecklists, unitSerials, units } from '../../db/schema/testing';
import { invalid } from '../../platform/errors';

/** One result column of a checklist: the serial in it and its unit. Column n is the n-th of `columnsOf`. */
export interface UnitColumn {
  serialId: number;
  unitId: number;
  value: string;
}

/** Column order: unit by unit (their position), slot by slot. */
const columnOrder = [asc(units.position), asc(unitSerials.slot), asc(unitSerials.id)];

/** A checklist's serials in column order (unit by unit, slot by slot). */
export async function columnsOf(tx: Db, checklistId: number): Promise<UnitColumn[]> {
  return tx
    .select({ serialId: unitSerials.id, unitId: units.id, value: unitSerials.value })
    .from(units)
    .innerJoin(unitSerials, eq(unitSerials.unitId, units.id))
    .where(eq(units.checklistId, checklistId))
    .orderBy(...columnOrder);
}

/** A checklist's columns (`UnitColumn`s) in `columnsOf`'s order as one JSON array: a subquery of a larger read. */
export const columnsJson = (checklistId: number | SQLWrapper) =>
  sql<JsonValue<UnitColumn[]>>`(select coalesce(json_agg(json_build_object('serialId', ${unitSerials.id},
      'unitId', ${units.id}, 'value', ${unitSerials.value}) order by ${sql.join(columnOrder, sql`, `)}), '[]'::json)
    from ${units} join ${unitSerials} on ${unitSerials.unitId} = ${units.id} where ${units.checklistId} = ${checklistId})`;

/** Where a serial lives now, for the refusal that names it. */
async function serialsTaken(tx: Db, checklistId: number, values: string[]): Promise<string[]> {
  if (!values.length) return [];
  const lowered = values.map((v) => v.toLowerCase());
  const rows = await queryRows<{ value: string; checklist_id: number | null; oc_ref: string | null; code: string }>(
    tx,
    sql`select us.value, u.checklist_id, o.oc_ref, p.product_code as code
        from ${unitSerials} us join ${units} u on u.id = us.unit_id
        join ${products} p on p.id = u.product_id
        left join ${testChecklists} c on c.id = u.checklist_id
        left join ${orders} o on o.id = c.order_id
        where us.legacy_duplicate = 0 and lower(us.value) in ${sql`(${sql.join(
          lowered.map((v) => sql`${v}`),
          sql`, `,
        )})`}
          and u.checklist_id is distinct from ${checklistId}
        order by us.id limit 20`,
  );
  return rows.map((r) =>
    TC_MSG.serialElsewhere(
      r.value,
      r.checklist_id == null
        ? `a unit of ${r.code}`
        : r.oc_ref != null
          ? `test checklist ${r.checklist_id} of order ${r.oc_ref || '(no OC ref)'}`
          : `stock test checklist ${r.checklist_id} of ${r.code}`,
    ),
  );
}

/**
 * Writes a checklist's new serials as units: a serial found again keeps its record (and its results) wherever it
 * moved, an edit of one line corrects that serial in place, removed serials go with their results, new ones
 * become serials of new or regrouped units. A serial on another unit of the company is refused, naming where.
 * Answers the plan (for the event) and the serials in column order.
 */
export async function writeSerials(
  tx: Db,
  c: { id: number; product_id: number },
  serials: string[],
  product: { pl_serial_count: number; has_modem: number },
  now: number,
): Promise<{ plan: SerialPlan; serials: string[] }> {
  const cols = await columnsOf(tx, c.id);
  const plan = planSerials(
    cols.map((x) => x.value),
    serials,
  );
  const taken = await serialsTaken(tx, c.id, [...plan.added, ...plan.corrected.map((x) => x.to)]);
  if (taken.length) throw invalid({ serials: taken.join('; ') });

  const keep = new Map(plan.moves.map((m) => [m.to, cols[m.from]!]));
  const kept = new Set([...keep.values()].map((x) => x.serialId));
  const gone = cols.filter((x) => !kept.has(x.serialId)).map((x) => x.serialId);
  if (gone.length) await tx.delete(unitSerials).where(inArray(unitSerials.id, gone));

  const k = serialsPerUnit(product);
  const claimed = new Set<number>();
  for (let start = 0, position = 1; start < serials.length; start += k, position++) {
    const chunk = serials.slice(start, start + k).map((value, slot) => ({ value, slot, col: keep.get(start + slot) }));
    // The unit keeps its identity through its first serial, else any serial it still has here.
    const owner = chunk.map((x) => x.col?.unitId).find((u) => u !== undefined && !claimed.has(u));
    let unitId = owner;
    if (unitId === undefined) {
      const [u] = await tx
        .insert(units)
        .values({ productId: c.product_id, checklistId: c.id, position, createdAt: now, updatedAt: now })
        .returning({ id: units.id });
      unitId = u!.id;
    } else await tx.update(units).set({ position, updatedAt: now }).where(eq(units.id, unitId));
    claimed.add(unitId);
    for (const x of chunk) {
      const isImei = product.has_modem && x.slot === k - 1 ? 1 : 0;
      if (x.col)
        await tx
          .update(unitSerials)
          .set({ unitId, slot: x.slot, value: x.value, isImei })
          .where(eq(unitSerials.id, x.col.serialId));
      else await tx.insert(unitSerials).values({ unitId, slot: x.slot, value: x.value, isImei });
    }
  }
  // Units left without a serial here (all moved to other units or removed) go.
  const empty = await tx
    .select({ id: units.id })
    .from(units)
    .where(
      and(
        eq(units.checklistId, c.id),
        sql`not exists (select 1 from ${unitSerials} us where us.unit_id = ${units.id})`,
      ),
    );
  if (empty.length)
    await tx.delete(units).where(
      inArray(
        units.id,
        empty.map((u) => u.id),
      ),
    );
  return { plan, serials };
}
