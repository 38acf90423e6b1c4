import { MSG } from '@bpm/contract/messages';
import type { Supplier, SupplierListQuery, SupplierOption, SupplierSave } from '@bpm/contract/suppliers';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { suppliers } from '../../db/schema/parts';
import { keyedChunk } from '../../platform/csv-keyset';
import { invalid, isUniqueViolation, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { keyOrder, sortKey, splitTotal, totalOver, trigramSearch } from '../../platform/paging';
import { type RecordKind, SaveRowError, saveRecords } from '../../platform/records';
import { idIn } from '../../platform/records-write';
import { firstTaken, textIn } from '../../platform/unique-keys';

export const SUPPLIER_ENTITY = 'supplier';

const optionColumns = {
  id: suppliers.id,
  name: suppliers.name,
  contact_person: suppliers.contactPerson,
  supplier2303: suppliers.supplier2303,
  address: suppliers.address,
  email: suppliers.email,
  phone: suppliers.phone,
};
const columns = { ...optionColumns, bank_details: suppliers.bankDetails, version: suppliers.version };

const searchSql = (search: string) =>
  trigramSearch(
    sql`lower(${suppliers.name} || ' ' || ${suppliers.contactPerson} || ' ' || ${suppliers.email})`,
    search,
  );

/** The list's filter and order (newest first unless sorted; then by id, descending). */
function supplierQuery(q: SupplierListQuery) {
  const conds: SQL[] = [];
  if (q.search) conds.push(searchSql(q.search));
  if (q.SupplierId) conds.push(sql`${suppliers.id} = ${q.SupplierId}`);
  const sort = sortKey(
    {
      name: sql`lower(${suppliers.name})`,
      contact_person: sql`lower(${suppliers.contactPerson})`,
      email: sql`lower(${suppliers.email})`,
      phone: suppliers.phone,
    },
    q.sort,
    q.order,
    { key: suppliers.createdAt, desc: true },
  );
  return {
    where: conds.length ? and(...conds) : undefined,
    order: [keyOrder(sort), sql`${suppliers.id} desc`],
    keyset: { ...sort, id: suppliers.id, idDesc: true, nullsFirst: sort.desc },
  };
}

export async function listSuppliers(db: Db, q: SupplierListQuery): Promise<{ rows: Supplier[]; total: number }> {
  const { where, order } = supplierQuery(q);
  const rows = await db
    .select({ ...columns, total: totalOver() })
    .from(suppliers)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  return splitTotal(db, rows, q.offset, suppliers, where);
}

/** GET /suppliers/export.csv: one chunk of the list's rows after `after` (keyset on the sort key and id). */
export async function exportSuppliers(db: Db, q: SupplierListQuery, limit: number, after?: unknown) {
  const { where, order, keyset } = supplierQuery(q);
  const { rows, next } = await keyedChunk(keyset, limit, after, (condition, n) =>
    db
      .select({ ...columns, k: sql`${keyset.key}` })
      .from(suppliers)
      .where(and(where, condition))
      .orderBy(...order)
      .limit(n),
  );
  return { rows: rows satisfies Supplier[], next };
}

/** Many suppliers at once (the batch save's and the import's reads), in any order. */
export async function getSuppliers(db: Db, ids: number[]): Promise<Supplier[]> {
  return ids.length ? db.select(columns).from(suppliers).where(idIn(suppliers.id, ids)) : [];
}

export async function getSupplier(db: Db, id: number): Promise<Supplier> {
  const [s] = await db.select(columns).from(suppliers).where(eq(suppliers.id, id));
  if (!s) throw notFound(MSG.supplierNotFound);
  return s;
}

/** The PO form's supplier picker: name order, with what a PO copies from the supplier. */
export async function supplierOptions(db: Db, q: { search: string; limit: number }): Promise<SupplierOption[]> {
  return db
    .select(optionColumns)
    .from(suppliers)
    .where(q.search ? searchSql(q.search) : undefined)
    .orderBy(sql`lower(${suppliers.name})`, suppliers.id)
    .limit(q.limit);
}

const snapshot = (s: Supplier) => {
  const { id: _id, version: _v, ...rest } = s;
  return rest;
};

const SUPPLIER: RecordKind<Supplier> = {
  table: suppliers,
  entityType: SUPPLIER_ENTITY,
  event: 'supplier',
  get: getSupplier,
  getMany: getSuppliers,
  snapshot,
  label: (s) => ({ name: s.name }),
};

/** The supplier columns a save writes from its form. */
const supplierFields = (input: SupplierSave) => ({
  name: input.name,
  contactPerson: input.contact_person,
  supplier2303: input.supplier2303,
  address: input.address,
  email: input.email,
  phone: input.phone,
  bankDetails: input.bank_details,
});

/** The name rule for a set of saves: a name another supplier (or an earlier save of the set) has is taken. */
async function checkNames(tx: Db, inputs: SupplierSave[]) {
  const keys = inputs.map((i) => i.name.toLowerCase());
  const key = sql<string>`lower(${suppliers.name})`;
  const stored = await tx.select({ id: suppliers.id, key }).from(suppliers).where(textIn(key, keys));
  const taken = firstTaken(
    inputs.map((input, i) => ({ id: input.id, key: keys[i]! })),
    stored,
  );
  if (taken !== undefined) throw new SaveRowError(taken, invalid({ name: MSG.supplierNameTaken }));
}

export async function saveSupplier(db: Db, input: SupplierSave, actor: Actor, now: number): Promise<Supplier> {
  try {
    return await db.transaction(async (tx) => (await saveSuppliers(tx, [input], actor, now))[0]!);
  } catch (err) {
    throw err instanceof SaveRowError ? err.error : err;
  }
}

/**
 * Suppliers through the shared save in the caller's transaction (one, or the import's set): the name rule once
 * for the set, then `saveRecords`. A refused save is a `SaveRowError` naming its place.
 */
export async function saveSuppliers(tx: Db, inputs: SupplierSave[], actor: Actor, now: number): Promise<Supplier[]> {
  try {
    await checkNames(tx, inputs);
    const items = inputs.map((input) => ({ input, steps: { fields: supplierFields(input) } }));
    return (await saveRecords(tx, SUPPLIER, items, actor, now)).map((saved) => saved.record);
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ name: MSG.supplierNameTaken });
    throw err;
  }
}
