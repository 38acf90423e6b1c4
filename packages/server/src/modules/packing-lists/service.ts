import {
  type PackingLine,
  type PackingList,
  type PackingListSave,
  type PackingOrder,
  PL_MSG,
  serialCountProblem,
  warrantyEnd,
} from '@bpm/contract/packing-lists';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { products } from '../../db/schema/products';
import { orderLines, orders } from '../../db/schema/sales';
import { packingListLines, packingLists, testChecklists } from '../../db/schema/testing';
import { AppError, invalid, notFound } from '../../platform/errors';
import { type Actor, diff, recordEvent } from '../../platform/events';
import { trigramSearch } from '../../platform/paging';
import { type SaveKind, saveRecord } from '../../platform/records';
import { linkUnits, shippedUnits, unlinkUnits } from './units';

export const PACKING_ENTITY = 'packinglist';

/** What the save's lock and version check need of a packing list (getPackingList is hoisted). */
export async function getPackingList(db: Db, id: number): Promise<PackingList> {
  const [pl] = await queryRows<Record<string, unknown>>(
    db,
    sql`select pl.*, o.test_status from ${packingLists} pl join ${orders} o on o.id = pl.order_id where pl.id = ${id}`,
  );
  if (!pl) throw notFound(PL_MSG.notFound);
  const lines = await db
    .select()
    .from(packingListLines)
    .where(eq(packingListLines.packingListId, id))
    .orderBy(packingListLines.position, packingListLines.id);
  const shippingDate = pl.shipping_date == null ? null : Number(pl.shipping_date);
  return {
    id: Number(pl.id),
    order_id: Number(pl.order_id),
    oc_ref: String(pl.oc_ref),
    dealer: Number(pl.dealer_id),
    dealer_name: String(pl.dealer_name),
    date: Number(pl.created_at),
    po_number: String(pl.po_number),
    shipping_date: shippingDate,
    customer: String(pl.customer),
    country: String(pl.country),
    show_logo: Number(pl.show_logo),
    revision: Number(pl.revision),
    test_status: String(pl.test_status),
    version: Number(pl.version),
    products: lines.map((l) => ({
      product_id: l.productId ?? undefined,
      pl_name: l.plName,
      pl_serial: l.plSerial,
      pl_box: l.plBox,
      quantity: l.quantity,
      warranty: l.warranty,
      pl_serial_count: l.plSerialCount,
      has_modem: l.hasModem as 0 | 1,
      serials_from_test_checklist: l.serialsFromTestChecklist as 0 | 1,
      warranty_end: warrantyEnd(shippingDate, l.warranty),
    })),
  };
}

/** Live orders for the editor's order selector. */
export async function orderOptions(db: Db, search: string) {
  const cond = search ? sql`and ${trigramSearch(sql`lower(oc_ref || ' ' || dealer_name)`, search)}` : sql``;
  return queryRows<{ id: number; oc_ref: string; dealer_name: string; date: number; test_status: string }>(
    db,
    sql`select id, oc_ref, dealer_name, date, test_status from ${orders} where deleted = 0 ${cond}
        order by date desc, id desc limit 50`,
  );
}

/** Serials each product of an order gets from its test checklists (product id → serials). */
async function checklistSerials(db: Db, orderId: number): Promise<Map<number, string[]>> {
  const rows = await queryRows<{ product_id: number; serials: string[] }>(
    db,
    sql`select product_id, serials from ${testChecklists} where order_id = ${orderId} order by id`,
  );
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(Number(r.product_id), [...(out.get(Number(r.product_id)) ?? []), ...(r.serials ?? [])]);
  return out;
}

/** Serials typed one per line: trimmed, blanks dropped. */
const splitLines = (text: string) =>
  text
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

/** The serial shape of each product (serials per unit and whether an IMEI comes with it). */
async function productShapes(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { pl_serial_count: number; has_modem: number }>();
  const rows = await db
    .select({ id: products.id, pl_serial_count: products.plSerialCount, has_modem: products.hasModem })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { pl_serial_count: r.pl_serial_count, has_modem: r.has_modem ? 1 : 0 }]));
}

/** The order with checklists: its lines as packing lines, serials filled from its checklists when available. */
export async function packingOrder(db: Db, orderId: number): Promise<PackingOrder> {
  const [o] = await queryRows<{
    id: number;
    oc_ref: string;
    dealer_name: string;
    date: number;
    test_status: string;
    shipping_company: string;
    shipping_address: string;
    shipping_country: string;
  }>(db, sql`select * from ${orders} where id = ${orderId} and deleted = 0`);
  if (!o) throw notFound(MSG_ORDER);
  const lines = await queryRows<{
    product_id: number;
    name: string;
    quantity: number;
    warranty: number;
    pl_serial_count: number;
    has_modem: number;
    is_shipping_cost: number;
  }>(
    db,
    sql`select l.product_id, l.name, l.quantity, p.warranty, p.pl_serial_count, p.has_modem, l.is_shipping_cost
        from ${orderLines} l join ${products} p on p.id = l.product_id
        where l.order_id = ${orderId} and l.active = 1 order by l.position, l.id`,
  );
  const serials = await checklistSerials(db, orderId);
  return {
    id: Number(o.id),
    oc_ref: o.oc_ref,
    dealer_name: o.dealer_name,
    date: Number(o.date),
    test_status: o.test_status,
    customer: [o.shipping_company, o.shipping_address].filter(Boolean).join('\n'),
    country: o.shipping_country,
    products: lines
      .filter((l) => !Number(l.is_shipping_cost))
      .map((l) => {
        const fromChecklists = serials.get(Number(l.product_id));
        return {
          product_id: Number(l.product_id),
          pl_name: l.name,
          pl_serial: fromChecklists?.join('\n') ?? '',
          pl_box: '',
          quantity: Number(l.quantity),
          warranty: Number(l.warranty),
          pl_serial_count: Number(l.pl_serial_count),
          has_modem: (Number(l.has_modem) ? 1 : 0) as 0 | 1,
          serials_from_test_checklist: (fromChecklists?.length ? 1 : 0) as 0 | 1,
        };
      }),
  };
}
const MSG_ORDER = 'Order not found';

const snapshot = (p: PackingList) => ({
  order_id: p.order_id,
  po_number: p.po_number,
  shipping_date: p.shipping_date,
  customer: p.customer,
  country: p.country,
  show_logo: p.show_logo,
  products: p.products.map(
    (l) => `${l.pl_name} × ${l.quantity}: ${l.pl_serial.split('\n').filter(Boolean).join(', ')}`,
  ),
});

const PACKING_LIST: SaveKind<PackingList> = {
  table: packingLists,
  entityType: PACKING_ENTITY,
  event: 'packinglist',
  get: getPackingList,
  snapshot,
  label: (p) => ({ oc_ref: p.oc_ref }),
};

export async function savePackingList(db: Db, input: PackingListSave, actor: Actor, now: number): Promise<PackingList> {
  return db.transaction(async (tx) => {
    const [o] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, input.order_id), eq(orders.deleted, 0)));
    if (!o) throw invalid({ order_id: MSG_ORDER });
    // A line's serials: its checklists' units first (the server fills them), then any typed by hand — units not
    // tested, named in a warning. The serial rule is the product's, never the request's.
    const fromChecklists = await checklistSerials(tx, input.order_id);
    const shapes = await productShapes(
      tx,
      input.products.flatMap((l) => (l.product_id ? [l.product_id] : [])),
    );
    const warned: string[] = [];
    const warnings: string[] = [];
    const cause: Record<string, string> = {};
    const lines: PackingLine[] = input.products.map((l, i) => {
      const shape = l.product_id ? shapes.get(l.product_id) : undefined;
      const ruled = { ...l, pl_serial_count: shape?.pl_serial_count ?? 0, has_modem: (shape?.has_modem ?? 0) as 0 | 1 };
      const tested = (l.product_id && fromChecklists.get(l.product_id)) || [];
      const useChecklists = l.serials_from_test_checklist === 1 && tested.length > 0;
      const testedSet = new Set(tested.map((x) => x.toLowerCase()));
      const typed = splitLines(l.pl_serial).filter((x) => !testedSet.has(x.toLowerCase()));
      const line = useChecklists ? { ...ruled, pl_serial: [...tested, ...typed].join('\n') } : ruled;
      if (useChecklists && typed.length) warnings.push(PL_MSG.untested(line.pl_name, typed));
      const problem = serialCountProblem(line);
      if (problem && useChecklists) warned.push(line.pl_name);
      else if (problem) cause[`products.${i}.pl_serial`] = problem;
      return { ...line, serials_from_test_checklist: (useChecklists ? 1 : 0) as 0 | 1 };
    });
    if (warned.length) warnings.unshift(PL_MSG.mismatch(warned));
    const packed = Object.keys(cause).length ? undefined : await shippedUnits(tx, input, lines, shapes, cause, now);
    const first = Object.values(cause)[0];
    if (first) throw new AppError(400, first, cause);

    const serialText = lines
      .flatMap((l) => l.pl_serial.split('\n'))
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean)
      .join('\n');
    const fields = {
      orderId: input.order_id,
      poNumber: input.po_number,
      shippingDate: input.shipping_date ?? null,
      customer: input.customer,
      country: input.country,
      showLogo: input.show_logo,
      serialText,
      updatedAt: now,
    };
    const written = async (id: number, before: PackingList | undefined) => {
      if (before) await tx.delete(packingListLines).where(eq(packingListLines.packingListId, id));
      await linkUnits(tx, id, packed ?? []);
      if (lines.length)
        await tx.insert(packingListLines).values(
          lines.map((l, position) => ({
            packingListId: id,
            position,
            productId: l.product_id ?? null,
            plName: l.pl_name,
            plSerial: l.pl_serial
              .split('\n')
              .map((s) => s.trim())
              .filter(Boolean)
              .join('\n'),
            plBox: l.pl_box,
            quantity: l.quantity,
            warranty: l.warranty,
            plSerialCount: l.pl_serial_count,
            hasModem: l.has_modem,
            serialsFromTestChecklist: l.serials_from_test_checklist,
          })),
        );
    };
    // An edit counts a revision of the list.
    const revised = async (before: PackingList | undefined) =>
      before ? { ...fields, revision: sql`${packingLists.revision} + 1` } : fields;
    const { record: after } = await saveRecord(tx, PACKING_LIST, input, { fields: revised, written }, actor, now);
    return warnings.length ? { ...after, warnings } : after;
  });
}

export async function deletePackingList(db: Db, id: number, actor: Actor, now: number) {
  return db.transaction(async (tx) => {
    const before = await getPackingList(tx, id);
    await unlinkUnits(tx, id);
    await tx.delete(packingLists).where(and(eq(packingLists.id, id)));
    await recordEvent(
      tx,
      actor,
      {
        entityType: PACKING_ENTITY,
        entityId: id,
        event: 'packinglist_deleted',
        data: { oc_ref: before.oc_ref, changes: diff(snapshot(before), {}) },
      },
      now,
    );
    return { id };
  });
}
