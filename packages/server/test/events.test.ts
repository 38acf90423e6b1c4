import { EVENT_KINDS, type EventName } from '@bpm/contract/events';
import { type Action, can } from '@bpm/contract/permissions';
import { ROLES } from '@bpm/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/platform';
import { recordEvent } from '../src/platform/events';
import { createQuotation } from './factories/sales';
import { createTestApp, specApi, type TestApp } from './helpers';

let t: TestApp;
const T0 = 1_700_000_000;
beforeAll(async () => {
  t = await createTestApp();
  // Sign every role in first and drop those audited logins: the counts below are of this file's events.
  for (const role of ROLES) await t.as(role);
  await t.database.db.delete(events);
  const actor = { user_id: 2, username: 'sale' };
  // 12 order events, 5 task events, 3 for another order; times increase so the newest is known.
  // The names are made up (not in the catalogue): the store and search take any event text.
  const saved = 'order_saved' as EventName;
  let time = T0;
  for (let i = 0; i < 12; i++)
    await recordEvent(
      t.database.db,
      actor,
      { entityType: 'order', entityId: 7, event: saved, data: { changes: { value: { old: i, new: i + 1 } } } },
      time++,
    );
  for (let i = 0; i < 5; i++)
    await recordEvent(
      t.database.db,
      { user_id: 8, username: 'tester' },
      {
        entityType: 'task',
        entityId: 5,
        event: 'task_saved' as EventName,
        data: { title: i === 2 ? 'Calibrate XYZZY rig' : 'Other' },
      },
      time++,
    );
  for (let i = 0; i < 3; i++)
    await recordEvent(
      t.database.db,
      actor,
      { entityType: 'order', entityId: 8, event: saved, data: { note: '50% done' } },
      time++,
    );
});
afterAll(() => t.close());

const get = async (url: string, role: Parameters<TestApp['as']>[0] = 'administrator') =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: await t.as(role) });

describe('GET /events', () => {
  it('answers every event newest first with the spec fields and a total', async () => {
    const res = await get('/events?limit=200');
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(20);
    expect(data).toHaveLength(20);
    const times = data.map((e: { time: number }) => e.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data[0]).toMatchObject({
      time: T0 + 19,
      username: 'sale',
      first_name: 'Samuel',
      last_name: 'Reyes',
      event: 'order_saved',
      entity_type: 'order',
      entity_id: 8,
      data: { note: '50% done' },
    });
  });

  it('pages with limit and offset; 25 rows without a limit', async () => {
    const p = (await get('/events?limit=5&offset=5')).json();
    const all = (await get('/events?limit=200')).json();
    expect(p.total).toBe(20);
    expect(p.data.map((e: { id: number }) => e.id)).toEqual(all.data.slice(5, 10).map((e: { id: number }) => e.id));
    expect((await get('/events?offset=100')).json()).toEqual({ data: [], total: 20 });
    expect((await get('/events?limit=0')).statusCode).toBe(400);
    expect((await get('/events?limit=201')).statusCode).toBe(400);
    expect((await get('/events?offset=-1')).statusCode).toBe(400);
  });

  it('searches event name, user and data case-insensitively, wildcards literal', async () => {
    expect((await get('/events?search=xyzzy')).json().total).toBe(1);
    expect((await get('/events?search=TOMAS')).json().total).toBe(5);
    expect((await get('/events?search=task_saved&limit=2')).json()).toMatchObject({ total: 5 });
    expect((await get('/events?search=50%25')).json().total).toBe(3);
    expect((await get('/events?search=5_%25')).json().total).toBe(0);
  });
});

describe('GET /events/{kind}/{id}', () => {
  it("answers one record's history with limit, offset, search and total", async () => {
    const all = (await get('/events/order/7?limit=200')).json();
    expect(all.total).toBe(12);
    expect(all.data.every((e: { entity_id: number }) => e.entity_id === 7)).toBe(true);
    expect(all.data[0].data.changes.value).toEqual({ old: 11, new: 12 });
    const page = (await get('/events/order/7?limit=4&offset=8')).json();
    expect(page.total).toBe(12);
    expect(page.data.map((e: { id: number }) => e.id)).toEqual(all.data.slice(8, 12).map((e: { id: number }) => e.id));
    expect((await get('/events/task/5?search=xyzzy')).json().total).toBe(1);
    expect((await get('/events/order/5')).json()).toEqual({ data: [], total: 0 });
  });

  it('refuses unknown kinds and bad ids', async () => {
    expect((await get('/events/invoice/1')).statusCode).toBe(404);
    expect((await get('/events/order/abc')).statusCode).toBe(400);
    expect((await get('/events/order/-1')).statusCode).toBe(400);
  });

  it('follows the permission table for every role and kind', async () => {
    for (const role of ROLES) {
      expect((await get('/events', role)).statusCode, `${role} /events`).toBe(can(role, 'events.all') ? 200 : 403);
      for (const kind of EVENT_KINDS) {
        const res = await get(`/events/${kind}/5`, role);
        expect(res.statusCode, `${role} ${kind}`).toBe(can(role, `events.${kind}` as Action) ? 200 : 403);
      }
    }
  });

  it('tester may read task events but not order events', async () => {
    expect((await get('/events/task/5', 'tester')).json().total).toBe(5);
    const denied = await get('/events/order/7', 'tester');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('You do not have permission to do this.');
    expect((await get('/events', 'tester')).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/events/task/5' })).statusCode).toBe(401);
  });
});

describe('events — spec doc 1 §3, §7 (conformance)', () => {
  const { call, ok } = specApi(() => t);

  it('GET /events and per-record lists with limit, offset, search; rows carry the spec fields', async () => {
    const quotationId = (await createQuotation(t, { value: 500 })).id;
    const body = ok(await call('administrator', 'GET', '/events?limit=5&offset=0&search='));
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data)
      for (const f of ['time', 'username', 'first_name', 'last_name', 'event', 'data'])
        expect(row, f).toHaveProperty(f);
    expect(typeof body.data[0].time).toBe('number');
    for (const kind of ['order', 'quotation', 'packinglist', 'purchaseorder', 'task', 'project'])
      ok(await call('administrator', 'GET', `/events/${kind}/${quotationId}?limit=10&offset=0&search=`));
    const q = ok(await call('sale', 'GET', `/events/quotation/${quotationId}`));
    expect(q.data.length).toBeGreaterThan(0);
  });
});
