import type { PurchaseOrder } from '@bpm/contract/purchase-order-reads';
import { DEFAULT_SHIP_TO, linesTotal, type PoStatus, poNumber, toUsd } from '@bpm/contract/purchase-orders';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { partComponents, suppliers } from '../../db/schema/parts';
import {
  poDepartments,
  poPriceQuotes,
  poTerms,
  purchaseOrderHistory,
  purchaseOrderLines,
  purchaseOrders,
} from '../../db/schema/purchasing';
import { users } from '../../db/schema/users';
import { recomputeBomCosts } from '../products/boms';
import { rebuildPoRollup } from './totals';

/** Deterministic PRNG (mulberry32): the demo data is the same on every start. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

const DEPARTMENTS = [
  'Engineering',
  'Production',
  'Quality Assurance',
  'Logistics',
  'Research & Development',
  'Administration',
];
const TERMS = ['NET 30', 'NET 60', '100% advance', '50% advance / NET 30', 'Cash on delivery'];
/** A demo price as a supplier would quote it: cents, or four decimals below 1 (a resistor). */
const quoted = (x: number) => (x >= 1 ? Math.round(x * 100) / 100 : Math.max(0.0001, Math.round(x * 1e4) / 1e4));
const PRICE_QUOTES = ['PQ-2026-001', 'PQ-2026-002', 'PQ-2026-003', 'PQ-2026-004', 'PQ-2026-005'];
/** [currency, USD per unit]: a fixed demo rate per currency. */
const CURRENCY_MIX: Array<[string, number]> = [
  ['USD', 1],
  ['USD', 1],
  ['USD', 1],
  ['USD', 1],
  ['EUR', 1.08],
  ['EUR', 1.08],
  ['PHP', 0.0175],
  ['CNY', 0.138],
  ['GBP', 1.27],
  ['JPY', 0.0067],
];
const PURPOSES = [
  'Stock replenishment for production',
  'Components for the next production batch',
  'Engineering samples for a new design',
  'Spare parts for field service',
  'Test equipment consumables',
  'Packaging material',
];
const REQUISITIONERS = ['Pedro Almeida', 'Quentin Dubois', 'Priya Nair', 'Hannah Kowalski'];

/** Status by age: old POs are mostly received, recent ones still in draft or waiting approval. */
function statusFor(ageDays: number, x: number): PoStatus {
  const table: Array<[PoStatus, number]> =
    ageDays > 60
      ? [
          ['received', 0.62],
          ['approved', 0.14],
          ['cancelled', 0.08],
          ['rejected', 0.08],
          ['draft', 0.04],
          ['waitingapproval', 0.04],
        ]
      : ageDays > 30
        ? [
            ['received', 0.3],
            ['approved', 0.3],
            ['waitingapproval', 0.12],
            ['rejected', 0.1],
            ['cancelled', 0.06],
            ['draft', 0.12],
          ]
        : [
            ['draft', 0.3],
            ['waitingapproval', 0.28],
            ['approved', 0.25],
            ['received', 0.07],
            ['rejected', 0.05],
            ['cancelled', 0.05],
          ];
  let acc = 0;
  for (const [s, p] of table) {
    acc += p;
    if (x < acc) return s;
  }
  return 'received';
}

const DAY = 86400;

/** Inserts rows (same keys each) through one jsonb_to_recordset parameter instead of thousands of bind values. */
async function bulkInsert(db: Db, table: PgTable, rows: Array<Record<string, unknown>>) {
  if (!rows.length) return;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!);
  const name = (k: string) => `"${cols[k]!.name}"`;
  const list = keys.map(name).join(', ');
  const defs = keys.map((k) => `${name(k)} ${cols[k]!.getSQLType().replace(/^serial$/, 'integer')}`).join(', ');
  const json = rows.map((r) => Object.fromEntries(keys.map((k) => [cols[k]!.name, r[k] ?? null])));
  await db.execute(
    sql`insert into ${table} (${sql.raw(list)}) select ${sql.raw(list)} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${sql.raw(defs)})`,
  );
}
export const DEMO_PO_COUNT = 300;

/**
 * ~300 demo POs over the last 18 months across statuses, currencies and payment states, with the
 * approval / receipt snapshots their status implies. Bulk statements only: the seed stays fast.
 */
export async function seedPurchasing(db: Db, { now }: { now: number }): Promise<void> {
  const r = prng(20261124);
  await db.insert(poDepartments).values(DEPARTMENTS.map((name) => ({ name })));
  await db.insert(poTerms).values(TERMS.map((name) => ({ name })));
  await db.insert(poPriceQuotes).values(PRICE_QUOTES.map((name) => ({ name })));

  const sups = await db.select().from(suppliers).orderBy(asc(suppliers.id));
  const parts = await db
    .select({
      id: partComponents.id,
      mpn: partComponents.manufPartNumber,
      desc: partComponents.description,
      price: partComponents.price,
      unit: partComponents.unit,
    })
    .from(partComponents)
    .where(eq(partComponents.active, 1))
    .orderBy(asc(partComponents.id));
  const people = await db
    .select({
      id: users.id,
      username: users.username,
      first: users.firstName,
      last: users.lastName,
      position: users.position,
    })
    .from(users)
    .where(inArray(users.username, ['purchase', 'poapproval', 'admin']));
  const who = (u: string) => people.find((p) => p.username === u);
  const purchase = who('purchase');
  if (!sups.length || !parts.length || !purchase) return;
  const approvers = [who('poapproval'), who('admin')].filter((p): p is NonNullable<typeof p> => !!p);

  const today = now - (now % DAY);
  const rows: Array<typeof purchaseOrders.$inferInsert> = [];
  const lineSets: Array<Array<Omit<typeof purchaseOrderLines.$inferInsert, 'poId'>>> = [];
  for (let i = 0; i < DEMO_PO_COUNT; i++) {
    const ageDays = Math.floor((DEMO_PO_COUNT - 1 - i) * (540 / DEMO_PO_COUNT)) + r.int(0, 1);
    const poDate = today - ageDays * DAY;
    const status = statusFor(ageDays, r.next());
    const s = r.pick(sups);
    const [currency, rate] = r.pick(CURRENCY_MIX);
    const local = currency === 'PHP' ? 1 : 0;
    const lines = Array.from({ length: r.int(1, 5) }, (_, n) => {
      const p = parts[(i * 7 + n * 13 + r.int(0, 5)) % parts.length]!;
      // Entered in the PO currency (the part's USD price ÷ rate, as a supplier quotes it); the USD price is derived.
      const localPrice = quoted((Number(p.price) * (0.9 + r.next() * 0.2)) / rate);
      return {
        lineNo: n + 1,
        partId: p.id,
        manufPartNumber: p.mpn,
        partName: p.desc || p.mpn,
        localPrice: String(localPrice),
        price: String(toUsd(localPrice, rate)),
        quantity: String(r.pick([10, 25, 50, 100, 250, 500, 1000])),
        unit: p.unit,
        remarks: n === 0 && r.next() < 0.2 ? 'Urgent' : '',
      };
    });
    const currencyAmount = linesTotal(
      lines.map((l) => ({ price: Number(l.localPrice), quantity: Number(l.quantity) })),
    );
    const decided = status === 'approved' || status === 'received';
    const approver = r.pick(approvers);
    const paid = decided ? r.pick([0, 0, 1, 1, 2] as const) : 0;
    rows.push({
      supplierId: s.id,
      supplierName: s.name,
      supplierContactPerson: s.contactPerson,
      supplier2303: s.supplier2303,
      supplierAddress: s.address,
      supplierEmail: s.email,
      supplierPhone: s.phone,
      requisitioner: r.pick(REQUISITIONERS),
      poDate,
      dueDate: poDate + r.pick([14, 30, 45, 60]) * DAY,
      purpose: r.pick(PURPOSES),
      department: r.pick(DEPARTMENTS),
      terms: r.pick(TERMS),
      shipTo: DEFAULT_SHIP_TO,
      priceQuote: local ? r.pick(PRICE_QUOTES) : '',
      currency,
      currencyRate: String(rate),
      status,
      localPo: local,
      paid,
      // Stored in USD, entered in the PO currency: a round figure there.
      shippingCost: decided && r.next() < 0.6 ? String(toUsd(Math.round(r.int(20, 400) / rate), rate)) : '0',
      awbNumber: status === 'received' ? `${r.int(100, 999)}-${r.int(10000000, 99999999)}` : '',
      preparedById: purchase.id,
      preparedByName: `${purchase.first} ${purchase.last}`,
      preparedByPosition: purchase.position,
      approvedById: decided ? approver?.id : null,
      approvedByName: decided && approver ? `${approver.first} ${approver.last}` : '',
      approvedByPosition: decided && approver ? approver.position : '',
      cancelledReason:
        status === 'cancelled'
          ? r.pick(['Supplier could not deliver in time', 'Duplicate order', 'Requirement changed'])
          : '',
      currencyAmount: String(currencyAmount),
      amount: String(toUsd(currencyAmount, rate)),
      createdAt: poDate,
      updatedAt: Math.min(now, poDate + 3 * DAY),
    });
    lineSets.push(lines);
  }
  // Explicit ids (the seed runs on an empty database) and one JSON parameter per table: fast in PGlite.
  const pos = rows.map((row, i) => ({ id: i + 1, poNumber: poNumber(i + 1, row.createdAt, 0), ...row }));
  await bulkInsert(db, purchaseOrders, pos);
  await db.execute(sql`select setval('purchase_orders_id_seq', ${rows.length})`);
  await bulkInsert(
    db,
    purchaseOrderLines,
    lineSets.flatMap((ls, i) => ls.map((l) => ({ ...l, poId: i + 1 }))),
  );

  // Approval and receipt snapshots of what the PO was at that moment (no payment or freight yet when approved).
  const history: Array<typeof purchaseOrderHistory.$inferInsert> = [];
  pos.forEach((o, i) => {
    if (o.status !== 'approved' && o.status !== 'received') return;
    const rate = Number(o.currencyRate);
    const snap = (status: 'approved' | 'received'): PurchaseOrder => ({
      id: o.id,
      supplier: o.supplierId,
      supplier_name: o.supplierName,
      supplier_contact_person: o.supplierContactPerson ?? '',
      supplier_2303: o.supplier2303 ?? '',
      supplier_address: o.supplierAddress ?? '',
      supplier_email: o.supplierEmail ?? '',
      supplier_phone: o.supplierPhone ?? '',
      requisitioner: o.requisitioner ?? '',
      po_number: o.poNumber,
      po_date: o.poDate,
      due_date: o.dueDate,
      purpose: o.purpose ?? '',
      department: o.department ?? '',
      terms: o.terms ?? '',
      ship_to: o.shipTo ?? '',
      price_quote: o.priceQuote ?? '',
      currency: o.currency ?? 'USD',
      currency_rate: rate,
      status,
      parts: lineSets[i]!.map((l) => ({
        part: l.partId ?? null,
        manuf_part_number: l.manufPartNumber ?? '',
        part_name: l.partName,
        price: Number(l.price),
        price_UI: Number(l.localPrice),
        quantity: Number(l.quantity),
        unit: l.unit ?? 'pcs',
        remarks: l.remarks ?? '',
      })),
      local_po: o.localPo === 1 ? 1 : 0,
      paid: status === 'approved' ? 0 : (o.paid as 0 | 1 | 2),
      shipping_cost: status === 'approved' ? 0 : Number(o.shippingCost),
      awb_number: status === 'approved' ? '' : (o.awbNumber ?? ''),
      prepared_by_name: o.preparedByName ?? '',
      prepared_by_position: o.preparedByPosition ?? '',
      approved_by_name: o.approvedByName ?? '',
      approved_by_position: o.approvedByPosition ?? '',
      supplier_quote_pdf: null,
      proof_payment_pdf: null,
      po_pdf: null,
      cancelled_reason: '',
      amount: Number(o.amount),
      currency_amount: Number(o.currencyAmount),
      revision: 0,
      version: 1,
    });
    for (const [status, offset] of [
      ['approved', 2 * DAY],
      ['received', 10 * DAY],
    ] as const) {
      if (status === 'received' && o.status !== 'received') continue;
      const snapshot = snap(status);
      history.push({
        poId: o.id,
        date: Math.min(now, o.poDate + offset),
        action: status,
        poNumber: o.poNumber,
        poDate: o.poDate,
        supplierName: o.supplierName,
        requisitioner: snapshot.requisitioner,
        purpose: snapshot.purpose,
        department: snapshot.department,
        dueDate: o.dueDate,
        status,
        cancelledReason: '',
        amount: String(snapshot.amount),
        paid: snapshot.paid,
        snapshot,
      });
    }
  });
  await bulkInsert(db, purchaseOrderHistory, history);
  await rebuildPoRollup(db);
  // BOM costs follow the average PO price of their parts.
  await recomputeBomCosts(db, sql`true`);
}
