import type { PoStatus } from '@bpm/contract/purchaseOrders';
import { sql } from 'drizzle-orm';
import { rebuildPoRollup } from '../src/modules/purchaseOrders/queries';
import { multipart, SAMPLE, type TestApp } from './helpers';

type Role = Parameters<TestApp['as']>[0];
export type Json = Record<string, unknown> & { id: number };

export const call = async (t: TestApp, role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: await t.as(role), ...(payload ? { payload } : {}) });

export const upload = async (
  t: TestApp,
  role: Role,
  url: string,
  fields: Record<string, string | number | undefined>,
  files: Array<{ field: string; name: string; type: string; data: Buffer }>,
) => {
  const mp = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: mp.payload,
    headers: { ...(await t.as(role)), ...mp.headers },
  });
};

export const pdfFile = (field: string) => ({ field, name: 'doc.pdf', type: 'application/pdf', data: SAMPLE.pdf });

let seq = 0;
/** A fresh supplier and two part components made through the API. */
export async function makeRefs(t: TestApp) {
  seq++;
  const s = await call(t, 'purchase', 'POST', '/suppliers/save', {
    name: `PO Test Supplier ${seq} ${Math.random().toString(36).slice(2, 7)}`,
    contact_person: 'Jane Roe',
    address: '1 Supplier Street',
    email: 'jane@supplier.example.com',
    phone: '+1 555 0101',
    supplier2303: 'TIN-123',
  });
  if (s.statusCode !== 200) throw new Error(s.body);
  const parts: Json[] = [];
  for (const n of [1, 2]) {
    const mp = multipart({
      manufacturer: 'PO Maker',
      manuf_part_number: `POT-${seq}-${n}-${Math.random().toString(36).slice(2, 7)}`,
      description: `Test part ${n}`,
      price: '2.5',
    });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/partComponents/save',
      payload: mp.payload,
      headers: { ...(await t.as('purchase')), ...mp.headers },
    });
    if (r.statusCode !== 200) throw new Error(r.body);
    parts.push(r.json().data);
  }
  return { supplier: s.json().data as Json, parts };
}

export type Refs = Awaited<ReturnType<typeof makeRefs>>;

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
