/**
 * Issue 21 item 7: what a security review asks of the audit trail — refused calls (rate-limited per
 * caller), logout, refresh-token reuse (family revoked), license-registry reads, downloads of sensitive
 * documents and CSV exports — each with actor, target and address, for the administrator on /events
 * (Type: Security), and for nobody else.
 */
import { EVENTS } from '@bpm/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS_PER_MINUTE } from '../src/platform/security-audit';
import { createOrder } from './factories/sales';
import { makeUser } from './factories/users';
import { createTestApp, get, postForm, refreshCookie, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { event: string; username: string; entity_type: string; data: Record<string, unknown> };

/** The administrator's view of one security event of one user. */
async function audited(event: string, username: string): Promise<Row[]> {
  const res = await get(t, 'administrator', `/api/events?limit=100&type=security&event=${event}&user=${username}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data as Row[]).filter((r) => r.username === username);
}

const from = (address: string) => ({ remoteAddress: address });

describe('security audit', () => {
  it('records refused calls with who, route and address, at most the limit a minute per caller', async () => {
    const person = await makeUser(t, 'sale');
    for (let i = 0; i < REFUSALS_PER_MINUTE + 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?offset=${i}`,
        headers: person.headers,
        ...from('10.7.0.1'),
      });
      expect(res.statusCode).toBe(403);
    }
    const rows = await audited(EVENTS.security.refused, person.username);
    expect(rows).toHaveLength(REFUSALS_PER_MINUTE);
    expect(rows[0]).toMatchObject({
      entity_type: 'security',
      data: { route: 'GET /api/admin/users', address: '10.7.0.1' },
    });
    // A minute later the caller's refusals are recorded again.
    t.clock.advance(61);
    await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: person.headers });
    expect(await audited(EVENTS.security.refused, person.username)).toHaveLength(REFUSALS_PER_MINUTE + 1);
  });

  it('records logout, and a reused refresh token with its family revoked', async () => {
    const person = await makeUser(t, 'qa');
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: person.username, password: 'secret1' },
      });
    const refresh = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: { cookie }, ...from('10.7.0.2') });

    const first = refreshCookie(await login())!;
    const second = refreshCookie(await refresh(first))!;
    t.clock.advance(60);
    expect((await refresh(first)).statusCode).toBe(401);
    const [reuse] = await audited(EVENTS.security.refreshReused, person.username);
    expect(reuse?.data).toMatchObject({ target_type: 'session', family_revoked: true, address: '10.7.0.2' });
    // The family is revoked: the legitimate successor is refused too.
    expect((await refresh(second)).statusCode).toBe(401);

    const cookie = refreshCookie(await login())!;
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie },
      ...from('10.7.0.3'),
    });
    expect(out.statusCode).toBe(200);
    const [logout] = await audited(EVENTS.security.logout, person.username);
    expect(logout?.data).toMatchObject({ target_type: 'session', address: '10.7.0.3' });
  });

  it('records license-registry reads, sensitive downloads and CSV exports with their targets', async () => {
    const seller = await makeUser(t, 'sale');
    const as = (url: string) => t.app.inject({ method: 'GET', url, headers: seller.headers, ...from('10.7.0.4') });

    expect((await as('/api/license/registry?search=ABC')).statusCode).toBe(200);
    const [registry] = await audited(EVENTS.security.licenseRegistryRead, seller.username);
    expect(registry?.data).toMatchObject({ route: 'GET /api/license/registry', address: '10.7.0.4' });
    expect(registry?.data.filters).toMatchObject({ search: 'ABC' });

    const order = await createOrder(t);
    const saved = await postForm(t, 'sale', '/api/orders/save', { ...order, products: undefined }, [
      { field: 'oc_pdf', name: 'OC-AUDIT.pdf' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await as(`/api/files/orders/oc_pdf/${order.id}`)).statusCode).toBe(200);
    const [download] = await audited(EVENTS.security.documentDownloaded, seller.username);
    expect(download?.data).toMatchObject({ target_type: 'orders/oc_pdf', target_id: order.id, address: '10.7.0.4' });
    // The history names what was downloaded.
    expect((download as Row & { record_label: string }).record_label).toBe(`orders/oc_pdf ${order.id}`);

    expect((await as('/api/orders/export.csv?search=zzz')).statusCode).toBe(200);
    const [exported] = await audited(EVENTS.security.csvExported, seller.username);
    expect(exported?.data).toMatchObject({ route: 'GET /api/orders/export.csv', address: '10.7.0.4' });
  });

  it("security events are the administrator's only (sale, the other role of /events, reads none)", async () => {
    expect((await get(t, 'administrator', '/api/events?limit=5&type=security')).json().data.length).toBeGreaterThan(0);
    const res = await get(t, 'sale', '/api/events?limit=100&type=security');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    const all = (await get(t, 'sale', '/api/events?limit=100&search=address')).json().data as Row[];
    expect(all.filter((r) => r.entity_type === 'security')).toEqual([]);
  });
});
