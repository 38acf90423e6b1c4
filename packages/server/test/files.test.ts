import { MSG } from '@bpm/contract/messages';
import { ROLES } from '@bpm/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName, sniff } from '../src/platform/files';
import { createDealer } from './factories/sales';
import { uniq } from './factories/uniq';
import { createTestApp, multipart, SAMPLE, specApi, type TestApp, TODAY } from './helpers';

let t: TestApp;
let userId: number;
let fileId: number;
beforeAll(async () => {
  t = await createTestApp();
  const mp = multipart(
    {
      username: 'signed',
      password: 'secret1',
      confirmPassword: 'secret1',
      user_role: 'sale',
      first_name: 'Sig',
      last_name: 'Ned',
    },
    [{ field: 'signature_img', name: 'sig.png', type: 'image/png', data: SAMPLE.png }],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users/save',
    headers: { ...(await t.as('administrator')), ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  userId = res.json().data.id;
  const r = (await t.database.db.execute(
    sql`select signature_file_id as f from users where id = ${userId}`,
  )) as unknown as {
    rows: Array<{ f: number }>;
  };
  fileId = r.rows[0]!.f;
});
afterAll(() => t.close());

const get = async (url: string, role?: Parameters<TestApp['as']>[0]) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: role ? await t.as(role) : {} });

describe('GET /files/{fileType}/{id}', () => {
  it('serves the signature image to administrators only', async () => {
    for (const role of ROLES) {
      const res = await get(`/files/users/signature_img/${userId}`, role);
      expect(res.statusCode, role).toBe(role === 'administrator' ? 200 : 403);
      if (role === 'administrator') {
        expect(res.rawPayload.equals(SAMPLE.png)).toBe(true);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="sig.png"; filename*=UTF-8''sig.png`);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      } else expect(res.json().message).toBe(MSG.forbidden);
    }
    expect((await get(`/files/users/signature_img/${userId}`)).statusCode).toBe(401);
  });

  it('the /admin/files variant is for administrators only', async () => {
    expect((await get(`/admin/files/users/signature_img/${userId}`, 'administrator')).statusCode).toBe(200);
    for (const role of ROLES.filter((r) => r !== 'administrator')) {
      expect((await get(`/admin/files/users/signature_img/${userId}`, role)).statusCode, role).toBe(403);
    }
    expect((await get(`/admin/files/users/signature_img/${userId}`)).statusCode).toBe(401);
  });

  it('answers 404 for unknown file types, records and records without a file', async () => {
    expect((await get('/files/nothing/here/1', 'administrator')).statusCode).toBe(404);
    expect((await get('/files/nothing/here/1', 'sale')).statusCode).toBe(404);
    expect((await get('/admin/files/users/password/1', 'administrator')).statusCode).toBe(404);
    expect((await get('/files/users/signature_img/999999', 'administrator')).statusCode).toBe(404);
    // The demo admin has no signature.
    expect((await get('/files/users/signature_img/1', 'administrator')).statusCode).toBe(404);
    expect((await get('/files/users/signature_img/abc', 'administrator')).statusCode).toBe(400);
    expect((await get('/files/users/sig-img/1', 'administrator')).statusCode).toBe(400);
  });

  it('gives a safe Content-Disposition for a hostile stored name', async () => {
    const hostile = 'a"b\r\nSet-Cookie: x=1; ../../Überweisung (Tom\'s) ✓*.png';
    await t.database.db.execute(sql`update files set file_name = ${hostile} where id = ${fileId}`);
    const res = await get(`/files/users/signature_img/${userId}`, 'administrator');
    expect(res.statusCode).toBe(200);
    const cd = res.headers['content-disposition'] as string;
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(cd).not.toMatch(/[\r\n]/);
    expect(cd.startsWith('attachment; filename="')).toBe(true);
    const ascii = /filename="([^"]*)"/.exec(cd)![1]!;
    expect(ascii).toMatch(/^[\x20-\x7e]*$/);
    expect(ascii).not.toContain('"');
    const utf8 = /filename\*=UTF-8''(.+)$/.exec(cd)![1]!;
    // RFC 5987 attr-chars and percent escapes only.
    expect(utf8).toMatch(/^[A-Za-z0-9%!#$&+^_`|~.-]+$/);
    expect(decodeURIComponent(utf8)).toBe(hostile);
  });

  it('strips path parts, quotes and control characters from an uploaded name', async () => {
    const mp = multipart({ id: userId, username: 'signed', user_role: 'sale', first_name: 'Sig', last_name: 'Ned' }, [
      { field: 'signature_img', name: '..\\..\\win\\evil.png', type: 'image/png', data: SAMPLE.png },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/save',
      headers: { ...(await t.as('administrator')), ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.signature_img).toBe('evil.png');
  });
});

describe('file helpers', () => {
  it('safeFileName keeps the last path part without control characters or quotes', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\x\\doc.pdf')).toBe('doc.pdf');
    expect(safeFileName('a"b\r\nc.pdf')).toBe('abc.pdf');
    expect(safeFileName('Überweisung ✓.pdf')).toBe('Überweisung ✓.pdf');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName('dir/')).toBe('file');
    expect(safeFileName('x'.repeat(300))).toHaveLength(200);
  });

  it('contentDisposition gives an ASCII fallback and the RFC 6266 UTF-8 name', () => {
    expect(contentDisposition('Rechnung Ä.pdf')).toBe(
      `attachment; filename="Rechnung _.pdf"; filename*=UTF-8''Rechnung%20%C3%84.pdf`,
    );
    expect(contentDisposition('a\\b".pdf')).toBe(`attachment; filename="a_b_.pdf"; filename*=UTF-8''a%5Cb%22.pdf`);
  });

  it('sniff detects file kinds by their first bytes, not their names', () => {
    expect(sniff(SAMPLE.png)).toBe('image/png');
    expect(sniff(SAMPLE.pdf)).toBe('application/pdf');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniff(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniff(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniff(SAMPLE.text)).toBeNull();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('files — spec doc 1 §7 (conformance)', () => {
  const { call, form, ok } = specApi(() => t);

  it('GET /files/{fileType}/{id} and /admin/files/… return the blob with Content-Disposition', async () => {
    const dealerId = (await createDealer(t)).id;
    const name = uniq('OC-FILE');
    const res = ok(
      await form('sale', '/orders/save', { dealer: dealerId, date: TODAY, value: 10 }, [
        { field: 'oc_pdf', name: `${name}.pdf`, type: 'application/pdf', data: SAMPLE.pdf },
      ]),
    );
    expect(res.data.oc_ref).toBe(name);
    const id = res.data.id;
    const file = await call('sale', 'GET', `/files/orders/oc_pdf/${id}`);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(`${name}.pdf`);
    const admin = await call('administrator', 'GET', `/admin/files/orders/oc_pdf/${id}`);
    expect(admin.statusCode).toBe(200);
    expect((await call('sale', 'GET', `/admin/files/orders/oc_pdf/${id}`)).statusCode).toBe(403);
    const bad = await form('sale', '/orders/save', { dealer: dealerId, date: TODAY, value: 1 });
    ok(bad);
  });
});
