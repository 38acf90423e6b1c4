/** Purchasing records (document 2): suppliers, part components for PO lines, purchase orders. */
import type { PoStatus } from '@bpm/contract/purchase-orders';
import { sql } from 'drizzle-orm';
import { rebuildPoRollup } from '../../src/modules/purchase-orders/totals';
import { call, type TestApp } from '../helpers';
import { makePart } from './products';
import { uniq } from './uniq';

export type Json = Record<string, unknown> & { id: number };

/** A supplier saved by purchase (unique name); answers the saved record. */
export async function makeSupplier(t: TestApp, fields: Record<string, unknown> = {}) {
  const s = await call(t, 'purchase', 'POST', '/suppliers/save', {
    name: uniq('PO Test Supplier'),
    contact_person: 'Jane Roe',
    address: '1 Supplier Street',
    email: 'jane@supplier.example.com',
    phone: '+1 555 0101',
    supplier2303: 'TIN-123',
    ...fields,
  });
  if (s.statusCode !== 200) throw new Error(`supplier save ${s.statusCode} ${s.body}`);
  return s.json().data as Json;
}

/** A fresh supplier and two part components made through the API. */
export async function makeRefs(t: TestApp) {
  const supplier = await makeSupplier(t);
  const parts: Json[] = [];
  for (const n of [1, 2])
    parts.push(
      (await makePart(t, {
        manufacturer: 'PO Maker',
        manuf_part_number: uniq(`POT-${n}`),
        description: `Test part ${n}`,
      })) as Json,
    );
  return { supplier, parts };
}

export type Refs = Awaited<ReturnType<typeof makeRefs>>;

/** A valid purchase-order body for `refs` (two lines). */
export function poBody(refs: Refs, over: Record<string, unknown> = {}) {
  const s = refs.supplier;
  return {
    supplier: s.id,
    supplier_name: s.name,
    supplier_contact_person: s.contact_person,
    supplier_2303: s.supplier2303,
    supplier_address: s.address,
    supplier_email: s.email,
    supplier_phone: s.phone,
    requisitioner: 'Rita Requester',
    po_date: 1_795_305_600,
    due_date: 1_796_169_600,
    purpose: 'Stock for production',
    department: 'Engineering',
    terms: 'NET 30',
    ship_to: 'BPM Hardware Inc.',
    price_quote: '',
    currency: 'USD',
    currency_rate: 1,
    local_po: 0,
    parts: [
      {
        part: refs.parts[0]!.id,
        manuf_part_number: refs.parts[0]!.manuf_part_number,
        part_name: 'Test part 1',
        price_UI: 2.5,
        quantity: 10,
        unit: 'pcs',
        remarks: '',
      },
      {
        part: refs.parts[1]!.id,
        manuf_part_number: refs.parts[1]!.manuf_part_number,
        part_name: 'Test part 2',
        price_UI: 1.125,
        quantity: 4,
        unit: 'pcs',
        remarks: 'urgent',
      },
    ],
    ...over,
  };
}

/** A saved PO put straight into `status` (the lifecycle itself is tested separately). */
export async function poIn(t: TestApp, refs: Refs, status: PoStatus): Promise<Json> {
  const r = await call(t, 'purchase', 'POST', '/purchaseorders/save', poBody(refs));
  if (r.statusCode !== 200) throw new Error(r.body);
  const po = r.json().data as Json;
  if (status !== 'draft') {
    await t.database.db.execute(sql`update purchase_orders set status = ${status} where id = ${po.id}`);
    await rebuildPoRollup(t.database.db);
  }
  return { ...po, status };
}

/** The stored row, to prove a refused call changed nothing. */
export async function rawPo(t: TestApp, id: number) {
  const r = (await t.database.db.execute(
    sql`select status, version, paid, shipping_cost::text, awb_number, cancelled_reason, proof_payment_file_id,
               supplier_quote_file_id, po_pdf_file_id, amount::text,
               (select count(*)::int from purchase_order_history h where h.po_id = ${id}) as history
        from purchase_orders where id = ${id}`,
  )) as unknown as { rows: unknown[] };
  return r.rows[0];
}
