import { MSG } from '@bpm/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { uniq } from './factories/uniq';
import { createTestApp, multipart, rolesExcept, specApi, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = Parameters<TestApp['as']>[0];
const get = async (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: await t.as(role) });
const save = async (role: Role, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/suppliers/save', headers: await t.as(role), payload });

const valid = { name: 'Acme Components', contact_person: 'Jane Doe', address: '1 Main St, Springfield' };

describe('suppliers', () => {
  it('lists with total and searches name, contact person and e-mail', async () => {
    const all = (await get('purchase', '/api/suppliers?limit=5')).json();
    expect(all.total).toBe(15);
    expect(all.data).toHaveLength(5);
    expect((await get('purchase', '/api/suppliers?search=mouser')).json().total).toBe(1);
    expect((await get('purchase', '/api/suppliers?search=kenneth')).json().data[0].name).toBe('Arrow Electronics Asia');
    expect((await get('purchase', '/api/suppliers?search=example.com')).json().total).toBe(15);
  });

  it('answers one supplier by SupplierId and by id', async () => {
    const [first] = (await get('admin', '/api/suppliers?limit=1')).json().data;
    const one = (await get('admin', `/api/suppliers?SupplierId=${first.id}`)).json();
    expect(one.total).toBe(1);
    expect(one.data[0].id).toBe(first.id);
    expect((await get('admin', `/api/suppliers/${first.id}`)).json().data).toMatchObject({ name: first.name });
    expect((await get('admin', '/api/suppliers/999999')).statusCode).toBe(404);
  });

  it('requires name, contact person and address, and a valid e-mail if given', async () => {
    const res = await save('purchase', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause).toEqual({
      name: MSG.required,
      contact_person: MSG.required,
      address: MSG.required,
      email: MSG.email,
    });
  });

  it('creates, updates with the version and refuses a stale one', async () => {
    const created = await save('purchase', {
      ...valid,
      supplier2303: '123-456-789-000',
      email: 'jane@acme.example.com',
      phone: '+1 555 0100',
      bank_details: 'IBAN XX00 0000',
    });
    expect(created.statusCode).toBe(200);
    const s = created.json().data;
    expect(s).toMatchObject({ ...valid, supplier2303: '123-456-789-000', bank_details: 'IBAN XX00 0000', version: 1 });
    const upd = await save('admin', { ...valid, id: s.id, phone: '+1 555 0199', version: 1 });
    expect(upd.json().data).toMatchObject({ phone: '+1 555 0199', email: '', version: 2 });
    const stale = await save('purchase', { ...valid, id: s.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Alice Morgan');
    const events = await queryRows<{ event: string }>(
      t.database.db,
      sql`select event from events where entity_type = 'supplier' and entity_id = ${s.id} order by id`,
    );
    expect(events.map((e) => e.event)).toEqual(['supplier_created', 'supplier_updated']);
  });

  it('lets only one of two simultaneous saves from the same version win; the other gets 409', async () => {
    const s = (await save('purchase', { ...valid, name: 'Race Supplies' })).json().data;
    const [a, b] = await Promise.all([
      save('purchase', { ...valid, name: 'Race Supplies', id: s.id, phone: 'A', version: s.version }),
      save('admin', { ...valid, name: 'Race Supplies', id: s.id, phone: 'B', version: s.version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'A' : 'B';
    expect((await get('admin', `/api/suppliers/${s.id}`)).json().data).toMatchObject({ phone: winner, version: 2 });
  });

  it('accepts a form post too', async () => {
    const mp = multipart({ name: 'Form Supplier', contact_person: 'F. Orm', address: 'Somewhere' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/suppliers/save',
      payload: mp.payload,
      headers: { ...(await t.as('admin')), ...mp.headers },
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps supplier names unique case-insensitively', async () => {
    const dup = await save('purchase', { ...valid, name: 'MOUSER ELECTRONICS' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().cause.name).toBe(MSG.supplierNameTaken);
  });

  it('autocomplete answers name-ordered options for the PO picker', async () => {
    const res = await get('purchase', '/api/autocomplete/suppliers?search=electronics');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toContain('Mouser Electronics');
    expect(res.json().data[0]).toHaveProperty('supplier2303');
    expect(res.json().data[0]).not.toHaveProperty('bank_details');
  });

  it('is for administrator and purchase only', async () => {
    for (const role of ['sale', 'shipping', 'production', 'qa', 'poapproval', 'tester'] as const) {
      expect((await get(role, '/api/suppliers')).statusCode).toBe(403);
      expect((await get(role, '/api/autocomplete/suppliers')).statusCode).toBe(403);
      expect((await save(role, valid)).statusCode).toBe(403);
    }
  });
});

describe('suppliers — spec doc 2 §3, §5, §6, §7 (conformance)', () => {
  const { call, form, ok, cause } = specApi(() => t);

  it('administrator and purchase only', async () => {
    for (const role of rolesExcept(['administrator', 'purchase'])) {
      expect((await call(role, 'GET', '/suppliers')).statusCode, role).toBe(403);
      expect((await form(role, '/suppliers/save', { name: 'x' })).statusCode, role).toBe(403);
    }
  });

  it('validation: name, contact_person, address required; email valid', async () => {
    const c = cause(await form('purchase', '/suppliers/save', { email: 'bad' }));
    for (const f of ['name', 'contact_person', 'address']) expect(c[f], f).toBe('required field');
    expect(c.email).toBe('Please enter a valid email address');
  });

  it('save and GET /suppliers (optionally by SupplierId) with the spec fields', async () => {
    const res = ok(
      await form('purchase', '/suppliers/save', {
        name: uniq('Conformance Supplies'),
        contact_person: 'Jane',
        address: '1 Road',
        supplier2303: 'TIN-1',
        email: 'jane@example.com',
      }),
    );
    for (const f of ['id', 'name', 'contact_person', 'supplier2303', 'address', 'email', 'phone', 'bank_details'])
      expect(res.data, f).toHaveProperty(f);
    const one = ok(await call('administrator', 'GET', `/suppliers?SupplierId=${res.data.id}`));
    const rows = Array.isArray(one.data) ? one.data : [one.data];
    expect(rows[0].id).toBe(res.data.id);
  });
});
