import { TC_MSG } from '@bpm/contract/test-checklists';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { makeProduct } from './factories/products';
import { createOrder } from './factories/sales';
import { makeTestedOrder, orderLines } from './factories/testing';
import { makeUser, userId } from './factories/users';
import { countHistory, countRows, createTestApp, postForm, type TestApp } from './helpers';

let t: TestApp;
let testerId: number;
let other: { id: number; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  testerId = await userId(t, 'tester');
  other = await makeUser(t, 'tester', 'Olga', 'Other');
  // Sign every role in now: a login is itself audited, and the tests below count events.
  for (const role of ['administrator', 'sale', 'production', 'tester', 'qa', 'shipping'] as const) await t.as(role);
});
afterAll(() => t.close());

type Who = 'administrator' | 'sale' | 'production' | 'tester' | 'qa' | 'shipping' | 'other';
async function call(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const headers = who === 'other' ? other.headers : await t.as(who);
  return t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
}
async function ok(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

const setup = (over: Parameters<typeof makeTestedOrder>[1] = {}) => makeTestedOrder(t, over);

describe('order test checklists: the day at the bench', () => {
  it('production assigns, the tester enters serials and results, qa signs, a change waits for approval', async () => {
    const { orderId, line } = await setup();
    expect(line.is_test_required).toBe(1);
    const c = await ok('production', 'POST', '/production/testChecklist/add', {
      test_by: testerId,
      quantity: 2,
      order_product_id: line.id,
    });
    expect(c).toMatchObject({ status: 'pending', quantity: 2, product_max_serials: 2, test_by: testerId });
    expect(c.test_by_name).toBe('Tomas Novak');

    // Steps are a copy of the product's steps.
    const steps = await ok('tester', 'GET', `/tester/testChecklistStep/checklist/${c.id}`);
    expect(steps.map((s: { si_number: number; test_desc: string }) => [s.si_number, s.test_desc])).toEqual([
      [1, 'Power on'],
      [2, 'Check LEDs'],
    ]);
    expect(steps[0].test_checklist_id).toBe(c.id);

    // A result before serials: no serial for that column.
    const early = await call('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
      step_id: steps[0].id,
      item_id: 1,
      result: 'passed',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(TC_MSG.noSerialForColumn);

    const withSerials = await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, {
      serials: [' SN-1 ', 'SN-2'],
    });
    expect(withSerials.serials).toEqual(['SN-1', 'SN-2']);

    for (const s of steps)
      for (const item of [1, 2]) {
        const r = await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
          step_id: s.id,
          item_id: item,
          result: 'passed',
        });
        expect(r.status).toBe(s === steps[1] && item === 2 ? 'passed' : 'in progress');
      }
    let order = await ok('qa', 'GET', `/qa/testChecklist/order/${orderId}`);
    expect(order.test_status).toBe('passed');
    expect(order.products[0].test_assigned).toBe(2);

    const signed = await ok('qa', 'POST', `/qa/testChecklist/test/signQc/${c.id}`);
    expect(signed).toMatchObject({ status: 'completed', qa_by_name: 'Quentin Dubois' });
    expect(signed.qa_date).toBeTypeOf('number');
    order = await ok('qa', 'GET', `/testChecklist/order/${orderId}`);
    expect(order.test_status).toBe('completed');

    // Completed: serials, results and the checklist itself are frozen.
    const lockedSerials = await call('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: [] });
    expect(lockedSerials.statusCode).toBe(409);
    expect((await call('production', 'DELETE', `/testChecklist/delete/${c.id}`)).statusCode).toBe(409);
    expect(
      (
        await call('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
          step_id: steps[0].id,
          item_id: 1,
          result: 'failed',
        })
      ).statusCode,
    ).toBe(409);

    // A step edited after sign-off: waiting approval until sale approves.
    await ok('production', 'POST', '/testChecklistStep/save', {
      id: steps[1].id,
      test_checklist_id: c.id,
      test_desc: 'Check all LEDs',
    });
    const waiting = await ok('sale', 'GET', `/testChecklist/test/${c.id}`);
    expect(waiting.status).toBe('waiting approval');
    expect((await ok('sale', 'GET', `/testChecklist/order/${orderId}`)).test_status).toBe('waiting approval');
    expect((await call('production', 'POST', `/testChecklist/test/approve/${c.id}`)).statusCode).toBe(403);
    expect((await call('qa', 'POST', `/testChecklist/test/signQc/${c.id}`)).statusCode).toBe(409);
    // The edited step is tested again before approval; the signed step stays locked and cannot be deleted.
    const incomplete = await call('sale', 'POST', `/sale/testChecklist/test/approve/${c.id}`);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().message).toBe(TC_MSG.untestedSteps(2));
    const locked = await call('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
      step_id: steps[0].id,
      item_id: 1,
      result: 'failed',
    });
    expect(locked.statusCode).toBe(409);
    const signedDelete = await call('production', 'DELETE', `/testChecklistStep/delete/${steps[0].id}`);
    expect(signedDelete.statusCode).toBe(409);
    expect(signedDelete.json().message).toBe(TC_MSG.stepSigned);
    const retested = await ok('tester', 'POST', `/testChecklist/saveResults/${c.id}`, {
      results: [1, 2].map((item_id) => ({ step_id: steps[1].id, item_id, result: 'passed' })),
    });
    expect(retested.status).toBe('waiting approval');
    const approved = await ok('sale', 'POST', `/sale/testChecklist/test/approve/${c.id}`);
    expect(approved.status).toBe('completed');
    expect((await call('sale', 'POST', `/testChecklist/test/approve/${c.id}`)).statusCode).toBe(409);
  });

  it('saves a row of results in one call and clears a cell', async () => {
    const { line } = await setup();
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 2,
      order_product_id: line.id,
    });
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['ROW-1', 'ROW-2'] });
    const steps = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    const all = steps.flatMap((s: { id: number }) =>
      [1, 2].map((item_id) => ({ step_id: s.id, item_id, result: 'passed' })),
    );
    const passed = await ok('tester', 'POST', `/testChecklist/saveResults/${c.id}`, { results: all });
    expect(passed.status).toBe('passed');
    const cleared = await ok('tester', 'POST', `/testChecklist/saveResults/${c.id}`, {
      results: [{ step_id: steps[0].id, item_id: 2, result: null }],
    });
    expect(cleared.status).toBe('in progress');
    const after = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    expect(after[0].results.map((r: { itemId: number }) => r.itemId)).toEqual([1]);
    // Another tester may not; an empty batch is a field error.
    expect((await call('other', 'POST', `/testChecklist/saveResults/${c.id}`, { results: all })).statusCode).toBe(403);
    const empty = await call('tester', 'POST', `/testChecklist/saveResults/${c.id}`, { results: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('a failed result fails the checklist and the order; resetting serials discards the results', async () => {
    const { orderId, line } = await setup();
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    const [s1] = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['F-1'] });
    const failed = await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
      step_id: s1.id,
      item_id: 1,
      result: 'failed',
    });
    expect(failed.status).toBe('failed');
    expect((await ok('tester', 'GET', `/testChecklist/order/${orderId}`)).test_status).toBe('failed');
    expect((await call('qa', 'POST', `/testChecklist/test/signQc/${c.id}`)).json().message).toBe(TC_MSG.notPassed);

    const reset = await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: [] });
    expect(reset).toMatchObject({ serials: [], status: 'pending' });
    const steps = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    expect(steps.every((s: { results: unknown[] }) => s.results.length === 0)).toBe(true);
    expect((await ok('tester', 'GET', `/testChecklist/order/${orderId}`)).test_status).toBe('pending');
  });

  it('a custom result is kept as text; correcting a serial (one line edited) keeps its results', async () => {
    const { line } = await setup({ plSerialCount: 2 });
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    expect(c.product_max_serials).toBe(2);
    const [s1] = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['A', 'B'] });
    await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, { step_id: s1.id, item_id: 1, result: '12.1 V' });
    await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, { step_id: s1.id, item_id: 2, result: 'passed' });
    const corrected = await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['A', 'C'] });
    expect(corrected.serials).toEqual(['A', 'C']);
    const step = await ok('tester', 'GET', `/testChecklistStep/${s1.id}`);
    expect(step.results).toEqual([
      { itemId: 1, serial: 'A', test_result: '12.1 V' },
      { itemId: 2, serial: 'C', test_result: 'passed' },
    ]);
    // The correction is in the checklist's history.
    const [saved] = await queryRows<{ data: unknown }>(
      t.database.db,
      sql`select data from events where entity_type = 'test_checklist' and entity_id = ${c.id}
          and event = 'test_checklist_serials_saved' order by id desc limit 1`,
    );
    const data = (typeof saved?.data === 'string' ? JSON.parse(saved.data) : saved?.data) as { corrected?: unknown };
    expect(data.corrected).toEqual([{ from: 'B', to: 'C' }]);
  });

  it('results follow the serial: reordering keeps every result, removing one removes only its results', async () => {
    const { line } = await setup();
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 3,
      order_product_id: line.id,
    });
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['U-1', 'U-2', 'U-3'] });
    const steps = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    const results = { 'U-1': 'passed', 'U-2': 'failed', 'U-3': '3.3 V' } as Record<string, string>;
    await ok('tester', 'POST', `/testChecklist/saveResults/${c.id}`, {
      results: ['U-1', 'U-2', 'U-3'].map((serial, i) => ({
        step_id: steps[0].id,
        item_id: i + 1,
        result: results[serial],
      })),
    });
    const bySerial = async () => {
      const [s] = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
      const c2 = await ok('tester', 'GET', `/testChecklist/test/${c.id}`);
      return (s.results as { itemId: number; serial: string; test_result: string }[]).map((r) => {
        expect(c2.serials[r.itemId - 1]).toBe(r.serial);
        return [r.serial, r.test_result];
      });
    };
    // Swapped: each result moves with its serial.
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['U-3', 'U-1', 'U-2'] });
    expect(await bySerial()).toEqual([
      ['U-3', '3.3 V'],
      ['U-1', 'passed'],
      ['U-2', 'failed'],
    ]);
    // The first removed: the other two keep theirs.
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['U-1', 'U-2'] });
    expect(await bySerial()).toEqual([
      ['U-1', 'passed'],
      ['U-2', 'failed'],
    ]);
  });
});

describe('checklists belong to their order line', () => {
  it('counts per line for a product on two lines; a removed line releases its checklist and its units', async () => {
    const p = await makeProduct(t, { isTestRequired: 1 });
    const order = await createOrder(t, {
      products: [
        { product_id: p.id, quantity: 1, msrp: 100 },
        { product_id: p.id, quantity: 2, msrp: 100 },
      ],
    });
    const [first, second] = await orderLines(t, order.id);
    const a = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: first!.id,
    });
    const b = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 2,
      order_product_id: second!.id,
    });
    expect([a.order_product_id, b.order_product_id]).toEqual([first!.id, second!.id]);
    const view = await ok('sale', 'GET', `/testChecklist/order/${order.id}`);
    expect(view.products.map((l: { test_assigned: number }) => l.test_assigned)).toEqual([1, 2]);

    // Sale removes the second line: its checklist is shown apart and no longer sets the order's status.
    const res = await postForm(t, 'sale', '/api/orders/save', {
      id: order.id,
      version: order.version,
      dealer: order.dealer as number,
      date: order.date as number,
      value: 0,
      oc_ref: order.oc_ref as string,
      products: [{ product_id: p.id, quantity: 1, msrp: 100 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await ok('sale', 'GET', `/testChecklist/order/${order.id}`);
    expect(after.products).toHaveLength(1);
    expect(after.products[0].checklists.map((c: { id: number }) => c.id)).toEqual([a.id]);
    expect(after.released.map((c: { id: number }) => c.id)).toEqual([b.id]);
    await ok('sale', 'POST', '/testChecklist/exportToStock', { test_checklist_ids: [b.id] });
    expect((await ok('sale', 'GET', `/testChecklist/order/${order.id}`)).released).toEqual([]);
  });
});

describe('work queues and mail', () => {
  it("the tester's queue holds their open checklists; QA's holds passed ones across orders; each hears of it", async () => {
    const { line } = await setup();
    t.mails.length = 0;
    const c = await ok('production', 'POST', '/production/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    expect(t.mails.map((m) => m.subject)).toContain(`Test checklist #${c.id} assigned to you: ${c.product_code} × 1`);
    const mine = await call('tester', 'GET', '/tester/testChecklist/queue?view=mine&limit=500');
    expect(mine.json().data.map((r: { id: number }) => r.id)).toContain(c.id);
    const theirs = await call('other', 'GET', '/testChecklist/queue?view=mine&limit=500');
    expect(theirs.json().data.map((r: { id: number }) => r.id)).not.toContain(c.id);

    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: [`Q-${c.id}`] });
    const steps = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    t.mails.length = 0;
    await ok('tester', 'POST', `/testChecklist/saveResults/${c.id}`, {
      results: steps.map((s: { id: number }) => ({ step_id: s.id, item_id: 1, result: 'passed' })),
    });
    const qaMail = t.mails.find((m) => m.subject.startsWith(`Test checklist #${c.id} is ready for QA sign-off`));
    expect(qaMail?.to.length).toBeGreaterThan(0);
    // Passed: out of the tester's open work, into QA's queue.
    const open = await call('tester', 'GET', '/testChecklist/queue?view=mine&limit=500');
    expect(open.json().data.map((r: { id: number }) => r.id)).not.toContain(c.id);
    const signoff = await call('qa', 'GET', '/qa/testChecklist/queue?view=signoff&limit=500');
    const row = signoff.json().data.find((r: { id: number }) => r.id === c.id);
    expect(row).toMatchObject({ status: 'passed', serials: [`Q-${c.id}`], test_by_name: 'Tomas Novak' });
    expect(signoff.json().total).toBeGreaterThan(0);
    // A repeated result on a passed checklist mails nobody again.
    t.mails.length = 0;
    await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
      step_id: steps[0].id,
      item_id: 1,
      result: 'passed',
    });
    expect(t.mails).toHaveLength(0);
    expect((await call('shipping', 'GET', '/testChecklist/queue')).statusCode).toBe(403);
  });
});

describe('serial rules and messages', () => {
  it('refuses too many, empty and duplicate serials with the spec messages, writing nothing', async () => {
    const { line } = await setup({ hasModem: 1 });
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    expect(c).toMatchObject({ product_max_serials: 2, product_has_modem: 1 });
    const events = await countHistory(t);
    const cases: Array<[string[], string]> = [
      [['a', 'b', 'c'], 'Only 2 serial numbers are allowed (IMEI included) (3 provided)'],
      [['a', ''], TC_MSG.serialsEmpty],
      [['a', 'a'], TC_MSG.serialsDuplicate],
    ];
    for (const [serials, message] of cases) {
      const res = await call('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().cause.serials).toBe(message);
    }
    expect(await countHistory(t)).toBe(events);
    expect((await ok('tester', 'GET', `/testChecklist/test/${c.id}`)).serials).toEqual([]);
  });

  it('refuses a serial already on another unit of the company (case aside), naming where', async () => {
    const { line } = await setup();
    const a = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    const b = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${a.id}`, { serials: ['DUP-9'] });
    const res = await call('tester', 'POST', `/testChecklist/test/saveSerials/${b.id}`, { serials: ['dup-9'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause.serials).toMatch(
      new RegExp(`^Serial DUP-9 is already on test checklist ${a.id} of order OC-T`),
    );
    expect((await ok('tester', 'GET', `/testChecklist/test/${b.id}`)).serials).toEqual([]);
    // Freed once the first checklist lets it go.
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${a.id}`, { serials: [] });
    expect(
      (await ok('tester', 'POST', `/testChecklist/test/saveSerials/${b.id}`, { serials: ['dup-9'] })).serials,
    ).toEqual(['dup-9']);
  });

  it('lowering the quantity drops the serials beyond the new limit and their results', async () => {
    const { line } = await setup();
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 2,
      order_product_id: line.id,
    });
    const [s1] = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['Q1', 'Q2'] });
    await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, { step_id: s1.id, item_id: 2, result: 'passed' });
    const edited = await ok('sale', 'POST', `/testChecklist/edit/${c.id}`, {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    expect(edited).toMatchObject({ quantity: 1, serials: ['Q1'], product_max_serials: 1 });
    expect((await ok('tester', 'GET', `/testChecklistStep/${s1.id}`)).results).toEqual([]);
  });
});

describe('permissions per role and per assigned tester (a refused call changes nothing)', () => {
  it('only the assigned tester enters results and serials; another tester gets 403', async () => {
    const { line } = await setup();
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    const [s1] = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    const events = await countHistory(t);
    expect(
      (await call('other', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['X'] })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('tester', 'POST', `/testChecklist/add`, {
          test_by: testerId,
          quantity: 1,
          order_product_id: line.id,
        })
      ).statusCode,
    ).toBe(403);
    await ok('production', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['P1'] });
    const eventsAfter = await countHistory(t);
    expect(eventsAfter).toBe(events + 1);
    for (const who of ['other', 'production', 'sale'] as const)
      expect(
        (await call(who, 'POST', `/testChecklist/saveResult/${c.id}`, { step_id: s1.id, item_id: 1, result: 'passed' }))
          .statusCode,
        who,
      ).toBe(403);
    for (const who of ['administrator', 'qa', 'shipping'] as const)
      expect(
        (await call(who, 'POST', `/testChecklist/saveResult/${c.id}`, { step_id: s1.id, item_id: 1, result: 'passed' }))
          .statusCode,
        who,
      ).toBe(403);
    expect(await countHistory(t)).toBe(eventsAfter);
    // Production assigned to itself may enter results.
    const prodId = await userId(t, 'production');
    const mine = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: prodId,
      quantity: 1,
      order_product_id: line.id,
    });
    const [m1] = await ok('production', 'GET', `/testChecklistStep/checklist/${mine.id}`);
    await ok('production', 'POST', `/testChecklist/test/saveSerials/${mine.id}`, { serials: ['M1'] });
    await ok('production', 'POST', `/testChecklist/saveResult/${mine.id}`, {
      step_id: m1.id,
      item_id: 1,
      result: 'passed',
    });
  });

  it('role prefixes are for their own role; shipping has no checklists', async () => {
    expect((await call('sale', 'GET', '/production/testChecklist/order')).statusCode).toBe(403);
    expect((await call('tester', 'GET', '/tester/testChecklist/order')).statusCode).toBe(200);
    expect((await call('shipping', 'GET', '/testChecklist/order')).statusCode).toBe(403);
    expect((await call('qa', 'GET', '/stockTestChecklist/product')).statusCode).toBe(403);
  });

  it('steps: admin, sale, production only', async () => {
    const { line } = await setup();
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    for (const who of ['tester', 'qa'] as const)
      expect(
        (await call(who, 'POST', '/testChecklistStep/save', { test_checklist_id: c.id, test_desc: 'x' })).statusCode,
      ).toBe(403);
    const added = await ok('administrator', 'POST', '/admin/testChecklistStep/save', {
      test_checklist_id: c.id,
      si_number: 99,
      test_desc: 'Burn-in 24 h',
    });
    expect(added.si_number).toBe(3);
    const moved = await ok('production', 'POST', '/testChecklistStep/reorder', {
      step_id: added.id,
      new_si_number: 1,
      checklist_id: c.id,
    });
    expect(moved.map((s: { test_desc: string }) => s.test_desc)).toEqual(['Burn-in 24 h', 'Power on', 'Check LEDs']);
    const rest = await ok('production', 'DELETE', `/testChecklistStep/delete/${moved[1].id}`);
    expect(rest.map((s: { si_number: number }) => s.si_number)).toEqual([1, 2]);
  });
});

describe('bad input on every call writes nothing', () => {
  it('answers the spec messages', async () => {
    const { line, shipLine } = await setup();
    const before = await countRows(t, 'test_checklists');
    const events = await countHistory(t);
    const add = await call('sale', 'POST', '/testChecklist/add', { order_product_id: line.id, quantity: 0 });
    expect(add.statusCode).toBe(400);
    expect(add.json().cause).toMatchObject({ test_by: TC_MSG.testerRequired, quantity: TC_MSG.quantityPositive });
    const noQty = await call('sale', 'POST', '/testChecklist/add', { order_product_id: line.id, test_by: testerId });
    expect(noQty.json().cause.quantity).toBe(TC_MSG.quantityRequired);
    const qaTester = await call('sale', 'POST', '/testChecklist/add', {
      order_product_id: line.id,
      test_by: await userId(t, 'qa'),
      quantity: 1,
    });
    expect(qaTester.json().cause.test_by).toBe(TC_MSG.testerRequired);
    const ship = await call('sale', 'POST', '/testChecklist/add', {
      order_product_id: shipLine.id,
      test_by: testerId,
      quantity: 1,
    });
    expect(ship.statusCode).toBe(409);
    const steps = await call('sale', 'POST', '/testChecklistStep/save', { test_desc: 'x' });
    expect(steps.json().message).toBe('Missing required parameters');
    const reorder = await call('sale', 'POST', '/testChecklistStep/reorder', { step_id: 1 });
    expect(reorder.json().message).toBe('Missing required parameters');
    const desc = await call('sale', 'POST', '/testChecklistStep/save', { test_checklist_id: 1, test_desc: ' ' });
    expect(desc.json().cause.test_desc).toBe('Test Description is required');
    const imp = await call('sale', 'POST', '/testChecklist/importFromStock', {
      order_product_id: line.id,
      stock_checklist_ids: [],
    });
    expect(imp.json().message).toBe(TC_MSG.selectImport);
    const exp = await call('sale', 'POST', '/testChecklist/exportToStock', { test_checklist_ids: [] });
    expect(exp.json().message).toBe(TC_MSG.selectExport);
    const rev = await call('sale', 'POST', '/testChecklist/test/updateRevision/1', { rev: '  ' });
    expect(rev.json().message).toBe(TC_MSG.revisionEmpty);
    expect((await call('sale', 'GET', '/testChecklist/test/999999')).json().message).toBe(TC_MSG.checklistNotFound);
    expect((await call('sale', 'GET', '/testChecklist/order/999999')).json().message).toBe(TC_MSG.orderNotFound);
    expect(await countRows(t, 'test_checklists')).toBe(before);
    expect(await countHistory(t)).toBe(events);
  });
});

describe('the order carries its test counts (document 1 section 2.8)', () => {
  it("answers each line's test_count so 'Tests: n (+excess)' can be shown", async () => {
    const { orderId, line } = await setup();
    await ok('sale', 'POST', '/testChecklist/add', { test_by: testerId, quantity: 2, order_product_id: line.id });
    await ok('sale', 'POST', '/testChecklist/add', { test_by: testerId, quantity: 1, order_product_id: line.id });
    const order = await ok('sale', 'GET', `/orders/${orderId}`);
    expect(order.products.map((l: { quantity: number; test_count: number }) => [l.quantity, l.test_count])).toEqual([
      [2, 3],
      [1, 0],
    ]);
    const overview = await ok('production', 'GET', `/testChecklist/order/${orderId}`);
    expect(overview.products[0]).toMatchObject({ quantity: 2, test_assigned: 3 });
  });
});

describe('lists', () => {
  it('gives each order its lines to test in line order, without shipping cost and untested products', async () => {
    const first = await makeProduct(t);
    const second = await makeProduct(t);
    const untested = await makeProduct(t, { isTestRequired: 0 }, []);
    const ship = await makeProduct(t, { isShippingCost: 1 }, []);
    const order = await createOrder(t, {
      products: [
        { product_id: second.id, quantity: 1, msrp: 10 },
        { product_id: ship.id, quantity: 1, msrp: 5 },
        { product_id: untested.id, quantity: 4, msrp: 10 },
        { product_id: first.id, quantity: 3, msrp: 10 },
        { product_id: second.id, quantity: 2, msrp: 10 },
      ],
    } as never);
    const rows = await ok('qa', 'GET', `/testChecklist/order?search=${encodeURIComponent(String(order.oc_ref))}`);
    expect(rows.map((r: { id: number }) => r.id)).toEqual([order.id]);
    expect(rows[0].products.map((l: { product_id: number; quantity: number }) => [l.product_id, l.quantity])).toEqual([
      [second.id, 1],
      [first.id, 3],
      [second.id, 2],
    ]);
  });

  it('filters orders by search, dealer, dates and test status; pages with a total', async () => {
    const { orderId, line, product } = await setup();
    const page = await call('qa', 'GET', `/testChecklist/order?test_status=pending&limit=500`);
    const ids = page.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(orderId);
    // Each row carries its products to test (document 3 §3 'products[]'): not the shipping cost line.
    expect(page.json().data.find((r: { id: number }) => r.id === orderId).products).toEqual([
      { product_id: product.id, name: line.name, quantity: 2 },
    ]);
    const c = await ok('sale', 'POST', '/testChecklist/add', {
      test_by: testerId,
      quantity: 1,
      order_product_id: line.id,
    });
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['L1'] });
    const steps = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, {
      step_id: steps[0].id,
      item_id: 1,
      result: 'passed',
    });
    const inProgress = await call('qa', 'GET', `/testChecklist/order?test_status=in%20progress&limit=500`);
    expect(inProgress.json().data.map((r: { id: number }) => r.id)).toContain(orderId);
    const row = inProgress.json().data.find((r: { id: number }) => r.id === orderId);
    const bySearch = await call('qa', 'GET', `/testChecklist/order?search=${encodeURIComponent(row.oc_ref)}`);
    expect(bySearch.json().data.map((r: { id: number }) => r.id)).toEqual([orderId]);
    expect(bySearch.json().total).toBe(1);
    const byDealer = await call('qa', 'GET', `/testChecklist/order?dealer=${row.dealer}`);
    expect(byDealer.json().data.map((r: { id: number }) => r.id)).toEqual([orderId]);
    const bad = await call('qa', 'GET', `/testChecklist/order?test_status=nonsense`);
    expect(bad.statusCode).toBe(400);
  });

  it('lists testers for the picker', async () => {
    const list = await ok('production', 'GET', '/autocomplete/testChecklist/tester');
    const roles = new Set(list.map((u: { user_role: string }) => u.user_role));
    expect([...roles].every((r) => ['tester', 'sale', 'production'].includes(r as string))).toBe(true);
    expect(list.some((u: { id: number }) => u.id === other.id)).toBe(true);
    expect((await call('tester', 'GET', '/autocomplete/testChecklist/tester')).statusCode).toBe(403);
  });
});
