import type { EventName } from '@bpm/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../src/platform/events';
import { createTestApp, type TestApp } from './helpers';

// Issue 8 item 3: event lists show a role only the entity types it may open, and no order money to
// shipping and production.
let t: TestApp;
const T0 = 1_700_000_000;
const ORDER_ID = 424_242;
beforeAll(async () => {
  t = await createTestApp();
  const actor = { user_id: null, username: 'scope-probe', first_name: 'Scope', last_name: 'Probe' };
  const add = (entityType: string, entityId: number, event: EventName, data: Record<string, unknown>, at: number) =>
    recordEvent(t.database.db, actor, { entityType, entityId, event, data }, at);
  await add('supplier', 1, 'supplier_updated', { changes: { bank_account: { old: 'DE00 1', new: 'DE00 2' } } }, T0);
  await add('user', 1, 'user_updated', { changes: { email: { old: 'a@x', new: 'b@x' } } }, T0 + 1);
  await add('partComponent', 1, 'part_component_updated', { changes: { price: { old: 1, new: 2 } } }, T0 + 2);
  await add('dealer', 1, 'dealer_updated', { changes: { notes: { old: '', new: 'scope-probe note' } } }, T0 + 3);
  await add(
    'order',
    ORDER_ID,
    'order_updated',
    {
      oc_ref: 'OC-SCOPE',
      value: 1000,
      changes: {
        value: { old: 900, new: 1000 },
        payment_received: { old: 0, new: 500 },
        note: { old: '', new: 'ship fast' },
        products: { old: ['1 × P-1 @ 900.00'], new: ['1 × P-1 @ 1000.00 −5%'] },
      },
    },
    T0 + 4,
  );
});
afterAll(() => t.close());

async function list(role: 'administrator' | 'sale', search = 'scope-probe') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/events?limit=200&search=${search}`,
    headers: await t.as(role),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Array<{ entity_type: string; data: Record<string, unknown> }>; total: number };
}

describe('event list scoping', () => {
  it('shows the administrator every entity type', async () => {
    const types = (await list('administrator')).data.map((e) => e.entity_type).sort();
    expect(types).toEqual(['dealer', 'order', 'partComponent', 'supplier', 'user']);
  });

  it('shows sale only the types sale may open (no suppliers, users or part prices), total included', async () => {
    const page = await list('sale');
    expect(page.data.map((e) => e.entity_type).sort()).toEqual(['dealer', 'order']);
    expect(page.total).toBe(2);
  });

  it('gives shipping and production order history without money', async () => {
    for (const role of ['shipping', 'production'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/events/order/${ORDER_ID}`,
        headers: await t.as(role),
      });
      expect(res.statusCode, role).toBe(200);
      const [e] = res.json().data as Array<{ data: Record<string, unknown> }>;
      expect(e!.data).not.toHaveProperty('value');
      const changes = e!.data.changes as Record<string, unknown>;
      expect(Object.keys(changes).sort()).toEqual(['note']);
      expect(JSON.stringify(e!.data)).not.toMatch(/900|1000|500/);
    }
    // Sale keeps the money.
    const sale = await t.app.inject({
      method: 'GET',
      url: `/api/events/order/${ORDER_ID}`,
      headers: await t.as('sale'),
    });
    expect(sale.json().data[0].data.changes.value).toEqual({ old: 900, new: 1000 });
  });
});
