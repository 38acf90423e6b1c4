import { EVENT_KINDS, EVENT_RECORD_TYPES, EVENTS, type EventName } from '@bpm/contract/events';
import { type Action, can } from '@bpm/contract/permissions';
import { ROLES } from '@bpm/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/platform';
import { ENTITY_OPEN_ACTION } from '../src/modules/events/scope';
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
    expect((await get('/events?offset=100')).json()).toEqual({ data: [], total: 20, total_estimated: 0 });
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
    expect((await get('/events/order/5')).json()).toEqual({ data: [], total: 0, total_estimated: 0 });
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

describe('GET /events filters (type, event, user, date)', () => {
  beforeAll(async () => {
    // The refused calls of the tests above were audited (security events): the counts below are of
    // the events this file wrote.
    await t.database.db.delete(events).where(eq(events.entityType, 'security'));
    // One user event (administrator only) and one dealer event, after the order and task events.
    await recordEvent(
      t.database.db,
      { user_id: 1, username: 'admin' },
      { entityType: 'user', entityId: 3, event: 'user_updated', data: {} },
      T0 + 100,
    );
    await recordEvent(
      t.database.db,
      { user_id: 2, username: 'sale' },
      { entityType: 'dealer', entityId: 4, event: 'dealer_updated', data: {} },
      T0 + 101,
    );
  });

  const total = async (url: string, role: Parameters<TestApp['as']>[0] = 'administrator') => {
    const res = await get(url, role);
    expect(res.statusCode, url).toBe(200);
    return res.json().total as number;
  };

  it('filters by record type and event name', async () => {
    expect(await total('/events?type=task')).toBe(5);
    expect(await total('/events?type=order')).toBe(15);
    expect(await total('/events?type=order&event=order_saved&search=50%25')).toBe(3);
    expect(await total('/events?event=task_saved')).toBe(5);
    expect(await total('/events?event=dealer_updated')).toBe(1);
    expect(await total('/events?event=nothing_like_this')).toBe(0);
    const rows = (await get('/events?type=task&limit=200')).json().data as Array<{ entity_type: string }>;
    expect(rows.every((e) => e.entity_type === 'task')).toBe(true);
    expect((await get('/events?type=invoice')).statusCode).toBe(400);
  });

  it('filters by user: part of the username or of the full name, case-insensitive', async () => {
    expect(await total('/events?user=TESTER')).toBe(5);
    expect(await total('/events?user=tomas nov')).toBe(5);
    expect(await total('/events?user=reyes')).toBe(16);
    expect(await total('/events?user=reyes&type=dealer')).toBe(1);
    expect(await total('/events?user=nobody-here')).toBe(0);
  });

  it('filters by time, both ends inclusive, and pages the filtered rows in SQL', async () => {
    expect(await total(`/events?from=${T0 + 12}&to=${T0 + 16}`)).toBe(5);
    expect(await total(`/events?from=${T0 + 17}`)).toBe(5);
    expect(await total(`/events?to=${T0 + 11}`)).toBe(12);
    expect(await total('/events?from=&to=')).toBe(22);
    const page = (await get(`/events?type=order&from=${T0 + 5}&limit=3&offset=3`)).json();
    expect(page.total).toBe(10);
    expect(page.data.map((e: { time: number }) => e.time)).toEqual([T0 + 11, T0 + 10, T0 + 9]);
    expect((await get('/events?from=abc')).statusCode).toBe(400);
  });

  it("keeps the role's scope: a filter never shows a type the role may not open", async () => {
    expect(await total('/events?type=user')).toBe(1);
    expect(await total('/events?type=user', 'sale')).toBe(0);
    expect(await total('/events?user=admin', 'sale')).toBe(0);
    expect(await total('/events?type=dealer', 'sale')).toBe(1);
  });

  it("filters one record's history too", async () => {
    expect(await total(`/events/order/7?from=${T0 + 10}`)).toBe(2);
    expect(await total('/events/order/7?type=task')).toBe(0);
    expect(await total('/events/task/5?user=tomas')).toBe(5);
  });

  it('the CSV export takes the same filters', async () => {
    const res = await get(`/events/export.csv?type=task&user=tomas&to=${T0 + 13}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(1 + 2);
  });
});

describe('the Record filter covers every audited type', () => {
  it('offers every entity type the scope knows and every catalogue stem', () => {
    for (const type of Object.keys(ENTITY_OPEN_ACTION)) expect(Object.keys(EVENT_RECORD_TYPES)).toContain(type);
    const stems = Object.values(EVENT_RECORD_TYPES).flatMap((t) => [...t.stems]);
    expect([...stems].sort()).toEqual(Object.keys(EVENTS).sort());
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
