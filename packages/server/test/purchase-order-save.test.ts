// Issue 25 item 2: a PO save writes only what changed — its rollups move only when the supplier, status,
// payment, day or amount changed (one upsert per table, the old and new shares netted), its lines only when
// the form changed them — and every figure stays what a rebuild of the rollups gives.
import { PO_MSG } from '@bpm/contract/purchase-orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { rebuildPoRollup } from '../src/modules/purchase-orders/totals';
import { type Json, makeRefs, makeSupplier, poBody, type Refs } from './factories/purchasing';
import { userId } from './factories/users';
import { call, createTestApp, get, statementsOf, type TestApp } from './helpers';

let t: TestApp;
let refs: Refs;

beforeAll(async () => {
  t = await createTestApp();
  refs = await makeRefs(t);
});
afterAll(async () => t?.close());

const ROLLUPS = ['po_rollup', 'po_day_totals'];

/** Every counted cell of both PO rollups (a cell netted to nothing is absent, as after a rebuild), money as text. */
async function rollupRows() {
  const out: Record<string, unknown[]> = {};
  for (const table of ROLLUPS)
    out[table] = await queryRows(
      t.database.db,
      sql`select to_jsonb(r)::text as row from ${sql.identifier(table)} r where n <> 0 or amount <> 0 order by 1`,
    );
  return out;
}

/** The rollups as the saves left them equal a rebuild from the POs. */
async function expectRollupsRebuilt() {
  const kept = await rollupRows();
  await rebuildPoRollup(t.database.db);
  expect(kept).toEqual(await rollupRows());
}

const writesTo = (qs: string[], table: string) =>
  qs.filter((q) => new RegExp(`^(insert into|update|delete from) "${table}"`).test(q));
const lineIds = async (po: number) =>
  (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from purchase_order_lines where po_id = ${po} order by line_no`,
    )
  ).map((r) => Number(r.id));

async function save(body: Record<string, unknown>) {
  const res = await call(t, 'purchase', 'POST', '/purchaseorders/save', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}

describe('purchase order save', () => {
  it('of the purpose only writes the PO and its event: no rollup and no line statement', async () => {
    const po = await save(poBody(refs));
    const lines = await lineIds(po.id);
    const rollups = await rollupRows();
    let answer: Json = { id: 0 };
    const qs = await statementsOf(t, async () => {
      answer = await save({ ...poBody(refs), id: po.id, version: po.version, purpose: 'Only the purpose' });
    });
    for (const table of [...ROLLUPS, 'purchase_order_lines']) expect(writesTo(qs, table), table).toEqual([]);
    // The account check, lock, the PO with its lines (one statement), the supplier and parts, the update, the row
    // read back, the event.
    expect(qs.length, qs.join('\n')).toBeLessThanOrEqual(7);
    expect(await rollupRows()).toEqual(rollups);
    expect(await lineIds(po.id)).toEqual(lines);
    const after = (await get(t, 'purchase', `/api/purchaseorders/${po.id}`)).json().data;
    expect(answer).toEqual(after);
    expect(after).toEqual({ ...po, purpose: 'Only the purpose', version: Number(po.version) + 1 });
  });

  it('rewrites the lines the form changed and reads them back as stored', async () => {
    const po = await save(poBody(refs));
    const body = poBody(refs);
    const parts = [{ ...body.parts[0]!, quantity: 3, price_UI: 1.333333 }, body.parts[1]!];
    const qs = await statementsOf(t, async () => {
      const saved = await save({ ...body, id: po.id, version: po.version, parts });
      expect(saved).toEqual((await get(t, 'purchase', `/api/purchaseorders/${po.id}`)).json().data);
      expect(saved.parts).toMatchObject([
        { quantity: 3, price_UI: 1.333333 },
        { quantity: 4, price_UI: 1.125 },
      ]);
      expect(saved.currency_amount).toBe(8.499999);
    });
    expect(writesTo(qs, 'purchase_order_lines')).toHaveLength(2);
    for (const table of ROLLUPS) expect(writesTo(qs, table), table).toHaveLength(1);
    await expectRollupsRebuilt();
  });

  it('moves its share of both rollups with the amount, supplier, day and status, as a rebuild counts', async () => {
    const other = await makeSupplier(t);
    const po = await save(poBody(refs));
    await expectRollupsRebuilt();
    // Another supplier and day, and another amount: each table one upsert (the old and new shares netted).
    const moved = poBody({ ...refs, supplier: other });
    const qs = await statementsOf(t, async () => {
      await save({ ...moved, id: po.id, version: po.version, po_date: 1_790_000_000, parts: moved.parts.slice(0, 1) });
    });
    for (const table of ROLLUPS) expect(writesTo(qs, table), table).toHaveLength(1);
    await expectRollupsRebuilt();
    // The approval path changes the status; a revision goes back to draft; a cancelled PO counts no amount.
    const approver = await userId(t, 'poapproval');
    const asked = await call(t, 'purchase', 'POST', `/purchaseorders/requestapproval/${po.id}`, {
      emailTo: [approver],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await expectRollupsRebuilt();
    expect((await call(t, 'poapproval', 'PUT', `/poapproval/purchaseorders/approve/${po.id}`)).statusCode).toBe(200);
    await expectRollupsRebuilt();
    const current = (await get(t, 'purchase', `/api/purchaseorders/${po.id}`)).json().data;
    await save({ ...moved, id: po.id, version: current.version, revise: 1, parts: moved.parts });
    await expectRollupsRebuilt();
    const cancelled = await call(t, 'purchase', 'POST', `/purchaseorders/cancel/${po.id}`, { reason: 'not needed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectRollupsRebuilt();
  });

  it('answers every unknown supplier and part at once', async () => {
    const body = poBody(refs, { supplier: 999_999 });
    body.parts[1] = { ...body.parts[1]!, part: 888_888 };
    const res = await call(t, 'purchase', 'POST', '/purchaseorders/save', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().cause).toEqual({ supplier: PO_MSG.supplierUnknown, 'parts.1.part': PO_MSG.partUnknown });
  });
});
