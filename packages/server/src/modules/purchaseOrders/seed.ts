import { DEFAULT_SHIP_TO, type PoStatus, roundPrice } from '@bpm/contract/purchaseOrders';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partComponents, suppliers } from '../../db/schema/parts';
import { poDepartments, poPriceQuotes, poTerms, purchaseOrderLines, purchaseOrders } from '../../db/schema/purchasing';
import { users } from '../../db/schema/users';
import { recomputeBomCosts } from '../products/boms';

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
      const price = roundPrice(Number(p.price) * (0.9 + r.next() * 0.2));
      return {
        lineNo: n + 1,
        partId: p.id,
        manufPartNumber: p.mpn,
        partName: p.desc || p.mpn,
        price: String(price),
        quantity: String(r.pick([10, 25, 50, 100, 250, 500, 1000])),
        unit: p.unit,
        remarks: n === 0 && r.next() < 0.2 ? 'Urgent' : '',
      };
    });
    const amount = roundPrice(lines.reduce((a, l) => a + Number(l.price) * Number(l.quantity), 0));
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
      shippingCost: decided && r.next() < 0.6 ? String(roundPrice(r.int(20, 400) * 1.0)) : '0',
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
      amount: String(amount),
      createdAt: poDate,
      updatedAt: Math.min(now, poDate + 3 * DAY),
    });
    lineSets.push(lines);
  }
  const ids = await db
    .insert(purchaseOrders)
    .values(rows)
    .returning({ id: purchaseOrders.id, createdAt: purchaseOrders.createdAt });
  await db
    .insert(purchaseOrderLines)
    .values(ids.flatMap((row, i) => lineSets[i]!.map((l) => ({ ...l, poId: row.id }))));
  // The format of poNumber() in the contract.
  await db.execute(
    sql`update purchase_orders set po_number = ${sql.raw(`'PO-' || extract(year from to_timestamp(created_at))::int || '-' || lpad(id::text, 5, '0')`)}`,
  );

  // Approval and receipt snapshots, built in SQL from the stored POs.
  const snapshot = (status: string) =>
    sql.raw(`jsonb_build_object(
    'supplier', o.supplier_id, 'supplier_name', o.supplier_name, 'supplier_contact_person', o.supplier_contact_person,
    'supplier_2303', o.supplier_2303, 'supplier_address', o.supplier_address, 'supplier_email', o.supplier_email,
    'supplier_phone', o.supplier_phone, 'requisitioner', o.requisitioner, 'po_number', o.po_number,
    'po_date', o.po_date, 'due_date', o.due_date, 'purpose', o.purpose, 'department', o.department, 'terms', o.terms,
    'ship_to', o.ship_to, 'price_quote', o.price_quote, 'currency', o.currency, 'currency_rate', o.currency_rate::float8,
    'status', '${status}', 'local_po', o.local_po, 'paid', ${status === 'approved' ? 0 : 'o.paid'},
    'shipping_cost', ${status === 'approved' ? 0 : 'o.shipping_cost::float8'}, 'awb_number', ${status === 'approved' ? "''" : 'o.awb_number'},
    'prepared_by_name', o.prepared_by_name, 'prepared_by_position', o.prepared_by_position,
    'approved_by_name', o.approved_by_name, 'approved_by_position', o.approved_by_position,
    'supplier_quote_pdf', null, 'proof_payment_pdf', null, 'po_pdf', null, 'cancelled_reason', '',
    'amount', o.amount::float8, 'revision', o.revision, 'id', o.id, 'version', o.version,
    'parts', (select coalesce(jsonb_agg(jsonb_build_object('part', l.part_id, 'manuf_part_number', l.manuf_part_number,
      'part_name', l.part_name, 'price', l.price::float8, 'price_UI', round(l.price / o.currency_rate, 6)::float8,
      'quantity', l.quantity::float8, 'unit', l.unit, 'remarks', l.remarks) order by l.line_no), '[]'::jsonb)
      from purchase_order_lines l where l.po_id = o.id))`);
  const history = (status: string, offset: number, statuses: string) =>
    db.execute(sql`
      insert into purchase_order_history (po_id, date, action, po_number, po_date, supplier_name, requisitioner, purpose,
        department, due_date, status, cancelled_reason, amount, paid, snapshot)
      select o.id, least(${now}, o.po_date + ${offset}), ${status}, o.po_number, o.po_date, o.supplier_name, o.requisitioner,
        o.purpose, o.department, o.due_date, ${status}, '', o.amount, ${sql.raw(status === 'approved' ? '0' : 'o.paid')},
        ${snapshot(status)}
      from purchase_orders o where o.status in (${sql.raw(statuses)})`);
  await history('approved', 2 * DAY, "'approved', 'received'");
  await history('received', 10 * DAY, "'received'");
  // BOM costs follow the average PO price of their parts.
  await recomputeBomCosts(db, sql`true`);
}
