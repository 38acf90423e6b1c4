/**
 * The one save path (platform/records.ts `saveRecord`, docs/decisions.md 'Every record saves through
 * saveRecord'): a save that changes nothing leaves the record as it was — same version and updatedAt, no
 * event — while a save that changes something bumps the version and logs the change, and a stale save
 * names the author of the last real change.
 */
import { type DealerSave, dealerSave } from '@bpm/contract/dealers';
import { EVENTS } from '@bpm/contract/events';
import { MSG } from '@bpm/contract/messages';
import type { SupplierSave } from '@bpm/contract/suppliers';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/platform';
import { dealers } from '../src/db/schema/sales';
import { users } from '../src/db/schema/users';
import { saveDealers } from '../src/modules/dealers/service';
import { saveSuppliers } from '../src/modules/suppliers/service';
import type { AppError } from '../src/platform/errors';
import { SaveRowError } from '../src/platform/records';
import { makeSupplier } from './factories/purchasing';
import { createDealer, DEALER } from './factories/sales';
import { uniq } from './factories/uniq';
import { makeUser } from './factories/users';
import { createTestApp, postForm, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const historyOf = (entityType: string, id: number) =>
  t.database.db
    .select({ event: events.event, username: events.username, data: events.data })
    .from(events)
    .where(and(eq(events.entityType, entityType), eq(events.entityId, id)))
    .orderBy(asc(events.id));

const dealerRow = async (id: number) => (await t.database.db.select().from(dealers).where(eq(dealers.id, id)))[0]!;

describe('a save that changes nothing', () => {
  it('keeps the version and updatedAt, writes no event and answers the record as stored', async () => {
    const d = await createDealer(t, { discount: 10 });
    const stored = await dealerRow(d.id);
    const history = await historyOf('dealer', d.id);
    t.clock.advance(120);
    const res = await postForm(t, 'administrator', '/api/dealers/save', {
      ...DEALER,
      name: d.name,
      discount: 10,
      id: d.id,
      version: d.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(d);
    const after = await dealerRow(d.id);
    expect(after.version).toBe(stored.version);
    expect(after.updatedAt).toBe(stored.updatedAt);
    expect(await historyOf('dealer', d.id)).toEqual(history);
  });

  it('a save that changes a field bumps the version and logs the change', async () => {
    const d = await createDealer(t, { discount: 10 });
    t.clock.advance(60);
    const res = await postForm(t, 'administrator', '/api/dealers/save', {
      ...DEALER,
      name: d.name,
      discount: 12.5,
      id: d.id,
      version: d.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.version).toBe(d.version + 1);
    const row = await dealerRow(d.id);
    expect(row.version).toBe(d.version + 1);
    expect(row.updatedAt).toBe(Math.floor(t.clock.now() / 1000));
    const last = (await historyOf('dealer', d.id)).at(-1)!;
    expect(last.event).toBe(EVENTS.dealer.updated);
    expect(last.username).toBe('admin');
    expect(last.data).toEqual({ name: d.name, changes: { discount: { old: 10, new: 12.5 } } });
  });

  it('a stale save after a real change names who changed it, not a later save that changed nothing', async () => {
    const d = await createDealer(t);
    const changed = await postForm(t, 'administrator', '/api/dealers/save', {
      ...DEALER,
      name: d.name,
      notes: 'Changed by the administrator',
      id: d.id,
      version: d.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const version = changed.json().data.version;
    expect(version).toBe(d.version + 1);
    // Shipping saves the same form again: nothing changes, the version stays.
    const same = await postForm(t, 'shipping', '/api/dealers/save', {
      ...DEALER,
      name: d.name,
      notes: 'Changed by the administrator',
      id: d.id,
      version,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.version).toBe(version);
    const stale = await postForm(t, 'sale', '/api/dealers/save', {
      ...DEALER,
      name: d.name,
      notes: 'From an old form',
      id: d.id,
      version: d.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Alice Morgan (admin)');
    expect(stale.json().message).not.toContain('(shipping)');
    expect((await dealerRow(d.id)).notes).toBe('Changed by the administrator');
  });

  it('a change the snapshot does not show (a new password) still bumps the version and logs it', async () => {
    const u = await makeUser(t, 'tester', 'Pat', 'Field');
    const { id, version, ...form } = u.record as unknown as Record<string, unknown> & { id: number; version: number };
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/save',
      headers: await t.as('administrator'),
      payload: { ...form, id, version, password: 'another1', confirmPassword: 'another1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.version).toBe(version + 1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.passwordHash).not.toBe(stored!.passwordHash);
    const last = (await historyOf('user', id)).at(-1)!;
    expect(last.event).toBe(EVENTS.user.updated);
    expect(last.data).toEqual({ username: u.username, changes: { password: { old: '••••••', new: '••••••' } } });
  });
});

describe('the batch form of the save (saveRecords)', () => {
  const actor = { user_id: null, username: 'system', first_name: 'Batch', last_name: 'Job' };
  const form = (name: string, over: Partial<DealerSave> = {}) =>
    dealerSave.parse({ ...DEALER, name, ...over }) as DealerSave;

  it('creates, updates and leaves unchanged records in one call: one event per record that changed', async () => {
    const kept = await createDealer(t, { discount: 10 });
    const changed = await createDealer(t, { discount: 10 });
    const fresh = uniq('Batch Dealer');
    const history = { kept: await historyOf('dealer', kept.id), changed: await historyOf('dealer', changed.id) };
    const now = Math.floor(t.clock.now() / 1000) + 60;
    const saved = await t.database.db.transaction((tx) =>
      saveDealers(
        tx,
        [
          form(fresh),
          form(changed.name, { id: changed.id, version: changed.version, discount: 15 }),
          form(kept.name, { id: kept.id, version: kept.version, discount: 10 }),
        ],
        actor,
        now,
      ),
    );
    expect(saved.map((d) => d.name)).toEqual([fresh, changed.name, kept.name]);
    expect(saved[1]!.version).toBe(changed.version + 1);
    expect(saved[2]).toEqual(kept);
    expect((await dealerRow(kept.id)).updatedAt).not.toBe(now);
    expect(await historyOf('dealer', kept.id)).toEqual(history.kept);
    expect((await historyOf('dealer', changed.id)).slice(history.changed.length)).toEqual([
      {
        event: EVENTS.dealer.updated,
        username: 'system',
        data: { name: changed.name, changes: { discount: { old: 10, new: 15 } } },
      },
    ]);
    const created = await historyOf('dealer', saved[0]!.id);
    expect(created.map((e) => e.event)).toEqual([EVENTS.dealer.created]);
    expect((await dealerRow(saved[0]!.id)).createdAt).toBe(now);
  });

  it('a stale version in the set fails the whole set, naming its place', async () => {
    const a = await createDealer(t);
    const b = await createDealer(t);
    const fresh = uniq('Never Saved');
    const err = await t.database.db
      .transaction((tx) =>
        saveDealers(
          tx,
          [form(fresh), form(a.name, { id: a.id, notes: 'x' }), form(b.name, { id: b.id, version: b.version + 5 })],
          actor,
          Math.floor(t.clock.now() / 1000),
        ),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SaveRowError);
    expect((err as SaveRowError).index).toBe(2);
    expect(((err as SaveRowError).error as AppError).statusCode).toBe(409);
    const [{ n }] = (await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dealers)
      .where(eq(dealers.name, fresh))) as [{ n: number }];
    expect(n).toBe(0);
    expect((await dealerRow(a.id)).notes).toBe('');
  });

  it('an area’s rule runs once for the set: a name held by a stored supplier or an earlier row is taken', async () => {
    const stored = await makeSupplier(t);
    const name = uniq('Twice');
    const save = (names: string[]) =>
      t.database.db
        .transaction((tx) =>
          saveSuppliers(
            tx,
            names.map((n) => ({ name: n, contact_person: 'A', address: 'B' }) as SupplierSave),
            actor,
            Math.floor(t.clock.now() / 1000),
          ),
        )
        .catch((e: unknown) => e as SaveRowError);
    for (const [names, index] of [
      [[uniq('Free'), String(stored.name).toUpperCase()], 1],
      [[name, uniq('Free'), name.toLowerCase()], 2],
    ] as const) {
      const err = (await save([...names])) as SaveRowError;
      expect(err).toBeInstanceOf(SaveRowError);
      expect(err.index).toBe(index);
      expect((err.error as AppError).fieldErrors).toEqual({ name: MSG.supplierNameTaken });
    }
  });
});
