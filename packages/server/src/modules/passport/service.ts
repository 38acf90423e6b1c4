// A serial's passport: reads only (units belong to test-checklists, orders to sales-docs, lists to packing-lists).
import { PASSPORT_MSG, type Passport } from '@bpm/contract/passport';
import { can } from '@bpm/contract/permissions';
import type { TestStatus } from '@bpm/contract/test-checklists';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import { events } from '../../db/schema/platform';
import { products } from '../../db/schema/products';
import { orders } from '../../db/schema/sales';
import {
  packingLists,
  packingListUnits,
  testChecklistSteps,
  testChecklists,
  testResults,
  unitSerials,
  units,
} from '../../db/schema/testing';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';

const num = (v: unknown) => (v == null ? null : Number(v));
const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

interface UnitRow {
  serial_id: number;
  value: string;
  is_imei: number;
  unit_id: number;
  checklist_id: number | null;
  product_id: number;
  product_code: string;
  desc: string;
  warranty: number;
}

/** The passport of `serial` (case aside), with what the caller's role may see. */
export async function getPassport(db: Db, serial: string, user: AuthUser): Promise<Passport> {
  // The serial's unit through the unique index (legacy_duplicate = 0); a serial found only as a legacy copy after.
  const find = (current: boolean) =>
    queryRows<UnitRow>(
      db,
      sql`select us.id as serial_id, us.value, us.is_imei, u.id as unit_id, u.checklist_id, p.id as product_id,
            p.product_code, p."desc", p.warranty
          from ${unitSerials} us join ${units} u on u.id = us.unit_id join ${products} p on p.id = u.product_id
          where lower(us.value) = ${serial.toLowerCase()} and us.legacy_duplicate ${current ? sql`= 0` : sql`<> 0`}
          order by us.id limit 1`,
    );
  const current = await find(true);
  const [u] = current.length ? current : await find(false);
  if (!u) throw notFound(PASSPORT_MSG.notFound);
  const siblings = await queryRows<{ value: string }>(
    db,
    sql`select value from ${unitSerials} where unit_id = ${u.unit_id} order by slot, id`,
  );
  const checklist = u.checklist_id == null ? null : await checklistOf(db, Number(u.checklist_id), Number(u.serial_id));
  const seesOrder = can(user.user_role, 'units.passportOrder');
  const order = seesOrder && checklist?.orderId != null ? await orderOf(db, checklist.orderId) : null;
  const values = siblings.map((s) => s.value.toLowerCase());
  return {
    serial: u.value,
    is_imei: Number(u.is_imei),
    unit_serials: siblings.map((s) => s.value),
    product: { id: Number(u.product_id), product_code: u.product_code, desc: u.desc, warranty: Number(u.warranty) },
    checklist: checklist?.head ?? null,
    steps: checklist?.steps ?? [],
    order,
    packing_lists: seesOrder ? await packingListsOf(db, Number(u.unit_id), Number(u.warranty)) : [],
    licenses: can(user.user_role, 'license.generate') ? await licensesOf(db, Number(u.unit_id), values) : [],
    moves: checklist ? await movesOf(db, checklist.head.id) : [],
  };
}

async function checklistOf(db: Db, id: number, serialId: number) {
  const [c] = await queryRows<{
    id: number;
    order_id: number | null;
    status: TestStatus;
    rev: string;
    test_date: number | null;
    qa_date: number | null;
    tf: string | null;
    tl: string | null;
    qf: string | null;
    ql: string | null;
  }>(
    db,
    sql`select c.id, c.order_id, c.status, c.rev, c.test_date, c.qa_date, t.first_name as tf, t.last_name as tl,
          q.first_name as qf, q.last_name as ql
        from ${testChecklists} c left join ${users} t on t.id = c.test_by left join ${users} q on q.id = c.qa_by
        where c.id = ${id}`,
  );
  if (!c) return null;
  const steps = await queryRows<{ si_number: number; test_desc: string; result: string | null }>(
    db,
    sql`select s.si_number, s.test_desc, r.test_result as result
        from ${testChecklistSteps} s
        left join ${testResults} r on r.step_id = s.id and r.serial_id = ${serialId}
        where s.checklist_id = ${id} order by s.si_number, s.id`,
  );
  return {
    orderId: num(c.order_id),
    head: {
      id: Number(c.id),
      kind: (c.order_id == null ? 'stock' : 'order') as 'order' | 'stock',
      status: c.status,
      rev: c.rev,
      test_by_name: name(c.tf, c.tl),
      qa_by_name: name(c.qf, c.ql),
      test_date: num(c.test_date),
      qa_date: num(c.qa_date),
    },
    steps: steps.map((s) => ({ si_number: Number(s.si_number), test_desc: s.test_desc, result: s.result })),
  };
}

async function orderOf(db: Db, id: number) {
  const [o] = await queryRows<{
    id: number;
    oc_ref: string;
    dealer_name: string;
    shipping_date: number | null;
    shipping_awb: string;
  }>(
    db,
    sql`select id, oc_ref, dealer_name, shipping_date, shipping_awb from ${orders} where id = ${id} and deleted = 0`,
  );
  return o ? { ...o, id: Number(o.id), shipping_date: num(o.shipping_date) } : null;
}

/** The packing list that ships the unit; warranty ends at shipping date + warranty days. */
async function packingListsOf(db: Db, unitId: number, warranty: number) {
  const rows = await queryRows<{ id: number; po_number: string; shipping_date: number | null }>(
    db,
    sql`select pl.id, pl.po_number, pl.shipping_date
        from ${packingListUnits} plu join ${packingLists} pl on pl.id = plu.packing_list_id
        where plu.unit_id = ${unitId} order by pl.id`,
  );
  return rows.map((r) => {
    const shipped = num(r.shipping_date);
    return {
      id: Number(r.id),
      po_number: r.po_number,
      shipping_date: shipped,
      warranty_end: shipped == null ? null : shipped + warranty * 86400,
    };
  });
}

/** License keys generated for the unit (tied to it, or naming one of its serials) or for its MAC. */
async function licensesOf(db: Db, unitId: number, values: string[]) {
  const list = (xs: string[]) =>
    sql`(${sql.join(
      xs.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  const hex = values.map((v) => v.replace(/[^0-9a-f]/gi, '').toUpperCase()).filter((v) => v.length === 12);
  const byMac = hex.length ? sql`or mac_hex in ${list(hex)}` : sql``;
  const rows = await queryRows<{ id: number; kind: string; key: string; created_at: number }>(
    db,
    sql`select id, kind, key, created_at from ${licenses}
        where unit_id = ${unitId} or lower(serial) in ${list(values)} ${byMac} order by created_at desc limit 50`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) }));
}

async function movesOf(db: Db, checklistId: number) {
  const rows = await queryRows<{ event: string; time: number; first_name: string; last_name: string }>(
    db,
    sql`select event, time, first_name, last_name from ${events}
        where entity_type = 'test_checklist' and entity_id = ${checklistId}
          and event in ('test_checklist_added', 'test_checklist_imported', 'test_checklist_exported',
                        'test_checklist_serials_saved', 'test_checklist_signed', 'test_checklist_approved')
        order by time, id`,
  );
  return rows.map((r) => ({ event: r.event, time: Number(r.time), name: name(r.first_name, r.last_name) }));
}
