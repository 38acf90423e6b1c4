import { MSG } from '@bpm/contract/messages';
import {
  BOM_REQUIRED_HEADERS,
  type BomImport,
  type BomImportResult,
  type BomLine,
  type BomSave,
  bomQuantityInRange,
  normalizeHeader,
} from '@bpm/contract/products';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { partComponents } from '../../db/schema/parts';
import { bomLines, products } from '../../db/schema/products';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/purchasing';
import { badRequest, invalid, notFound } from '../../platform/errors';
import { type Actor, diff, recordEvent } from '../../platform/events';
import { bareColumn, bareColumns } from '../../platform/sql-names';
import { lockProduct, PRODUCT_ENTITY } from './service';

/*
 * The queries name their tables through drizzle (a renamed column fails tsc) under SQL aliases: a line's
 * part and its alternatives are both part_components, and recomputeBomCosts' callers write conditions
 * on `p`. A FROM clause pairs each table with its alias: ${bomLines} ${B} renders "bom_lines" "b".
 */
const P = alias(products, 'p');
const B = alias(bomLines, 'b');
const PC = alias(partComponents, 'pc');
const ALT = alias(partComponents, 'a');
const PL = alias(purchaseOrderLines, 'pl');
const PO = alias(purchaseOrders, 'po');
const L = bomLines;

/**
 * The price a BOM line is costed at, for part component alias `pc`: the quantity-weighted average
 * USD price of the part over the lines of approved and received purchase orders (all time), or
 * pc.price when it was never ordered (docs/decisions.md, Purchasing). Lines and bom_cost both read
 * this expression.
 */
const AVG_PRICE = sql`coalesce((
  select round(sum(${PL.price} * ${PL.quantity}) / nullif(sum(${PL.quantity}), 0), 6)
  from ${purchaseOrderLines} ${PL} join ${purchaseOrders} ${PO} on ${PO.id} = ${PL.poId}
  where ${PL.partId} = ${PC.id} and ${PO.status} in ('approved', 'received')), ${PC.price})`;

/** Errors listed in an import answer; error_count still counts them all. */
const MAX_LISTED_ERRORS = 1000;

/**
 * Recomputes bom_cost (Σ avg_price × quantity) of the products matched by `where` (a condition on
 * alias `p`), inside the caller's transaction.
 */
export async function recomputeBomCosts(tx: Db, where: SQL): Promise<void> {
  await tx.execute(sql`
    update ${products} ${P} set ${bareColumn(products.bomCost)} = coalesce((
      select sum(round(${B.quantity} * ${AVG_PRICE}, 6))
      from ${bomLines} ${B} join ${partComponents} ${PC} on ${PC.id} = ${B.partId}
      where ${B.productId} = ${P.id}), 0)
    where ${where}`);
}

const recomputeOne = (tx: Db, productId: number) => recomputeBomCosts(tx, sql`${P.id} = ${productId}`);

async function bomCostOf(tx: Db, productId: number): Promise<number> {
  const [r] = await tx.select({ c: products.bomCost }).from(products).where(eq(products.id, productId));
  return Number(r?.c ?? 0);
}

function lineQuery(where: SQL) {
  return sql`
    select ${B.id} as id, ${B.productId} as product_id, ${B.partId} as part_id, ${B.quantity}::float8 as quantity,
      ${B.ref} as ref, ${B.remark} as remark, ${B.altParts} as alt_parts,
      ${PC.description} as part_desc, ${PC.manufacturer} as part_manufacturer, ${PC.manufPartNumber} as part_number,
      case when cardinality(${B.altParts}) = 0 then '{}'::text[] else array(
        select ${ALT.manufPartNumber} from unnest(${B.altParts}) with ordinality u(id, n)
        join ${partComponents} ${ALT} on ${ALT.id} = u.id order by u.n) end as alt_part_numbers,
      ${AVG_PRICE}::float8 as avg_price,
      round(${B.quantity} * ${AVG_PRICE}, 6)::float8 as avg_total
    from ${bomLines} ${B} join ${partComponents} ${PC} on ${PC.id} = ${B.partId}
    where ${where}
    order by ${B.id}`;
}

function toLine(r: BomLine): BomLine {
  return {
    ...r,
    quantity: Number(r.quantity),
    avg_price: Number(r.avg_price),
    avg_total: Number(r.avg_total),
    alt_parts: (r.alt_parts ?? []).map(Number),
    alt_part_numbers: r.alt_part_numbers ?? [],
  };
}

export async function listBom(db: Db, productId: number): Promise<BomLine[]> {
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!p) throw notFound(MSG.productNotFound);
  const rows = await queryRows<BomLine>(db, lineQuery(sql`${B.productId} = ${productId}`));
  return rows.map(toLine);
}

export async function getBomLine(db: Db, id: number): Promise<BomLine> {
  const [r] = await queryRows<BomLine>(db, lineQuery(sql`${B.id} = ${id}`));
  if (!r) throw notFound(MSG.bomLineNotFound);
  return toLine(r);
}

const lineSnapshot = (l: BomLine) => ({
  part_number: l.part_number,
  quantity: l.quantity,
  ref: l.ref,
  remark: l.remark,
  alt_parts: l.alt_part_numbers,
});

export async function saveBomLine(
  db: Db,
  input: BomSave,
  actor: Actor,
  now: number,
): Promise<BomLine & { bom_cost: number }> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, input.product_id);
    const before = input.id ? await getBomLine(tx, input.id) : null;
    if (before && before.product_id !== input.product_id) throw notFound(MSG.bomLineNotFound);
    const [part] = await tx
      .select({ id: partComponents.id })
      .from(partComponents)
      .where(eq(partComponents.id, input.part_id));
    if (!part) throw invalid({ part_id: MSG.partNotFound });
    const alt = [...new Set(input.alt_parts)].filter((id) => id !== input.part_id);
    if (alt.length) {
      const found = await queryRows<{ id: number }>(
        tx,
        sql`select ${partComponents.id} as id from ${partComponents}
          where ${partComponents.id} in (select (jsonb_array_elements_text(${JSON.stringify(alt)}::jsonb))::int)`,
      );
      if (found.length !== alt.length) throw invalid({ alt_parts: MSG.bomAltPartUnknown });
    }
    const dup = await tx
      .select({ id: bomLines.id })
      .from(bomLines)
      .where(sql`${bomLines.productId} = ${input.product_id} and ${bomLines.partId} = ${input.part_id}`);
    if (dup.some((d) => d.id !== input.id)) throw invalid({ part_id: MSG.bomPartDuplicate });

    const values = {
      partId: input.part_id,
      quantity: String(input.quantity),
      ref: input.ref,
      remark: input.remark,
      altParts: alt,
      updatedAt: now,
    };
    let id = input.id;
    if (before) await tx.update(bomLines).set(values).where(eq(bomLines.id, before.id));
    else {
      const [created] = await tx
        .insert(bomLines)
        .values({ ...values, productId: input.product_id, createdAt: now })
        .returning({ id: bomLines.id });
      id = created!.id;
    }
    await recomputeOne(tx, input.product_id);
    const after = await getBomLine(tx, id!);
    await recordEvent(
      tx,
      actor,
      {
        entityType: PRODUCT_ENTITY,
        entityId: input.product_id,
        event: before ? 'bom_line_updated' : 'bom_line_added',
        data: {
          bom_line_id: after.id,
          part_number: after.part_number,
          changes: diff(before ? lineSnapshot(before) : null, lineSnapshot(after)),
        },
      },
      now,
    );
    return { ...after, bom_cost: await bomCostOf(tx, input.product_id) };
  });
}

export async function deleteBomLine(db: Db, id: number, actor: Actor, now: number) {
  return db.transaction(async (tx) => {
    const line = await getBomLine(tx, id);
    await lockProduct(tx, line.product_id);
    await tx.delete(bomLines).where(eq(bomLines.id, id));
    await recomputeOne(tx, line.product_id);
    await recordEvent(
      tx,
      actor,
      {
        entityType: PRODUCT_ENTITY,
        entityId: line.product_id,
        event: 'bom_line_deleted',
        data: { bom_line_id: id, part_number: line.part_number, changes: diff(lineSnapshot(line), {}) },
      },
      now,
    );
    return { id, product_id: line.product_id, bom_cost: await bomCostOf(tx, line.product_id) };
  });
}

const text = (v: unknown) => (v == null ? '' : String(v).trim());

/** Validates one quantity cell; answers the number or the spec's message. */
function parseQuantity(v: unknown): number | string {
  const s = text(v);
  if (s === '') return MSG.bomQuantityRequired;
  const n = Number(s);
  if (!Number.isFinite(n)) return MSG.bomQuantityNumber;
  if (!bomQuantityInRange(n)) return MSG.bomQuantityRange;
  return n;
}

/**
 * CSV import: rows matched to part components by manufacturer part number (case-insensitive),
 * inserted or updated in one statement, optionally deleting lines not in the file — all in one
 * transaction, a fixed number of queries whatever the row count.
 */
export async function importBom(db: Db, input: BomImport, actor: Actor, now: number): Promise<BomImportResult> {
  // Normalise headers (BOM, case, spaces) and drop lines whose cells are all blank.
  const rows = input.bomData
    .map((r) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(r)) out[normalizeHeader(k)] = text(v);
      return out;
    })
    .map((r, i) => ({ r, row: i + 2 }))
    .filter(({ r }) => Object.values(r).some((v) => v !== ''));
  if (!rows.length) throw badRequest(MSG.noDataToImport);
  const headers = new Set(rows.flatMap(({ r }) => Object.keys(r)));
  const missing = BOM_REQUIRED_HEADERS.filter((h) => !headers.has(h));
  if (missing.length) throw badRequest(MSG.missingHeaders(missing));
  // Columns the file does not have leave those fields of updated lines as they are.
  const hasRef = headers.has('ref');
  const hasRemark = headers.has('remark');

  return db.transaction(async (tx) => {
    await lockProduct(tx, input.productId);
    const numbers = [...new Set(rows.map(({ r }) => (r.part_number ?? '').toLowerCase()).filter(Boolean))];
    const candidates = await queryRows<{ id: number; pn: string; mf: string; active: number }>(
      tx,
      sql`select ${partComponents.id} as id, lower(${partComponents.manufPartNumber}) as pn,
            lower(${partComponents.manufacturer}) as mf, ${partComponents.active} as active from ${partComponents}
          where lower(${partComponents.manufPartNumber}) in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
    );
    const byNumber = new Map<string, typeof candidates>();
    for (const c of candidates) byNumber.set(c.pn, [...(byNumber.get(c.pn) ?? []), c]);

    const errors: Array<{ row: number; message: string }> = [];
    const seen = new Map<number, number>();
    const keep = new Set<number>();
    const good: Array<{ part_id: number; quantity: number; ref: string; remark: string }> = [];
    for (const { r, row } of rows) {
      const pn = r.part_number ?? '';
      if (!pn) {
        errors.push({ row, message: MSG.bomPartRequired });
        continue;
      }
      let matches = byNumber.get(pn.toLowerCase()) ?? [];
      // Several manufacturers use the number: a manufacturer column decides, else the active part.
      if (matches.length > 1 && r.manufacturer) matches = matches.filter((m) => m.mf === r.manufacturer!.toLowerCase());
      if (matches.length > 1) {
        const active = matches.filter((m) => Number(m.active) === 1);
        if (active.length) matches = active;
      }
      if (!matches.length) {
        errors.push({ row, message: MSG.importUnknownPart(pn) });
        continue;
      }
      if (matches.length > 1) {
        errors.push({ row, message: MSG.importAmbiguousPart(pn) });
        // The row names one of these parts: replaceAll must not delete any of their lines.
        for (const m of matches) keep.add(Number(m.id));
        continue;
      }
      const partId = Number(matches[0]!.id);
      const first = seen.get(partId);
      if (first !== undefined) {
        errors.push({ row, message: MSG.importDuplicateRow(pn, first) });
        continue;
      }
      seen.set(partId, row);
      // A known part with a bad quantity is still "in the file": replaceAll keeps its line.
      keep.add(partId);
      const quantity = parseQuantity(r.quantity);
      if (typeof quantity === 'string') {
        errors.push({ row, message: quantity });
        continue;
      }
      good.push({ part_id: partId, quantity, ref: r.ref ?? '', remark: r.remark ?? '' });
    }

    const existing = new Set(
      (await tx.select({ partId: bomLines.partId }).from(bomLines).where(eq(bomLines.productId, input.productId))).map(
        (e) => e.partId,
      ),
    );
    const updated = good.filter((g) => existing.has(g.part_id)).length;
    if (good.length) {
      await tx.execute(sql`
        insert into ${bomLines} (${bareColumns(L.productId, L.partId, L.quantity, L.ref, L.remark, L.createdAt, L.updatedAt)})
        select ${input.productId}, x.part_id, x.quantity, x.ref, x.remark, ${now}, ${now}
        from jsonb_to_recordset(${JSON.stringify(good)}::jsonb) as x(part_id int, quantity numeric, ref text, remark text)
        on conflict (${bareColumns(L.productId, L.partId)}) do update
          set ${bareColumn(L.quantity)} = excluded.${bareColumn(L.quantity)},
            ${bareColumn(L.ref)} = ${hasRef ? sql`excluded.${bareColumn(L.ref)}` : L.ref},
            ${bareColumn(L.remark)} = ${hasRemark ? sql`excluded.${bareColumn(L.remark)}` : L.remark},
            ${bareColumn(L.updatedAt)} = excluded.${bareColumn(L.updatedAt)}`);
    }
    // A file with nothing importable never empties a BOM, even with replaceAll.
    const toDelete = input.replaceAll && good.length ? [...existing].filter((id) => !keep.has(id)) : [];
    if (toDelete.length) {
      await tx.execute(sql`
        delete from ${bomLines} where ${L.productId} = ${input.productId}
          and ${L.partId} in (select (jsonb_array_elements_text(${JSON.stringify(toDelete)}::jsonb))::int)`);
    }
    await recomputeOne(tx, input.productId);
    const result: BomImportResult = {
      imported_count: good.length - updated,
      updated_count: updated,
      deleted_count: toDelete.length,
      error_count: errors.length,
      errors: errors.slice(0, MAX_LISTED_ERRORS),
    };
    await recordEvent(
      tx,
      actor,
      {
        entityType: PRODUCT_ENTITY,
        entityId: input.productId,
        event: 'bom_imported',
        data: {
          replace_all: input.replaceAll,
          rows: rows.length,
          imported_count: result.imported_count,
          updated_count: result.updated_count,
          deleted_count: result.deleted_count,
          error_count: result.error_count,
        },
      },
      now,
    );
    return result;
  });
}

/** The BOM revision is saved apart from the product form and leaves its version alone. */
export async function saveBomRev(db: Db, productId: number, bomRev: string, actor: Actor, now: number) {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [before] = await tx.select({ rev: products.bomRev }).from(products).where(eq(products.id, productId));
    await tx.update(products).set({ bomRev, updatedAt: now }).where(eq(products.id, productId));
    await recordEvent(
      tx,
      actor,
      {
        entityType: PRODUCT_ENTITY,
        entityId: productId,
        event: 'bom_rev_saved',
        data: { changes: diff({ bom_rev: before?.rev ?? '' }, { bom_rev: bomRev }) },
      },
      now,
    );
    return { bom_rev: bomRev };
  });
}
