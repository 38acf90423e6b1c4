import { MSG } from '@bpm/contract/messages';
import {
  type PartComponent,
  type PartComponentListQuery,
  type PartComponentSave,
  type PartComponentSaved,
  type PartStatistics,
  totalQuantity,
  weightedAverage,
} from '@bpm/contract/part-components';
import { defaultWindow } from '@bpm/contract/products';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partComponents } from '../../db/schema/parts';
import { files } from '../../db/schema/platform';
import { bomLines } from '../../db/schema/products';
import { keyedChunk } from '../../platform/csv-keyset';
import { invalid, isUniqueViolation, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { keyOrder, sortKey, splitTotal, totalOver, trigramSearch } from '../../platform/paging';
import { detachFile, fileIdOf, type RecordKind, SaveRowError, saveRecords, setActive } from '../../platform/records';
import { idIn } from '../../platform/records-write';
import { firstTaken, textIn } from '../../platform/unique-keys';
import { recomputeBomCosts } from '../products/boms';
import { partPurchaseHistory } from './purchase-history';

export const PART_ENTITY = 'partComponent';

const columns = {
  id: partComponents.id,
  manuf_part_number: partComponents.manufPartNumber,
  manufacturer: partComponents.manufacturer,
  description: partComponents.description,
  price: partComponents.price,
  local_price: partComponents.localPrice,
  local_currency: partComponents.localCurrency,
  unit: partComponents.unit,
  part_image: files.fileName,
  active: partComponents.active,
  version: partComponents.version,
};

type Raw = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toPart(r: Raw): PartComponent {
  return {
    ...(r as unknown as PartComponent),
    price: Number(r.price),
    local_price: r.local_price == null ? null : Number(r.local_price),
    part_image: r.part_image ?? null,
    part_image_name: r.part_image ?? null,
  };
}

/** The list's filter and order (newest first unless sorted; then by id, descending). */
function partQuery(q: PartComponentListQuery) {
  const conds: SQL[] = [];
  if (q.search)
    conds.push(
      trigramSearch(
        sql`lower(${partComponents.manufPartNumber} || ' ' || ${partComponents.manufacturer} || ' ' || ${partComponents.description})`,
        q.search,
      ),
    );
  if (q.status === 'active') conds.push(sql`${partComponents.active} = 1`);
  if (q.status === 'inactive') conds.push(sql`${partComponents.active} = 0`);
  const sort = sortKey(
    {
      manuf_part_number: sql`lower(${partComponents.manufPartNumber})`,
      manufacturer: sql`lower(${partComponents.manufacturer})`,
      description: sql`lower(${partComponents.description})`,
      price: partComponents.price,
      unit: partComponents.unit,
      active: partComponents.active,
    },
    q.sort,
    q.order,
    { key: partComponents.createdAt, desc: true },
  );
  return {
    where: conds.length ? and(...conds) : undefined,
    order: [keyOrder(sort), sql`${partComponents.id} desc`],
    keyset: { ...sort, id: partComponents.id, idDesc: true, nullsFirst: sort.desc },
  };
}

export async function listParts(db: Db, q: PartComponentListQuery): Promise<{ rows: PartComponent[]; total: number }> {
  const { where, order } = partQuery(q);
  const rows = await db
    .select({ ...columns, total: totalOver() })
    .from(partComponents)
    .leftJoin(files, eq(files.id, partComponents.imageFileId))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const page = await splitTotal(db, rows, q.offset, partComponents, where);
  return { rows: page.rows.map(toPart), total: page.total };
}

/** GET /partComponents/export.csv: one chunk of the list's rows after `after` (keyset on the sort key and id). */
export async function exportParts(db: Db, q: PartComponentListQuery, limit: number, after?: unknown) {
  const { where, order, keyset } = partQuery(q);
  const { rows, next } = await keyedChunk(keyset, limit, after, (condition, n) =>
    db
      .select({ ...columns, k: sql`${keyset.key}` })
      .from(partComponents)
      .leftJoin(files, eq(files.id, partComponents.imageFileId))
      .where(and(where, condition))
      .orderBy(...order)
      .limit(n),
  );
  return { rows: rows.map(toPart) satisfies PartComponent[], next };
}

/** Many parts at once (the batch save's and the import's reads), in any order. */
export async function getParts(db: Db, ids: number[]): Promise<PartComponent[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(columns)
    .from(partComponents)
    .leftJoin(files, eq(files.id, partComponents.imageFileId))
    .where(idIn(partComponents.id, ids));
  return rows.map(toPart);
}

export async function getPart(db: Db, id: number): Promise<PartComponent> {
  const [r] = await db
    .select(columns)
    .from(partComponents)
    .leftJoin(files, eq(files.id, partComponents.imageFileId))
    .where(eq(partComponents.id, id));
  if (!r) throw notFound(MSG.partNotFound);
  return toPart(r);
}

const snapshot = (p: PartComponent) => ({
  manuf_part_number: p.manuf_part_number,
  manufacturer: p.manufacturer,
  description: p.description,
  price: p.price,
  local_price: p.local_price,
  local_currency: p.local_currency,
  unit: p.unit,
  active: p.active,
  part_image: p.part_image,
});

const PART: RecordKind<PartComponent> = {
  table: partComponents,
  entityType: PART_ENTITY,
  event: 'part_component',
  get: getPart,
  getMany: getParts,
  snapshot,
  label: (p) => ({ manuf_part_number: p.manuf_part_number }),
};

/** The part columns a save writes from its form. */
const partFields = (input: PartComponentSave, imageFileId: number | undefined) => ({
  manufPartNumber: input.manuf_part_number,
  manufacturer: input.manufacturer,
  description: input.description,
  price: String(input.price),
  localPrice: input.local_price === undefined ? null : String(input.local_price),
  localCurrency: input.local_currency,
  unit: input.unit,
  ...(input.active !== undefined ? { active: input.active } : {}),
  ...(imageFileId ? { imageFileId } : {}),
});

/** The part-number rule for a set of saves: a manufacturer + number another part (or an earlier save) has is taken. */
async function checkNumbers(tx: Db, inputs: PartComponentSave[]) {
  const makers = inputs.map((i) => i.manufacturer.toLowerCase());
  const numbers = inputs.map((i) => i.manuf_part_number.toLowerCase());
  const maker = sql<string>`lower(${partComponents.manufacturer})`;
  const number = sql<string>`lower(${partComponents.manufPartNumber})`;
  const stored = await tx
    .select({ id: partComponents.id, maker, number })
    .from(partComponents)
    .where(and(textIn(maker, makers), textIn(number, numbers)));
  const taken = firstTaken(
    inputs.map((input, i) => ({ id: input.id, key: `${makers[i]}\u0000${numbers[i]}` })),
    stored.map((r) => ({ id: r.id, key: `${r.maker}\u0000${r.number}` })),
  );
  if (taken !== undefined) throw new SaveRowError(taken, invalid({ manuf_part_number: MSG.partNumberTaken }));
}

export async function savePart(
  db: Db,
  input: PartComponentSave,
  imageFileId: number | undefined,
  actor: Actor,
  now: number,
): Promise<PartComponentSaved> {
  try {
    return await db.transaction(async (tx) => (await saveParts(tx, [input], actor, now, imageFileId))[0]!);
  } catch (err) {
    throw err instanceof SaveRowError ? err.error : err;
  }
}

/**
 * Parts through the shared save in the caller's transaction (one, or the import's set): the part-number rule
 * once for the set, then `saveRecords`; BOMs are costed at the part's price, so the products using a part whose
 * price moved get their bom_cost again, in one statement for the set. A refused save is a `SaveRowError`.
 */
export async function saveParts(
  tx: Db,
  inputs: PartComponentSave[],
  actor: Actor,
  now: number,
  imageFileId?: number,
): Promise<PartComponentSaved[]> {
  try {
    await checkNumbers(tx, inputs);
    const repriced: number[] = [];
    const saved = async (after: PartComponent, before: PartComponent | undefined) => {
      if (before && after.price !== before.price) repriced.push(after.id);
    };
    const items = inputs.map((input) => ({ input, steps: { fields: partFields(input, imageFileId), saved } }));
    const done = await saveRecords(tx, PART, items, actor, now);
    if (repriced.length)
      await recomputeBomCosts(
        tx,
        sql`p.id in (select ${bomLines.productId} from ${bomLines} where ${idIn(bomLines.partId, repriced)})`,
      );
    return done.map((d) => ({ ...d.record, created: d.created }));
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ manuf_part_number: MSG.partNumberTaken });
    throw err;
  }
}

export async function setPartActive(db: Db, id: number, active: 0 | 1, actor: Actor, now: number) {
  return setActive(db, PART, id, active, actor, now);
}

export async function partImageFileId(db: Db, id: number): Promise<number | null> {
  return fileIdOf(db, partComponents, partComponents.imageFileId, id, MSG.partNotFound);
}

export async function deletePartImage(db: Db, id: number, actor: Actor, now: number) {
  const file = { column: 'imageFileId', field: 'part_image', event: 'part_image_deleted' } as const;
  const version = await detachFile(db, PART, id, file, actor, now);
  return { part_image: null, part_image_name: null, version };
}

/** Purchase history of a part in the window, with the quantity-weighted average price (section 9). */
export async function partStatistics(
  db: Db,
  id: number,
  q: { startTime?: number; endTime?: number },
  now: number,
): Promise<PartStatistics> {
  await getPart(db, id);
  const d = defaultWindow(now);
  const start = q.startTime ?? d.start;
  const end = q.endTime ?? d.end;
  if (end < start) throw invalid({ endTime: MSG.windowOrder });
  const rows = await partPurchaseHistory(db, id, start, end);
  return { rows, avg_price: weightedAverage(rows), total_quantity: totalQuantity(rows), start, end };
}
