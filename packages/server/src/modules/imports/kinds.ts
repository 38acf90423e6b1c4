// The four importable kinds: the columns their CSV export writes (the area's contract constant, which the export
// writes by), the form's schema, how to find a stored record by its key, and the area's own save of many (the one
// save path, `saveRecords`).
import { dealerExportColumns, dealerSave } from '@bpm/contract/dealers';
import type { ImportKind } from '@bpm/contract/imports';
import { partComponentExportColumns, partComponentSave } from '@bpm/contract/part-components';
import { productExportColumns, productSave } from '@bpm/contract/products';
import { supplierExportColumns, supplierSave } from '@bpm/contract/suppliers';
import { sql } from 'drizzle-orm';
import type { ZodObject, ZodRawShape } from 'zod';
import type { Db } from '../../db/client';
import { partComponents, suppliers } from '../../db/schema/parts';
import { products } from '../../db/schema/products';
import { dealers } from '../../db/schema/sales';
import type { Actor } from '../../platform/events';
import { getDealers, saveDealers } from '../dealers/service';
import { getParts, saveParts } from '../part-components/service';
import { getProducts, saveProducts } from '../products/service';
import { getSuppliers, saveSuppliers } from '../suppliers/service';

export interface ImportKindDef {
  /** The columns of the area's CSV export, in its order: the constant the export writes by. */
  exportColumns: readonly string[];
  /** The form's schema: every row goes through it, its messages are the row's errors. */
  schema: ZodObject<ZodRawShape>;
  /** Every stored record's natural key (lower case, parts joined by a NUL) → ids. */
  existing(db: Db): Promise<Map<string, number[]>>;
  /** Stored records' form fields by id, read at once (an update starts from them). */
  stored(db: Db, ids: number[]): Promise<Array<Record<string, unknown> & { id: number }>>;
  /**
   * The area's save of the file's rows in the import's transaction: the same save, rules and steps as its form's
   * (one event per record), the table's work done for the set; a row's refusal is a `SaveRowError` naming its
   * place among `inputs`.
   */
  save(tx: Db, inputs: never[], actor: Actor, now: number): Promise<unknown>;
}

/** A natural key as matched: trimmed, lower case, parts joined by a NUL. */
export const keyText = (parts: unknown[]) =>
  parts
    .map((p) =>
      String(p ?? '')
        .trim()
        .toLowerCase(),
    )
    .join('\u0000');

async function idsByKey(rows: Array<{ id: number; parts: unknown[] }>): Promise<Map<string, number[]>> {
  const map = new Map<string, number[]>();
  for (const r of rows) {
    const k = keyText(r.parts);
    map.set(k, [...(map.get(k) ?? []), r.id]);
  }
  return map;
}

export const KINDS: Record<ImportKind, ImportKindDef> = {
  dealers: {
    exportColumns: dealerExportColumns,
    schema: dealerSave as unknown as ZodObject<ZodRawShape>,
    existing: async (db) =>
      idsByKey(
        (await db.select({ id: dealers.id, name: dealers.name }).from(dealers)).map((r) => ({
          id: r.id,
          parts: [r.name],
        })),
      ),
    stored: (db, ids) => getDealers(db, ids),
    save: (tx, inputs, actor, now) => saveDealers(tx, inputs, actor, now),
  },
  products: {
    exportColumns: productExportColumns,
    schema: productSave as unknown as ZodObject<ZodRawShape>,
    existing: async (db) =>
      idsByKey(
        (await db.select({ id: products.id, code: products.productCode }).from(products)).map((r) => ({
          id: r.id,
          parts: [r.code],
        })),
      ),
    stored: (db, ids) => getProducts(db, ids),
    save: (tx, inputs, actor, now) => saveProducts(tx, inputs, actor, now),
  },
  partComponents: {
    exportColumns: partComponentExportColumns,
    schema: partComponentSave as unknown as ZodObject<ZodRawShape>,
    existing: async (db) =>
      idsByKey(
        (
          await db
            .select({
              id: partComponents.id,
              maker: partComponents.manufacturer,
              number: partComponents.manufPartNumber,
            })
            .from(partComponents)
        ).map((r) => ({ id: r.id, parts: [r.maker, r.number] })),
      ),
    stored: (db, ids) => getParts(db, ids),
    save: (tx, inputs, actor, now) => saveParts(tx, inputs, actor, now),
  },
  suppliers: {
    exportColumns: supplierExportColumns,
    schema: supplierSave as unknown as ZodObject<ZodRawShape>,
    existing: async (db) =>
      idsByKey(
        (await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(sql`${suppliers.id}`)).map(
          (r) => ({ id: r.id, parts: [r.name] }),
        ),
      ),
    stored: (db, ids) => getSuppliers(db, ids),
    save: (tx, inputs, actor, now) => saveSuppliers(tx, inputs, actor, now),
  },
};

/** The form fields a file may set: the schema's, less the record's id and version. */
export const formFields = (kind: ImportKindDef) =>
  Object.keys(kind.schema.shape).filter((k) => k !== 'id' && k !== 'version');
