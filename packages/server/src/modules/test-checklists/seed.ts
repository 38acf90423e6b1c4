import { maxSerials } from '@bpm/contract/test-checklists';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { products, productTestSteps } from '../../db/schema/products';
import {
  packingListLines,
  packingLists,
  testChecklistSteps,
  testChecklists,
  testResults,
} from '../../db/schema/testing';
import { users } from '../../db/schema/users';
import { refreshOrderStatus, refreshStatus } from './core';
import { columnsOf, writeSerials } from './units';

type Plan = 'pending' | 'in progress' | 'failed' | 'passed' | 'completed' | 'waiting approval';

/**
 * Demo checklists through the same rules as the screens (serial limits, status rule), without events
 * (tests count events exactly): one checklist in every status on the demo orders, two stock checklists,
 * one packing list whose serials come from a completed order's checklists.
 */
export async function seedTesting(db: Db, { now }: { now: number }): Promise<void> {
  const ids = await db.select({ id: users.id, username: users.username }).from(users);
  const uid = (name: string) => ids.find((u) => u.username === name)?.id ?? null;
  const tester = uid('tester');
  const qa = uid('qa');
  const lines = await queryRows<{ order_id: number; product_id: number; quantity: number; oc_ref: string }>(
    db,
    sql`select distinct on (o.id) o.id as order_id, l.product_id, l.quantity, o.oc_ref
        from orders o join order_lines l on l.order_id = o.id join products p on p.id = l.product_id
        where o.deleted = 0 and p.is_test_required = 1 and l.is_shipping_cost = 0
          and exists (select 1 from product_test_steps s where s.product_id = p.id)
        order by o.id desc, l.position limit 6`,
  );
  const plans: Plan[] = ['completed', 'passed', 'in progress', 'failed', 'waiting approval', 'pending'];
  let n = 0;
  for (const [i, l] of lines.entries()) {
    const qty = Math.min(2, Number(l.quantity));
    await addChecklist(db, Number(l.product_id), Number(l.order_id), qty, plans[i]!, tester, qa, now, `${++n}`);
  }
  // Stock: one passed, one pending.
  const stock = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where p.is_test_required = 1 and p.active = 1
        and exists (select 1 from product_test_steps s where s.product_id = p.id) order by p.id limit 2`,
  );
  for (const [i, p] of stock.entries())
    await addChecklist(db, Number(p.id), null, 1, i === 0 ? 'passed' : 'pending', tester, qa, now, `S${++n}`);

  const done = lines[0];
  if (done) await seedPackingList(db, Number(done.order_id), now);
  // Every demo order's test status by the same rule as a live order: its units, tested or not.
  const orderIds = await queryRows<{ id: number }>(db, sql`select id from orders where deleted = 0`);
  for (const o of orderIds) await db.transaction((tx) => refreshOrderStatus(tx, Number(o.id)));
}

async function addChecklist(
  db: Db,
  productId: number,
  orderId: number | null,
  quantity: number,
  plan: Plan,
  tester: number | null,
  qa: number | null,
  now: number,
  tag: string,
) {
  await db.transaction(async (tx) => {
    const [p] = await tx
      .select({ code: products.productCode, pl: products.plSerialCount, modem: products.hasModem })
      .from(products)
      .where(eq(products.id, productId));
    const max = maxSerials(quantity, { pl_serial_count: p!.pl, has_modem: p!.modem });
    const serials =
      plan === 'pending'
        ? []
        : Array.from({ length: max }, (_, i) => `${p!.code}-DEMO${tag}-${String(i + 1).padStart(3, '0')}`);
    const signed = plan === 'completed' || plan === 'waiting approval';
    const [c] = await tx
      .insert(testChecklists)
      .values({
        productId,
        orderId,
        testBy: tester,
        quantity,
        lineNo: orderId == null ? null : 1,
        rev: 'A',
        qaBy: signed ? qa : null,
        qaDate: signed ? now - 3600 : null,
        testDate: plan === 'pending' ? null : now - 7200,
        changedAfterSign: plan === 'waiting approval' ? 1 : 0,
        createdAt: now - 86400,
        updatedAt: now,
      })
      .returning({ id: testChecklists.id });
    const product = { pl_serial_count: p!.pl, has_modem: p!.modem };
    const written = await writeSerials(tx, { id: c!.id, product_id: productId }, serials, product, now);
    await tx.update(testChecklists).set({ serials: written.serials }).where(eq(testChecklists.id, c!.id));
    const cols = await columnsOf(tx, c!.id);
    const steps = await tx
      .select({ desc: productTestSteps.testDesc })
      .from(productTestSteps)
      .where(eq(productTestSteps.productId, productId))
      .orderBy(productTestSteps.siNumber);
    const made = await tx
      .insert(testChecklistSteps)
      .values(steps.map((s, i) => ({ checklistId: c!.id, siNumber: i + 1, testDesc: s.desc })))
      .returning({ id: testChecklistSteps.id });
    const results: Array<typeof testResults.$inferInsert> = [];
    made.forEach((s, si) => {
      serials.forEach((serial, i) => {
        // in progress: only the first step; failed: the last cell fails.
        if (plan === 'in progress' && si > 0) return;
        const last = si === made.length - 1 && i === serials.length - 1;
        results.push({
          checklistId: c!.id,
          stepId: s.id,
          serialId: cols[i]!.serialId,
          itemId: i + 1,
          serial,
          testResult: plan === 'failed' && last ? 'failed' : 'passed',
          updatedAt: now,
        });
      });
    });
    if (results.length) await tx.insert(testResults).values(results);
    await refreshStatus(tx, c!.id, now);
  });
}

async function seedPackingList(db: Db, orderId: number, now: number) {
  const rows = await queryRows<{
    product_id: number;
    name: string;
    quantity: number;
    warranty: number;
    pl_serial_count: number;
    has_modem: number;
    serials: string[] | null;
  }>(
    db,
    sql`select l.product_id, l.name, l.quantity, p.warranty, p.pl_serial_count, p.has_modem,
          (select array_agg(s order by c.id) from test_checklists c cross join unnest(c.serials) s
            where c.order_id = l.order_id and c.product_id = l.product_id) as serials
        from order_lines l join products p on p.id = l.product_id
        where l.order_id = ${orderId} and l.is_shipping_cost = 0 and l.active = 1 order by l.position`,
  );
  const [o] = await queryRows<{ company: string; country: string }>(
    db,
    sql`select shipping_company as company, shipping_country as country from orders where id = ${orderId}`,
  );
  const all = rows.flatMap((r) => r.serials ?? []);
  const [pl] = await db
    .insert(packingLists)
    .values({
      orderId,
      poNumber: 'PO-DEMO-1',
      shippingDate: now - 86400,
      customer: o?.company ?? '',
      country: o?.country ?? '',
      serialText: all.map((s) => s.toLowerCase()).join('\n'),
      createdAt: now - 86400,
      updatedAt: now - 86400,
    })
    .returning({ id: packingLists.id });
  if (rows.length)
    await db.insert(packingListLines).values(
      rows.map((r, position) => ({
        packingListId: pl!.id,
        position,
        productId: Number(r.product_id),
        plName: r.name,
        plSerial: (r.serials ?? []).join('\n'),
        quantity: Number(r.quantity),
        warranty: Number(r.warranty),
        plSerialCount: Number(r.pl_serial_count),
        hasModem: Number(r.has_modem),
        serialsFromTestChecklist: r.serials?.length ? 1 : 0,
      })),
    );
}
