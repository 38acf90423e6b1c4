import type { PoLine, PoRow, PurchaseOrder, PurchasingOverview } from '@bpm/contract/purchase-order-reads';
import { OVERVIEW_LIMIT, PO_MSG, type PoListQuery, type PoStatus, RECENT_DAYS } from '@bpm/contract/purchase-orders';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, fromJson, type JsonValue } from '../../db/client';
import { fixedRead } from '../../db/fixed-read';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/purchasing';
import { notFound } from '../../platform/errors';
import { findPage, withMatches } from '../../platform/list-page';
import { poPagePlan, searchCondition } from './list-page';
import { type SearchCaps, totals } from './totals';

const P = purchaseOrders;
const DAY = 86400;
const L = purchaseOrderLines;

// --- Reading ------------------------------------------------------------------------------------

const rowColumns = {
  id: P.id,
  po_number: P.poNumber,
  po_date: P.poDate,
  due_date: P.dueDate,
  supplier: P.supplierId,
  supplier_name: P.supplierName,
  requisitioner: P.requisitioner,
  purpose: P.purpose,
  department: P.department,
  status: sql<PoStatus>`${P.status}`,
  paid: sql<0 | 1 | 2>`${P.paid}`,
  currency: P.currency,
  currency_rate: sql<number>`${P.currencyRate}`.mapWith(Number),
  amount: sql<number>`${P.amount}`.mapWith(Number),
  currency_amount: sql<number>`${P.currencyAmount}`.mapWith(Number),
  cancelled_reason: P.cancelledReason,
};

/** One purchase order by id, with its parts unless a save kept them (db/fixed-read.ts). */
const poRead = (parts: boolean) =>
  fixedRead(`po_open${parts ? '' : '_row'}`, (db, name) =>
    db
      .select({ r: P, parts: parts ? partsJson(sql`${P}.${sql.identifier(P.id.name)}`) : sql<null>`null` })
      .from(P)
      .where(eq(P.id, sql.placeholder('id')))
      .prepare(name),
  );
const poReads = { withParts: poRead(true), row: poRead(false) };

export async function getPo(db: Db, id: number, keptParts?: PoLine[]): Promise<PurchaseOrder> {
  const [row] = await poReads[keptParts ? 'row' : 'withParts'](db).execute({ id });
  if (!row) throw notFound(PO_MSG.notFound);
  const r = row.r;
  const rate = Number(r.currencyRate);
  const parts = keptParts ?? partsOf(row.parts);
  return {
    id: r.id,
    supplier: r.supplierId,
    supplier_name: r.supplierName,
    supplier_contact_person: r.supplierContactPerson,
    supplier_2303: r.supplier2303,
    supplier_address: r.supplierAddress,
    supplier_email: r.supplierEmail,
    supplier_phone: r.supplierPhone,
    requisitioner: r.requisitioner,
    po_number: r.poNumber,
    po_date: r.poDate,
    due_date: r.dueDate,
    purpose: r.purpose,
    department: r.department,
    terms: r.terms,
    ship_to: r.shipTo,
    price_quote: r.priceQuote,
    currency: r.currency,
    currency_rate: rate,
    status: r.status as PoStatus,
    parts,
    local_po: r.localPo === 1 ? 1 : 0,
    paid: r.paid as 0 | 1 | 2,
    shipping_cost: Number(r.shippingCost),
    awb_number: r.awbNumber,
    prepared_by_name: r.preparedByName,
    prepared_by_position: r.preparedByPosition,
    approved_by_name: r.approvedByName,
    approved_by_position: r.approvedByPosition,
    supplier_quote_pdf: r.supplierQuoteFileId,
    proof_payment_pdf: r.proofPaymentFileId,
    po_pdf: r.poPdfFileId,
    cancelled_reason: r.cancelledReason,
    amount: Number(r.amount),
    currency_amount: Number(r.currencyAmount),
    revision: r.revision,
    version: r.version,
  };
}

export function listConditions(q: Partial<PoListQuery>): SQL[] {
  const conds: SQL[] = [];
  if (q.search) conds.push(searchCondition(q.search));
  if (q.supplier) conds.push(sql`${P.supplierId} = ${q.supplier}`);
  if (q.start !== undefined) conds.push(sql`${P.poDate} >= ${q.start}`);
  if (q.end !== undefined) conds.push(sql`${P.poDate} <= ${q.end}`);
  if (q.status && q.status !== 'all') conds.push(sql`${P.status} = ${q.status}`);
  if (q.paid && q.paid !== 'all') conds.push(sql`${P.paid} = ${Number(q.paid)}`);
  return conds;
}

/**
 * The list: filtered, sorted, paged and totalled in SQL; `amount` sums the non-cancelled POs (USD). Above
 * the exact-count limit a search's total and amount are estimates (`estimated`; docs/decisions.md).
 */
export async function listPos(
  db: Db,
  q: PoListQuery,
  opts: { totals?: boolean; caps?: SearchCaps } = {},
): Promise<{ rows: PoRow[]; total: number; counted: number; amount: number; estimated: boolean }> {
  const conds = listConditions(q);
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  const plan = await poPagePlan(db, q, conds, q.search ? listConditions({ ...q, search: '' }) : conds);
  const page = (matches: number | undefined, known?: number[]) =>
    findPage(
      db,
      plan,
      q,
      matches,
      {
        byIds: (d, ids): Promise<PoRow[]> => d.select(rowColumns).from(P).where(inArray(P.id, ids)),
        // The page's rows in the one statement that finds their ids.
        rows: (d, ids): Promise<PoRow[]> =>
          d.select(rowColumns).from(P).where(inArray(P.id, ids)).orderBy(plan.sort.walk),
      },
      known,
    );
  // The Recent table shows no count: its page walks.
  if (opts.totals === false) return { rows: await page(undefined), total: 0, counted: 0, amount: 0, estimated: false };
  // A search's count reads its matches: the page comes from the same read while the count is exact.
  const pageOfMatches = { key: plan.sort.key, order: plan.sort.keyed, limit: q.limit, offset: q.offset };
  const [{ ids: _ids, ...sum }, rows] = await withMatches(
    plan,
    (paged) => totals(db, q, where, opts.caps, paged && q.search ? pageOfMatches : undefined),
    page,
  );
  return { rows, ...sum };
}

/** POs of one status (dashboards, the approval inbox), newest first. */
export async function posByStatus(
  db: Db,
  status: PoStatus,
  supplier: number | undefined,
  limit: number,
): Promise<{ rows: PoRow[]; total: number }> {
  return listPos(db, { status, supplier, limit, offset: 0, search: '', paid: 'all' } as PoListQuery);
}

/**
 * The purchasing overview (document 1 section 2.5): drafts and POs waiting approval (each with its count),
 * and the POs of the last RECENT_DAYS days, for all suppliers or one.
 */
export async function purchasingOverview(
  db: Db,
  supplier: number | undefined,
  now: number,
): Promise<PurchasingOverview> {
  const [draft, waiting, recent] = await Promise.all([
    posByStatus(db, 'draft', supplier, OVERVIEW_LIMIT),
    posByStatus(db, 'waitingapproval', supplier, OVERVIEW_LIMIT),
    listPos(
      db,
      {
        supplier,
        start: now - RECENT_DAYS * DAY,
        limit: OVERVIEW_LIMIT,
        offset: 0,
        search: '',
        status: 'all',
        paid: 'all',
      },
      // The Recent table shows no count.
      { totals: false },
    ),
  ]);
  return {
    draft: draft.rows,
    draft_count: draft.total,
    waitingapproval: waiting.rows,
    waitingapproval_count: waiting.total,
    recent: recent.rows,
  };
}

export async function posInTime(db: Db, start: number, end: number | undefined): Promise<PoRow[]> {
  return db
    .select(rowColumns)
    .from(P)
    .where(and(sql`${P.poDate} >= ${start}`, end !== undefined ? sql`${P.poDate} <= ${end}` : undefined))
    .orderBy(sql`${P.poDate} desc nulls last`, sql`${P.id} desc nulls last`)
    .limit(1000);
}

/** The rate of the newest PO in `currency` (purchase_orders_currency_idx): the form's default for it. */
export async function lastRate(db: Db, currency: string): Promise<number | null> {
  const [r] = await db
    .select({ rate: P.currencyRate })
    .from(P)
    .where(eq(P.currency, currency))
    .orderBy(sql`${P.id} desc nulls last`)
    .limit(1);
  return r ? Number(r.rate) : null;
}

/** A PO's part lines (`poId`, SQL) in their order as one JSON value: read in the statement of its row. */
function partsJson(poId: SQL) {
  const col = (c: AnyPgColumn) => sql`l.${sql.identifier(c.name)}`;
  return sql<JsonValue<PoLine[]>>`(select coalesce(json_agg(json_build_object(
      'part', ${col(L.partId)}, 'manuf_part_number', ${col(L.manufPartNumber)}, 'part_name', ${col(L.partName)},
      'price', ${col(L.price)}, 'price_UI', ${col(L.localPrice)}, 'quantity', ${col(L.quantity)},
      'unit', ${col(L.unit)}, 'remarks', ${col(L.remarks)}) order by ${col(L.lineNo)}, ${col(L.id)}), '[]'::json)
    from ${L} l where ${col(L.poId)} = ${poId})`;
}

/** The lines `partsJson` read (numerics as numbers, whichever way the driver handed them over). */
function partsOf(raw: JsonValue<PoLine[]> | null): PoLine[] {
  return fromJson(raw, []).map((l) => ({
    part: l.part ?? null,
    manuf_part_number: l.manuf_part_number,
    part_name: l.part_name,
    price: Number(l.price),
    price_UI: Number(l.price_UI),
    quantity: Number(l.quantity),
    unit: l.unit,
    remarks: l.remarks,
  }));
}
