// Issue 25 item 2: a result cell's save writes the checklist's status only when it changed, and recomputes its
// order's test status only when the checklist's status (or quantity, or order) changed — and the order's status
// is what its checklists say after every save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist, makeTestedOrder } from './factories/testing';
import { userId } from './factories/users';
import { call, createTestApp, statementsOf, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function ok(role: 'tester' | 'sale', method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await call(t, role, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}
const statusWrites = (qs: string[]) => qs.filter((q) => /^update "test_checklists" set "status"/.test(q));
const orderWrites = (qs: string[]) => qs.filter((q) => /^update "orders"/.test(q));

describe('checklist result save', () => {
  it('writes the statuses only when they change; the order shows its checklists’ status after each save', async () => {
    const tester = await userId(t, 'tester');
    const { orderId, line } = await makeTestedOrder(t);
    const c = await makeChecklist(t, line.id, tester, 2);
    await ok('tester', 'POST', `/testChecklist/test/saveSerials/${c.id}`, { serials: ['CS-1', 'CS-2'] });
    const steps: Array<{ id: number }> = await ok('tester', 'GET', `/testChecklistStep/checklist/${c.id}`);
    const cells = steps.flatMap((s) => [1, 2].map((item) => ({ step_id: s.id, item_id: item })));
    const orderStatus = async () => (await ok('sale', 'GET', `/orders/${orderId}`)).test_status;

    // The first result starts the test: both statuses move.
    const [first, ...rest] = cells;
    expect(rest.length).toBe(3); // two steps × two units: two saves in between
    let qs = await statementsOf(t, () =>
      ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, { ...first, result: 'passed' }),
    );
    const started = await ok('tester', 'GET', `/testChecklist/test/${c.id}`);
    expect(statusWrites(qs)).toHaveLength(started.status === c.status ? 0 : 1);
    const startedOrder = await orderStatus();

    // A result that leaves the checklist in progress writes neither status.
    for (const cell of rest.slice(0, -1)) {
      qs = await statementsOf(t, () =>
        ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, { ...cell, result: 'passed' }),
      );
      expect(statusWrites(qs), qs.join('\n')).toEqual([]);
      expect(orderWrites(qs), qs.join('\n')).toEqual([]);
      expect((await ok('tester', 'GET', `/testChecklist/test/${c.id}`)).status).toBe(started.status);
      expect(await orderStatus()).toBe(startedOrder);
    }

    // The last cell passes the checklist: its status and the order's follow in the same save.
    qs = await statementsOf(t, () =>
      ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, { ...rest.at(-1)!, result: 'passed' }),
    );
    expect(statusWrites(qs)).toHaveLength(1);
    expect((await ok('tester', 'GET', `/testChecklist/test/${c.id}`)).status).toBe('passed');
    expect(await orderStatus()).toBe('passed');

    // A failed cell fails the checklist, and the order with it.
    await ok('tester', 'POST', `/testChecklist/saveResult/${c.id}`, { ...first, result: 'failed' });
    expect((await ok('tester', 'GET', `/testChecklist/test/${c.id}`)).status).toBe('failed');
    expect(await orderStatus()).toBe('failed');
  });
});
