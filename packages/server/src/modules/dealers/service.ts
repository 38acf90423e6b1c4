import {
  type Dealer,
  type DealerCredit,
  type DealerListQuery,
  type DealerOption,
  type DealerRow,
  type DealerSave,
  dealerLabel,
} from '@bpm/contract/dealers';
import { MSG } from '@bpm/contract/messages';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/platform';
import { dealers } from '../../db/schema/sales';
import { keyedChunk } from '../../platform/csv-keyset';
import { notFound } from '../../platform/errors';
import type { Actor } from '../../platform/events';
import { storeFieldUpload, type Uploads } from '../../platform/files';
import { keyOrder, sortKey, trigramSearch } from '../../platform/paging';
import { fileIdOf, type RecordKind, type SaveSteps, saveRecord, saveRecords } from '../../platform/records';
import { idIn, selectJson } from '../../platform/records-write';
import { renameDealerOnDocuments } from '../sales-docs/dealer-name';
import { creditUsed } from '../sales-docs/rollup';

export const DEALER_ENTITY = 'dealer';

const rowColumns = {
  id: dealers.id,
  name: dealers.name,
  prefix: dealers.prefix,
  country: dealers.country,
  email: dealers.email,
  phone: dealers.phone,
  discount: dealers.discount,
  payment_terms: dealers.paymentTerms,
  credit_limit: dealers.creditLimit,
  active: dealers.active,
};

const searchText = sql`lower(${dealers.name} || ' ' || ${dealers.prefix} || ' ' || ${dealers.country} || ' ' || ${dealers.email})`;

const toRow = <T extends { discount: string; credit_limit: string }>(r: T) => ({
  ...r,
  discount: Number(r.discount),
  credit_limit: Number(r.credit_limit),
});

const SORTS = {
  id: dealers.id,
  name: sql`lower(${dealers.name})`,
  prefix: sql`lower(${dealers.prefix})`,
  country: dealers.country,
  email: sql`lower(${dealers.email})`,
  discount: dealers.discount,
  credit_limit: dealers.creditLimit,
  payment_terms: dealers.paymentTerms,
};

/** The list's filter and order (by name unless sorted; then by id, ascending). */
function dealerQuery(q: DealerListQuery) {
  const sort = sortKey(SORTS, q.sort, q.order, { key: sql`lower(${dealers.name})`, desc: false });
  return {
    where: q.search ? trigramSearch(searchText, q.search) : undefined,
    order: [keyOrder(sort), dealers.id],
    keyset: { ...sort, id: dealers.id, idDesc: false, nullsFirst: sort.desc },
  };
}

export async function listDealers(db: Db, q: DealerListQuery): Promise<{ rows: DealerRow[]; total: number }> {
  const { where, order } = dealerQuery(q);
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(dealers)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(dealers)
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: count?.n ?? 0 };
}

/** GET /dealers/export.csv: one chunk of the list's rows after `after` (keyset on the sort key and id). */
export async function exportDealers(db: Db, q: DealerListQuery, limit: number, after?: unknown) {
  const { where, order, keyset } = dealerQuery(q);
  const { rows, next } = await keyedChunk(keyset, limit, after, (condition, n) =>
    db
      .select({ ...rowColumns, k: sql`${keyset.key}` })
      .from(dealers)
      .where(and(where, condition))
      .orderBy(...order)
      .limit(n),
  );
  return { rows: rows.map(toRow) satisfies DealerRow[], next };
}

/** The dealer rows with their agreement's file name, as the form reads them. */
const readDealers = (db: Db, where: SQL) =>
  db
    .select({ dealer: dealers, agreement_pdf: files.fileName })
    .from(dealers)
    .leftJoin(files, eq(files.id, dealers.agreementFileId))
    .where(where);

function toDealer(d: { dealer: typeof dealers.$inferSelect; agreement_pdf: string | null }): Dealer {
  const x = d.dealer;
  return {
    id: x.id,
    name: x.name,
    prefix: x.prefix,
    oem: x.oem,
    country: x.country,
    same_address: x.sameAddress,
    billing_address: x.billingAddress,
    shipping_address: x.shippingAddress,
    billing_vat: x.billingVat,
    shipping_vat: x.shippingVat,
    billing_email: x.billingEmail,
    shipping_email: x.shippingEmail,
    billing_phone: x.billingPhone,
    shipping_phone: x.shippingPhone,
    billing_mobile: x.billingMobile,
    shipping_mobile: x.shippingMobile,
    email: x.email,
    email2: x.email2,
    email3: x.email3,
    email4: x.email4,
    phone: x.phone,
    cellphone: x.cellphone,
    website: x.website,
    discount: Number(x.discount),
    payment_terms: x.paymentTerms,
    credit_limit: Number(x.creditLimit),
    notes: x.notes,
    order_notes: x.orderNotes,
    agreement_pdf: d.agreement_pdf ?? null,
    active: x.active,
    version: x.version,
  };
}

export async function getDealer(db: Db, id: number): Promise<Dealer> {
  const [d] = await readDealers(db, eq(dealers.id, id));
  if (!d) throw notFound(MSG.dealerNotFound);
  return toDealer(d);
}

/** Many dealers at once (the batch save's and the import's reads), in any order; the same as `getDealer`. */
export async function getDealers(db: Db, ids: number[]): Promise<Dealer[]> {
  if (!ids.length) return [];
  const rows = await selectJson<typeof dealers.$inferSelect & { agreementPdf: string | null }>(
    db,
    sql`${dealers} left join ${files} on ${files.id} = ${dealers.agreementFileId}`,
    { ...getTableColumns(dealers), agreementPdf: files.fileName },
    idIn(dealers.id, ids),
  );
  return rows.map(({ agreementPdf, ...dealer }) => toDealer({ dealer, agreement_pdf: agreementPdf }));
}

/** Active dealers for the pickers, labelled 'name [id]', by name. */
export async function dealerOptions(db: Db, search: string, limit: number): Promise<DealerOption[]> {
  const rows = await db
    .select({ id: dealers.id, name: dealers.name })
    .from(dealers)
    .where(
      and(
        eq(dealers.active, 1),
        search ? sql`(${trigramSearch(searchText, search)} or ${dealers.id}::text = ${search})` : undefined,
      ),
    )
    .orderBy(sql`lower(${dealers.name})`, dealers.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, label: dealerLabel(r) }));
}

/** credit_used from the order rollup (see DealerCredit and docs/decisions.md). */
export async function dealerCredit(db: Db, id: number): Promise<DealerCredit> {
  const [d] = await db.select({ limit: dealers.creditLimit }).from(dealers).where(eq(dealers.id, id));
  if (!d) throw notFound(MSG.dealerNotFound);
  return { credit_used: await creditUsed(db, id), credit_limit: Number(d.limit) };
}

const snapshot = (d: Dealer) => {
  const { id: _id, version: _v, ...rest } = d;
  return rest;
};

const DEALER: RecordKind<Dealer> = {
  table: dealers,
  entityType: DEALER_ENTITY,
  event: 'dealer',
  get: getDealer,
  getMany: getDealers,
  snapshot,
  label: (d) => ({ name: d.name }),
};

/** A dealer's own steps of the shared save: its columns from the form, and a rename carried into documents. */
function dealerSteps(tx: Db, input: DealerSave, uploads: Uploads | undefined, now: number): SaveSteps<Dealer> {
  return {
    fields: async () => {
      // The PDF is checked by content and stored inside the save transaction.
      const agreementFileId = uploads
        ? (await storeFieldUpload(tx, uploads, 'agreement_pdf', 'pdf', now))?.id
        : undefined;
      return {
        ...dealerColumns(input),
        ...(agreementFileId ? { agreementFileId } : {}),
      };
    },
    saved: async (after, before) => {
      // Lists sort and search on the copied name; a rename follows into every document.
      if (before && before.name !== after.name) await renameDealerOnDocuments(tx, after.id, after.name);
    },
  };
}

/** The dealer columns a save writes from its form. */
function dealerColumns(input: DealerSave) {
  return {
    name: input.name,
    prefix: input.prefix,
    oem: input.oem,
    country: input.country,
    sameAddress: input.same_address,
    billingAddress: input.billing_address,
    // "Same address": the shipping block mirrors the billing block.
    shippingAddress: input.same_address ? input.billing_address : input.shipping_address,
    billingVat: input.billing_vat,
    shippingVat: input.same_address ? input.billing_vat : input.shipping_vat,
    billingEmail: input.billing_email,
    shippingEmail: input.same_address ? input.billing_email : input.shipping_email,
    billingPhone: input.billing_phone,
    shippingPhone: input.same_address ? input.billing_phone : input.shipping_phone,
    billingMobile: input.billing_mobile,
    shippingMobile: input.same_address ? input.billing_mobile : input.shipping_mobile,
    email: input.email,
    email2: input.email2,
    email3: input.email3,
    email4: input.email4,
    phone: input.phone,
    cellphone: input.cellphone,
    website: input.website,
    discount: String(input.discount),
    paymentTerms: input.payment_terms,
    creditLimit: String(input.credit_limit ?? 0),
    notes: input.notes,
    orderNotes: input.order_notes,
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
}

export async function saveDealer(
  db: Db,
  input: DealerSave,
  uploads: Uploads | undefined,
  actor: Actor,
  now: number,
): Promise<Dealer> {
  return db.transaction(
    async (tx) => (await saveRecord(tx, DEALER, input, dealerSteps(tx, input, uploads, now), actor, now)).record,
  );
}

/**
 * Many dealers through the same save and steps, in the caller's transaction (the import): one event each;
 * the table's work done for the set. A dealer's failing step is a `SaveRowError` naming its place.
 */
export async function saveDealers(tx: Db, inputs: DealerSave[], actor: Actor, now: number): Promise<Dealer[]> {
  const items = inputs.map((input) => ({ input, steps: dealerSteps(tx, input, undefined, now) }));
  return (await saveRecords(tx, DEALER, items, actor, now)).map((s) => s.record);
}

export async function agreementFileId(db: Db, id: number): Promise<number | null> {
  return fileIdOf(db, dealers, dealers.agreementFileId, id, MSG.dealerNotFound);
}
