import { MSG } from '@bpm/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniq } from './factories/uniq';
import { makeUser } from './factories/users';
import {
  type AnyJson,
  countHistory,
  countRows,
  createTestApp,
  multipart,
  refreshCookie,
  rolesExcept,
  SAMPLE,
  specApi,
  type TestApp,
} from './helpers';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
});
afterAll(() => t.close());

const save = (payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/users/save', headers, payload });
const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: admin });
const put = (path: string) => t.app.inject({ method: 'PUT', url: `/api/admin/users/${path}`, headers: admin });
const get = (id: number) => t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: admin });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const eventsOf = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/events?limit=200', headers: admin });
  expect(res.statusCode).toBe(200);
  return (
    res.json().data as Array<{
      entity_type: string;
      entity_id: number;
      event: string;
      data: { changes: Record<string, { old: unknown; new: unknown }> };
    }>
  ).filter((e) => e.entity_type === 'user' && e.entity_id === id);
};

let seq = 0;
/** A valid new-user form; `over` replaces fields. */
function form(over: Record<string, unknown> = {}) {
  seq++;
  return {
    username: `user${seq}x`,
    password: 'secret1',
    confirmPassword: 'secret1',
    user_role: 'sale',
    first_name: 'Fiona',
    last_name: `Tester${seq}`,
    email: `user${seq}@example.org`,
    phone: '',
    position: 'Clerk',
    company_name: 'Acme',
    country: 'Germany',
    ...over,
  };
}

async function create(over: Record<string, unknown> = {}) {
  const res = await save(form(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; username: string; version: number; [k: string]: unknown };
}

describe('users list', () => {
  beforeAll(async () => {
    await create({ username: 'zeta_search', company_name: 'Nordwind GmbH', country: 'Austria', email: 'z@nord.at' });
    await create({ username: 'alpha_search', company_name: 'Sudhaus', country: 'Portugal', email: 'boss@MAILHOST.pt' });
  });

  it('answers rows with the list fields and a total, sorted by username by default', async () => {
    const res = await list('limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(body.data.length);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['active', 'company_name', 'country', 'email', 'first_name', 'id', 'last_name', 'user_role', 'username'].sort(),
    );
    const names = body.data.map((u: { username: string }) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('searches username, company name, country and e-mail case-insensitively', async () => {
    const hit = async (q: string) =>
      (await list(`search=${encodeURIComponent(q)}`)).json().data.map((u: { username: string }) => u.username);
    expect(await hit('ZETA_SEA')).toEqual(['zeta_search']);
    expect(await hit('nordwind')).toEqual(['zeta_search']);
    expect(await hit('PORTUGAL')).toEqual(['alpha_search']);
    expect(await hit('mailhost.PT')).toEqual(['alpha_search']);
    expect(await hit('no-such-thing-anywhere')).toEqual([]);
    // LIKE wildcards are literal.
    expect(await hit('%')).toEqual([]);
  });

  it('pages with limit and offset while total stays the full count', async () => {
    const all = (await list('limit=100')).json();
    const p1 = (await list('limit=3&offset=0')).json();
    const p2 = (await list('limit=3&offset=3')).json();
    expect(p1.data).toHaveLength(3);
    expect(p1.total).toBe(all.total);
    expect(p2.total).toBe(all.total);
    expect([...p1.data, ...p2.data].map((u: { id: number }) => u.id)).toEqual(
      all.data.slice(0, 6).map((u: { id: number }) => u.id),
    );
    const beyond = (await list(`limit=5&offset=${all.total + 10}`)).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  it('answers 25 rows without a limit', async () => {
    for (let i = 0; i < 20; i++) await create({ company_name: 'Filler' });
    const res = (await list('')).json();
    expect(res.total).toBeGreaterThan(25);
    expect(res.data).toHaveLength(25);
  });

  it("sorts by 'User Name' (username) and 'Disabled' (active), both directions", async () => {
    const u = await create({ username: 'aaa_disabled' });
    expect((await put(`disable/${u.id}`)).statusCode).toBe(200);
    const byActive = (await list('sort=active&order=asc&limit=5')).json().data;
    expect(byActive[0].active).toBe(0);
    const byActiveDesc = (await list('sort=active&order=desc&limit=500')).json().data;
    expect(byActiveDesc.at(-1).active).toBe(0);
    const desc = (await list('sort=username&order=desc&limit=500'))
      .json()
      .data.map((r: { username: string }) => r.username.toLowerCase());
    expect(desc).toEqual([...desc].sort().reverse());
    // An unknown sort key is refused, never reaching SQL.
    expect((await list('sort=password')).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: await t.as('sale') });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });
});

describe('user add and edit rules', () => {
  const causeOf = async (payload: Record<string, unknown>) => {
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.validation);
    return res.json().cause as Record<string, string>;
  };

  it('requires first_name, last_name, username, user_role and (on add) password', async () => {
    const cause = await causeOf({});
    expect(cause).toMatchObject({
      first_name: MSG.required,
      last_name: MSG.required,
      username: MSG.required,
      user_role: MSG.required,
      password: MSG.required,
    });
    // Whitespace only counts as empty.
    expect(await causeOf(form({ first_name: '   ' }))).toEqual({ first_name: MSG.required });
    // The form defaults the role to sale, but the API itself requires one.
    expect(await causeOf(form({ user_role: undefined }))).toEqual({ user_role: MSG.required });
    expect(await causeOf(form({ user_role: 'wizard' }))).toEqual({ user_role: MSG.required });
  });

  it('checks lengths, the confirmation and the e-mail with the spec messages', async () => {
    expect(await causeOf(form({ username: 'abc' }))).toEqual({
      username: 'This field must be at least 4 characters in length',
    });
    expect(await causeOf(form({ password: 'abcde', confirmPassword: 'abcde' }))).toEqual({
      password: 'This field must be at least 6 characters in length',
    });
    expect(await causeOf(form({ confirmPassword: 'other-secret' }))).toEqual({
      confirmPassword: 'Please enter the same value again.',
    });
    expect(await causeOf(form({ email: 'not-an-email' }))).toEqual({ email: 'Please enter a valid email address' });
  });

  it('creates a user who can then log in; the answer never carries a password', async () => {
    const u = await create({ username: 'newcomer', password: 'pa55word', confirmPassword: 'pa55word' });
    expect(u.username).toBe('newcomer');
    expect(u.user_role).toBe('sale');
    expect(u.active).toBe(1);
    expect(JSON.stringify(u)).not.toMatch(/pa55word|password/i);
    expect((await login('newcomer', 'pa55word')).statusCode).toBe(200);
    const fetched = await get(u.id);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().data).toMatchObject({ username: 'newcomer', signature_img: null, deleted: 0 });
  });

  it('accepts either role spelling and answers the canonical one', async () => {
    const u = await create({ user_role: 'po-approval' });
    expect(u.user_role).toBe('poapproval');
  });

  it('edits without a password, keeping the old one', async () => {
    const u = await create({ username: 'keeper', password: 'keep-me', confirmPassword: 'keep-me' });
    const res = await save({
      ...form(),
      id: u.id,
      username: 'keeper',
      password: '',
      confirmPassword: '',
      version: u.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login('keeper', 'keep-me')).statusCode).toBe(200);
  });

  it('refuses a duplicate username, case-insensitively', async () => {
    await create({ username: 'Duplicate' });
    const before = await countRows(t, 'users');
    expect(await causeOf(form({ username: 'duplicate' }))).toEqual({ username: MSG.usernameTaken });
    expect(await causeOf(form({ username: 'SALE' }))).toEqual({ username: MSG.usernameTaken });
    expect(await countRows(t, 'users')).toBe(before);
  });

  it("keeps the 'admin' username and its administrator role", async () => {
    const me = (await get(1)).json().data;
    expect(me.username).toBe('admin');
    const base = { ...form(), last_name: 'Morgan', id: me.id, version: me.version, password: '', confirmPassword: '' };
    expect(await causeOf({ ...base, username: 'root', user_role: 'administrator' })).toEqual({
      username: MSG.adminUsernameLocked,
    });
    expect(await causeOf({ ...base, username: 'admin', user_role: 'sale' })).toEqual({
      user_role: MSG.adminRoleLocked,
    });
    // A new user named 'admin' (e.g. after a rename elsewhere) can only be an administrator too.
    expect((await causeOf(form({ username: 'Admin', user_role: 'sale' }))).user_role).toBe(MSG.adminRoleLocked);
    const ok = await save({ ...base, username: 'admin', user_role: 'administrator', first_name: 'Alicia' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ username: 'admin', user_role: 'administrator', first_name: 'Alicia' });
    expect((await put(`delete/${me.id}`)).statusCode).toBe(403);
  });

  it('refuses a save from a stale version with 409 naming who changed it', async () => {
    const u = await create();
    const first = await save({
      ...form(),
      id: u.id,
      username: u.username,
      version: u.version,
      password: '',
      confirmPassword: '',
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await save({
      ...form(),
      id: u.id,
      username: u.username,
      version: u.version,
      password: '',
      confirmPassword: '',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      /^This record was changed by Alicia Morgan \(admin\) at \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    expect((await get(u.id)).json().data.version).toBe(first.json().data.version);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await get(999999)).statusCode).toBe(404);
    expect((await save({ ...form(), id: 999999, password: '', confirmPassword: '' })).statusCode).toBe(404);
  });

  it('bad input never writes anything', async () => {
    const counts = async () => [await countRows(t, 'users'), await countHistory(t), await countRows(t, 'files')];
    const before = await counts();
    await save({});
    await save(form({ email: 'x' }));
    await save(form({ username: 'sale' }));
    const mp = multipart(form(), [{ field: 'signature_img', name: 'sig.png', type: 'image/png', data: SAMPLE.text }]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/users/save',
          headers: { ...admin, ...mp.headers },
          payload: mp.payload,
        })
      ).statusCode,
    ).toBe(415);
    // A valid image with a refused save leaves no file row behind.
    const dup = multipart(form({ username: 'shipping' }), [
      { field: 'signature_img', name: 'sig.png', type: 'image/png', data: SAMPLE.png },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/users/save',
          headers: { ...admin, ...dup.headers },
          payload: dup.payload,
        })
      ).statusCode,
    ).toBe(400);
    await put('disable/999999');
    expect(await counts()).toEqual(before);
  });
});

describe('enable, disable and soft delete', () => {
  it('a disabled user cannot log in, loses the session at once, and can be enabled again', async () => {
    const u = await create({ username: 'soon_off', password: 'secret9', confirmPassword: 'secret9' });
    const session = await login('soon_off', 'secret9');
    const cookie = refreshCookie(session)!;
    const token = { authorization: `Bearer ${session.json().access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: token })).statusCode).toBe(200);

    const off = await put(`disable/${u.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ active: 0 });
    const denied = await login('soon_off', 'secret9');
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe(MSG.accountDisabled);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: token })).statusCode).toBe(401);
    expect((await list('search=soon_off')).json().data[0].active).toBe(0);

    expect((await put(`enable/${u.id}`)).json().data).toEqual({ active: 1 });
    expect((await login('soon_off', 'secret9')).statusCode).toBe(200);
  });

  it('soft delete removes the row from the list and the user cannot log in', async () => {
    const u = await create({ username: 'goner', password: 'secret9', confirmPassword: 'secret9' });
    const res = await put(`delete/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deleted: 1 });
    expect((await list('search=goner')).json()).toEqual({ data: [], total: 0 });
    expect((await get(u.id)).statusCode).toBe(404);
    const denied = await login('goner', 'secret9');
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe(MSG.invalidCredentials);
    // The name is free again for a new user.
    await create({ username: 'goner' });
  });

  it('an administrator cannot disable or delete their own account', async () => {
    for (const change of ['disable', 'delete']) {
      const res = await put(`${change}/1`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.cannotDeleteSelf);
    }
  });

  it('unknown users answer 404', async () => {
    for (const change of ['disable', 'enable', 'delete', 'signature/delete']) {
      expect((await put(`${change}/999999`)).statusCode).toBe(404);
    }
    expect((await put('disable/abc')).statusCode).toBe(400);
  });
});

describe('signature image', () => {
  const upload = (fields: Record<string, unknown>, file: { name: string; type: string; data: Buffer }) => {
    const mp = multipart(fields as Record<string, string>, [{ field: 'signature_img', ...file }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/users/save',
      headers: { ...admin, ...mp.headers },
      payload: mp.payload,
    });
  };

  it('accepts a PNG, serves it as a download, and deletes it', async () => {
    const res = await upload(form({ username: 'signer' }), {
      name: 'my signature.png',
      type: 'image/png',
      data: SAMPLE.png,
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json().data;
    expect(u.signature_img).toBe('my signature.png');

    const dl = await t.app.inject({ method: 'GET', url: `/api/admin/users/signature/${u.id}`, headers: admin });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="my signature.png"; filename*=UTF-8''my%20signature.png`,
    );
    expect(dl.rawPayload.equals(SAMPLE.png)).toBe(true);

    const del = await put(`signature/delete/${u.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ signature_img: null });
    expect((await get(u.id)).json().data.signature_img).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/users/signature/${u.id}`, headers: admin })).statusCode,
    ).toBe(404);
    const evs = await eventsOf(u.id);
    expect(evs[0]).toMatchObject({
      event: 'signature_deleted',
      data: { changes: { signature_img: { old: 'my signature.png', new: null } } },
    });
  });

  it('replaces the signature on edit', async () => {
    const u = await create();
    const res = await upload(
      { ...form(), id: u.id, username: u.username, password: '', confirmPassword: '' },
      {
        name: 'new.png',
        type: 'image/png',
        data: SAMPLE.png,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.signature_img).toBe('new.png');
  });

  it('refuses a text file renamed .png with 415, by content', async () => {
    const res = await upload(form(), { name: 'evil.png', type: 'image/png', data: SAMPLE.text });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MSG.imageOnly);
    const pdf = await upload(form(), { name: 'doc.png', type: 'image/png', data: SAMPLE.pdf });
    expect(pdf.statusCode).toBe(415);
  });

  it('refuses an oversize image with 413', async () => {
    const small = await createTestApp({ config: { maxUpload: 1000 } });
    try {
      const big = Buffer.concat([SAMPLE.png, Buffer.alloc(2000)]);
      const mp = multipart(form(), [{ field: 'signature_img', name: 'big.png', type: 'image/png', data: big }]);
      const before = await countRows(small, 'users');
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/admin/users/save',
        headers: { ...(await small.as('administrator')), ...mp.headers },
        payload: mp.payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(MSG.fileTooLarge);
      expect(await countRows(small, 'users')).toBe(before);
    } finally {
      await small.close();
    }
  });
});

describe('user events', () => {
  it('every change writes an event with old → new values and never the password', async () => {
    const u = await create({ username: 'audited', password: 'topsecret', confirmPassword: 'topsecret' });
    let res = await save({
      ...form(),
      id: u.id,
      username: 'audited',
      first_name: 'Renamed',
      password: 'newsecret',
      confirmPassword: 'newsecret',
      version: u.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    await put(`disable/${u.id}`);
    await put(`enable/${u.id}`);
    await put(`delete/${u.id}`);

    const evs = await eventsOf(u.id);
    expect(evs.map((e) => e.event)).toEqual([
      'user_deleted',
      'user_enabled',
      'user_disabled',
      'user_updated',
      'user_created',
    ]);
    const created = evs.at(-1)!;
    expect(created.data.changes.username).toEqual({ old: null, new: 'audited' });
    const updated = evs[3]!;
    expect(updated.data.changes.first_name).toEqual({ old: 'Fiona', new: 'Renamed' });
    expect(String(updated.data.changes.password?.new)).not.toContain('newsecret');
    expect(evs[2]!.data.changes).toEqual({ active: { old: 1, new: 0 } });
    expect(evs[1]!.data.changes).toEqual({ active: { old: 0, new: 1 } });
    expect(evs[0]!.data.changes).toEqual({ deleted: { old: 0, new: 1 } });

    res = await t.app.inject({ method: 'GET', url: '/api/events?limit=200', headers: admin });
    expect(res.body).not.toMatch(/topsecret|newsecret|argon2/);
    const byName = await t.app.inject({ method: 'GET', url: '/api/events?search=AUDITED', headers: admin });
    expect(byName.json().total).toBe(5);
    const first = (await t.app.inject({ method: 'GET', url: '/api/events?limit=1', headers: admin })).json().data[0];
    expect(first).toMatchObject({
      username: 'admin',
      first_name: 'Alicia',
      last_name: 'Morgan',
      event: 'user_deleted',
    });
  });
});

describe('users — spec doc 1 §2.11, §3, §5, §7 (conformance)', () => {
  const { call, form, ok, cause, is01 } = specApi(() => t);
  const adminRow = async () =>
    (ok(await call('administrator', 'GET', '/admin/users?search=admin')).data as AnyJson[]).find(
      (u) => u.username === 'admin',
    );

  it('only the administrator reaches /admin/users', async () => {
    for (const role of rolesExcept(['administrator'])) {
      expect((await call(role, 'GET', '/admin/users')).statusCode, role).toBe(403);
      expect((await form(role, '/admin/users/save', { username: 'nobody' })).statusCode, role).toBe(403);
    }
  });

  it('list rows carry company_name and country; active is 0/1', async () => {
    await makeUser(t, 'sale', 'List', 'Row', { company_name: 'ACME', country: 'Germany' });
    const body = ok(await call('administrator', 'GET', '/admin/users'));
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data) {
      expect(row).toHaveProperty('company_name');
      expect(row).toHaveProperty('country');
      for (const f of ['id', 'username', 'user_role', 'first_name', 'last_name', 'active'])
        expect(row).toHaveProperty(f);
      is01(row.active);
    }
  });

  it('validation messages are the spec words under the field names', async () => {
    const c = cause(await form('administrator', '/admin/users/save', {}));
    expect(c.first_name).toBe('required field');
    expect(c.last_name).toBe('required field');
    expect(c.username).toBe('required field');
    expect(c.password).toBe('required field');
    const c2 = cause(
      await form('administrator', '/admin/users/save', {
        username: 'abc',
        password: '12345',
        confirmPassword: '54321',
        first_name: 'A',
        last_name: 'B',
        user_role: 'sale',
        email: 'not-an-email',
      }),
    );
    expect(c2.username).toBe('This field must be at least 4 characters in length');
    expect(c2.password).toBe('This field must be at least 6 characters in length');
    expect(c2.confirmPassword).toBe('Please enter the same value again.');
    expect(c2.email).toBe('Please enter a valid email address');
  });

  it('saves, reads by id, disables/enables (active)', async () => {
    const saved = ok(
      await form('administrator', '/admin/users/save', {
        username: uniq('conformance'),
        password: 'secret123',
        confirmPassword: 'secret123',
        first_name: 'Con',
        last_name: 'Formance',
        user_role: 'sale',
        email: 'con@example.com',
        company_name: 'ACME',
        country: 'Germany',
      }),
    );
    const userId = saved.data.id;
    expect(userId).toBeGreaterThan(0);
    const { data } = ok(await call('administrator', 'GET', `/admin/users/${userId}`));
    for (const f of [
      'id',
      'username',
      'user_role',
      'first_name',
      'last_name',
      'phone',
      'email',
      'position',
      'signature_img',
      'active',
      'deleted',
    ])
      expect(data, f).toHaveProperty(f);
    expect(data).not.toHaveProperty('password');
    is01(data.active);
    is01(data.deleted);
    const dis = ok(await call('administrator', 'PUT', `/admin/users/disable/${userId}`));
    expect(dis.data.active).toBe(0);
    const en = ok(await call('administrator', 'PUT', `/admin/users/enable/${userId}`));
    expect(en.data.active).toBe(1);
  });

  it('signature: PUT /admin/users/signature/delete/{id} returns signature_img', async () => {
    const { id: userId } = await makeUser(t, 'sale');
    const res = ok(await call('administrator', 'PUT', `/admin/users/signature/delete/${userId}`));
    expect(res.data).toHaveProperty('signature_img');
    expect(res.data.signature_img ?? null).toBeNull();
    expect((await call('administrator', 'GET', `/admin/users/signature/${userId}`)).statusCode).toBe(404);
  });

  it('user signature: image files only; GET blob; delete answers signature_img', async () => {
    const image = (data: Buffer) => [{ field: 'signature_img', name: 'img.png', type: 'image/png', data }];
    const fields = {
      username: uniq('signer'),
      password: 'secret123',
      confirmPassword: 'secret123',
      first_name: 'Sig',
      last_name: 'Ner',
      user_role: 'sale',
    };
    const bad = await form('administrator', '/admin/users/save', fields, image(SAMPLE.text));
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const res = ok(await form('administrator', '/admin/users/save', fields, image(SAMPLE.png)));
    expect(res.data.signature_img).toBeTruthy();
    const blob = await call('administrator', 'GET', `/admin/users/signature/${res.data.id}`);
    expect(blob.statusCode).toBe(200);
    expect(String(blob.headers['content-type'])).toContain('image/');
    const del = ok(await call('administrator', 'PUT', `/admin/users/signature/delete/${res.data.id}`));
    expect(del.data.signature_img ?? null).toBeNull();
  });

  it('the username admin can only be administrator', async () => {
    const admin = await adminRow();
    const c = cause(
      await form('administrator', '/admin/users/save', {
        id: admin.id,
        username: 'admin',
        first_name: 'A',
        last_name: 'M',
        user_role: 'sale',
      }),
    );
    expect(c.user_role).toBeDefined();
  });

  it("the username 'admin' cannot be changed", async () => {
    const admin = await adminRow();
    const res = await form('administrator', '/admin/users/save', {
      id: admin.id,
      username: 'admin2',
      first_name: 'A',
      last_name: 'M',
      user_role: 'administrator',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().cause.username).toBeDefined();
  });

  it('PUT /admin/users/delete/{id} soft-deletes: the row leaves the list', async () => {
    const { id: userId } = await makeUser(t, 'sale');
    ok(await call('administrator', 'PUT', `/admin/users/delete/${userId}`));
    const list = ok(await call('administrator', 'GET', '/admin/users?limit=100')).data as AnyJson[];
    expect(list.find((u) => u.id === userId)).toBeUndefined();
  });

  it('search covers username, company name, country and e-mail; sorts username and active', async () => {
    const tag = uniq('q').replace(/-/g, '');
    const username = `searchone${tag}`;
    ok(
      await form('administrator', '/admin/users/save', {
        username,
        password: 'secret123',
        confirmPassword: 'secret123',
        first_name: 'S',
        last_name: 'U',
        user_role: 'qa',
        company_name: `Zyxwv ${tag} Corp`,
        country: 'Norway',
        email: `qqq${tag}@unique.example`,
      }),
    );
    for (const q of [username.toUpperCase(), `zyxwv ${tag}`, `QQQ${tag.toUpperCase()}@unique`])
      expect(
        ok(await call('administrator', 'GET', `/admin/users?search=${encodeURIComponent(q)}`)).data.length,
        q,
      ).toBe(1);
    const norway = ok(await call('administrator', 'GET', '/admin/users?search=norway&limit=100')).data as AnyJson[];
    // Found by its country: its username, company and e-mail do not contain the word.
    expect(norway.map((u) => u.username)).toContain(username);
    ok(await call('administrator', 'GET', '/admin/users?sort=username&order=asc'));
    ok(await call('administrator', 'GET', '/admin/users?sort=active&order=desc'));
  });
});
